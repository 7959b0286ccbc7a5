#include "io/row_values.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace onepass {
namespace {

std::vector<double> values_of(const RowValues& v) {
  return {v.begin(), v.end()};
}

TEST(RowValues, GrowingKeepsWhatWasWrittenAcrossReallocations) {
  RowValues v;
  EXPECT_TRUE(v.empty());
  std::vector<double> expected;
  // 1,000 rows of 3: well past the first capacity (64), so the array moves several times.
  for (int row = 0; row < 1000; ++row) {
    const std::size_t at = v.size();
    v.resize(at + 3);
    for (int j = 0; j < 3; ++j) {
      v[at + j] = row * 10 + j;
      expected.push_back(row * 10 + j);
    }
  }
  EXPECT_EQ(values_of(v), expected);
  v.resize(6);  // shrinking keeps the first values
  EXPECT_EQ(values_of(v), (std::vector<double>{0, 1, 2, 10, 11, 12}));
  const double* before = v.data();
  v.resize(2000);  // within the capacity: no move
  EXPECT_EQ(v.data(), before);
  v.clear();
  EXPECT_EQ(v.size(), 0u);
  EXPECT_EQ(v.data(), before);  // clear keeps the storage for the next block
}

TEST(RowValues, AppendCopyAndMoveAreValueSemantics) {
  RowValues a{1, 2};
  a.append({3});
  const double more[] = {4, 5};
  a.append(more, more + 2);
  EXPECT_EQ(values_of(a), (std::vector<double>{1, 2, 3, 4, 5}));
  RowValues copy = a;
  copy[0] = 9;
  EXPECT_EQ(a[0], 1);  // a copy owns its own values
  RowValues moved = std::move(copy);
  EXPECT_EQ(values_of(moved), (std::vector<double>{9, 2, 3, 4, 5}));
  moved = a;
  EXPECT_EQ(values_of(moved), values_of(a));
  const RowValues& same = moved;
  moved = same;  // self-assignment leaves it as it was
  EXPECT_EQ(values_of(moved), values_of(a));
  moved = {7};
  EXPECT_EQ(values_of(moved), std::vector<double>{7});
  a.append(a.begin(), a.begin());  // nothing to append
  EXPECT_EQ(a.size(), 5u);
}

TEST(RowValues, AppendingItsOwnValuesSurvivesTheMove) {
  RowValues v;
  for (int i = 0; i < 64; ++i) v.append({static_cast<double>(i)});
  v.append(v.begin(), v.end());  // 128 > the capacity of 64: the source is the old storage
  ASSERT_EQ(v.size(), 128u);
  for (std::size_t i = 0; i < 128; ++i) EXPECT_EQ(v[i], static_cast<double>(i % 64)) << i;
}

}  // namespace
}  // namespace onepass
