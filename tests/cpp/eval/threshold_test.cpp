// A decision threshold tuned on held-out rows (docs/algorithms.md 6.2): the sweep's choice by
// hand, and the protocol that tunes on validation rows and tests once at the choice.
#include "eval/threshold.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "onepass/api/dataset.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

TEST(BestThreshold, SweepsTheDistinctScoresByHand) {
  // Scores 0.1 0.2 0.2 0.6 0.9 with labels - + - + +. At t = 0.1 all positive: tp 3, fp 2, F1
  // 6/8 = 0.75; t = 0.2: tp 3, fp 1, F1 6/7; t = 0.6: tp 2, fn 1, F1 4/5; t = 0.9: F1 2/4.
  const std::vector<double> s = {0.2, 0.9, 0.1, 0.6, 0.2};
  const std::vector<std::int8_t> y = {1, 1, -1, 1, -1};
  const TunedThreshold f1 = best_threshold(s, y, "f1");
  EXPECT_EQ(f1.threshold, 0.2);
  EXPECT_DOUBLE_EQ(f1.value, 6.0 / 7);
  // Balanced accuracy: t = 0.2 gives (1 + 1/2)/2 = 0.75; t = 0.6 gives (2/3 + 1)/2 = 5/6.
  const TunedThreshold bal = best_threshold(s, y, "balancedAccuracy");
  EXPECT_EQ(bal.threshold, 0.6);
  EXPECT_DOUBLE_EQ(bal.value, 5.0 / 6);
  EXPECT_TRUE(std::isnan(best_threshold({}, {}, "f1").threshold));
}

TEST(TunedThreshold, IsChosenOnValidationRowsAndTestedOnce) {
  auto d = Dataset::csv(CsvOptions{});
  ASSERT_TRUE(d);
  const std::string text = testing::read_data_file("heart.csv");
  ASSERT_TRUE(d.value()->push(text.data(), text.size()));
  ASSERT_TRUE(d.value()->finish());
  EvaluationOptions options;
  options.tune_threshold = "f1";
  auto e = d.value()->holdout("zscore | logreg", options);
  ASSERT_TRUE(e) << e.message();
  ASSERT_TRUE(e.value().threshold);
  const double t = e.value().threshold->tuned.threshold;
  EXPECT_GT(t, 0);  // a probability: logreg gives one
  EXPECT_LT(t, 1);
  EXPECT_EQ(e.value().run.threshold, t);
  const auto j = nlohmann::json::parse(to_json(e.value()));
  EXPECT_EQ(j["threshold"]["tunedFor"], "f1");
  EXPECT_EQ(j["threshold"]["value"].get<double>(), t);
  // The same holdout untuned: the same model (AUC) and the test rows' counts at 0.5 instead.
  auto plain = d.value()->holdout("zscore | logreg", EvaluationOptions{});
  ASSERT_TRUE(plain);
  EXPECT_EQ(metric_value(plain.value().run.test, "auc"), metric_value(e.value().run.test, "auc"));
  EXPECT_TRUE(std::isnan(plain.value().run.threshold));

  options.tune_threshold = "auc";
  EXPECT_EQ(d.value()->holdout("pa", options).message(),
            "a threshold is tuned for f1, balancedAccuracy or accuracy, not 'auc'");
  options.tune_threshold = "f1";
  options.grid = "c=0.1,1";
  EXPECT_EQ(d.value()->holdout("pa1", options).message(),
            "tune a threshold or search a grid, not both in one evaluation");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(BestThreshold, LeavesUnscoredRowsOut) {
  const double nan = std::nan("");
  const TunedThreshold t = best_threshold({nan, 0.3, 0.8, nan}, {1, -1, 1, -1}, "f1");
  EXPECT_EQ(t.threshold, 0.8);  // tp 1 of the two scored rows: F1 1
  EXPECT_DOUBLE_EQ(t.value, 1.0);
  EXPECT_TRUE(std::isnan(best_threshold({nan}, {1}, "f1").threshold));
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(TunedThreshold, AValidationPartOfOneClassIsRefused) {
  RowBlock d;
  d.dims = 1;
  for (int i = 0; i < 30; ++i) {
    d.x.append({static_cast<double>(i)});
    d.y.push_back(i == 0 ? 1 : -1);  // one positive: round(0.2 x 1) = 0 of it validates
    d.line.push_back(static_cast<std::uint64_t>(i) + 2);
  }
  Split all;
  for (std::size_t i = 0; i < 30; ++i) all.train.push_back(i);
  EXPECT_EQ(tune_threshold(d, "pa1", all, "f1", 0.2, EvalOptions{}).message(),
            "the threshold's validation part has rows of one class only (6 rows): give more rows "
            "or a larger validation fraction (CLI --validation)");
}

}  // namespace
}  // namespace onepass
