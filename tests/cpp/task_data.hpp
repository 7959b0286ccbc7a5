// Small generated data sets of the multiclass and regression tasks, for the tests of the
// protocols and of the documents they write: the same rows from the same seed.
#pragma once

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "core/seeded_random.hpp"
#include "onepass/api/dataset.hpp"

namespace onepass::testing {

// Three classes by the first feature's third of [0, 3), a noisy second feature beside it.
inline std::string classes_csv(std::size_t n, std::uint64_t seed) {
  SeededRandom rng(seed);
  std::string text = "a,b,kind\n";
  const char* names[] = {"low", "mid", "high"};
  for (std::size_t i = 0; i < n; ++i) {
    const double a = static_cast<double>(rng.below(3000)) / 1000;
    const double b = static_cast<double>(rng.below(1000)) / 1000;
    text += std::to_string(a) + "," + std::to_string(b) + "," + names[static_cast<int>(a)] + "\n";
  }
  return text;
}

// y = 3a - 2b + 5 plus a small noise.
inline std::string numbers_csv(std::size_t n, std::uint64_t seed) {
  SeededRandom rng(seed);
  std::string text = "a,b,price\n";
  for (std::size_t i = 0; i < n; ++i) {
    const double a = static_cast<double>(rng.below(2000)) / 1000 - 1;
    const double b = static_cast<double>(rng.below(2000)) / 1000 - 1;
    const double noise = static_cast<double>(rng.below(1000)) / 10000 - 0.05;
    text += std::to_string(a) + "," + std::to_string(b) + "," +
            std::to_string(3 * a - 2 * b + 5 + noise) + "\n";
  }
  return text;
}

// A CSV's rows held in memory with the default options (the test fails if they are not).
inline std::unique_ptr<Dataset> read_dataset(const std::string& text) {
  auto d = Dataset::csv(CsvOptions{});
  EXPECT_TRUE(d) << d.message();
  EXPECT_TRUE(d.value()->push(text.data(), text.size()));
  EXPECT_TRUE(d.value()->finish());
  return d.take();
}

}  // namespace onepass::testing
