// The model file: exact resume for every learner and scaler, rejection of bad files,
// and merging.
#include "models/model_json.hpp"

#include "io/csv_reader.hpp"
#include "models/model_test_util.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

void learn(Pipeline& p, const RowBlock& rows, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i)
    ASSERT_TRUE(p.learn_one(rows.row(i), rows.dims, rows.y[i]));
}

const ModelSchema kSchema{{"age", "sex"}, "label", "1", "-1"};

// Learning A, saving, loading and learning B gives the state of learning A then B.
void expect_exact_resume(const std::string& spec, const RowBlock& rows, std::size_t cut) {
  SCOPED_TRACE(spec);
  auto whole = Pipeline::build(spec, 10, 25).take();
  learn(*whole, rows, 0, rows.size());
  whole->finish();
  auto first = Pipeline::build(spec, 10, 25).take();
  learn(*first, rows, 0, cut);
  ModelSchema schema;
  for (std::size_t j = 0; j < rows.dims; ++j) schema.features.push_back("f" + std::to_string(j));
  const std::string saved = model_to_json(*first, schema);
  auto loaded = model_from_json(saved);
  ASSERT_TRUE(loaded) << loaded.message();
  Pipeline& resumed = *loaded.value().pipeline;
  EXPECT_EQ(loaded.value().schema.features, schema.features);
  learn(resumed, rows, cut, rows.size());
  resumed.finish();
  const PipelineState a = whole->save(), b = resumed.save();
  EXPECT_EQ(a.scalers, b.scalers);
  EXPECT_EQ(a.learner.params, b.learner.params);
  EXPECT_EQ(a.learner.state, b.learner.state);
  EXPECT_EQ(a.learner.inner.size(), b.learner.inner.size());
  if (!a.learner.inner.empty()) EXPECT_EQ(a.learner.inner[0].params, b.learner.inner[0].params);
  EXPECT_EQ(a.progress, b.progress);
}

TEST(ModelFile, ResumeIsExactForEveryLearnerAndScaler) {
  const RowBlock rows = testing::heart_rows();
  for (const auto& e : registry()) {
    if (testing::binary_learner(e)) {
      expect_exact_resume(e.name, rows, 123);
      if (!e.takes_modifiers) {  // leader: its members are averaged and calibrated already
        expect_exact_resume("zscore | " + e.name, rows, 77);
        continue;
      }
      expect_exact_resume("zscore | " + e.name + " +avg", rows, 77);
      expect_exact_resume("minmax | " + e.name + " +vote", rows, 200);
      // docs/algorithms.md 4.29: the calibrator's state is the model's too.
      expect_exact_resume("zscore | " + e.name + " +avg +platt", rows, 91);
      expect_exact_resume(e.name + " +platt", rows, 180);
      // docs/algorithms.md 4.30: so is +temperature's.
      expect_exact_resume("zscore | " + e.name + " +avg +temperature", rows, 91);
    } else if (e.kind == StageKind::scaler) {
      // Warm-up scalers (those with a warm-up window): saved while still collecting, and once
      // fitted.
      const bool warm = testing::has_param(e, "warmup");
      const std::string stage = warm ? e.name + "(warmup=100)" : e.name;
      expect_exact_resume(stage + " | logreg", rows, 60);
      expect_exact_resume(stage + " | logreg", rows, 150);
    }
  }
  expect_exact_resume("as(online=true,refit=7) | ash(online=true,refit=5) | pa1", rows, 99);
}

