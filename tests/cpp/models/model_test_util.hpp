// What the model tests share: the bundled heart data set read whole, and states compared within
// a relative tolerance.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/csv_reader.hpp"
#include "learners/learner.hpp"
#include "test_util.hpp"

namespace onepass::testing {

inline RowBlock heart_rows() {
  const std::string text = read_data_file("heart.csv");
  CsvReader r({});
  RowBlock rows;
  EXPECT_TRUE(r.feed(text.data(), text.size(), rows));
  EXPECT_TRUE(r.finish(rows));
  return rows;
}

// Equal within `tol` relative to the magnitude (at least 1).
inline void expect_close(const std::vector<double>& got, const std::vector<double>& want,
                         double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], tol * std::max(1.0, std::fabs(want[i]))) << "index " << i;
}

inline void expect_close(const LearnerState& got, const LearnerState& want, double tol) {
  expect_close(got.params, want.params, tol);
  expect_close(got.state, want.state, tol);
  ASSERT_EQ(got.inner.size(), want.inner.size());
  for (std::size_t i = 0; i < got.inner.size(); ++i) expect_close(got.inner[i], want.inner[i], tol);
}

}  // namespace onepass::testing
