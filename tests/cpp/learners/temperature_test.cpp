// Online temperature scaling, +temperature (docs/algorithms.md 4.30): the calibrator's first
// steps by hand, its bounds, and that it never changes a decision: around every yes/no learner and
// every multiclass one, the pipeline predicts row for row what it predicts without it, and now
// has a finite log-loss. Its state is saved, resumed, carried in the run state and merged.
#include "learners/temperature.hpp"

#include <cmath>

#include "core/numerics.hpp"
#include "core/seeded_random.hpp"
#include "io/label_map.hpp"
#include "learners/multiclass.hpp"
#include "models/model_json.hpp"
#include "models/model_test_util.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using S = TemperatureState;

std::unique_ptr<Temperature> fresh_temperature() {
  auto t = std::make_unique<Temperature>(testing::make_learner("perceptron", 1));
  t->reset(1);
  return t;
}

double slot(const Temperature& t, S::Slot s) {
  return t.save().state[s];
}

// docs/algorithms.md 4.30, worked by hand from a = 1 (kappa = 1), u = log a, for a yes/no row
// z = a s, p = sigma(z), g = w (p - y) z, h = w p (1 - p) z^2, du = -g / (H + 1):
// row 1, s = 2, y = +1: g = 2 (sigma(2) - 1), h = 4 sigma(2) (1 - sigma(2)), a = exp(du) (du is
//   about 0.168, inside ln 2);
// row 2, s = -1, y = +1 (a mistake): z = -a, g = (sigma(-a) - 1)(-a), h = sigma(-a)(1 -
//   sigma(-a)) a^2, a <- a exp(du);
// row 3, s = 3, y = -1, w = 2: z = 3 a, g = 2 sigma(3a) 3a (about 3.7 at a = 0.69), so du
//   (about -1.45) is cut to -ln 2 (TEMP-B): a halves.
TEST(Temperature, FirstStepsByHand) {
  const auto held = fresh_temperature();
  Temperature& t = *held;
  EXPECT_EQ(slot(t, S::kA), 1.0);
  EXPECT_EQ(t.calibrated(-0.5), -0.5);  // a = 1: the score read as a logit

  t.calibrate(2, +1, 1);
  const double p1 = sigmoid(2.0);
  const double h1 = 4 * p1 * (1 - p1);
  const double a1 = std::exp(-(2 * (p1 - 1)) / (h1 + 1));
  EXPECT_NEAR(slot(t, S::kA), a1, 1e-15);
  EXPECT_NEAR(slot(t, S::kCurvature), h1, 1e-15);
  EXPECT_EQ(slot(t, S::kRows), 1.0);
  EXPECT_NEAR(a1, 1.1828, 1e-4);

  t.calibrate(-1, +1, 1);
  const double p2 = sigmoid(-a1);
  const double h2 = p2 * (1 - p2) * a1 * a1;
  const double a2 = a1 * std::exp(-((p2 - 1) * -a1) / (h1 + h2 + 1));
  EXPECT_NEAR(slot(t, S::kA), a2, 1e-15);
  EXPECT_LT(a2, a1);  // a mistake lowers the confidence
  EXPECT_NEAR(a2, 0.68806, 1e-5);

  t.calibrate(3, -1, 2);
  const double p3 = sigmoid(3 * a2);
  EXPECT_GT(2 * p3 * 3 * a2 / (h1 + h2 + 2 * p3 * (1 - p3) * 9 * a2 * a2 + 1), std::log(2.0));
  EXPECT_NEAR(slot(t, S::kA), a2 / 2, 1e-15);
  EXPECT_EQ(slot(t, S::kRows), 3.0);
  EXPECT_EQ(t.calibrated(3), 3 * (a2 / 2));
  EXPECT_EQ(t.snapshot().name, "perceptron+temperature");
}

