// The API's sessions every front end calls: a data set's evaluations and their JSON
// (api/dataset.hpp), and a saved model's predictions (api/scorer.hpp).
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_text.hpp"
#include "core/numerics.hpp"
#include "core/seeded_random.hpp"
#include "onepass/api/batch.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/runners.hpp"
#include "onepass/api/scorer.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::unique_ptr<Dataset> heart() {
  auto d = Dataset::csv(CsvOptions{});
  EXPECT_TRUE(d) << d.message();
  const std::string text = testing::read_data_file("heart.csv");
  EXPECT_TRUE(d.value()->push(text.data(), text.size()));
  EXPECT_TRUE(d.value()->finish());
  return d.take();
}

// `evaluate` says what a run says (a user's sorted file gave 0.575 accuracy in silence).
TEST(DatasetApi, NoticesAndWarningsAreARunsAndASortedFileIsNamedUnlessShuffled) {
  auto d = Dataset::csv(CsvOptions{});
  ASSERT_TRUE(d);
  std::string text = "x,kind,label\n";
  for (int i = 0; i < 400; ++i)
    text +=
        std::to_string(i % 17) + "," + (i % 3 ? "a" : "b") + "," + (i < 200 ? "no" : "yes") + "\n";
  ASSERT_TRUE(d.value()->push(text.data(), text.size()));
  ASSERT_TRUE(d.value()->finish());
  const std::vector<std::string> notices = d.value()->notices();
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0],
            "positive class 'yes': it reads as the positive class; set the positive class to "
            "choose another");
  const std::vector<std::string> sorted = d.value()->warnings(false);
  ASSERT_EQ(sorted.size(), 1u);
  EXPECT_EQ(sorted[0],
            "the labels come in long runs: 400 rows change label 1 times where a random order of "
            "them would change it about 200 times (the file looks sorted by class), and training "
            "in file order favours the class seen last; shuffle the training order (CLI "
            "--shuffle, JS shuffle: true)");
  EXPECT_TRUE(d.value()->warnings(true).empty());
  EXPECT_TRUE(heart()->warnings(false).empty());
}

TEST(DatasetApi, HoldoutLineSaysItsProtocolAndTheSessionsFigures) {
  auto data = heart();
  ASSERT_EQ(data->size(), 270u);
  EvaluationOptions options;
  options.test_fraction = 0.25;
  options.eval.seed = 3;
  auto line =
      evaluation_line_json(*data, nullptr, "zscore | logreg", EvaluationProtocol{}, options);
  ASSERT_TRUE(line) << line.message();
  const auto j = nlohmann::json::parse(line.value());
  EXPECT_EQ(j["pipeline"], "zscore | logreg");
  EXPECT_EQ(
      j["protocol"],
      nlohmann::json::parse(R"({"kind":"holdout","testFraction":0.25,"seed":3,"shuffle":false})"));
  // round(0.25 * 270) = 68 test rows (per class, stratified: 30 + 38 of 120 + 150).
  EXPECT_EQ(j["nTest"], 68);
  EXPECT_EQ(j["nTrain"], 202);
  // The figures of the session's own holdout.
  auto e = data->holdout("zscore | logreg", options);
  ASSERT_TRUE(e);
  EXPECT_EQ(j["test"]["accuracy"].get<double>(), metric_value(e.value().run.test, "accuracy"));
  EXPECT_EQ(j["testCurves"]["roc"].size(), 101u);
  EXPECT_FALSE(j.contains("grid"));
}

TEST(DatasetApi, ProtocolMistakesAreRefusedWithTheirReason) {
  using Kind = EvaluationProtocol::Kind;
  EvaluationOptions options;
  EvaluationProtocol cv;
  cv.kind = Kind::cross_validation;
  cv.folds = 5;
  EXPECT_TRUE(check_evaluation(cv, options));
  options.grid = "eta0=0.1,1";
  EXPECT_EQ(check_evaluation(cv, options).message(),
            "a grid search runs with a holdout or a test file (selection inside each fold is "
            "not offered)");
  EvaluationProtocol holdout;
  holdout.curve = {0.5};
  EXPECT_EQ(check_evaluation(holdout, EvaluationOptions{}).message(),
            "a learning curve (--curve) needs folds (--folds)");
  EvaluationOptions bad;
  bad.test_fraction = 1;
  EXPECT_EQ(check_evaluation(EvaluationProtocol{}, bad).message(),
            "the test fraction must be in (0, 1)");
  auto data = heart();
  // A test file is given with its data set, and only with the test-file protocol.
  EXPECT_FALSE(evaluation_line_json(*data, data.get(), "pa", EvaluationProtocol{}, {}));
}

