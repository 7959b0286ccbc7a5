// docs/algorithms.md 1.8: the task decided from a CSV's labels, multiclass and regression
// pipelines in a runner, their bad input, and their models saved, loaded and resumed exactly.
#include <cmath>

#include <nlohmann/json.hpp>

#include "io/label_map.hpp"
#include "models/model_json.hpp"
#include "onepass/api/defaults.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::with;

TaskDecision decide(std::vector<std::string_view> labels) {
  return detect_task(labels, labels.size(), "y");
}

TEST(TaskDetection, TheLabelsValuesDecide) {  // docs/algorithms.md 1.8, D-TASK-1
  EXPECT_EQ(decide({"a", "b", "a"}).task, Task::binary);
  EXPECT_EQ(decide({"0", "1"}).task, Task::binary);
  const TaskDecision species = decide({"setosa", "virginica", "versicolor"});
  EXPECT_EQ(species.task, Task::multiclass);
  EXPECT_EQ(species.reason, "the label 'y' has 3 values in the first 3 rows, not all numbers");
  EXPECT_EQ(decide({"1", "2", "3", "4", "5"}).task, Task::multiclass);  // a rating
  const TaskDecision price = decide({"10", "12.5", "9"});
  EXPECT_EQ(price.task, Task::regression);
  EXPECT_EQ(price.reason, "the label 'y' has numbers with a fraction ('12.5') in the first 3 rows");
  std::vector<std::string> counts;
  for (int i = 0; i < 11; ++i) counts.push_back(std::to_string(i * 3));
  const TaskDecision visits = decide({counts.begin(), counts.end()});
  EXPECT_EQ(visits.task, Task::regression);
  EXPECT_EQ(visits.reason,
            "the label 'y' has 11 whole-number values (0 to 30) in the first 11 rows, more than "
            "10");
  counts.pop_back();
  EXPECT_EQ(decide({counts.begin(), counts.end()}).task, Task::multiclass);
}

const char* kSpecies =
    "len,wid,species\n1,1,a\n5,1,b\n9,1,c\n1.2,0.9,a\n5.1,1.1,b\n8.8,1,c\n1.1,1,a\n4.9,1,b\n";

std::unique_ptr<CsvRunner> run(const std::string& csv, CsvOptions options,
                               std::vector<std::string> specs, Status* status = nullptr,
                               std::size_t chunk = 0) {
  auto made = CsvRunner::create(options, specs, 2, 4);
  EXPECT_TRUE(made) << made.message();
  auto runner = made.take();
  const std::size_t step = chunk ? chunk : csv.size();
  Status st = Status::ok();
  for (std::size_t at = 0; at < csv.size() && st; at += step)
    st = runner->push(csv.data() + at, std::min(step, csv.size() - at));
  if (st) st = runner->finish();
  if (status)
    *status = st;
  else
    EXPECT_TRUE(st) << st.message();
  return runner;
}

TEST(TaskRunner, AMulticlassLabelLearnsWithTheDefault) {
  auto runner = run(kSpecies, {}, {});
  EXPECT_EQ(runner->reader().task(), Task::multiclass);
  EXPECT_EQ(runner->reader().classes(), (std::vector<std::string>{"a", "b", "c"}));
  const Pipeline& p = runner->pipeline(0);
  EXPECT_EQ(p.spec(), kDefaultMulticlassPipeline);
  EXPECT_EQ(p.task_progress().rows(), 8u);
  EXPECT_EQ(p.task_progress().classes(), 3u);
  EXPECT_EQ(runner->reader().notices().back(),
            "task multiclass: the label 'species' has 3 values in the first 8 rows, not all "
            "numbers; set the task (option task, CLI --task) to choose another");
}

TEST(TaskRunner, ChunksDoNotChangeTheRun) {
  auto whole = run(kSpecies, {}, {"zscore | mpa1", "zscore | logreg"});
  for (std::size_t chunk : {1u, 3u, 17u}) {
    auto cut = run(kSpecies, {}, {"zscore | mpa1", "zscore | logreg"}, nullptr, chunk);
    for (std::size_t i = 0; i < 2; ++i)
      EXPECT_EQ(cut->pipeline(i).run_state(), whole->pipeline(i).run_state()) << chunk;
  }
}

TEST(TaskRunner, ABinaryLearnerLearnsOneVsRestWithSharedScalers) {  // spec 4.21
  auto runner = run(kSpecies, {}, {"zscore | pa1", "zscore | pa2"});
  EXPECT_EQ(runner->pipeline(1).shared_head(), 1u);  // one zscore for both
  EXPECT_EQ(runner->pipeline(0).task_learner().outputs(), 3u);
  EXPECT_EQ(runner->pipeline(0).task_learner().snapshot().name.rfind("one-vs-rest", 0), 0u);
}