// The multiclass step on three classes by hand, and the yes/no step as the case (s, 0).
TEST(Temperature, TheMulticlassStepByHand) {
  std::vector<double> st = S::initial();
  const double s[3] = {1, 0, -1};
  S::step(st, s, 3, 2, 1);  // the class of the lowest score
  const double e0 = std::exp(1.0), e1 = 1.0, e2 = std::exp(-1.0), n = e0 + e1 + e2;
  const double mean = (e0 - e2) / n, var = (e0 + e2) / n - mean * mean;
  const double du = std::min(std::log(2.0), (mean + 1) / (var + 1));  // g = E[z] - z_y
  EXPECT_NEAR(st[S::kA], std::exp(-du), 1e-15);
  EXPECT_NEAR(st[S::kCurvature], var, 1e-15);

  std::vector<double> two = S::initial();
  const double pair[2] = {0.7, 0};
  S::step(two, pair, 2, 1, 1);  // the negative class of a yes/no row of score 0.7
  auto t = fresh_temperature();
  t->calibrate(0.7, -1, 1);
  EXPECT_EQ(t->save().state, two);
}

// (TEMP-B): no step more than halves or doubles a; a run of confident mistakes (scores of
// 10^9 always wrong) does not take a below 10^-6, nor a run of right answers on tiny scores
// past 10^6.
TEST(Temperature, TheSlopeStaysWithinItsBounds) {
  for (const double s : {1e9, 1e-9}) {
    const auto held = fresh_temperature();
    Temperature& t = *held;
    const int y = s > 1 ? -1 : +1;
    double a = slot(t, S::kA);
    for (int i = 0; i < 100000; ++i) {
      t.calibrate(s, y, s > 1 ? 1.0 : 1e9);  // a weight that makes the tiny scores count
      const double next = slot(t, S::kA);
      ASSERT_LE(next, 2 * a * (1 + 1e-15));
      ASSERT_GE(next, a / 2 * (1 - 1e-15));
      a = next;
    }
    EXPECT_EQ(a, y < 0 ? S::kMinA : S::kMaxA);
  }
}

TEST(Temperature, ScoresThatAreNotFiniteAndRowsOfNoWeightAreLeftOut) {
  const auto held = fresh_temperature();
  Temperature& t = *held;
  const std::vector<double> before = t.save().state;
  t.calibrate(std::nan(""), +1, 1);
  t.calibrate(HUGE_VAL, +1, 1);
  t.calibrate(1e200, -1, 1);  // its logit's square is not finite
  t.calibrate(1, +1, 0);
  EXPECT_EQ(t.save().state, before);
}

// The sign of a s is the sign of s, a tiny negative score included (a s would round to -0).
TEST(Temperature, TheCalibratedScoreKeepsTheSign) {
  const auto held = fresh_temperature();
  Temperature& t = *held;
  for (int i = 0; i < 20; ++i) t.calibrate(-1, +1, 1);  // mistakes: a falls below 1
  ASSERT_LT(slot(t, S::kA), 1.0);
  const double tiny = -std::numeric_limits<double>::denorm_min();
  EXPECT_LT(t.calibrated(tiny), 0.0);
  EXPECT_EQ(t.calibrated(0.0), 0.0);
  EXPECT_GT(t.calibrated(std::numeric_limits<double>::denorm_min()), 0.0);
}

// The decisions of every yes/no learner of the registry, plain, averaged and voted, are those
// without the wrapper, row for row; the learner learns exactly the same; the log-loss is finite.
TEST(Temperature, NoYesNoDecisionChanges) {
  const RowBlock rows = testing::heart_rows();
  for (const RegistryEntry& e : registry()) {
    if (!testing::binary_learner(e) || !e.takes_modifiers) continue;
    for (const std::string& spec :
         {"zscore | " + e.name + " +avg", e.name, "minmax | " + e.name + " +vote"}) {
      SCOPED_TRACE(spec);
      auto plain = Pipeline::build(spec).take();
      auto temp = Pipeline::build(spec + " +temperature").take();
      EXPECT_TRUE(temp->has_probability());
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const Result<int> a = plain->learn_one(rows.row(i), rows.dims, rows.y[i]);
        const Result<int> b = temp->learn_one(rows.row(i), rows.dims, rows.y[i]);
        ASSERT_TRUE(a && b);
        ASSERT_EQ(a.value(), b.value()) << "row " << i;
      }
      for (std::size_t i = 0; i < rows.size(); i += 7)
        EXPECT_EQ(plain->score_one(rows.row(i), rows.dims).value() >= 0,
                  temp->score_one(rows.row(i), rows.dims).value() >= 0);
      const Confusion& c0 = plain->progress().confusion();
      const Confusion& c1 = temp->progress().confusion();
      EXPECT_EQ(c0.tp, c1.tp);
      EXPECT_EQ(c0.fp, c1.fp);
      EXPECT_EQ(c0.tn, c1.tn);
      EXPECT_EQ(c0.fn, c1.fn);
      const auto& wrapper = dynamic_cast<const Temperature&>(temp->learner());
      EXPECT_EQ(wrapper.inner().save().params, plain->learner().save().params);
      EXPECT_EQ(wrapper.inner().save().state, plain->learner().save().state);
      // A learner without a scaler may score a row at infinity (fs2 on raw heart), whose
      // log-loss no a makes finite; behind zscore every one is finite.
      EXPECT_FALSE(std::isnan(temp->progress().log_loss()));
      if (spec.rfind("zscore", 0) == 0) EXPECT_TRUE(std::isfinite(temp->progress().log_loss()));
    }
  }
}