TEST(DatasetApi, GridSearchJsonNamesItsChoiceAndEveryCandidate) {
  auto data = heart();
  EvaluationOptions options;
  options.grid = "c=0.01,1";
  auto e = data->holdout("zscore | pa1", options);
  ASSERT_TRUE(e) << e.message();
  const auto j = nlohmann::json::parse(to_json(e.value()));
  ASSERT_EQ(j["grid"]["candidates"].size(), 2u);
  EXPECT_EQ(j["grid"]["select"], "accuracy");
  EXPECT_EQ(j["grid"]["best"], e.value().grid->best);
  EXPECT_EQ(j["spec"].get<std::string>().rfind(e.value().grid->best, 0), 0u);
}

TEST(ModelScorerApi, PredictsWithTheCoreSigmoidAndCountsRightAnswers) {
  CsvOptions opt;
  auto runner = CsvRunner::create(opt, {"zscore | logreg"});
  ASSERT_TRUE(runner);
  const std::string text = testing::read_data_file("heart.csv");
  ASSERT_TRUE(runner.value()->push(text.data(), text.size()));
  ASSERT_TRUE(runner.value()->finish());
  const std::string model =
      model_to_json(runner.value()->pipeline(0), model_schema_of(runner.value()->reader()));
  auto made = Scorer::csv(model, CsvOptions{});
  ASSERT_TRUE(made) << made.message();
  Scorer& s = *made.value();
  ASSERT_TRUE(s.push(text.data(), 200));  // a chunk that ends inside a row
  ASSERT_TRUE(s.push(text.data() + 200, text.size() - 200));
  ASSERT_TRUE(s.finish());
  const ScoredRows r = s.take();
  ASSERT_EQ(r.scores.size(), 270u);
  std::uint64_t correct = 0;
  for (std::size_t i = 0; i < r.scores.size(); ++i) {
    EXPECT_EQ(r.predictions[i], r.scores[i] >= 0 ? 1 : -1);
    EXPECT_EQ(r.probabilities[i], sigmoid(r.scores[i]));
    correct += r.labels[i] == r.predictions[i];
  }
  EXPECT_EQ(r.lines.front(), 2u);  // the header is line 1
  EXPECT_EQ(s.rows(), 270u);
  EXPECT_EQ(s.labelled(), 270u);
  EXPECT_EQ(s.correct(), correct);
  EXPECT_GT(correct, 200u);
  EXPECT_EQ(s.class_name(1), "1");
  EXPECT_EQ(s.class_name(-1), s.schema().negative.empty() ? "-1" : s.schema().negative);
  EXPECT_TRUE(s.take().scores.empty());  // taken once

  // The predictions CSV: a header, then line, the model's class name, score, probability.
  EXPECT_EQ(s.csv_header(), "line,prediction,score,probability\n");
  ScoredRows two;
  two.lines = {2, 9};
  two.predictions = {1, -1};
  two.scores = {0.5, -1e-7};
  two.probabilities = {sigmoid(0.5), 0.25};
  EXPECT_EQ(s.csv_lines(two), "2,1," + std::string("0.5,") + js_number_text(sigmoid(0.5)) + "\n9," +
                                  s.class_name(-1) + ",-1e-7,0.25\n");

  // A model of CSV rows does not read svmlight rows; a bad model names its fault.
  EXPECT_FALSE(Scorer::svmlight(model, SvmlightOptions{}));
  EXPECT_FALSE(Scorer::csv("{", CsvOptions{}));
}

// A model trained on a CSV, as its file says.
std::string model_of(const std::string& csv, const std::string& spec) {
  auto runner = CsvRunner::create(CsvOptions{}, {spec});
  EXPECT_TRUE(runner);
  EXPECT_TRUE(runner.value()->push(csv.data(), csv.size()));
  EXPECT_TRUE(runner.value()->finish());
  return model_to_json(runner.value()->pipeline(0), model_schema_of(runner.value()->reader()));
}