TEST(TaskRunner, ANumericTargetLearnsRegression) {
  std::string csv = "x,price\n";
  for (int i = 0; i < 60; ++i)
    csv += std::to_string(i % 10) + "," + std::to_string(1000 + 250 * (i % 10) + (i % 3)) + ".5\n";
  auto runner = run(csv, {}, {});
  EXPECT_EQ(runner->reader().task(), Task::regression);
  const TaskProgress& pr = runner->pipeline(0).task_progress();
  EXPECT_EQ(pr.rows(), 60u);
  EXPECT_LT(pr.rmse(), pr.baseline_rmse());
  EXPECT_GT(pr.r2(), 0.5);
}

TEST(TaskRunner, TheTaskOptionOverridesAndPositiveMakesOneAgainstTheRest) {
  auto binary = run(kSpecies, with({{"positive", "c"}}), {"perceptron"});
  EXPECT_EQ(binary->reader().task(), Task::binary);
  EXPECT_EQ(binary->reader().negative_label(), "not c");
  EXPECT_EQ(binary->pipeline(0).progress().rows(), 8u);
  const Confusion& c = binary->pipeline(0).progress().confusion();
  EXPECT_EQ(c.tp + c.fn, 2u);  // the two rows of class c
  // A rating 1..5 read as a number.
  auto numbers = run("x,stars\n1,1\n2,2\n3,3\n4,4\n5,5\n", with({{"task", "regression"}}), {});
  EXPECT_EQ(numbers->reader().task(), Task::regression);
  EXPECT_EQ(numbers->pipeline(0).spec(), kDefaultRegressionPipeline);
  Status st = Status::ok();
  run(kSpecies, with({{"positive", "c"}, {"task", "multiclass"}}), {"perceptron"}, &st);
  EXPECT_NE(st.message().find("give one or the other"), std::string::npos);
}

TEST(TaskRunner, ALearnerOfAnotherTaskIsRefusedByName) {
  Status st = Status::ok();
  run(kSpecies, {}, {"zscore | linreg"}, &st);
  EXPECT_EQ(st.message().rfind("the label asks for multiclass: 'linreg' predicts a number", 0), 0u)
      << st.message();
  EXPECT_FALSE(CsvRunner::create(with({{"task", "regression"}}), {"zscore | softmax"}));
  auto bns = CsvRunner::create(with({{"task", "multiclass"}}), {"bns | pa"});
  ASSERT_FALSE(bns);
  EXPECT_NE(bns.message().find("learns from yes/no labels"), std::string::npos);
  auto vote = CsvRunner::create(with({{"task", "regression"}}), {"pareg +vote"});
  ASSERT_FALSE(vote);
  EXPECT_NE(vote.message().find("take +avg"), std::string::npos);
}

TEST(TaskRunner, BadTargetsNameTheirLineAndColumn) {
  const std::string csv = "x,y\n1,1.5\n2,2.5\n3,3.5\n4,abc\n5,inf\n6,\n7,7.5\n";
  Status st = Status::ok();
  run(csv, with({{"sampleRows", "3"}}), {}, &st);
  EXPECT_EQ(st.message(),
            "line 5, column 2 (y): the target 'abc' is not a finite number (the task is "
            "regression)");
  auto skipped = run(csv, with({{"sampleRows", "3"}, {"onError", "skip"}}), {});
  EXPECT_EQ(skipped->pipeline(0).task_progress().rows(), 4u);
  EXPECT_EQ(skipped->reader().skipped(), 3u);
}

TEST(TaskRunner, TheClassesAreBounded) {  // core/limits.hpp kMaxClasses
  std::string csv = "x,id\n";
  for (std::size_t i = 0; i <= kMaxClasses; ++i) csv += "1,c" + std::to_string(i) + "\n";
  Status st = Status::ok();
  run(csv, with({{"task", "multiclass"}}), {"perceptron"}, &st);
  EXPECT_NE(st.message().find("a class beyond the 1000 a label may have ('c1000')"),
            std::string::npos)
      << st.message();
}

TEST(TaskRunner, AClassSeenAfterTheSampleIsAdded) {
  auto runner = run(std::string(kSpecies) + "3,3,d\n", with({{"sampleRows", "4"}}), {});
  EXPECT_EQ(runner->reader().classes().back(), "d");
  EXPECT_EQ(runner->pipeline(0).task_learner().outputs(), 4u);
}

