// The JSON documents whose size grows with the data (an evaluation's figures and curves, k folds,
// a learning curve, a CSV preview, a linear export, a merged model) are built member by member
// so that a failed allocation is an error (core/json_release.hpp); their text is byte for byte
// what the writers of initializer lists wrote before: tests/fixtures/json_documents/ holds that
// text, written by onepass at commit 537b7d6 (ONEPASS_WRITE_JSON_DOCUMENTS=1 writes the files
// anew, for a change of a document that is meant). Each document is also walked for an object
// that outgrew its room (expect_room).
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "models/model_json.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/json_text.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/api/runners.hpp"
#include "pipeline/csv_runner.hpp"
#include "task_data.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::string fixture_path(const std::string& name) {
  return std::string(ONEPASS_DATA_DIR) + "/../tests/fixtures/json_documents/" + name + ".json";
}

// The object of `j` with the most members, and where it is ("" for the document itself).
void find_largest_object(const nlohmann::ordered_json& j, const std::string& at, std::size_t& most,
                         std::string& where) {
  if (j.is_object()) {
    if (j.size() > most) {
      most = j.size();
      where = at;
    }
    for (const auto& [key, value] : j.items())
      find_largest_object(value, at + "." + key, most, where);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      find_largest_object(j[i], at + "[" + std::to_string(i) + "]", most, where);
  }
}

// No object of the document `text` holds more than kDocumentMembers members
// (onepass/api/json_text.hpp): an object made with that room (core/json_release.hpp
// object_with_room) that outgrew it would copy and destroy its members as it grew, which
// allocates outside any failure. The other objects of these small data sets (a state's arrays,
// the weights by class) are smaller still, so every object is held to the bound.
void expect_room(const std::string& name, const std::string& text) {
  std::size_t most = 0;
  std::string where;
  find_largest_object(nlohmann::ordered_json::parse(text), "", most, where);
  EXPECT_GT(most, 0u) << name;
  EXPECT_LE(most, kDocumentMembers)
      << name << ": the object " << (where.empty() ? "(the document)" : where) << " has " << most
      << " members";
}

// `text` is the document the fixture `name` holds, byte for byte.
void expect_document(const std::string& name, const std::string& text) {
  expect_room(name, text);
  if (std::getenv("ONEPASS_WRITE_JSON_DOCUMENTS")) {
    std::ofstream(fixture_path(name), std::ios::binary) << text;
    return;
  }
  std::ifstream in(fixture_path(name), std::ios::binary);
  ASSERT_TRUE(in) << fixture_path(name);
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(text, expected.str()) << name;
}

using testing::classes_csv;
using testing::numbers_csv;
using testing::read_dataset;

std::string holdout(const Dataset& data, const std::string& spec,
                    const EvaluationOptions& options) {
  auto e = data.holdout(spec, options);
  EXPECT_TRUE(e) << e.message();
  return e ? to_json(e.value()) : "";
}

TEST(JsonDocuments, HoldoutsOfEachTaskWithAThresholdAndAGrid) {
  const auto heart = read_dataset(testing::read_data_file("heart.csv"));
  EvaluationOptions tuned;
  tuned.tune_threshold = "f1";
  expect_document("holdout_binary_threshold", holdout(*heart, "zscore | logreg", tuned));
  EvaluationOptions grid;
  grid.grid = "c=0.01,1";
  expect_document("holdout_binary_grid", holdout(*heart, "zscore | pa1", grid));
  expect_document("holdout_multiclass",
                  holdout(*read_dataset(classes_csv(90, 1)), "zscore | softmax +avg", {}));
  expect_document("holdout_regression_grid",
                  holdout(*read_dataset(numbers_csv(80, 2)), "zscore | pareg2", grid));
}

TEST(JsonDocuments, FoldsAndLearningCurves) {
  const auto classes = read_dataset(classes_csv(90, 3));
  auto cv = classes->cross_validate("zscore | softmax", 3, {});
  ASSERT_TRUE(cv) << cv.message();
  expect_document("cv_multiclass", to_json(cv.value()));
  const auto numbers = read_dataset(numbers_csv(60, 4));
  auto curve = numbers->learning_curve("zscore | linreg", 3, {0.25, 1.0}, {});
  ASSERT_TRUE(curve) << curve.message();
  expect_document("curve_regression", to_json(curve.value()));
}

