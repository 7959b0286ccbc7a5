// Short streams worked out by hand for each drift detector (docs/algorithms.md 6.8.1-6.8.7):
// the statistics row by row in the comments, the signals as one letter a row ('.' none,
// 'w' warning, 'D' drift). A drift restarts the detector, so the row after it starts afresh.
#include <cmath>

#include "drift/adwin.hpp"
#include "drift/ddm.hpp"
#include "drift/kswin.hpp"
#include "drift/page_hinkley.hpp"
#include "drift_util.hpp"

namespace onepass {
namespace {

using testing::detector;
using testing::repeat;
using testing::runs;
using testing::signals;

// ---- DDM, docs/algorithms.md 6.8.2 ----

TEST(DdmTrace, RateAndDeviationByHand) {
  auto ddm = detector("ddm(warm_start=2)");  // thresholds 2 and 3
  // i  x  p_i    s_i = sqrt(p(1-p)/i)  p+s     judged (i > 2)
  // 1  1  1      0                     1       no
  // 2  0  1/2    0.35355               0.85355 no
  // 3  0  1/3    0.27217               0.60550 lowest: p_min = 1/3, s_min = 0.27217
  // 4  0  1/4    0.21651               0.46651 lowest
  // 5  0  1/5    0.17889               0.37889 lowest: warn above 0.2 + 2 s_min = 0.55777,
  //                                            drift above 0.2 + 3 s_min = 0.73666
  // 6  1  1/3    0.19245               0.52578 none
  // 7  1  3/7    0.18704               0.61561 warning
  // 8  1  1/2    0.17678               0.67678 warning
  // 9  1  5/9    0.16563               0.72119 warning
  // 10 1  3/5    0.15492               0.75492 drift
  EXPECT_EQ(signals(*ddm, {1, 0, 0, 0, 0, 1, 1, 1, 1}), "......www");
  EXPECT_DOUBLE_EQ(static_cast<Ddm&>(*ddm).error_rate(), 5.0 / 9);
  EXPECT_EQ(signals(*ddm, {1}), "D");
  // Started afresh: one value read is not judged, and the rate is that value.
  EXPECT_EQ(ddm->rows(), 0u);
  EXPECT_EQ(signals(*ddm, {0}), ".");
  EXPECT_EQ(static_cast<Ddm&>(*ddm).error_rate(), 0);
}

TEST(DdmTrace, AnErrorFreeStartDriftsOnTheFirstError) {
  // p = s = 0 at the lowest point, so any error after the warm start exceeds p_min + 3 s_min:
  // the paper's rule (and River's) taken literally (docs/algorithms.md 6.8.2).
  auto ddm = detector("ddm");
  EXPECT_EQ(signals(*ddm, runs({{0, 40}, {1, 1}})), std::string(40, '.') + "D");
}

// ---- EDDM, docs/algorithms.md 6.8.3 ----

TEST(EddmTrace, DistancesBetweenErrorsByHand) {
  auto eddm = detector("eddm(warm_start=2)");  // alpha 0.95, beta 0.9
  // Errors at rows 1, 2, 3, 5, 6, 7: distances 1, 1, 1, 2, 1, 1 (the first from row 0).
  // error  row d  mean p'  sample var   p' + 2 s'  max      level
  // 1      1   1  1        0            -          -        (row 1 <= warm start)
  // 2      2   1  1        0            -          -        (row 2 <= warm start)
  // 3      3   1  1        0            1          1
  // 4      5   2  1.25     0.25         2.25       2.25
  // 5      6   1  1.2      0.2          2.09443    2.25     0.93086 < 0.95: warning
  // 6      7   1  7/6      1/6          1.98316    2.25     0.88141 < 0.9: drift
  // (var: v += ((d - mean_before)(d - mean_after) - v)/(errors - 1), as River's stats.Var.)
  EXPECT_EQ(signals(*eddm, {1, 1, 1, 0, 1, 1}), ".....w");
  EXPECT_DOUBLE_EQ(static_cast<Eddm&>(*eddm).mean_distance(), 1.2);
  // A row without an error keeps the warning, as River's flag does.
  auto held = detector("eddm(warm_start=2)");
  EXPECT_EQ(signals(*held, {1, 1, 1, 0, 1, 1, 0, 0}), ".....www");
  EXPECT_EQ(signals(*eddm, {1}), "D");
  EXPECT_EQ(signals(*eddm, {1, 1}), "..");
}

// ---- HDDM_A, docs/algorithms.md 6.8.4 ----

TEST(HddmATrace, HoeffdingBoundsByHand) {
  auto hddm = detector("hddm_a");  // drift 0.001, warning 0.005
  // Ten 0s: the mean stays 0 and the bound eps_k = sqrt(ln(1000)/(2k)) shrinks, so the cut point
  // moves to every row: c = 10, eps_10 = 0.58770. Then 1s: the mean after n rows is (n - 10)/n,
  // and 0 + eps_10 >= mean_n + eps_n never holds again, so c stays 10. With m = (n - c)/(c n):
  // n   mean      drift bound sqrt(m/2 ln 2000)  warning bound sqrt(m/2 ln 400)
  // 14  0.28571   0.32952                        0.29256   none
  // 15  0.33333   0.35593                        0.31600   warning
  // 16  0.375     0.37751                        0.33517   warning
  // 17  0.41176   0.39559                        -         drift
  EXPECT_EQ(signals(*hddm, runs({{0, 10}, {1, 7}})), std::string(14, '.') + "wwD");
  // A decrease is only seen two-sided (mirrored: the highest mean minus its bound).
  auto one = detector("hddm_a");
  EXPECT_EQ(signals(*one, runs({{1, 10}, {0, 8}})), std::string(18, '.'));
  auto two = detector("hddm_a(two_sided_test=true)");
  EXPECT_EQ(signals(*two, runs({{1, 10}, {0, 7}})), std::string(14, '.') + "wwD");
}

// ---- HDDM_W, docs/algorithms.md 6.8.5 ----

TEST(HddmWTrace, McDiarmidBoundsByHand) {
  auto hddm = detector("hddm_w(lambda_val=0.2)");
  // The sum of the weights' squares: D_1 = 1, D_t = 0.04 + 0.64 D_{t-1}, towards 1/9.
  // Thirty 0s: the cut point moves to every row (mean 0, shrinking bound), so the average
  // before it has mean 0 and D_30 = 1/9 + (8/9) 0.64^29 = 0.111113. The 1s after it: mean 1 and
  // D = 1, 0.68, 0.4752, 0.344128, 0.260242, 0.206555, 0.172195 after 1 ... 7 of them.
  // A gap of 1 exceeds sqrt((D_30 + D) ln(1/a)/2) for a = 0.005 (ln 200/2 = 2.64916) from
  // D = 0.260242 (bound 0.99186; 1.0982 at D = 0.344128), and for a = 0.001 (ln 1000/2 =
  // 3.45388) from D = 0.172195 (bound 0.98920; 1.0475 at D = 0.206555).
  EXPECT_EQ(signals(*hddm, runs({{0, 30}, {1, 7}})), std::string(34, '.') + "wwD");
  // (River, whose D starts at lambda^2 + (1 - lambda)^2 instead of 1, warns on this stream at
  // row 34 and drifts at row 36: docs/algorithms.md 6.8.5.) Decreases mirror it, two-sided only.
  auto two = detector("hddm_w(lambda_val=0.2, two_sided_test=true)");
  EXPECT_EQ(signals(*two, runs({{1, 30}, {0, 7}})), std::string(34, '.') + "wwD");
  auto one = detector("hddm_w(lambda_val=0.2)");
  EXPECT_EQ(signals(*one, runs({{1, 30}, {0, 7}})), std::string(37, '.'));
}

// ---- Page-Hinkley, docs/algorithms.md 6.8.6 ----

TEST(PageHinkleyTrace, CumulativeSumsByHand) {
  auto ph = detector("page_hinkley(min_instances=3, delta=0.1, threshold=2, alpha=1)");
  auto& sums = static_cast<PageHinkley&>(*ph);
  // row x  mean dev  up = sum(dev - 0.1)  down = sum(dev + 0.1)  up - min(up)  max(down) - down
  // 1   0  0    0    -0.1                  0.1                   0             0
  // 2   0  0    0    -0.2                  0.2                   0             0
  // 3   0  0    0    -0.3                  0.3                   0             0
  // 4   2  0.5  1.5  1.1                   1.9                   1.4           0
  // 5   2  0.8  1.2  2.2                   3.2                   2.5 > 2: drift
  EXPECT_EQ(signals(*ph, {0, 0, 0, 2}), "....");
  EXPECT_DOUBLE_EQ(sums.mean(), 0.5);
  EXPECT_NEAR(sums.increase(), 1.4, 1e-12);
  EXPECT_NEAR(sums.decrease(), 0, 1e-12);
  EXPECT_EQ(signals(*ph, {2}), "D");
  EXPECT_EQ(sums.mean(), 0);  // started afresh
}

TEST(PageHinkleyTrace, FadingAndModes) {
  // alpha = 0.5 fades the sums: up = -0.1, -0.15, -0.175, then 0.5 (-0.175) + 1.5 - 0.1 =
  // 1.3125, 1.4875 above its lowest point: over a threshold of 1.45, which the unfaded sum (1.4)
  // stays under.
  auto faded = detector("page_hinkley(min_instances=3, delta=0.1, threshold=1.45, alpha=0.5)");
  EXPECT_EQ(signals(*faded, {0, 0, 0, 2}), "...D");
  auto plain = detector("page_hinkley(min_instances=3, delta=0.1, threshold=1.45, alpha=1)");
  EXPECT_EQ(signals(*plain, {0, 0, 0, 2}), "....");
  // A fall: 5, 5, 5, 1 gives mean 4, deviation -3, down = 0.3 - 3 + 0.1 = -2.6, 2.9 under its
  // highest point 0.3; up = -3.4 is a new lowest point, so it rises by nothing.
  for (const auto& [mode, expected] :
       {std::pair<const char*, const char*>{"both", "...D"}, {"down", "...D"}, {"up", "...."}}) {
    auto ph = detector(std::string("page_hinkley(min_instances=3, delta=0.1, threshold=1, "
                                   "alpha=1, mode=") +
                       mode + ")");
    EXPECT_EQ(signals(*ph, {5, 5, 5, 1}), expected) << mode;
  }
}

// ---- ADWIN, docs/algorithms.md 6.8.1 ----

TEST(AdwinTrace, CutsZerosFromOnesByHand) {
  // One value a bucket (max_buckets 1000), a check on every row from the first, sub-windows of
  // any length: the candidate cuts are the n0 oldest values against the newest n1 = W - n0, and
  // 1/m = 1/n0 + 1/n1. Six 0s then 1s, delta = 0.9:
  // row 10 (6 zeros, 4 ones): var = 0.24, ln(2 ln 10/0.9) = 1.63254. The 0s against the 1s
  //   (gap 1): eps = sqrt(2 (5/12) 0.24 1.63254) + (2/3)(5/12) 1.63254 = 1.02487 > 1; five 0s
  //   against the rest (gap 0.8, 1/m = 0.4): eps = 0.99519. No cut.
  // row 11 (6 zeros, 5 ones): var = 30/121, ln(2 ln 11/0.9) = 1.67309. The 0s against the 1s
  //   (1/m = 11/30): eps = sqrt(2 (11/30)(30/121) 1.67309) + (2/3)(11/30) 1.67309 = 0.96052 < 1;
  //   the cuts before it (gaps 5/6, 5/7, ...) stay under their bounds. A cut: drift.
  const char* spec =
      "adwin(delta=0.9, clock=1, max_buckets=1000, min_window_length=1, "
      "grace_period=0)";
  auto adwin = detector(spec);
  EXPECT_EQ(signals(*adwin, runs({{0, 6}, {1, 4}})), "..........");
  EXPECT_EQ(static_cast<Adwin&>(*adwin).width(), 10);
  EXPECT_EQ(signals(*adwin, {1}), "D");
  EXPECT_EQ(static_cast<Adwin&>(*adwin).width(), 0);  // River starts an empty window
  // Checked every 4 rows, the same cut waits for row 12.
  auto slow = detector(
      "adwin(delta=0.9, clock=4, max_buckets=1000, min_window_length=1, "
      "grace_period=0)");
  EXPECT_EQ(signals(*slow, runs({{0, 6}, {1, 6}})), "...........D");
  // River's defaults see nothing in so few values (no check before row 32, and at least 5
  // values each side).
  auto defaults = detector("adwin");
  EXPECT_EQ(signals(*defaults, runs({{0, 6}, {1, 26}})), std::string(32, '.'));
  EXPECT_DOUBLE_EQ(static_cast<Adwin&>(*defaults).mean(), 26.0 / 32);
}

TEST(AdwinTrace, BucketsStayLogarithmic) {
  auto adwin = detector("adwin");
  auto& a = static_cast<Adwin&>(*adwin);
  // Ten values: row 0 holds 4 buckets of 1, row 1 three of 2 (each sixth bucket of a row
  // merges the two oldest into the next row).
  signals(*adwin, repeat(0, 10));
  EXPECT_EQ(a.bucket_rows(), 2u);
  // 100,000 equal values: no cut, and about log2(W / 5) rows of at most 5 buckets each.
  for (int i = 0; i < 99990; ++i) ASSERT_EQ(adwin->update(0.5), DriftSignal::none);
  EXPECT_EQ(a.width(), 100000);
  EXPECT_LE(a.bucket_rows(), 17u);
  EXPECT_GE(a.bucket_rows(), 14u);
}

// ---- KSWIN, docs/algorithms.md 6.8.7 ----

TEST(KswinTrace, ExactPValues) {
  // P(D >= h/n) = 2 sum_k (-1)^(k-1) C(2n, n - kh)/C(2n, n):
  // n = 2: h = 1 gives 2 (4 - 1)/6 = 1; h = 2 gives 2/6 (the two samples apart).
  EXPECT_DOUBLE_EQ(ks_equal_sizes_p_value(2, 1), 1);
  EXPECT_DOUBLE_EQ(ks_equal_sizes_p_value(2, 2), 1.0 / 3);
  // n = 3: h = 2 gives 2 (6 - 0)/20 = 0.6; h = 3 gives 2/20.
  EXPECT_DOUBLE_EQ(ks_equal_sizes_p_value(3, 2), 0.6);
  EXPECT_DOUBLE_EQ(ks_equal_sizes_p_value(3, 3), 0.1);
  EXPECT_EQ(ks_equal_sizes_p_value(30, 0), 1);
  // n = 30 (River's stat_size), C(60, 30) = 118264581564861424:
  // h = 13: 2 (C(60, 17) - C(60, 4)) = 2 (387221678682300 - 487635); p = 0.006548396368058781
  // h = 14: 2 (C(60, 16) - C(60, 2)) = 2 (149608375854525 - 1770);   p = 0.0025300622362698384
  // so at alpha = 0.005 the test rejects from D = 14/30. The values are scipy's evaluation.
  EXPECT_NEAR(ks_equal_sizes_p_value(30, 13), 0.006548396368058781, 1e-16);
  EXPECT_NEAR(ks_equal_sizes_p_value(30, 14), 0.0025300622362698384, 1e-16);
}

TEST(KswinTrace, SmallWindowByHand) {
  // window 4, stat_size 2: the 2 older values are all drawn, whatever the seed.
  // row 4: older {0, 0}, newer {0, 0}: D = 0.
  // row 5: older {0, 0}, newer {0, 1}: at 0 the distributions are 1 and 1/2: D = 1/2, p = 1.
  // row 6: older {0, 0}, newer {1, 1}: D = 1, p = 1/3 <= alpha = 0.4 and D > 0.1: drift.
  auto kswin = detector("kswin(alpha=0.4, window_size=4, stat_size=2)");
  auto& k = static_cast<Kswin&>(*kswin);
  EXPECT_EQ(signals(*kswin, {0, 0, 0, 0, 1}), ".....");
  EXPECT_DOUBLE_EQ(k.statistic(), 0.5);
  EXPECT_DOUBLE_EQ(k.p_value(), 1);
  EXPECT_EQ(signals(*kswin, {1}), "D");
  // Started afresh (River): an empty window, no test until it holds 4 values again; then the
  // same values the other way round drift alike.
  EXPECT_EQ(signals(*kswin, {1, 1, 1, 1}), "....");
  EXPECT_DOUBLE_EQ(k.statistic(), 0);
  EXPECT_EQ(signals(*kswin, {0, 0}), ".D");
}

}  // namespace
}  // namespace onepass