// What it is for: on heart, the default learner's margins read as logits (a = 1 throughout)
// have a log-loss that the calibrated ones beat.
TEST(Temperature, BeatsTheNaiveSigmoidOfTheMarginOnHeart) {
  const RowBlock rows = testing::heart_rows();
  auto plain = Pipeline::build("zscore | pa2(c=0.1) +avg").take();
  auto temp = Pipeline::build("zscore | pa2(c=0.1) +avg +temperature").take();
  double naive = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    // The pipeline's progressive margin: its frozen score before the row is learned (+avg's
    // training score is its frozen one).
    const double s = plain->score_one(rows.row(i), rows.dims).value();
    naive += log_loss_from_margin(rows.y[i] > 0 ? 1 : 0, s);
    ASSERT_TRUE(plain->learn_one(rows.row(i), rows.dims, rows.y[i]));
    ASSERT_TRUE(temp->learn_one(rows.row(i), rows.dims, rows.y[i]));
  }
  naive /= static_cast<double>(rows.size());
  const double calibrated = temp->progress().log_loss();
  EXPECT_LT(calibrated, naive);
  EXPECT_LT(calibrated, std::log(2.0));
  EXPECT_EQ(temp->progress().reliability().rows(), static_cast<double>(rows.size()));
}

TEST(Temperature, TheModelFileAndTheRunStateKeepTheCalibrator) {
  const RowBlock rows = testing::heart_rows();
  const std::string spec = "zscore | pa2 +avg +temperature";
  auto p = Pipeline::build(spec).take();
  for (std::size_t i = 0; i < rows.size(); ++i)
    ASSERT_TRUE(p->learn_one(rows.row(i), rows.dims, rows.y[i]));
  ModelSchema schema;
  for (std::size_t j = 0; j < rows.dims; ++j) schema.features.push_back("f" + std::to_string(j));
  const std::string text = model_to_json(*p, schema);
  auto loaded = model_from_json(text);
  ASSERT_TRUE(loaded) << loaded.message();
  Pipeline& back = *loaded.value().pipeline;
  EXPECT_EQ(model_to_json(back, schema), text);
  EXPECT_EQ(back.learner().snapshot().name, "pa2+avg+temperature");
  for (std::size_t i = 0; i < rows.size(); i += 17)
    EXPECT_EQ(back.score_one(rows.row(i), rows.dims).value(),
              p->score_one(rows.row(i), rows.dims).value());
  PipelineState damaged = back.save();
  EXPECT_EQ(damaged.learner.state.size(), static_cast<std::size_t>(S::kSlots));
  damaged.learner.state.pop_back();
  EXPECT_EQ(back.load(damaged).message(), "the saved state is not that of +temperature");

  auto whole = Pipeline::build(spec, 10, 20).take();
  auto moved = Pipeline::build(spec, 10, 20).take();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_TRUE(whole->learn_one(rows.row(i), rows.dims, rows.y[i]));
    if (i == 150) ASSERT_TRUE(moved->load_run_state(whole->run_state()));
    if (i > 150) ASSERT_TRUE(moved->learn_one(rows.row(i), rows.dims, rows.y[i]));
  }
  EXPECT_EQ(moved->run_state(), whole->run_state());
  EXPECT_EQ(moved->progress().log_loss(), whole->progress().log_loss());
}

