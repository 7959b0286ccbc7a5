// svmlight rows of classes and numbers (docs/algorithms.md 1.8, the task named): learned by the
// runner, saved and resumed as one run, scored by the model, and evaluated as a data set.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/model_json.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/runners.hpp"
#include "onepass/api/scorer.hpp"
#include "pipeline/svmlight_runner.hpp"

namespace onepass {
namespace {

// Three classes as LIBSVM's multiclass files name them (1, 2, 3), by which of x1, x2, x3 is
// largest; a fourth feature is noise.
std::string classes_text(std::size_t rows, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < from + rows; ++i) {
    const double v[3] = {static_cast<double>((i * 7) % 11), static_cast<double>((i * 5) % 13),
                         static_cast<double>((i * 3) % 12)};
    const int k = v[0] >= v[1] && v[0] >= v[2] ? 1 : v[1] >= v[2] ? 2 : 3;
    out += std::to_string(k) + " 1:" + std::to_string(v[0]) + " 2:" + std::to_string(v[1]) +
           " 3:" + std::to_string(v[2]) + " 4:" + std::to_string(i % 2) + "\n";
  }
  return out;
}

// y = 2 x1 - x2 + 0.5, sparse (x2 left out on every third row).
std::string numbers_text(std::size_t rows) {
  std::string out;
  for (std::size_t i = 0; i < rows; ++i) {
    const double a = static_cast<double>(i % 17) / 4, b = i % 3 ? static_cast<double>(i % 5) : 0;
    out += std::to_string(2 * a - b + 0.5) + " 1:" + std::to_string(a);
    if (b != 0) out += " 2:" + std::to_string(b);
    out += "\n";
  }
  return out;
}

SvmlightOptions four_wide(Task task) {
  SvmlightOptions o;
  o.dims = 4;
  o.task = task;
  return o;
}

TEST(SvmlightTask, ClassesAreLearnedSavedResumedAndScored) {
  const std::string first = classes_text(600), second = classes_text(300, 600);
  auto whole = SvmlightRunner::create(four_wide(Task::multiclass), {"maxabs | mpa2"}).take();
  ASSERT_TRUE(whole->push(first.data(), first.size()));
  ASSERT_TRUE(whole->push(second.data(), second.size()));
  ASSERT_TRUE(whole->finish());
  EXPECT_EQ(whole->reader().classes(), (std::vector<std::string>{"1", "2", "3"}));
  const auto result = nlohmann::json::parse(run_result_json(*whole, 0));
  EXPECT_EQ(result["task"], "multiclass");
  EXPECT_EQ(result["classes"], nlohmann::json::parse(R"(["1","2","3"])"));
  EXPECT_GT(result["accuracy"].get<double>(), result["baseline"]["accuracy"].get<double>());

  // The first part saved, then resumed on the second: the same model as one run.
  auto part = SvmlightRunner::create(four_wide(Task::multiclass), {"maxabs | mpa2"}).take();
  ASSERT_TRUE(part->push(first.data(), first.size()));
  ASSERT_TRUE(part->finish());
  const std::string saved = model_json(*part, 0);
  SvmlightOptions options;  // the model gives its width, task and classes
  auto resumed = start_svmlight_runner(options, {}, {saved}).take();
  ASSERT_TRUE(resumed->push(second.data(), second.size()));
  ASSERT_TRUE(resumed->finish());
  EXPECT_EQ(model_json(*resumed, 0), model_json(*whole, 0));

  // Scored: the class names of the model, and the file's own classes counted.
  auto scorer = Scorer::svmlight(model_json(*whole, 0), SvmlightOptions{}).take();
  ASSERT_TRUE(scorer->push(second.data(), second.size()));
  ASSERT_TRUE(scorer->finish());
  EXPECT_EQ(scorer->task(), Task::multiclass);
  const ScoredRows rows = scorer->take();
  ASSERT_EQ(rows.values.size(), 300u);
  EXPECT_EQ(scorer->labelled(), 300u);
  EXPECT_GT(static_cast<double>(scorer->correct()) / 300, 0.6);
  const std::string lines = scorer->task_csv_lines(rows);
  EXPECT_EQ(lines.substr(0, lines.find(',')), std::to_string(rows.lines[0]));

  // A model of classes does not resume as another task.
  SvmlightOptions binary;
  binary.dims = 4;
  std::vector<std::unique_ptr<Pipeline>> loaded;
  loaded.push_back(std::move(model_from_json(saved).take().pipeline));
  EXPECT_EQ(SvmlightRunner::resume(binary, std::move(loaded)).message(),
            "the model learns a multiclass label; the rows are read as binary (option task)");
}

TEST(SvmlightTask, NumbersAreTargetsAndABadOneIsNamed) {
  const std::string text = numbers_text(800);
  auto runner = SvmlightRunner::create(four_wide(Task::regression), {"linreg +avg"}).take();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  const auto result = nlohmann::json::parse(run_result_json(*runner, 0));
  EXPECT_EQ(result["task"], "regression");
  EXPECT_GT(result["r2"].get<double>(), 0.7);  // the mean predictor: about 0

  SvmlightOptions o = four_wide(Task::regression);
  SvmlightReader reader(o);
  SparseBlock block;
  const std::string bad = "1.5 1:2\nabc 1:3\n";
  const Status st = reader.feed(bad.data(), bad.size(), block);
  EXPECT_FALSE(st);
  EXPECT_NE(st.message().find("line 2"), std::string::npos) << st.message();
  EXPECT_EQ(block.size(), 1u);
  EXPECT_EQ(block.target, std::vector<double>{1.5});

  // A positive class makes the label yes/no: not with another task.
  o.positive = "1";
  EXPECT_EQ(SvmlightReader::check(o).message(),
            "a positive class makes the label yes/no (that class against the rest); give it or "
            "the task regression, not both");
}

TEST(SvmlightTask, ADataSetOfClassesIsEvaluatedByClass) {
  auto data = Dataset::svmlight(four_wide(Task::multiclass)).take();
  const std::string text = classes_text(500);
  ASSERT_TRUE(data->push(text.data(), text.size()));
  ASSERT_TRUE(data->finish());
  EXPECT_EQ(data->task(), Task::multiclass);
  auto cv = data->cross_validate("maxabs | softmax +avg", 5, EvaluationOptions{});
  ASSERT_TRUE(cv) << cv.message();
  EXPECT_GT(metric_value(cv.value().mean, "accuracy"),
            metric_value(cv.value().mean, "baselineAccuracy"));
  const auto j = nlohmann::json::parse(to_json(cv.value()));
  EXPECT_EQ(j["folds"][0]["classes"].size(), 3u);
}

}  // namespace
}  // namespace onepass