void expect_same_model(const Pipeline& a, const Pipeline& b) {
  const PipelineState x = a.save(), y = b.save();
  EXPECT_EQ(x.scalers, y.scalers);
  EXPECT_EQ(x.learner.params, y.learner.params);
  EXPECT_EQ(x.learner.state, y.learner.state);
  ASSERT_EQ(x.learner.inner.size(), y.learner.inner.size());
  for (std::size_t k = 0; k < x.learner.inner.size(); ++k)
    EXPECT_EQ(x.learner.inner[k].params, y.learner.inner[k].params);
  EXPECT_EQ(x.progress, y.progress);
  EXPECT_EQ(x.outputs, y.outputs);
}

// Learning the first rows, saving, loading and learning the rest gives the whole run's model.
TEST(TaskModels, SaveLoadAndResumeExactly) {
  const std::string head = "len,wid,species\n1,1,a\n5,1,b\n9,1,c\n1.2,0.9,a\n";
  const std::string tail = "5.1,1.1,b\n8.8,1,c\n1.1,1,a\n4.9,1,b\n";
  std::string prices = "x,price\n", more;
  for (int i = 0; i < 30; ++i)
    (i < 15 ? prices : more) += std::to_string(i % 7) + "," + std::to_string(3 * (i % 7)) + ".25\n";
  const std::pair<std::string, std::string> files[] = {{head, tail}, {prices, more}};
  const std::pair<const char*, bool> specs[] = {{"zscore | softmax +avg", false},
                                                {"zscore | logreg +avg", false},
                                                {"zscore | pareg2 +avg", true},
                                                {"minmax | huber", true}};
  for (const auto& [spec, regression] : specs) {
    const auto& [first, rest] = files[regression ? 1 : 0];
    SCOPED_TRACE(spec);
    auto whole = run(first + rest, {}, {spec});
    auto part = run(first, {}, {spec});
    const std::string saved = model_to_json(part->pipeline(0), model_schema_of(part->reader()));
    auto loaded = model_from_json(saved);
    ASSERT_TRUE(loaded) << loaded.message();
    EXPECT_EQ(loaded.value().schema.task, part->reader().task());
    EXPECT_EQ(loaded.value().schema.classes, part->reader().classes());
    CsvOptions options;
    ASSERT_TRUE(read_as_model(loaded.value().schema, false, options));
    std::vector<std::unique_ptr<Pipeline>> pipelines;
    pipelines.push_back(std::move(loaded.value().pipeline));
    auto resumed = CsvRunner::resume(options, std::move(pipelines)).take();
    const std::string header = first.substr(0, first.find('\n') + 1);
    const std::string again = header + rest;
    ASSERT_TRUE(resumed->push(again.data(), again.size()));
    ASSERT_TRUE(resumed->finish());
    expect_same_model(resumed->pipeline(0), whole->pipeline(0));
  }
}

TEST(TaskModels, RunStatesComeBackWhole) {
  auto runner = run(kSpecies, {}, {"zscore | mperceptron +avg", "zscore | arow"});
  for (std::size_t i = 0; i < 2; ++i) {
    auto copy = Pipeline::build(runner->pipeline(i).spec(), 2, 4, Task::multiclass).take();
    ASSERT_TRUE(copy->load_run_state(runner->pipeline(i).run_state()));
    EXPECT_EQ(copy->run_state(), runner->pipeline(i).run_state());
  }
}