TEST(RunnersApi, ResumesModelsOfOneInputAndNamesTheOneThatDiffers) {
  const std::string ab = model_of("a,b,label\n1,2,1\n3,4,-1\n", "pa");
  const std::string ab2 = model_of("a,b,label\n5,1,1\n0,4,-1\n", "pa1");
  const std::string ac = model_of("a,c,label\n1,2,1\n3,4,-1\n", "pa");
  // The file's columns are found by the models' names, in any order.
  auto runner = resume_csv_runner(CsvOptions{}, {ab, ab2});
  ASSERT_TRUE(runner) << runner.message();
  const std::string more = "b,label,a\n2,1,1\n";
  ASSERT_TRUE(runner.value()->push(more.data(), more.size()));
  ASSERT_TRUE(runner.value()->finish());
  EXPECT_EQ(runner.value()->pipeline(0).progress().rows(), 3u);
  EXPECT_EQ(runner.value()->pipeline(1).progress().rows(), 3u);
  EXPECT_EQ(resume_csv_runner(CsvOptions{}, {ab, ac}).message(),
            "model 2: trained on other features than model 1; one CSV pass cannot feed them");
  EXPECT_EQ(resume_csv_runner(CsvOptions{}, {ab, "{"}).message().rfind("model 2: ", 0), 0u);
  EXPECT_EQ(resume_csv_runner(CsvOptions{}, {}).message(), "no model given");
  // A parser worker reads with the options the first model gives: its features by name.
  CsvOptions opt;
  ASSERT_TRUE(read_as_models({ac}, opt));
  EXPECT_EQ(opt.features, (std::vector<std::string>{"a", "c"}));
  // Every model reads the labels as model 1: the same positive class (the rarer one of each
  // file here: 'bad' and then 'good').
  const std::string good = model_of("a,b,y\n1,2,good\n3,4,bad\n5,6,good\n", "pa");
  const std::string bad = model_of("a,b,y\n1,2,bad\n3,4,good\n5,6,bad\n", "pa");
  EXPECT_TRUE(resume_csv_runner(CsvOptions{}, {good, good}));
  EXPECT_EQ(resume_csv_runner(CsvOptions{}, {good, bad}).message(),
            "model 2: its positive class 'good' is not model 1's 'bad': one pass reads the labels "
            "one way");
  // A positive class given as the model's number ("+1" for 1) is the model's.
  CsvOptions plus;
  plus.positive = "+1";
  EXPECT_TRUE(resume_csv_runner(plus, {ab, ab2})) << resume_csv_runner(plus, {ab, ab2}).message();
}

TEST(BatchApi, OneLabelRuleOverBatchesAndTheBadRowNamed) {
  auto built = Pipeline::build("pa");
  ASSERT_TRUE(built);
  auto p = built.take();
  BatchLearner batch;
  const double x[6] = {1, 0, 0, 1, 2, 2};
  const double first[3] = {1, 0, 1};  // 0 is this pipeline's negative from now on
  auto r = batch.learn_dense(*p, x, first, 3, 2);
  EXPECT_TRUE(r.error);
  EXPECT_EQ(r.values.size(), 3u);
  const double second[3] = {1, -1, 0};  // -1 besides 0: row 1 is refused, row 0 learned
  r = batch.learn_dense(*p, x, second, 3, 2);
  EXPECT_FALSE(r.error);
  EXPECT_TRUE(r.row_at_fault);
  EXPECT_EQ(r.row, 1u);
  EXPECT_EQ(r.values.size(), 1u);
  EXPECT_EQ(p->progress().rows(), 4u);

  // Sparse rows: a batch of the wrong shape names no row; a row whose offsets fall is named.
  const std::uint32_t offsets[3] = {0, 2, 1}, indices[2] = {0, 1};
  const double values[2] = {1, 2}, labels[2] = {1, 0};
  CsrRows rows{2, offsets, 3, indices, 2, values, 2};
  auto bad_shape = batch.learn_sparse(*p, rows, labels, 2);  // offsets[2] is not the entries
  EXPECT_FALSE(bad_shape.error);
  EXPECT_FALSE(bad_shape.row_at_fault);
  const std::uint32_t falling[3] = {0, 3, 2};
  CsrRows fall{2, falling, 3, indices, 2, values, 2};
  auto scored = BatchLearner::score_sparse(*p, fall, 2);
  EXPECT_TRUE(scored.row_at_fault);
  EXPECT_EQ(scored.row, 0u);
  EXPECT_EQ(scored.error.message(), "its offsets (0 to 3) do not rise within the entries");
}

// JavaScript's String(x) (ECMA-262 Number::toString), as the predictions CSV writes numbers:
// the shortest digits that read back, plain from 1e-7 up to 1e21, exponents with a sign.
TEST(NumberText, WritesWhatJavaScriptWrites) {
  const std::pair<double, const char*> cases[] = {
      {0.1, "0.1"},
      {0.30000000000000004, "0.30000000000000004"},
      {270.0, "270"},
      {-0.0, "0"},
      {1e-7, "1e-7"},
      {1.5e-7, "1.5e-7"},
      {1e-6, "0.000001"},
      {-2.5e-05, "-0.000025"},
      {1e20, "100000000000000000000"},
      {123456789012345680000.0, "123456789012345680000"},
      {1e21, "1e+21"},
      {-1.5e300, "-1.5e+300"},
      {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {std::numeric_limits<double>::infinity(), "Infinity"},
      {-std::numeric_limits<double>::infinity(), "-Infinity"},
      {std::numeric_limits<double>::quiet_NaN(), "NaN"},
  };
  for (const auto& [x, text] : cases) EXPECT_EQ(js_number_text(x), text) << text;
  // Doubles of random bits (every magnitude) read back exactly; the JS tests compare the bytes
  // with String(x) itself (models.test.mjs).
  SeededRandom rng(7);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t bits = rng.next();
    double x;
    std::memcpy(&x, &bits, sizeof x);
    if (std::isfinite(x)) EXPECT_EQ(std::strtod(js_number_text(x).c_str(), nullptr), x);
  }
}

}  // namespace
}  // namespace onepass
