// docs/algorithms.md 6.10: +drift in a pipeline. Its spec and errors, what each action does
// (report changes nothing learned; reset and background adapt to a changed stream), and its
// state in a saved model and a resumed run.
#include <cmath>

#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"
#include "streams/stream_catalog.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

TEST(DriftModifier, TheSpecSpellsOutEveryParameter) {
  auto p = Pipeline::build("zscore | pa2 +avg +drift(detector=ddm,action=background)").take();
  EXPECT_EQ(p->canonical_spec(),
            "zscore | pa2(c=1,bias=true) +avg +drift(detector=ddm,action=background,scalers=false,"
            "warm_start=30,warning_threshold=2,drift_threshold=3)");
  ASSERT_NE(p->drift(), nullptr);
  EXPECT_EQ(p->drift()->detector_name(), "ddm");
  auto again = Pipeline::build(p->canonical_spec());
  ASSERT_TRUE(again) << again.status().message();
  EXPECT_EQ(again.value()->canonical_spec(), p->canonical_spec());
  // The default: ADWIN, reported only.
  EXPECT_EQ(Pipeline::build("pa +drift").value()->drift()->detector_name(), "adwin");
}

TEST(DriftModifier, BadSpecsAreClearErrors) {
  const auto error = [](const std::string& spec, Task task = Task::binary) {
    return Pipeline::build(spec, 0, 0, task).status().message();
  };
  EXPECT_NE(error("pa +drift(detector=cusum)").find("detector"), std::string::npos);
  EXPECT_NE(error("pa +drift(detector=cusum)").find("adwin"), std::string::npos);
  EXPECT_NE(error("pa +drift(action=retrain)").find("action"), std::string::npos);
  EXPECT_NE(error("pa +drift(detector=adwin,delta=0)").find("delta"), std::string::npos);
  EXPECT_NE(error("pa +drift(detector=adwin,warning_threshold=2)").find("warning_threshold"),
            std::string::npos);
  EXPECT_NE(error("pa +drift(detector=ddm,warning_threshold=3,drift_threshold=2)")
                .find("warning_threshold"),
            std::string::npos);
  EXPECT_EQ(error("pa +drift(scalers=true)"),
            "+drift: scalers=true starts the scalers afresh at a drift, with action=reset only "
            "(got action=report)");
  EXPECT_EQ(error("pa +drift +drift"), "'+drift' is given twice; a pipeline has one detector");
  EXPECT_EQ(error("pareg2 +drift(detector=ddm)", Task::regression),
            "+drift: detector ddm reads 0/1 mistakes; a regression pipeline's errors are numbers "
            "(use adwin, kswin or page_hinkley)");
  EXPECT_TRUE(Pipeline::build("pareg2 +drift(detector=page_hinkley)", 0, 0, Task::regression));
}

// SEA with 10% noise, its threshold changing every 10,000 rows (docs/algorithms.md 6.9.1).
struct StreamRun {
  double accuracy = 0;
  std::vector<std::uint64_t> drifts;
  std::unique_ptr<Pipeline> pipeline;
};

StreamRun run_stream(const std::string& spec, const std::string& stream, const StreamParams& params,
                     std::uint64_t rows, std::uint64_t from = 0, std::unique_ptr<Pipeline> p = {}) {
  auto gen = make_stream(stream, params, rows, 7).take();
  if (!p) p = Pipeline::build(spec).take();
  StreamRow row;
  std::uint64_t right = 0;
  for (std::uint64_t i = 0; i < rows; ++i) {
    gen->next(row);
    if (i < from) continue;
    auto predicted = p->learn_one(row.x.data(), row.x.size(), row.label ? 1 : -1);
    EXPECT_TRUE(predicted);
    right += predicted.value() == (row.label ? 1 : -1);
  }
  StreamRun r;
  r.accuracy = static_cast<double>(right) / static_cast<double>(rows - from);
  if (p->drift()) r.drifts = p->drift()->drift_rows();
  r.pipeline = std::move(p);
  return r;
}

const StreamParams kSea = {{"noise", "0.1"}, {"every", "10000"}};

