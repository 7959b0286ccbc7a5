// The progressive curve's bound (docs/algorithms.md 6.1, eval/curve_bound.hpp): past
// kMaxCurvePoints the curve drops every other point and doubles its stride, evenly spaced and
// bounded however long the stream, and a resumed run thins as the uninterrupted one. The
// windowed error at each curve point, and states saved before points kept it. The reliability
// bins of the progressive probabilities (docs/algorithms.md 6.5).
#include "eval/progressive.hpp"
#include "core/limits.hpp"
#include "core/numerics.hpp"
#include "eval/task_progress.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

TEST(ProgressiveCurve, StaysBoundedAndEvenlySpacedOverALongStream) {
  Progressive p(1);
  const std::uint64_t rows = 3 * kMaxCurvePoints + 7;
  for (std::uint64_t t = 0; t < rows; ++t) p.record(t % 3 == 0 ? 1 : -1, 1, 0, false);
  const auto& curve = p.curve();
  ASSERT_LT(curve.size(), kMaxCurvePoints);
  ASSERT_GE(curve.size(), kMaxCurvePoints / 2);
  EXPECT_EQ(p.every(), 4u);  // doubled twice: at 10,000 rows, then at 20,000 more
  for (std::size_t i = 0; i < curve.size(); ++i) {
    EXPECT_EQ(curve[i].rows, 4 * (i + 1));
    // Each point still holds the mistakes up to its row: two of every three rows.
    EXPECT_EQ(curve[i].mistakes, curve[i].rows - (curve[i].rows + 2) / 3);
  }
  // Resumed from its saved state halfway, the run ends with the same curve and stride.
  Progressive a(1), b;
  for (std::uint64_t t = 0; t < rows; ++t) {
    if (t == rows / 2) ASSERT_TRUE(b.load(a.save()));
    (t < rows / 2 ? a : b).record(t % 3 == 0 ? 1 : -1, 1, 0, false);
  }
  EXPECT_EQ(b.save(), p.save());
}

TEST(ProgressiveCurve, TheTasksCurveIsBoundedToo) {
  TaskProgress p(Task::regression, 1);
  for (std::uint64_t t = 0; t < 2 * kMaxCurvePoints; ++t) p.record_value(1.0, 0.5);
  // Thinned at 10,000 rows to a stride of 2, and at 20,000 (10,000 points again) to 4.
  EXPECT_EQ(p.curve().size(), kMaxCurvePoints / 2);
  EXPECT_EQ(p.every(), 4u);
  EXPECT_EQ(p.curve().back().rows, 2 * kMaxCurvePoints);
}

// A state as saved before curve points kept their windowed errors: without its last C + 1
// values (the errors, then -1 - C).
std::vector<double> without_window_errors(std::vector<double> v) {
  if (!v.empty() && v.back() < 0) v.resize(v.size() - static_cast<std::size_t>(-v.back()));
  return v;
}

// Every 2 rows, a window of 3; mistakes on rows 1, 4 and 5 of 6. Each point keeps the error of
// the last 3 rows up to its own: row 2 (1 0) 1/2, row 4 (0 0 1) 1/3, row 6 (1 1 0) 2/3.
TEST(ProgressiveCurve, EachPointKeepsTheWindowsErrorByHand) {
  Progressive p(2, 3), none(2);
  const int missed[] = {1, 0, 0, 1, 1, 0, 1, 1};
  for (int i = 0; i < 6; ++i)
    for (Progressive* q : {&p, &none}) q->record(missed[i] ? -1 : 1, 1, 0, false);
  const double want[] = {1.0 / 2, 1.0 / 3, 2.0 / 3};
  ASSERT_EQ(p.curve().size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(p.curve()[k].rows, 2 * (k + 1));
    EXPECT_EQ(p.curve()[k].window_error, want[k]);
    EXPECT_TRUE(std::isnan(none.curve()[k].window_error));  // no window
  }
  EXPECT_EQ(p.curve().back().window_error, p.rolling_error());
  EXPECT_GE(none.save().back(), 0);  // nothing added without a window
  // Saved and resumed, the points and the window go on as the uninterrupted run's.
  Progressive resumed;
  ASSERT_TRUE(resumed.load(p.save()));
  EXPECT_EQ(resumed.save(), p.save());
  for (int i = 6; i < 8; ++i)
    for (Progressive* q : {&p, &resumed}) q->record(missed[i] ? -1 : 1, 1, 0, false);
  EXPECT_EQ(resumed.save(), p.save());
  EXPECT_EQ(resumed.curve().back().window_error, 2.0 / 3);  // row 8: 0 1 1
  // A state saved before points kept the windowed error loads with NaN ones, the rest alike.
  Progressive older;
  ASSERT_TRUE(older.load(without_window_errors(p.save())));
  ASSERT_EQ(older.curve().size(), 4u);
  EXPECT_TRUE(std::isnan(older.curve()[0].window_error));
  EXPECT_EQ(older.curve()[3].mistakes, 5u);
  EXPECT_EQ(older.rolling_error(), p.rolling_error());
  older.record(-1, 1, 0, false);
  older.record(1, 1, 0, false);  // row 10: 1 0 1 -- 2/3 again, once more rows come
  EXPECT_EQ(older.curve().back().window_error, 2.0 / 3);
  // A count of errors that does not fit the curve is a damaged state.
  std::vector<double> bad = p.save();
  bad.back() -= 1;
  EXPECT_FALSE(older.load(bad));
}

