// A seeded random sequence for shuffling (the runner's shuffle buffer, the evaluation protocols'
// splits and folds) and for the synthetic streams (streams/): SplitMix64 (Steele, Lea & Flood
// 2014), the same sequence in every build, unlike std::shuffle and the standard distributions,
// whose results differ between standard libraries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace onepass {

// The seed of a shuffle or a split when the user gives none, in every front end.
inline constexpr std::uint64_t kDefaultSeed = 1;

class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}
  // The whole state: SeededRandom(state()) continues the same sequence, so a saved stage that
  // draws (the KSWIN detector, docs/algorithms.md 6.8) resumes exactly.
  std::uint64_t state() const { return state_; }
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), without modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t v;
    do v = next();
    while (v >= limit);
    return v % n;
  }
  // Uniform in [0, 1): the top 53 bits as the significand of a double, so every value is a
  // multiple of 2^-53 and the same in every build (std::uniform_real_distribution is not).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Fisher-Yates shuffle.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace onepass
