// A run's result as JSON (api/run_json.hpp), the one writer behind `onepass run --json`,
// `onepass-native run` and resultJSON(i): its keys and values, and a name that is not UTF-8.
#include "onepass/api/run_json.hpp"
#include "onepass/api/runners.hpp"
#include "pipeline/csv_runner.hpp"

#include <nlohmann/json.hpp>

#include "test_util.hpp"

namespace onepass {
namespace {

TEST(RunJson, SaysWhatThePipelineLearnedAndTheReaderSkipped) {
  auto built = Pipeline::build("zscore | pa");
  ASSERT_TRUE(built) << built.message();
  auto p = built.take();
  const double rows[3][2] = {{1, 2}, {3, -1}, {-2, 0.5}};
  const int labels[3] = {1, -1, 1};
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(p->learn_one(rows[i], 2, labels[i]));
  // "x\xe9" is Latin-1 (no UTF-8): replaced, never a thrown exception (the native CLI aborted).
  const auto j = nlohmann::json::parse(run_result_json(*p, {"x\xe9", "b"}, 4));
  EXPECT_EQ(j["pipeline"], "zscore | pa");
  EXPECT_EQ(j["rows"], 3);
  EXPECT_EQ(j["mistakes"], p->progress().mistakes());
  EXPECT_EQ(j["skipped"], 4);
  EXPECT_EQ(j["features"][0], "x\xEF\xBF\xBD");  // U+FFFD
  EXPECT_TRUE(j["logLoss"].is_null());           // pa gives no probability
  const Snapshot s = p->learner().snapshot();
  EXPECT_EQ(j["weights"].get<std::vector<double>>(), *s.array("w"));
  EXPECT_EQ(j["bias"].get<double>(), *s.scalar("b"));
  ASSERT_EQ(j["scalers"].size(), 1u);
  EXPECT_EQ(j["scalers"][0]["name"], "zscore");
  EXPECT_EQ(j["scalers"][0]["arrays"]["mean"].get<std::vector<double>>(),
            *p->scaler(0).snapshot().array("mean"));
  EXPECT_NEAR(j["scalers"][0]["arrays"]["mean"][0].get<double>(), 2.0 / 3, 1e-15);
  EXPECT_FALSE(j["diverged"].get<bool>());
}

// docs/algorithms.md 6.1: with a window each curve point is [rows, mistakes, the window's error
// at that row]; without one, [rows, mistakes].
TEST(RunJson, TheCurveCarriesTheWindowsErrorWithAWindow) {
  for (std::uint64_t window : {0, 2}) {
    auto built = Pipeline::build("perceptron(bias=false)", 2, window);
    ASSERT_TRUE(built) << built.message();
    auto p = built.take();
    // A perceptron predicts +1 at a tie (D-TIE): rows 2 and 4 are its mistakes, so the last 2
    // rows hold one mistake at both points.
    const double rows[4][2] = {{1, 0}, {0, 1}, {1, 0}, {0, -1}};
    const int labels[4] = {1, -1, 1, -1};
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(p->learn_one(rows[i], 2, labels[i]));
    const auto j = nlohmann::json::parse(run_result_json(*p, {"a", "b"}, 0));
    const auto want =
        nlohmann::json::parse(window ? "[[2, 1, 0.5], [4, 2, 0.5]]" : "[[2, 1], [4, 2]]");
    EXPECT_EQ(j["curve"], want) << j["curve"].dump();
    EXPECT_EQ(j.contains("rollingError"), window > 0);
  }
}

TEST(RunJson, StatsAndReaderInfoSayWhatWasReadAndLearned) {
  CsvOptions opt;
  opt.on_error = ErrorPolicy::skip;
  opt.sample_rows = 0;
  CsvReader r(opt);
  RowBlock rows;
  const std::string text = "a;b;y\n1;2;1\n3;x;0\n5;6;0\n";
  ASSERT_TRUE(r.feed(text.data(), text.size(), rows));
  ASSERT_TRUE(r.finish(rows));
  const auto info = nlohmann::json::parse(reader_info_json(r, {"a warning"}));
  EXPECT_EQ(info["rows"], 2);
  EXPECT_EQ(info["positives"], 1);
  EXPECT_EQ(info["skipped"], 1);
  EXPECT_EQ(info["lines"], 4);
  EXPECT_EQ(info["bytes"], text.size());
  EXPECT_EQ(info["delimiter"], ";");
  EXPECT_EQ(info["features"], nlohmann::json::parse(R"(["a","b"])"));
  EXPECT_EQ(info["label"], "y");
  EXPECT_EQ(info["warnings"][0], "a warning");
  ASSERT_EQ(info["errors"].size(), 1u);
  EXPECT_EQ(info["errors"][0]["line"], 3);
  EXPECT_EQ(info["errors"][0]["column"], 2);
  EXPECT_EQ(info["columns"][2]["role"], "label");

  auto built = Pipeline::build("perceptron");
  ASSERT_TRUE(built);
  auto p = built.take();
  const double x[2][2] = {{1, 2}, {5, 6}};
  ASSERT_TRUE(p->learn_one(x[0], 2, 1));
  ASSERT_TRUE(p->learn_one(x[1], 2, -1));
  const auto stats = nlohmann::json::parse(stats_json(*p));
  EXPECT_EQ(stats["rows"], 2);
  // A fresh perceptron scores 0, a tie predicted +1 (D-TIE): right on the first row; the
  // second (w = x1 + bias) scores 1*5 + 2*6 + 1 > 0 against -1: a false positive.
  EXPECT_EQ(stats["mistakes"], 1);
  EXPECT_EQ(stats["tp"], 1);
  EXPECT_EQ(stats["fp"], 1);
  EXPECT_EQ(stats["error"], 0.5);
  EXPECT_TRUE(stats["logLoss"].is_null());  // no probabilities
  EXPECT_FALSE(stats["diverged"].get<bool>());
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// docs/algorithms.md 6.5: the last-label baseline counts the label's changes in the order
// learned, the first row a mistake; a pipeline is flagged when it makes as many mistakes.
TEST(RunJson, TheLastLabelBaselineBesideEachPipeline) {
  // Labels a a b b b a: 2 changes, so 3 mistakes of 6.
  const std::string csv = "x,y\n1,a\n2,a\n3,b\n4,b\n5,b\n6,a\n";
  auto runner = CsvRunner::create(testing::with({{"positive", "b"}}), {"perceptron"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  ASSERT_TRUE(runner->finish());
  EXPECT_EQ(runner->last_label().rows, 6u);
  EXPECT_EQ(runner->last_label().mistakes, 3u);
  const auto j = nlohmann::json::parse(stats_json(*runner, 0));
  EXPECT_EQ(j["lastLabel"]["mistakes"], 3);
  EXPECT_DOUBLE_EQ(j["lastLabel"]["error"].get<double>(), 0.5);
  EXPECT_EQ(j["noBetterThanLastLabel"], j["mistakes"].get<int>() >= 3);
  const auto r = nlohmann::json::parse(run_result_json(*runner, 0));
  EXPECT_EQ(r["lastLabel"], j["lastLabel"]);
  // Multiclass: u u v w w: 2 changes, 3 mistakes of 5.
  const std::string classes = "x,y\n1,u\n2,u\n3,v\n4,w\n5,w\n";
  auto multi = CsvRunner::create(testing::with({{"task", "multiclass"}}), {}).take();
  ASSERT_TRUE(multi->push(classes.data(), classes.size()));
  ASSERT_TRUE(multi->finish());
  EXPECT_EQ(nlohmann::json::parse(stats_json(*multi, 0))["lastLabel"]["mistakes"], 3);
  // A shuffled run counts the order it learned in: the same labels, the same rows.
  auto shuffled = CsvRunner::create(testing::with({{"positive", "b"}}), {"perceptron"}).take();
  ASSERT_TRUE(shuffled->shuffle(4, 9));
  ASSERT_TRUE(shuffled->push(csv.data(), csv.size()));
  ASSERT_TRUE(shuffled->finish());
  EXPECT_EQ(shuffled->last_label().rows, 6u);
  EXPECT_GE(shuffled->last_label().mistakes, 1u);
  // A regression label has none.
  const std::string prices = "x,y\n1,1.5\n2,2.25\n3,3.5\n";
  auto regression = CsvRunner::create({}, {}).take();
  ASSERT_TRUE(regression->push(prices.data(), prices.size()));
  ASSERT_TRUE(regression->finish());
  EXPECT_FALSE(nlohmann::json::parse(stats_json(*regression, 0)).contains("lastLabel"));
}

}  // namespace
}  // namespace onepass