// Three classes in four features, seeded: the multiclass tests' stream.
std::string three_classes() {
  SeededRandom r(7);
  std::string csv = "a,b,c,d,kind\n";
  const char* names[] = {"red", "green", "blue"};
  for (int i = 0; i < 400; ++i) {
    const auto k = static_cast<int>(r.below(3));
    for (int j = 0; j < 4; ++j) {
      const double noise = 2 * (r.uniform() + r.uniform() + r.uniform() - 1.5);
      csv += std::to_string((j == k ? 1.5 : 0.0) + noise) + ",";
    }
    csv += std::string(names[k]) + "\n";
  }
  return csv;
}

std::unique_ptr<CsvRunner> run_all(const std::string& csv, const std::vector<std::string>& specs) {
  CsvOptions options;
  options.task_given = true;
  options.task = Task::multiclass;
  auto made = CsvRunner::create(options, specs, 10, 20);
  EXPECT_TRUE(made) << made.message();
  auto runner = made.take();
  EXPECT_TRUE(runner->push(csv.data(), csv.size()));
  EXPECT_TRUE(runner->finish());
  return runner;
}

// Every multiclass learner, and one-vs-rest over yes/no ones: the same confusion matrix (so the
// same predictions) with and without the wrapper, the same learned state, and class
// probabilities softmax(a s) with a finite multiclass log-loss.
TEST(Temperature, NoMulticlassDecisionChanges) {
  const std::string csv = three_classes();
  for (const std::string learner :
       {"softmax", "mpa", "mpa1", "mpa2", "mperceptron", "pa2", "logreg", "arow"}) {
    SCOPED_TRACE(learner);
    const std::string spec = "zscore | " + learner + " +avg";
    auto runner = run_all(csv, {spec, spec + " +temperature"});
    const Pipeline& plain = runner->pipeline(0);
    const Pipeline& temp = runner->pipeline(1);
    ASSERT_EQ(temp.task(), Task::multiclass);
    EXPECT_EQ(plain.task_progress().confusion(), temp.task_progress().confusion());
    EXPECT_EQ(plain.task_progress().rows(), 400u);
    const LearnerState a = plain.save().learner, b = temp.save().learner;
    ASSERT_EQ(b.inner.size(), 1u);
    EXPECT_EQ(b.inner[0].params, a.params);
    EXPECT_EQ(b.inner[0].state, a.state);
    EXPECT_TRUE(std::isfinite(temp.task_progress().log_loss()));
    EXPECT_LT(temp.task_progress().log_loss(), std::log(3.0));
    // Every row but the first, whose one class so far has no probability to calibrate.
    EXPECT_EQ(b.state[S::kRows], 399.0);
    const auto& wrapper = dynamic_cast<const TemperatureOutputs&>(temp.task_learner());
    EXPECT_EQ(wrapper.link(), TaskLearner::Link::softmax);
    // The probabilities are softmax(a s) of the scores.
    const double s[3] = {0.3, -1.2, 2.0};
    double p[3], want[3];
    wrapper.probabilities(s, p);
    const double z[3] = {wrapper.slope() * s[0], wrapper.slope() * s[1], wrapper.slope() * s[2]};
    softmax(z, 3, want);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(p[k], want[k]);
    // Its linear forms are the wrapped learner's times a.
    std::vector<std::vector<double>> w0, w1;
    std::vector<double> b0, b1;
    ASSERT_TRUE(plain.task_learner().linear_forms(w0, b0));
    ASSERT_TRUE(wrapper.linear_forms(w1, b1));
    for (std::size_t k = 0; k < w0.size(); ++k) {
      EXPECT_EQ(b1[k], wrapper.slope() * b0[k]);
      for (std::size_t j = 0; j < w0[k].size(); ++j)
        EXPECT_EQ(w1[k][j], wrapper.slope() * w0[k][j]);
    }
  }
}

