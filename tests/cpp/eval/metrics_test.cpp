// spec 6.5 metrics against hand-computed cases (spec 9.11).
#include "eval/metrics.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace onepass {
namespace {

Confusion confusion(const std::vector<int>& predicted, const std::vector<int>& labels) {
  Confusion c;
  for (std::size_t i = 0; i < labels.size(); ++i) c.add(predicted[i], labels[i]);
  return c;
}

TEST(Metrics, GoldenVectors) {  // spec 9.11
  EXPECT_DOUBLE_EQ(roc_auc({0.5, 0.5}, {1, -1}), 0.5);
  EXPECT_DOUBLE_EQ(confusion({1, -1, 1, -1}, {1, 1, -1, -1}).f1(), 0.5);
  EXPECT_DOUBLE_EQ(confusion({1, -1, -1, -1}, {1, 1, -1, -1}).balanced_accuracy(), 0.75);
}

TEST(Metrics, AucCountsTiesAsHalf) {
  // positives 0.9, 0.4; negatives 0.4, 0.1: pairs (0.9>0.4, 0.9>0.1, 0.4=0.4 -> 1/2, 0.4>0.1)
  EXPECT_DOUBLE_EQ(roc_auc({0.9, 0.4, 0.4, 0.1}, {1, 1, -1, -1}), 3.5 / 4);
  EXPECT_DOUBLE_EQ(roc_auc({1, 2, 3}, {-1, -1, 1}), 1.0);
  EXPECT_DOUBLE_EQ(roc_auc({3, 2, 1}, {-1, -1, 1}), 0.0);
  EXPECT_TRUE(std::isnan(roc_auc({1, 2}, {1, 1})));  // one class: undefined
}

TEST(Metrics, UndefinedScoresNeitherHangNorRank) {
  const double nan = std::nan("");
  EXPECT_TRUE(std::isnan(roc_auc({0.3, nan, 0.1, nan}, {1, -1, -1, 1})));
  EXPECT_DOUBLE_EQ(precision_at_k({nan, 0.2, nan, 0.9}, {-1, 1, -1, 1}, 2), 1.0);  // NaN last
}

TEST(Metrics, ConfusionRatesAndTheirEdges) {
  const Confusion c = confusion({1, 1, 1, -1, -1, -1}, {1, 1, -1, 1, -1, -1});
  EXPECT_DOUBLE_EQ(c.accuracy(), 4.0 / 6);
  EXPECT_DOUBLE_EQ(c.precision(), 2.0 / 3);
  EXPECT_DOUBLE_EQ(c.recall(), 2.0 / 3);
  EXPECT_DOUBLE_EQ(c.f1(), 4.0 / 6);
  EXPECT_DOUBLE_EQ(c.ter(), 1.0 / 3 + 1.0 / 3);
  const Confusion none = confusion({-1, -1}, {1, -1});
  EXPECT_EQ(none.f1(), 0);         // D-EVAL-2
  EXPECT_EQ(none.precision(), 0);  // nothing predicted positive
  EXPECT_TRUE(std::isnan(confusion({1, 1}, {1, 1}).balanced_accuracy()));
  EXPECT_TRUE(std::isnan(Confusion{}.accuracy()));
}

TEST(Metrics, PrecisionAtKBreaksTiesByInputOrderAndTakesAllWhenShort) {  // D-EVAL-3
  const std::vector<double> s = {0.9, 0.5, 0.5, 0.1};
  EXPECT_DOUBLE_EQ(precision_at_k(s, {-1, 1, -1, 1}, 2), 0.5);  // 0.9 and the first 0.5
  EXPECT_DOUBLE_EQ(precision_at_k(s, {-1, -1, 1, 1}, 2), 0.0);
  EXPECT_DOUBLE_EQ(precision_at_k(s, {1, 1, -1, -1}, 20), 0.5);  // k larger than the data
}

TEST(Metrics, LogLossFromMargins) {
  EXPECT_NEAR(mean_log_loss({0, 0}, {1, -1}), std::log(2.0), 1e-15);
  EXPECT_NEAR(mean_log_loss({100}, {1}), 0, 1e-40);
  const auto all = all_metrics({2, -1, 0.5}, {1, -1, -1}, false);
  ASSERT_EQ(all.size(), metric_names().size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].first, metric_names()[i]);
  EXPECT_EQ(all[0].first, "accuracy");
  EXPECT_DOUBLE_EQ(all[0].second, 2.0 / 3);
  EXPECT_TRUE(std::isnan(all[6].second));  // no log-loss for a margin learner
  EXPECT_EQ(all[6].first, "logLoss");
}

}  // namespace
}  // namespace onepass

#include "eval/progressive.hpp"

