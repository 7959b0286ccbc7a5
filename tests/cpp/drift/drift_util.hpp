// Helpers of the drift detectors' tests (docs/algorithms.md 6.8).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/seeded_random.hpp"
#include "drift/detector.hpp"

namespace onepass::testing {

// A detector from a spec ("ddm(warm_start=2)"); the test fails on an error.
inline std::unique_ptr<DriftDetector> detector(const std::string& spec) {
  Result<std::unique_ptr<DriftDetector>> d = parse_detector(spec);
  EXPECT_TRUE(d) << spec << ": " << d.message();
  return d ? d.take() : nullptr;
}

// The signals of a stream, one letter a row: '.' none, 'w' warning, 'D' drift.
inline std::string signals(DriftDetector& d, const std::vector<double>& xs) {
  std::string out;
  for (double x : xs) {
    const DriftSignal s = d.update(x);
    out += s == DriftSignal::drift ? 'D' : s == DriftSignal::warning ? 'w' : '.';
  }
  return out;
}

// n copies of x.
inline std::vector<double> repeat(double x, std::size_t n) {
  return std::vector<double>(n, x);
}
// Runs of equal values: runs({{0, 10}, {1, 7}}) is ten 0s then seven 1s.
inline std::vector<double> runs(std::initializer_list<std::pair<double, std::size_t>> parts) {
  std::vector<double> out;
  for (const auto& [x, n] : parts) out.insert(out.end(), n, x);
  return out;
}

// 1 with probability p: the top 53 bits of SplitMix64 as a uniform number in [0, 1).
inline double bernoulli(SeededRandom& random, double p) {
  return static_cast<double>(random.next() >> 11) * 0x1.0p-53 < p ? 1 : 0;
}

}  // namespace onepass::testing
