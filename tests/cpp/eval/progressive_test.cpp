// The progressive curve's bound (docs/algorithms.md 6.1, eval/curve_bound.hpp): past
// kMaxCurvePoints the curve drops every other point and doubles its stride, evenly spaced and
// bounded however long the stream, and a resumed run thins as the uninterrupted one.
#include "eval/progressive.hpp"
#include "core/limits.hpp"
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

}  // namespace
}  // namespace onepass