TEST(ModelFile, RejectsNewerVersionsDamageAndEdits) {
  auto p = Pipeline::build("zscore | logreg").take();
  const double x[] = {1, 2};
  p->learn_one(x, 2, 1);
  const std::string good = model_to_json(*p, kSchema);
  ASSERT_TRUE(model_from_json(good));

  EXPECT_NE(
      model_from_json(good.substr(0, good.size() / 2)).message().find("the file is truncated"),
      std::string::npos);
  EXPECT_EQ(model_from_json("").message(),
            "not a valid onepass model: JSON syntax error at byte 1 (the file is truncated)");
  EXPECT_EQ(model_from_json("{\"format\": \"something\"}").message(),
            "not a valid onepass model: its \"format\" is not \"onepass-model\"");
  std::string newer = good;
  newer.replace(newer.find("\"version\": 1"), 12, "\"version\": 7");
  EXPECT_EQ(model_from_json(newer).message(),
            "the model file has format version 7, newer than this onepass reads (6); update "
            "onepass to load it");
  std::string edited = good;
  const std::size_t at = edited.find("eta0=0.1");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 8, "eta0=0.2");
  EXPECT_EQ(model_from_json(edited).message(),
            "the model file was edited or damaged: its checksum does not match its content");
  // Reformatting is not editing: the same content in another layout loads.
  std::string compact;
  for (char c : good)
    if (c != '\n') compact += c;
  EXPECT_TRUE(model_from_json(compact)) << model_from_json(compact).message();
}

TEST(ModelFile, FeaturesMustMatch) {
  EXPECT_TRUE(check_features(kSchema, {"age", "sex"}));
  EXPECT_EQ(check_features(kSchema, {"age", "chol"}).message(),
            "the model was trained on the features (age, sex); this file has (age, chol)");
}

// A positive class given beside a model must be the model's: another flips what it learned.
TEST(ModelFile, APositiveClassThatIsNotTheModelsIsRefused) {
  ModelSchema schema;
  schema.features = {"x"};
  schema.positive = "good";
  schema.negative = "bad";
  CsvOptions o;
  ASSERT_TRUE(read_as_model(schema, false, o));
  EXPECT_EQ(o.positive, "good");
  CsvOptions same;
  same.positive = "good";
  EXPECT_TRUE(read_as_model(schema, true, same));
  CsvOptions other;
  other.positive = "bad";
  EXPECT_EQ(read_as_model(schema, true, other).message(),
            "the model's positive class is 'good' (its negative 'bad'); it cannot read 'bad' as "
            "the positive class: leave option positive (CLI --positive) out");
  // Numeric labels: 1 is positive; a trim applies to both sides.
  ModelSchema numeric = schema;
  numeric.positive = "1";
  numeric.negative = "0";
  CsvOptions zero;
  zero.positive = "0";
  EXPECT_FALSE(read_as_model(numeric, true, zero));
  CsvOptions one;
  one.positive = "1";
  EXPECT_TRUE(read_as_model(numeric, true, one));
  schema.positive = ">50K";
  CsvOptions dotted;
  dotted.positive = ">50K.";
  dotted.label_trim = ".";
  EXPECT_TRUE(read_as_model(schema, true, dotted));
  SvmlightOptions svm;
  svm.positive = "0";
  numeric.svmlight = true;
  EXPECT_FALSE(read_as_model(numeric, 1, svm));
}

// Loads a model the test expects to be valid.
std::unique_ptr<Pipeline> load_ok(const std::string& text) {
  auto m = model_from_json(text);
  EXPECT_TRUE(m) << m.message();
  return m ? std::move(m.value().pipeline) : Pipeline::build("pa").take();
}