TEST(JsonDocuments, EvaluationLinesOfEachProtocol) {
  const auto heart = read_dataset(testing::read_data_file("heart.csv"));
  EvaluationOptions options;
  options.tune_threshold = "balancedAccuracy";
  options.eval.seed = 5;
  options.eval.shuffle = true;
  auto line = evaluation_line_json(*heart, nullptr, "zscore | logreg", {}, options);
  ASSERT_TRUE(line) << line.message();
  expect_document("line_holdout", line.value());
  EvaluationProtocol cv;
  cv.kind = EvaluationProtocol::Kind::cross_validation;
  cv.folds = 3;
  cv.curve = {0.5, 1.0};
  line = evaluation_line_json(*heart, nullptr, "zscore | pa1", cv, {});
  ASSERT_TRUE(line) << line.message();
  expect_document("line_cv_curve", line.value());
  EvaluationProtocol test_file;
  test_file.kind = EvaluationProtocol::Kind::test_file;
  test_file.test_name = "test.csv";
  const auto train = read_dataset(numbers_csv(60, 5));
  auto test = Dataset::csv_like(*train, CsvOptions{});
  ASSERT_TRUE(test) << test.message();
  const std::string rows = numbers_csv(20, 6);
  ASSERT_TRUE(test.value()->push(rows.data(), rows.size()));
  ASSERT_TRUE(test.value()->finish());
  EvaluationOptions grid;
  grid.grid = "c=0.01,1";
  line = evaluation_line_json(*train, test.value().get(), "zscore | pareg2", test_file, grid);
  ASSERT_TRUE(line) << line.message();
  expect_document("line_test_file_grid", line.value());
}

TEST(JsonDocuments, CsvPreview) {
  const std::string head =
      "when,colour,note,size,label\n"
      "2024-01-02,red,the cat sat,1.5,yes\n"
      "2024-01-03,blue,a dog ran,,no\n"
      "2024-01-04,green,the cat ran,2.5,yes\n"
      "bad,row\n"
      "2024-01-05,red,a bird sang,0.5,maybe\n"
      "2024-01-06,blue,the dog sat,3,no\n";
  auto preview = preview_csv(head, false, CsvOptions{}, 3);
  ASSERT_TRUE(preview) << preview.message();
  expect_document("csv_preview", to_json(preview.value()));
}

// A runner's first pipeline trained on `text`, as a linear export and as a model file.
struct Trained {
  std::string linear, model;
};
Trained trained(const std::string& text, const std::string& spec) {
  auto runner = start_csv_runner(CsvOptions{}, {spec}, {});
  EXPECT_TRUE(runner) << runner.message();
  if (!runner) return {};
  CsvRunner& r = *runner.value();
  EXPECT_TRUE(r.push(text.data(), text.size()));
  EXPECT_TRUE(r.finish());
  auto linear = linear_model(r.pipeline(0), model_schema_of(r.reader()));
  EXPECT_TRUE(linear) << linear.message();
  return {linear ? linear_model_json(linear.value()) : "", model_json(r, 0)};
}

TEST(JsonDocuments, LinearExportsAndMergedModels) {
  const Trained binary = trained(testing::read_data_file("heart.csv"), "minmax | zscore | logreg");
  expect_document("linear_binary", binary.linear);
  const Trained classes = trained(classes_csv(90, 7), "zscore | softmax");
  expect_document("linear_multiclass", classes.linear);
  const Trained numbers = trained(numbers_csv(60, 8), "zscore | linreg");
  expect_document("linear_regression", numbers.linear);
  const Trained other = trained(classes_csv(60, 9), "zscore | softmax");
  auto merged = merge_models({classes.model, other.model}, MergeOptions{});
  ASSERT_TRUE(merged) << merged.message();
  expect_document("merged_multiclass", merged.value());
}

// A run's result, figures and reader's info with every member they may have: probabilities
// (calibration), class weights, a drift detector, a window, a curve and the last-label baseline,
// of each task; no object outgrows its room.
TEST(JsonDocuments, RunDocumentsWithEveryMemberHaveRoom) {
  struct Case {
    const char* task;
    std::string text;
    const char* spec;
    bool class_weights;
  };
  const Case cases[] = {
      {"binary", testing::read_data_file("heart.csv"), "zscore | logreg +drift", true},
      {"multiclass", classes_csv(90, 10), "zscore | softmax +drift", true},
      {"regression", numbers_csv(80, 11), "zscore | linreg +drift", false},
  };
  for (const Case& c : cases) {
    CsvOptions options = testing::with({{"task", c.task}});
    if (c.class_weights) ASSERT_TRUE(set_csv_option(options, "classWeight", "balanced"));
    auto runner = start_csv_runner(options, {c.spec}, {}, 10, 5);
    ASSERT_TRUE(runner) << runner.message();
    CsvRunner& r = *runner.value();
    ASSERT_TRUE(r.push(c.text.data(), c.text.size()));
    ASSERT_TRUE(r.finish());
    const std::string result = run_result_json(r, 0);
    const auto j = nlohmann::ordered_json::parse(result);
    EXPECT_EQ(j.contains("calibration"), std::string(c.task) == "binary") << c.task;
    EXPECT_TRUE(j.contains("drift")) << c.task;
    EXPECT_TRUE(j.contains("rollingError")) << c.task;
    EXPECT_EQ(j.contains("classWeights"), c.class_weights) << c.task;
    EXPECT_EQ(j.contains("lastLabel"), std::string(c.task) != "regression") << c.task;
    expect_room(std::string(c.task) + " result", result);
    expect_room(std::string(c.task) + " stats", stats_json(r, 0));
    expect_room(std::string(c.task) + " reader info", reader_info_json(r.reader(), {"a warning"}));
  }
}

}  // namespace
}  // namespace onepass
