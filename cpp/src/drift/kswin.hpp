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

class Kswin : public DetectorOf<Kswin, KswinConfig> {
 public:
  static constexpr const char* kName = "kswin";
  static constexpr int kCode = 7;
  static constexpr DriftInput kInput = DriftInput::real;
  static BoundParams<Config> params();
  static Status check(const Config& c);
  explicit Kswin(Config c);

  // The last test's statistic D and p-value (0 and 1 before the window first fills).
  double statistic() const { return statistic_; }
  double p_value() const { return p_value_; }

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  double at(std::size_t i) const { return window_[(start_ + i) % window_.size()]; }

  std::vector<double> window_;  // a ring of window_size values
  std::size_t start_ = 0;       // the oldest value's place
  std::size_t count_ = 0;       // values in the window
  SeededRandom random_;
  double statistic_ = 0;
  double p_value_ = 1;
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