TEST(DriftModifier, ReportChangesNothingLearnedAndSeesTheChanges) {
  const StreamRun plain = run_stream("zscore | pa2(c=0.1) +avg", "sea", kSea, 40000);
  const StreamRun report = run_stream("zscore | pa2(c=0.1) +avg +drift", "sea", kSea, 40000);
  EXPECT_EQ(plain.pipeline->save().learner.params, report.pipeline->save().learner.params);
  EXPECT_EQ(plain.accuracy, report.accuracy);
  // ADWIN sees the threshold move at 10,000 and 20,000 (each within 2,000 rows), and nothing
  // before the first change. (At 30,000 the averaged model's error rises from 0.17 to 0.19
  // only, which it does not tell from noise.)
  ASSERT_FALSE(report.drifts.empty());
  EXPECT_GT(report.drifts[0], 10000u);
  for (std::uint64_t change : {10000, 20000}) {
    bool seen = false;
    for (std::uint64_t r : report.drifts) seen = seen || (r > change && r < change + 2000);
    EXPECT_TRUE(seen) << change << " " << ::testing::PrintToString(report.drifts);
  }
}

TEST(DriftModifier, ResetAndBackgroundAdaptToTheChangedStream) {
  const std::string base = "zscore | pa2(c=0.1) +avg";
  const double plain = run_stream(base, "sea", kSea, 40000).accuracy;
  const double reset = run_stream(base + " +drift(action=reset)", "sea", kSea, 40000).accuracy;
  const double background =
      run_stream(base + " +drift(detector=ddm,action=background)", "sea", kSea, 40000).accuracy;
  EXPECT_GT(reset, plain + 0.005) << plain << " " << reset;
  EXPECT_GT(background, plain + 0.005) << plain << " " << background;
  const StreamParams hyper = {{"mag_change", "0.001"}, {"noise", "0.05"}};
  const double h_plain = run_stream(base, "hyperplane", hyper, 40000).accuracy;
  const double h_reset =
      run_stream(base + " +drift(action=reset)", "hyperplane", hyper, 40000).accuracy;
  EXPECT_GT(h_reset, h_plain) << h_plain << " " << h_reset;
  const double h_background =
      run_stream(base + " +drift(detector=ddm,action=background)", "hyperplane", hyper, 40000)
          .accuracy;
  EXPECT_GT(h_background, h_plain) << h_plain << " " << h_background;
}

// A run saved at row 15,000 (the model file) and resumed signals and learns as the whole one.
TEST(DriftModifier, ResumesExactlyFromTheModelFile) {
  for (const std::string spec : {"zscore | pa2 +avg +drift(detector=ddm,action=background)",
                                 "zscore | logreg +drift(detector=kswin,action=reset)"}) {
    const StreamRun whole = run_stream(spec, "sea", kSea, 30000);
    StreamRun first = run_stream(spec, "sea", kSea, 15000);
    ModelSchema schema;
    schema.features = {"x1", "x2", "x3"};
    const std::string json = model_to_json(*first.pipeline, schema);
    EXPECT_NE(json.find("\"drift\""), std::string::npos);
    auto loaded = model_from_json(json);
    ASSERT_TRUE(loaded) << loaded.status().message();
    const StreamRun rest =
        run_stream(spec, "sea", kSea, 30000, 15000, std::move(loaded.value().pipeline));
    EXPECT_EQ(rest.pipeline->save().learner.params, whole.pipeline->save().learner.params) << spec;
    EXPECT_EQ(rest.drifts, whole.drifts) << spec;
    EXPECT_EQ(rest.pipeline->drift()->save(), whole.pipeline->drift()->save()) << spec;
    // The threads' form too.
    auto copy = Pipeline::build(spec).take();
    ASSERT_TRUE(copy->load_run_state(whole.pipeline->run_state()));
    EXPECT_EQ(copy->drift()->save(), whole.pipeline->drift()->save());
    EXPECT_EQ(copy->save().drift_background.params, whole.pipeline->save().drift_background.params);
  }
}