namespace onepass {
namespace {

TEST(Progressive, RollingWindowOfErrorAndLogLoss) {
  Progressive p(0, 3);
  EXPECT_TRUE(std::isnan(p.rolling_error()));
  const int predicted[] = {1, 1, -1, -1, 1};
  const int labels[] = {1, -1, -1, 1, 1};  // mistakes: 0 1 0 1 0
  for (int i = 0; i < 5; ++i) p.record(predicted[i], labels[i], predicted[i] * 2.0, true);
  EXPECT_DOUBLE_EQ(p.rolling_error(), 1.0 / 3);  // the last three: 0 1 0
  EXPECT_DOUBLE_EQ(p.error(), 2.0 / 5);
  // the last three losses: margins -2 (y=-1), -2 (y=+1), 2 (y=+1)
  const double want =
      (std::log1p(std::exp(-2.0)) + std::log1p(std::exp(2.0)) + std::log1p(std::exp(-2.0))) / 3;
  EXPECT_NEAR(p.rolling_log_loss(), want, 1e-12);
  Progressive q;
  ASSERT_TRUE(q.load(p.save()));
  EXPECT_EQ(q.save(), p.save());
  EXPECT_FALSE(q.load({1, 2, 3}));  // damaged
}

TEST(Progressive, CurvePointsAndTheWindowKeepTheirScheduleAcrossSaveAndLoad) {
  Progressive p(4, 3), q;
  const auto step = [](Progressive& pr, int i) { pr.record(i % 3 ? 1 : -1, 1, 0.0, false); };
  for (int i = 0; i < 6; ++i) step(p, i);  // saved between two points
  ASSERT_TRUE(q.load(p.save()));
  for (int i = 6; i < 13; ++i) step(p, i), step(q, i);
  ASSERT_EQ(q.curve().size(), 3u);
  const std::uint64_t at[] = {4, 8, 12}, mistakes[] = {2, 3, 4};  // rows 0, 3, 6, 9, 12 missed
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(q.curve()[k].rows, at[k]);
    EXPECT_EQ(q.curve()[k].mistakes, mistakes[k]);
  }
  EXPECT_EQ(q.save(), p.save());
  EXPECT_DOUBLE_EQ(q.rolling_error(), 1.0 / 3);  // rows 10, 11, 12
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// The ROC and precision-recall curves on the grid, computed by hand. Scores 0.9 (+),
// 0.8 (-), 0.7 (+), 0.1 (-): the thresholds give (fpr, tpr) = (0, .5), (.5, .5), (.5, 1), (1, 1)
// and (recall, precision) = (.5, 1), (.5, .5), (1, 2/3), (1, .5).
TEST(Metrics, RocAndPrecisionRecallCurvesOnTheGrid) {
  const GridCurves c = curves_on_grid({0.9, 0.8, 0.7, 0.1}, {1, -1, 1, -1});
  ASSERT_EQ(c.roc.size(), 101u);
  ASSERT_EQ(c.pr.size(), 101u);
  for (std::size_t g = 0; g < 50; ++g) EXPECT_EQ(c.roc[g], 0.5) << g;
  for (std::size_t g = 50; g <= 100; ++g) EXPECT_EQ(c.roc[g], 1.0) << g;
  for (std::size_t g = 0; g <= 50; ++g) EXPECT_EQ(c.pr[g], 1.0) << g;
  for (std::size_t g = 51; g <= 100; ++g) EXPECT_DOUBLE_EQ(c.pr[g], 2.0 / 3) << g;
  // Tied scores are one threshold: all four tied give the diagonal's end points only.
  const GridCurves tied = curves_on_grid({1, 1, 1, 1}, {1, -1, 1, -1});
  EXPECT_EQ(tied.roc[99], 0.0);
  EXPECT_EQ(tied.roc[100], 1.0);
  EXPECT_EQ(tied.pr[0], 0.5);
  EXPECT_TRUE(curves_on_grid({1, 2}, {1, 1}).roc.empty());  // one class
}

// The majority-class baseline, by hand: 5 positives and 11 negatives make "always negative" err
// on 5/16; a pipeline with 3 mistakes is better, one with 5 or more is no better unless its
// balanced accuracy is above the baseline's 0.5. A tie of
// the classes makes the positive class the majority; no rows, no baseline.
TEST(Metrics, MajorityBaselineAndNoBetterThanIt) {
  Confusion c;
  c.tp = 3, c.fn = 2, c.tn = 10, c.fp = 1;
  MajorityBaseline b = majority_baseline(c);
  EXPECT_FALSE(b.positive);
  EXPECT_EQ(b.error, 5.0 / 16);
  EXPECT_FALSE(no_better_than_baseline(c));
  c.tp = 0, c.fn = 5, c.tn = 11, c.fp = 0;  // always "no": the imbalanced file's default
  EXPECT_TRUE(no_better_than_baseline(c));
  // docs/algorithms.md 6.5: as many mistakes or more and a balanced accuracy not above 0.5.
  c.tp = 1, c.fn = 4, c.tn = 8, c.fp = 3;  // 7 mistakes, (1/5 + 8/11) / 2 = 0.46
  EXPECT_TRUE(no_better_than_baseline(c));
  c.tp = 1, c.fn = 4, c.tn = 10, c.fp = 1;  // as many mistakes, (1/5 + 10/11) / 2 = 0.55
  EXPECT_FALSE(no_better_than_baseline(c));
  c.tp = 4, c.fn = 1, c.tn = 6, c.fp = 5;  // a weighted run: 6 mistakes, (4/5 + 6/11) / 2 = 0.67
  EXPECT_FALSE(no_better_than_baseline(c));
  Confusion tie;
  tie.tp = 1, tie.fn = 1, tie.tn = 1, tie.fp = 1;
  b = majority_baseline(tie);
  EXPECT_TRUE(b.positive);
  EXPECT_EQ(b.error, 0.5);
  EXPECT_TRUE(no_better_than_baseline(tie));
  EXPECT_EQ(majority_baseline(Confusion{}).error, 0.0);
  EXPECT_FALSE(no_better_than_baseline(Confusion{}));
}

}  // namespace
}  // namespace onepass
