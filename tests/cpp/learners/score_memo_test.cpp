// ScoreMemo (learners/score_memo.hpp): a kept score comes back only for the same row in the same
// place, the same tag and a margin equal to the score given for the row, and only once.
#include "learners/score_memo.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

namespace onepass {
namespace {

TEST(ScoreMemo, GivesTheKeptScoreOnceForTheSameDenseRowAndMargin) {
  const double x[3] = {1, 2, 3};
  ScoreMemo m;
  m.keep(x, 0.25, 0.75);
  const double margin = 0.75;
  EXPECT_EQ(m.recall(x, &margin), 0.25);         // the inner score, not the margin
  EXPECT_FALSE(m.recall(x, &margin));            // dropped by the recall
  EXPECT_FALSE(ScoreMemo().recall(x, &margin));  // nothing kept
}

TEST(ScoreMemo, RefusesAnotherRowMarginOrTag) {
  const double x[2] = {1, 2}, other[2] = {1, 2};
  const double margin = 0.5, wrong = 0.5000000001, nan = std::nan("");
  ScoreMemo m;
  const auto recall_after_keep = [&](const double* row, const double* given, std::size_t tag) {
    m.keep(x, 0.5, 0.5, 1);
    return m.recall(row, given, tag);
  };
  EXPECT_EQ(recall_after_keep(x, &margin, 1), 0.5);
  EXPECT_FALSE(recall_after_keep(other, &margin, 1));  // same values, another place
  EXPECT_FALSE(recall_after_keep(x, &wrong, 1));
  EXPECT_FALSE(recall_after_keep(x, nullptr, 1));  // a learn without a margin
  EXPECT_FALSE(recall_after_keep(x, &nan, 1));
  EXPECT_FALSE(recall_after_keep(x, &margin, 0));  // another member's
  m.keep(x, 0.5, nan);
  EXPECT_FALSE(m.recall(x, &nan));  // a NaN margin never equals
  m.keep(x, 0.5, 0.5);
  EXPECT_FALSE(m.recall(x, &wrong));
  EXPECT_FALSE(m.recall(x, &margin));  // a refused recall drops the score too
}

TEST(ScoreMemo, KnowsASparseRowByItsArraysAndNonZeros) {
  std::uint32_t index[3] = {0, 4, 7};
  double value[3] = {1, 1, 1}, values2[3] = {1, 1, 1};
  const SparseRow row{index, value, 3};
  const double margin = -1;
  ScoreMemo m;
  m.keep(row, 2, -1);
  EXPECT_EQ(m.recall(row, &margin), 2.0);
  m.keep(row, 2, -1);
  EXPECT_FALSE(m.recall(SparseRow{index, value, 2}, &margin));  // fewer non-zeros
  m.keep(row, 2, -1);
  EXPECT_FALSE(m.recall(SparseRow{index, values2, 3}, &margin));  // other values' place
  m.keep(row, 2, -1);
  m.forget();
  EXPECT_FALSE(m.recall(row, &margin));
}

}  // namespace
}  // namespace onepass