// docs/algorithms.md 6.5: ten bins of width 0.1 by the probability sigma(margin), each with
// its rows, their mean probability and their share of positives; a probability of exactly 1
// is in the last bin.
TEST(ProgressiveReliability, BinsTheProbabilitiesByTenths) {
  Progressive p;
  const double logit = std::log(0.25 / 0.75);  // 0.25: bin 2
  p.record(-1, 1, logit, true);
  p.record(-1, -1, logit, true);
  p.record(1, 1, HUGE_VAL, true);  // 1: bin 9
  p.record(1, -1, 0.0, true);      // 0.5: bin 5
  const ReliabilityBins& r = p.reliability();
  EXPECT_EQ(r.rows(), 4);
  EXPECT_EQ(r.count[2], 2);
  EXPECT_NEAR(r.mean_probability(2), 0.25, 1e-15);
  EXPECT_EQ(r.observed_rate(2), 0.5);
  EXPECT_EQ(r.count[9], 1);
  EXPECT_EQ(r.observed_rate(9), 1);
  EXPECT_EQ(r.observed_rate(5), 0);
  EXPECT_TRUE(std::isnan(r.mean_probability(0)));
  // A model without probabilities keeps none.
  Progressive q;
  q.record(1, 1, 3.0, false);
  EXPECT_EQ(q.reliability().rows(), 0);
  EXPECT_FALSE(q.probabilistic());
}

// The bins are saved after the window's values and resume exactly; a state saved before they
// were kept (none after the window) loads with empty bins, with or without a window.
TEST(ProgressiveReliability, BinsResumeAndOlderStatesLoad) {
  for (std::uint64_t window : {0, 3, 15}) {
    SCOPED_TRACE(window);
    Progressive whole(2, window), first(2, window), resumed;
    for (int i = 0; i < 40; ++i) {
      const double margin = std::sin(i * 0.7) * 4;
      const int y = i % 3 ? 1 : -1;
      whole.record(margin >= 0 ? 1 : -1, y, margin, true);
      if (i < 17) first.record(margin >= 0 ? 1 : -1, y, margin, true);
      if (i == 16) ASSERT_TRUE(resumed.load(first.save()));
      if (i > 16) resumed.record(margin >= 0 ? 1 : -1, y, margin, true);
    }
    EXPECT_EQ(resumed.save(), whole.save());
    std::vector<double> older = without_window_errors(whole.save());
    older.resize(older.size() - 3 * ReliabilityBins::kBins);
    Progressive back;
    ASSERT_TRUE(back.load(older));
    EXPECT_EQ(back.rows(), whole.rows());
    EXPECT_EQ(back.reliability().rows(), 0);
    EXPECT_EQ(back.log_loss(), whole.log_loss());
    // Bins that do not add up (more positives than rows) are a damaged state.
    std::vector<double> bad = without_window_errors(whole.save());
    bad[bad.size() - 1] = bad[bad.size() - 1 - 2 * ReliabilityBins::kBins] + 1;
    EXPECT_FALSE(back.load(bad));
  }
}

}  // namespace
}  // namespace onepass