// A multiclass model keeps its calibrator: the model file reads back to the same text, and the
// run state comes back whole.
TEST(Temperature, AMulticlassModelKeepsTheCalibrator) {
  auto runner = run_all(three_classes(), {"zscore | mpa2 +avg +temperature"});
  const Pipeline& p = runner->pipeline(0);
  const std::string text = model_to_json(p, model_schema_of(runner->reader()));
  auto loaded = model_from_json(text);
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(model_to_json(*loaded.value().pipeline, model_schema_of(runner->reader())), text);
  EXPECT_EQ(loaded.value().pipeline->task_learner().snapshot().name,
            p.task_learner().snapshot().name);
  auto copy = Pipeline::build(p.spec(), 10, 20, Task::multiclass).take();
  ASSERT_TRUE(copy->load_run_state(p.run_state()));
  EXPECT_EQ(copy->run_state(), p.run_state());
}

// docs/algorithms.md 3.4, 4.30: two multiclass models merge each value of their calibrators (a,
// its curvature, its rows) as the mean weighted by the rows each learned.
TEST(Temperature, MulticlassModelsMergeTheirCalibrators) {
  const std::string csv = three_classes();
  const std::size_t cut = csv.find('\n', csv.size() / 2) + 1;
  const std::string header = csv.substr(0, csv.find('\n') + 1);
  std::vector<std::string> texts;
  std::vector<LearnerState> states;
  std::vector<double> rows;  // the models' weights (docs/algorithms.md 3.4)
  for (const std::string& part : {csv.substr(0, cut), header + csv.substr(cut)}) {
    auto runner = run_all(part, {"zscore | mpa2 +avg +temperature"});
    texts.push_back(model_to_json(runner->pipeline(0), model_schema_of(runner->reader())));
    states.push_back(runner->pipeline(0).save().learner);
    rows.push_back(static_cast<double>(runner->pipeline(0).task_progress().rows()));
  }
  auto merged = merge_models(texts);
  ASSERT_TRUE(merged) << merged.message();
  auto loaded = model_from_json(merged.value());
  ASSERT_TRUE(loaded) << loaded.message();
  const LearnerState m = loaded.value().pipeline->save().learner;
  ASSERT_EQ(m.state.size(), static_cast<std::size_t>(S::kSlots));
  const double n0 = rows[0], n1 = rows[1];
  for (std::size_t i = 0; i < m.state.size(); ++i)
    EXPECT_NEAR(m.state[i], (n0 * states[0].state[i] + n1 * states[1].state[i]) / (n0 + n1),
                1e-12 * (1 + std::fabs(m.state[i])));
  ASSERT_EQ(m.inner.size(), 1u);
}

// A learner is calibrated once, last, and only for a task with classes.
TEST(Temperature, SpecsThatCannotBeCalibratedAreRefused) {
  EXPECT_EQ(Pipeline::build("pa2 +temperature +temperature").message(),
            "'+temperature' is given twice; a learner is calibrated once");
  EXPECT_EQ(Pipeline::build("pa2 +platt +temperature").message(),
            "'+platt' and '+temperature' both calibrate the score; a learner is calibrated once");
  EXPECT_EQ(Pipeline::build("pa2 +temperature +platt").message(),
            "'+temperature' and '+platt' both calibrate the score; a learner is calibrated once");
  EXPECT_EQ(Pipeline::build("pa2 +temperature +avg").message(),
            "'+temperature' comes after '+avg': it calibrates the score of the learner as "
            "averaged or voted (e.g. 'pa2 +avg +temperature')");
  EXPECT_TRUE(Pipeline::build("pa2 +avg +temperature +drift"));
  EXPECT_EQ(Pipeline::build("zscore | pareg +temperature", 0, 0, Task::regression).message(),
            "'+temperature' calibrates the scores of a classifier, but the task is regression: a "
            "number has no probability");
  EXPECT_EQ(Pipeline::build("zscore | pa2 +temperature", 0, 0, Task::regression).message(),
            "'+temperature' calibrates the scores of a classifier, but the task is regression: a "
            "number has no probability");
  EXPECT_EQ(
      Pipeline::build("zscore | softmax +vote +temperature", 0, 0, Task::multiclass).message(),
      "'+vote' does not apply to softmax; its learners of several outputs take +avg and "
      "+temperature (docs/algorithms.md 3.3, 4.30)");
  EXPECT_TRUE(Pipeline::build("zscore | softmax +temperature", 0, 0, Task::multiclass));
  EXPECT_TRUE(Pipeline::build("zscore | pa2 +vote +temperature", 0, 0, Task::multiclass));
}

}  // namespace
}  // namespace onepass
