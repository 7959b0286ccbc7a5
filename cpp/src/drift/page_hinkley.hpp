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

// The mean and the cumulative sums with their extremes (docs/algorithms.md 6.8.6).
struct PageHinkleyStats {
  std::uint64_t n = 0;
  double mean = 0;
  double sum_up = 0;    // alpha-faded sum of (x - mean - delta)
  double sum_down = 0;  // alpha-faded sum of (x - mean + delta)
  double min_up = 0;    // lowest sum_up so far (set by the first value)
  double max_down = 0;  // highest sum_down so far

  template <class Io>
  void fields(Io& io) {
    io(n);
    io(mean);
    io(sum_up);
    io(sum_down);
    io(min_up);
    io(max_down);
  }
  bool valid(const PageHinkleyConfig&) const { return min_up <= sum_up && max_down >= sum_down; }
};

class PageHinkley : public DetectorOf<PageHinkley, PageHinkleyConfig, PageHinkleyStats> {
 public:
  static constexpr DetectorKind kKind{"page_hinkley", 6, DriftInput::real};
  static BoundParams<Config> params();
  using DetectorOf::DetectorOf;

  double mean() const { return stats_.mean; }
  // The two statistics the threshold is compared with.
  double increase() const { return stats_.sum_up - stats_.min_up; }
  double decrease() const { return stats_.max_down - stats_.sum_down; }

 protected:
  DriftSignal step(double x) override;
};

std::vector<DetectorEntry> page_hinkley_detectors();

}  // namespace onepass
