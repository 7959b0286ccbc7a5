// KSWIN, Kolmogorov-Smirnov windowing (Raab, Heusinger & Schleif 2020): a sliding window whose
// newest stat_size values are compared, by a two-sample Kolmogorov-Smirnov test, with as many
// values drawn at random from the older part (docs/algorithms.md 6.8.7).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/seeded_random.hpp"
#include "drift/detector.hpp"

namespace onepass {

// River's defaults (river.drift.KSWIN); River draws from Python's generator with no seed by
// default, onepass from SplitMix64 with seed 1 (core/seeded_random.hpp).
struct KswinConfig {
  double alpha = 0.005;
  std::size_t window_size = 100;
  std::size_t stat_size = 30;
  double seed = 1;
};

// KSWIN's window, generator and last test (docs/algorithms.md 6.8.7).
struct KswinStats {
  // The generator of the draws (Kswin::fresh starts it at the config's seed).
  SeededRandom random{kDefaultSeed};
  double statistic = 0;  // the last test's D and p-value (0 and 1 before the window first fills)
  double p_value = 1;
  LatestValues window;  // the latest window_size values

  template <class Io>
  void fields(Io& io) {
    io(random);
    io(statistic);
    io(p_value);
    io(window);
  }
  // No more values than window_size, each one KSWIN reads; D and the p-value in [0, 1].
  bool valid(const KswinConfig& c) const;
};

class Kswin : public DetectorOf<Kswin, KswinConfig, KswinStats> {
 public:
  static constexpr DetectorKind kKind{"kswin", 7, DriftInput::real};
  static BoundParams<Config> params();
  static Status check(const Config& c);
  // River draws again from its seed after each drift (docs/algorithms.md 6.8.7).
  static Stats fresh(const Config& c);
  using DetectorOf::DetectorOf;

  double statistic() const { return stats_.statistic; }
  double p_value() const { return stats_.p_value; }

 protected:
  DriftSignal step(double x) override;

 private:
  // Scratch of each test (not state): marks of the drawn places, the two samples.
  std::vector<char> drawn_;
  std::vector<std::size_t> places_;
  std::vector<double> older_, newer_;
};

// P(D >= h/n) for the two-sample Kolmogorov-Smirnov statistic D of two samples of n values each
// from one continuous distribution, exactly (docs/algorithms.md 6.8.7).
double ks_equal_sizes_p_value(std::size_t n, std::size_t h);

std::vector<DetectorEntry> kswin_detectors();

}  // namespace onepass
