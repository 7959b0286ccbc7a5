// The Page-Hinkley test (Page 1954; docs/algorithms.md 6.8.6): cumulative sums of the values'
// deviations from their running mean, with a tolerance delta and a fading factor alpha; a drift
// when a sum climbs more than `threshold` above its lowest point (or falls below its highest).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "drift/detector.hpp"

namespace onepass {

// Which changes of the mean count: both ways, increases only, decreases only.
enum class PageHinkleyMode : int { both, up, down };

// River's defaults (river.drift.PageHinkley).
struct PageHinkleyConfig {
  std::size_t min_instances = 30;
  double delta = 0.005;
  double threshold = 50;
  double alpha = 1 - 0.0001;
  PageHinkleyMode mode = PageHinkleyMode::both;
};

class PageHinkley : public DetectorOf<PageHinkley, PageHinkleyConfig> {
 public:
  static constexpr const char* kName = "page_hinkley";
  static constexpr int kCode = 6;
  static constexpr DriftInput kInput = DriftInput::real;
  static BoundParams<Config> params();
  using DetectorOf::DetectorOf;

  double mean() const { return mean_; }
  // The two statistics the threshold is compared with.
  double increase() const { return sum_up_ - min_up_; }
  double decrease() const { return max_down_ - sum_down_; }

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  std::uint64_t n_ = 0;
  double mean_ = 0;
  double sum_up_ = 0;    // alpha-faded sum of (x - mean - delta)
  double sum_down_ = 0;  // alpha-faded sum of (x - mean + delta)
  double min_up_ = 0;    // lowest sum_up_ so far (set by the first value)
  double max_down_ = 0;  // highest sum_down_ so far
};

std::vector<DetectorEntry> page_hinkley_detectors();

}  // namespace onepass