TEST(TaskModels, ADamagedModelIsRefused) {
  auto runner = run(kSpecies, {}, {});
  std::string saved = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  auto doc = nlohmann::json::parse(saved);
  doc.erase("checksum");
  doc["schema"]["classes"] = {"a"};  // three classes' outputs, one name
  auto resigned = resign_model(doc.dump());
  ASSERT_TRUE(resigned);
  auto loaded = model_from_json(resigned.value());
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.message().find("has 3 classes' outputs and names 1 classes"), std::string::npos)
      << loaded.message();
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(TaskRunner, ClassesInLongRunsAreSaidAndOneClassIsSaid) {
  std::string sorted = "x,kind\n";
  for (int i = 0; i < 150; ++i) sorted += std::to_string(i) + "," + "abc"[i / 50] + "\n";
  auto runner = run(sorted, {}, {"mperceptron"});
  const std::vector<std::string> w = runner->reader().warnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].rfind("the classes come in long runs: 150 rows change class 2 times where a "
                       "random order of them would change it about 100 times",
                       0),
            0u)
      << w[0];
  std::string mixed = "x,kind\n";
  for (int i = 0; i < 150; ++i) mixed += std::to_string(i) + "," + "abc"[i % 3] + "\n";
  EXPECT_TRUE(run(mixed, {}, {"mperceptron"})->reader().warnings().empty());
  auto one = run("x,kind\n1,a\n2,a\n", with({{"task", "multiclass"}}), {"mperceptron"});
  EXPECT_EQ(one->reader().warnings(),
            (std::vector<std::string>{"only one class in 2 rows ('a'): progressive error is "
                                      "meaningful, but the model cannot separate classes"}));
  // A regression run says nothing of classes.
  EXPECT_TRUE(run("x,y\n1,1.5\n2,2.5\n3,0.5\n", {}, {})->reader().warnings().empty());
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(TaskRunner, ClassesTimesFeaturesAreBounded) {  // core/limits.hpp kMaxTaskWeights
  // A first review of 40,000 distinct words makes some 37,000 hashed features: past 2^25 / that
  // many classes, the next class is refused (before the 1,000 classes of kMaxClasses).
  std::string csv = "review,kind\n\"";
  for (int w = 0; w < 40000; ++w) csv += "w" + std::to_string(w) + " ";
  csv += "\",c0\n";
  for (int i = 1; i < 1000; ++i) csv += "w1,c" + std::to_string(i) + "\n";
  Status st = Status::ok();
  auto runner = run(csv, with({{"task", "multiclass"}, {"text", "review"}, {"sampleRows", "1"}}),
                    {"mperceptron"}, &st);
  const std::size_t width = runner->reader().width();
  ASSERT_GT(width, kMaxTaskWeights / kMaxClasses);
  const std::size_t most = kMaxTaskWeights / width;
  EXPECT_NE(st.message().find("a class beyond what a model of " + std::to_string(width) +
                              " features holds (" + std::to_string(most) +
                              " classes; classes x features at most 33554432)"),
            std::string::npos)
      << st.message();
  EXPECT_EQ(runner->pipeline(0).task_learner().outputs(), most);
}

TEST(TaskRunner, FeaturesAfterTheClassesAreBounded) {  // core/limits.hpp kMaxTaskWeights
  // 1,000 classes on rows of one word, then a review of 40,000 distinct words: its hashed
  // words would pass 2^25 / 1,000 features. Its line is a bad row, named by line and column; the
  // model stays within the bound, and under skip the rows after it are learned.
  std::string csv = "review,kind\n";
  for (int i = 0; i < 1000; ++i) csv += "w1,c" + std::to_string(i) + "\n";
  csv += "\"";
  for (int w = 0; w < 40000; ++w) csv += "w" + std::to_string(w) + " ";
  csv += "\",c0\nw2,c1\nw3,c2\n";

  Status st = Status::ok();
  auto stopped = run(csv, with({{"task", "multiclass"}, {"text", "review"}, {"sampleRows", "1"}}),
                     {"mperceptron"}, &st);
  EXPECT_EQ(st.message().rfind("line 1002, column 1 (review): a new feature beyond what a model "
                               "of 1000 classes holds (",
                               0),
            0u)
      << st.message();
  EXPECT_NE(st.message().find("classes x features at most 33554432"), std::string::npos);
  EXPECT_EQ(stopped->pipeline(0).task_progress().rows(), 1000u);
  EXPECT_LE(stopped->reader().width() * 1000, kMaxTaskWeights);

  auto skipped = run(
      csv,
      with({{"task", "multiclass"}, {"text", "review"}, {"sampleRows", "1"}, {"onError", "skip"}}),
      {"mperceptron"});
  EXPECT_EQ(skipped->pipeline(0).task_progress().rows(), 1002u);
  EXPECT_EQ(skipped->reader().skipped(), 1u);
  EXPECT_LE(skipped->reader().width() * 1000, kMaxTaskWeights);
  EXPECT_LE(skipped->pipeline(0).task_learner().outputs() * skipped->reader().width(),
            kMaxTaskWeights);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// tests/fuzz/csv_fuzz found a model saved after the label refused the pipelines (binary
// learners, a regression label) naming two features for a pipeline of none.
TEST(TaskRunner, PipelinesRefusedByTheLabelStillSaveAModelThatReadsBack) {
  Status st = Status::ok();
  auto runner = run("a,b,label\n1,2,1\n3,4,0\n5,6,1\n-1,,0.05\n", {}, {"zscore | pa1"}, &st);
  EXPECT_EQ(st.message().rfind("the label asks for regression: 'pa1' learns yes/no labels", 0), 0u);
  // The refusal ends the stream: later rows are not learned by pipelines of another task.
  const std::string more = "7,8,2.5\n";
  EXPECT_EQ(runner->push(more.data(), more.size()).message(), st.message());
  EXPECT_EQ(runner->finish().message(), st.message());
  EXPECT_EQ(runner->pipeline(0).rows(), 0u);
  const std::string model = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  EXPECT_TRUE(model_from_json(model)) << model_from_json(model).message();
}

}  // namespace
}  // namespace onepass