TEST(DriftModifier, MulticlassAndRegressionPipelinesWatchToo) {
  auto multi =
      Pipeline::build("zscore | softmax +avg +drift(action=reset)", 0, 0, Task::multiclass).take();
  auto reg =
      Pipeline::build("zscore | pareg2 +avg +drift(detector=adwin)", 0, 0, Task::regression).take();
  multi->set_dims(2);
  reg->set_dims(2);
  const SparseRow none{};
  for (int i = 0; i < 6000; ++i) {
    const double a = std::sin(i * 0.37), b = std::cos(i * 0.11);
    const double x[] = {a, b};
    // The classes and the target turn around at row 3,000.
    const bool late = i >= 3000;
    const double cls = (a > 0) != late ? 0 : (b > 0 ? 1 : 2);
    multi->learn_encoded(x, none, cls);
    reg->learn_encoded(x, none, (late ? -5 : 5) * a + b);
  }
  EXPECT_GE(multi->drift()->drifts(), 1u);
  EXPECT_GE(reg->drift()->drifts(), 1u);
  EXPECT_GT(multi->drift()->drift_rows()[0], 3000u);
  // ADWIN reads a regression's absolute errors; the turn at 3,000 is a rise, seen within 600
  // rows (docs/algorithms.md 6.10).
  bool seen = false;
  for (std::uint64_t r : reg->drift()->drift_rows()) seen = seen || (r > 3000 && r <= 3600);
  EXPECT_TRUE(seen) << ::testing::PrintToString(reg->drift()->drift_rows());
}

// docs/algorithms.md 6.10: the detectors of real values say which way the mean moved, and the
// watch acts on a rise only. ADWIN, Page-Hinkley and KSWIN on 0.8 then 0.2 (a fall) and on 0.2
// then 0.8 (a rise), 400 values each.
TEST(DriftModifier, DetectorsSayWhichWayTheMeanMoved) {
  for (const char* spec : {"adwin", "page_hinkley(threshold=5)", "kswin"}) {
    for (const bool rising : {false, true}) {
      auto d = parse_detector(spec).take();
      bool signalled = false;
      for (int i = 0; i < 800 && !signalled; ++i) {
        const double level = (i < 400) != rising ? 0.8 : 0.2;
        signalled = d->update(level + 0.05 * std::sin(i * 1.7)) == DriftSignal::drift;
      }
      ASSERT_TRUE(signalled) << spec << rising;
      EXPECT_EQ(d->drift_rose(), rising) << spec;
    }
  }
}

// A regression learner's absolute errors fall while it learns: with action=reset, a detector
// that acted on any change reset it again and again on a stream whose concept never changes.
// Acting on a rise only, it leaves that learner alone, and still beats no detector when the
// target turns (at row 3,000: y = 5a + b, then y = -5a + b).
TEST(DriftModifier, RegressionResetsOnARiseOfTheErrorOnly) {
  const auto run = [](const std::string& spec, bool turns) {
    auto p = Pipeline::build(spec, 0, 0, Task::regression).take();
    p->set_dims(2);
    const SparseRow none{};
    for (int i = 0; i < 6000; ++i) {
      const double a = std::sin(i * 0.37), b = std::cos(i * 0.11);
      const double x[] = {a, b};
      const double noise = 0.3 * std::sin(i * 12.9898);
      p->learn_encoded(x, none, (turns && i >= 3000 ? -5 : 5) * a + b + noise);
    }
    return p;
  };
  for (const char* detector : {"adwin", "kswin", "page_hinkley"}) {
    const std::string spec =
        std::string("pareg2 +avg +drift(action=reset,detector=") + detector + ")";
    auto steady = run(spec, false);
    EXPECT_LE(steady->drift()->drifts(), 1u) << detector;
    auto turned = run(spec, true);
    auto plain = run("pareg2 +avg", true);
    EXPECT_GE(turned->drift()->drifts(), 1u) << detector;
    EXPECT_LT(turned->task_progress().mae(), plain->task_progress().mae()) << detector;
  }
}

}  // namespace
}  // namespace onepass
