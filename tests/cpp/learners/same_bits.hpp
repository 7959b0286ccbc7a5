// Bit-for-bit agreement of two runs that must not differ (a shortcut against the learner
// without it), for the learners' tests.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace onepass::testing {

// The bits of a double: what two runs that must agree bit for bit compare.
inline std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// a and b bit for bit, a difference named by `what` and its index.
inline void expect_same_bits(const std::vector<double>& a, const std::vector<double>& b,
                             const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(bits(a[i]), bits(b[i])) << what << " [" << i << "]: " << a[i] << " vs " << b[i];
}

}  // namespace onepass::testing
