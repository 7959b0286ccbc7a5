// The LP / log-odds shaper (spec 5.4) and BNS scaling (spec 5.5).
#include <cmath>

#include "pipeline/pipeline.hpp"
#include "scalers/bns.hpp"
#include "scalers/lp_shaper.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;

std::unique_ptr<LpShaper> fitted_lp(const std::vector<double>& values, const std::vector<int>& ys,
                                    bool log_odds, std::size_t n, bool zero_special = false) {
  auto lp = std::make_unique<LpShaper>(log_odds, LpShaper::Config{1000, n, zero_special});
  lp->reset(1);
  for (std::size_t i = 0; i < values.size(); ++i) lp->hold(&values[i], ys[i]);
  std::vector<double> rows;
  std::vector<std::int8_t> labels;
  lp->fit_held(rows, labels);
  return lp;
}

double shaped(const LpShaper& lp, double v) {
  double out = 0;
  lp.transform(&v, &out);
  return out;
}

TEST(LpShaper, GoldenSmallWindows) {  // spec 9.9, n = 1
  auto lp = fitted_lp({1, 2, 3, 4, 5, 6}, {-1, -1, 1, -1, 1, 1}, false, 1);
  const double want[] = {0.25, 0.4, 0.4, 0.6, 0.6, 0.75};
  for (int v = 1; v <= 6; ++v) EXPECT_NEAR(shaped(*lp, v), want[v - 1], 1e-12) << v;
  EXPECT_NEAR(shaped(*lp, 2.5), 0.4, 1e-12);  // interpolation
  EXPECT_NEAR(shaped(*lp, 0), 0.25, 1e-12);   // clamped below
  EXPECT_NEAR(shaped(*lp, 10), 0.75, 1e-12);  // clamped above
  auto lo = fitted_lp({1, 2, 3, 4, 5, 6}, {-1, -1, 1, -1, 1, 1}, true, 1);
  EXPECT_NEAR(shaped(*lo, 1), std::log(0.25 / 0.75), 1e-12);
}

TEST(LpShaper, GoldenFullWindows) {  // spec 9.9, n = 15 on 0..99 with labels x >= 50
  std::vector<double> values;
  std::vector<int> ys;
  for (int v = 0; v < 100; ++v) {
    values.push_back(v);
    ys.push_back(v >= 50 ? 1 : -1);
  }
  auto lp = fitted_lp(values, ys, false, 15);
  EXPECT_NEAR(lp->probability(0, 0), 1.0 / 18, 1e-12);  // a window of 16
  EXPECT_NEAR(lp->probability(0, 1), 1.0 / 19, 1e-12);
  EXPECT_NEAR(lp->probability(0, 49.5), (lp->probability(0, 49) + lp->probability(0, 50)) / 2,
              1e-12);
  // Monotone where the windows are full.
  for (int v = 16; v < 83; ++v) EXPECT_LE(lp->probability(0, v), lp->probability(0, v + 1));
}

TEST(LpShaper, TiesShareOneWindow) {  // D-LP-1
  auto lp = fitted_lp({1, 2, 2, 2, 3}, {-1, 1, 1, -1, 1}, false, 1);
  // value 2: its three examples plus one below and one above: 3 positives of 5
  EXPECT_NEAR(lp->probability(0, 2), 4.0 / 7, 1e-12);
}

TEST(LpShaper, ZeroSpecialKeepsZeroAtZero) {  // spec 5.4 zero handling, D-LP-2
  auto lp = fitted_lp({0, 0, 0, 1, 2, 3}, {-1, -1, 1, 1, 1, -1}, false, 1, true);
  EXPECT_EQ(shaped(*lp, 0), 0);
  // non-zero values estimated among the non-zero ones only, minus the shaped value of 0 (2/5)
  EXPECT_NEAR(shaped(*lp, 1), (2 + 1.0) / (2 + 2) - 2.0 / 5, 1e-12);
  auto none = fitted_lp({0, 0}, {1, -1}, false, 1, true);
  EXPECT_EQ(shaped(*none, 5), 0);
}

TEST(Bns, GoldenScores) {  // spec 9.10
  EXPECT_NEAR(bns_score(0.8, 0.1), 2.12317280, 1e-8);
  EXPECT_NEAR(bns_score(1, 0), 6.58105346, 1e-8);
  EXPECT_NEAR(normal_quantile(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(normal_quantile(0.0005), -3.290526731491926, 1e-13);
  std::vector<std::pair<double, int>> data;
  const int labels[] = {-1, -1, 1, -1, 1, 1};
  for (int v = 1; v <= 6; ++v) data.emplace_back(v, labels[v - 1]);
  EXPECT_NEAR(bns_of_feature(data), 3.72125403, 1e-8);  // threshold 4.5: tpr 2/3, fpr 0
  EXPECT_EQ(bns_of_feature({{1, 1}, {2, 1}}), 0);       // one class
}

TEST(Bns, ScalesEachFeatureToZeroBns) {  // D-BNS-2
  auto p = Pipeline::build("bns(warmup=6) | pa").take();
  const int labels[] = {-1, -1, 1, -1, 1, 1};
  for (int v = 1; v <= 6; ++v) {
    const double x[] = {static_cast<double>(v), 7};
    p->learn_one(x, 2, labels[v - 1]);
  }
  const Snapshot s = p->scaler(0).snapshot();
  EXPECT_NEAR((*s.array("bns"))[0], 3.72125403, 1e-8);
  EXPECT_EQ((*s.array("bns"))[1], 0);  // constant
  std::vector<double> out(2);
  const double x[] = {6, 7};
  p->scaler(0).transform(x, out.data());
  expect_near_all(out, {3.72125403, 0}, 1e-8);
}

TEST(Shaping, TheS1PipelineRunsStageByStage) {  // S1's "Shaping": LP -> BNS -> L2
  auto p = Pipeline::build("lp(warmup=20) | bns(warmup=20) | l2 | pa1").take();
  for (int i = 0; i < 50; ++i) {
    const double x[] = {static_cast<double>(i % 7), static_cast<double>((i * 3) % 11)};
    p->learn_one(x, 2, i % 7 > 3 ? 1 : -1);
  }
  EXPECT_EQ(p->progress().rows(), 50u);
  EXPECT_EQ(*p->scaler(0).snapshot().scalar("fitted_on"), 20);
  EXPECT_EQ(*p->scaler(1).snapshot().scalar("fitted_on"), 20);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(LpShaper, SnapshotHoldsEachFeaturesShapingCurve) {
  auto lp = fitted_lp({1, 2, 3, 4, 5, 6}, {-1, -1, 1, -1, 1, 1}, false, 1);
  const Snapshot s = lp->snapshot();
  EXPECT_EQ(*s.array("curve_x_0"), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  testing::expect_near_all(*s.array("curve_y_0"), {0.25, 0.4, 0.4, 0.6, 0.6, 0.75}, 1e-12);
}

}  // namespace
}  // namespace onepass