TEST(ModelFile, MergeAveragesAndIgnoresOrder) {
  const RowBlock rows = testing::heart_rows();
  ModelSchema schema;
  for (int j = 0; j < 13; ++j) schema.features.push_back("f" + std::to_string(j));
  std::vector<std::string> shards;
  for (int s = 0; s < 3; ++s) {
    auto p = Pipeline::build("zscore | pa1 +avg").take();
    learn(*p, rows, 90 * s, 90 * s + 90);
    shards.push_back(model_to_json(*p, schema));
  }
  auto abc = merge_models(shards);
  ASSERT_TRUE(abc) << abc.message();
  auto cab = merge_models({shards[2], shards[0], shards[1]});
  EXPECT_EQ(abc.value(), cab.value());
  // Shards of equal rows: the mean of their weights, and the counters added up.
  std::vector<double> mean;
  for (const auto& s : shards) {
    const LearnerState st = load_ok(s)->save().learner;
    if (mean.empty()) mean.assign(st.params.size(), 0.0);
    for (std::size_t j = 0; j < mean.size(); ++j) mean[j] += st.params[j] / 3;
  }
  auto merged = load_ok(abc.value());
  testing::expect_near_all(merged->save().learner.params, mean, 1e-12);
  EXPECT_EQ(merged->progress().rows(), 270u);
  // Identical models merge into that model's learner; the scaler's counts add up (its means stay;
  // docs/algorithms.md 3.4), and the plain mean keeps them too.
  auto same = merge_models({shards[0], shards[0]});
  ASSERT_TRUE(same) << same.message();
  const PipelineState one = load_ok(shards[0])->save();
  const PipelineState two = load_ok(same.value())->save();
  EXPECT_EQ(one.learner.params, two.learner.params);
  EXPECT_EQ(one.learner.inner[0].params, two.learner.inner[0].params);
  EXPECT_EQ(one.learner.state, two.learner.state);
  for (std::size_t j = 0; j < 13; ++j) {
    EXPECT_EQ(two.scalers[0][j], 2 * one.scalers[0][j]);            // k
    EXPECT_EQ(two.scalers[0][13 + j], one.scalers[0][13 + j]);      // mean
    EXPECT_EQ(two.scalers[0][26 + j], 2 * one.scalers[0][26 + j]);  // S
  }
  MergeOptions plain;
  plain.mean = true;
  EXPECT_EQ(load_ok(merge_models({shards[0], shards[0]}, plain).value())->save().scalers,
            one.scalers);

  auto other = Pipeline::build("zscore | pa2").take();
  learn(*other, rows, 0, 10);
  EXPECT_EQ(merge_models({shards[0], model_to_json(*other, schema)}).message(),
            "the models differ in their spec; only models of the same pipeline and features can "
            "be merged");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// Names, levels and labels are bytes: a Latin-1 CSV saved a model that JSON could not hold (an
// uncaught exception, found by tests/fuzz/csv_fuzz). They are written reversibly and read back
// byte for byte, including strings that look like the escape itself.
TEST(ModelFile, NamesThatAreNotUtf8RoundTripByteForByte) {
  const std::string latin1 = "caf\xe9", cut = "\xe2\x82", pua = "\xef\x9c\x80x",
                    marker = "\xef\xa3\xbfy";
  std::string csv = latin1 + ",b," + pua + ",label\n";
  csv += "1," + cut + ",2,yes\n2," + marker + ",3,no\n3," + cut + ",1,yes\n";
  CsvOptions opt;
  opt.positive = "yes";
  opt.roles = {{"b", ColumnRole::categorical}};
  auto runner = CsvRunner::create(opt, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  ASSERT_TRUE(runner->finish());
  const ModelSchema schema = model_schema_of(runner->reader());
  const std::string text = model_to_json(runner->pipeline(0), schema);
  auto loaded = model_from_json(text);
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(loaded.value().schema.features, schema.features);
  EXPECT_EQ(loaded.value().schema.features[0], latin1);
  EXPECT_EQ(model_to_json(*loaded.value().pipeline, loaded.value().schema), text);
}

// The readers and the checksum walk a model recursively: deep nesting is refused, not a stack
// overflow.
TEST(ModelFile, DeepNestingIsRefused) {
  const std::string deep = "{\"format\":\"onepass-model\",\"x\":" + std::string(100000, '[');
  EXPECT_EQ(model_from_json(deep).message(),
            "not a valid onepass model: JSON nested more than 64 levels deep");
  EXPECT_FALSE(resign_model(std::string(100000, '[')));
  EXPECT_FALSE(merge_models({deep}));
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A model with categorical features whose "encoder" was edited away (and re-signed) is refused:
// it loaded, and then saved a model that did not load (found by tests/fuzz/model_fuzz).
TEST(ModelFile, EncodedFeaturesWithoutTheirEncoderAreRefused) {
  const std::string csv = "Age,Sex,label\n30,male,1\n40,female,0\n25,male,1\n";
  CsvOptions opt;
  auto runner = CsvRunner::create(opt, {"zscore | pa1"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  ASSERT_TRUE(runner->finish());
  std::string text = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  ASSERT_TRUE(model_from_json(text));
  const std::size_t at = text.find("\"encoder\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 9, "\"encodex\"");
  EXPECT_EQ(model_from_json(resign_model(text).value()).message(),
            "not a valid onepass model: its encoder does not match its width");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A negative count in a scaler's state (an edited, re-signed model) is
// refused, naming the scaler, the count and the feature (a merged model's counts are means,
// not always whole).
TEST(ModelFile, ScalerCountsMustBeNonNegative) {
  for (const char* scaler : {"zscore", "minmax", "impute", "ewzscore"}) {
    auto p = Pipeline::build(std::string(scaler) + " | pa1").take();
    const double rows[3][2] = {{1, 2}, {3, 5}, {2, 7}};
    for (int r = 0; r < 3; ++r) ASSERT_TRUE(p->learn_one(rows[r], 2, r % 2 ? 1 : -1));
    ModelSchema schema;
    schema.features = {"a", "b"};
    const std::string text = model_to_json(*p, schema);
    ASSERT_TRUE(model_from_json(text)) << scaler;
    // The scaler's state starts with the per-feature counts of values: [3, 3, ...].
    const std::size_t at = text.find("\"state\": [\n");
    ASSERT_NE(at, std::string::npos);
    for (const char* bad : {"-3", "-0.5"}) {
      std::string edited = text;
      const std::size_t first = edited.find_first_of("0123456789", at);
      const std::size_t end = edited.find_first_of(",\n", first);
      edited.replace(first, end - first, bad);
      EXPECT_EQ(model_from_json(resign_model(edited).value()).message(),
                std::string("not a valid onepass model: scaler 1: the saved state of scaler '") +
                    scaler + "' has a count of values " + bad + " for feature 1: a count is >= 0")
          << edited.substr(at, 60);
    }
  }
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// Found by tests/fuzz/model_fuzz (its input is in the seed corpus: merge_short_progress): merging
// models whose progress counters were cut short (edited and re-signed) wrote past the first
// model's counters before checking them. It is refused with a message.
TEST(ModelFile, MergingModelsWithDamagedCountersIsRefused) {
  auto p = Pipeline::build("zscore | pa1").take();
  const double rows[3][2] = {{1, 2}, {3, 5}, {2, 7}};
  for (int r = 0; r < 3; ++r) ASSERT_TRUE(p->learn_one(rows[r], 2, r % 2 ? 1 : -1));
  ModelSchema schema;
  schema.features = {"a", "b"};
  std::string text = model_to_json(*p, schema);
  const std::size_t at = text.find("\"progress\": [");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, text.find(']', at) + 1 - at, "\"progress\": [1]");
  const std::string damaged = resign_model(text).value();
  EXPECT_EQ(merge_models({damaged, damaged}).message(),
            "not a valid onepass model: a model's progress counters are damaged");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A schema no writer makes, as an edited and re-signed file could hold: features named twice
// (found by name, a CSV column would feed both), a label whose two values are one, classes
// named twice. Each is refused, saying which.
TEST(ModelFile, SchemasThatCannotBeReadRightAreRefused) {
  auto p = Pipeline::build("zscore | logreg").take();
  const double row[2] = {1, 2};
  ASSERT_TRUE(p->learn_one(row, 2, 1));
  ModelSchema schema;
  schema.features = {"a", "b"};
  schema.positive = "yes";
  schema.negative = "no";
  ASSERT_TRUE(model_from_json(model_to_json(*p, schema)));
  ModelSchema twice = schema;
  twice.features = {"a", "a"};
  EXPECT_EQ(model_from_json(model_to_json(*p, twice)).message(),
            "not a valid onepass model: its features are not named uniquely ('a' twice)");
  ModelSchema same = schema;
  same.negative = "yes";
  EXPECT_EQ(model_from_json(model_to_json(*p, same)).message(),
            "not a valid onepass model: its positive and negative classes are the same value "
            "('yes')");
  auto m = Pipeline::build("zscore | softmax", 0, 0, Task::multiclass).take();
  ASSERT_TRUE(m->learn_one(row, 2, 0));
  ASSERT_TRUE(m->learn_one(row, 2, 1));
  ModelSchema classes = schema;
  classes.positive = classes.negative = "";
  classes.task = Task::multiclass;
  classes.classes = {"red", "red"};
  EXPECT_EQ(model_from_json(model_to_json(*m, classes)).message(),
            "not a valid onepass model: its classes are not named uniquely ('red' twice)");
}

}  // namespace
}  // namespace onepass
