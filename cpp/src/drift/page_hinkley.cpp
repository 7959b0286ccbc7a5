#include "drift/page_hinkley.hpp"

#include <limits>

namespace onepass {

BoundParams<PageHinkley::Config> PageHinkley::params() {
  using C = Config;
  const double inf = std::numeric_limits<double>::infinity();
  return {integer_param(&C::min_instances, "min_instances", 30, 1, 1e9,
                        "values read before a drift can be signalled"),
          real_param(&C::delta, "delta", 0.005, 0, inf,
                     "tolerance: deviations within delta of the mean add nothing"),
          real_param(&C::threshold, "threshold", 50, 0, inf,
                     "lambda: drift when a cumulative sum moves this far from its extreme", true),
          real_param(&C::alpha, "alpha", 1 - 0.0001, 0, 1,
                     "fading factor of the cumulative sums (1: no fading)", true),
          choice_param(&C::mode, "mode",
                       {{"both", PageHinkleyMode::both},
                        {"up", PageHinkleyMode::up},
                        {"down", PageHinkleyMode::down}},
                       "changes that count: increases and decreases of the mean, or one way")};
}

DriftSignal PageHinkley::step(double x) {
  PageHinkleyStats& st = stats_;
  ++st.n;
  st.mean += (x - st.mean) / static_cast<double>(st.n);
  // The deviation from the mean that includes x (docs/algorithms.md 6.8.6).
  const double deviation = x - st.mean;
  st.sum_up = config_.alpha * st.sum_up + deviation - config_.delta;
  st.sum_down = config_.alpha * st.sum_down + deviation + config_.delta;
  // The extremes start at the first value's sums: River starts them at +inf and -1, which the
  // first value's sums (-delta and +delta) replace.
  if (st.n == 1 || st.sum_up < st.min_up) st.min_up = st.sum_up;
  if (st.n == 1 || st.sum_down > st.max_down) st.max_down = st.sum_down;
  if (st.n < config_.min_instances) return DriftSignal::none;
  const bool up = increase() > config_.threshold, down = decrease() > config_.threshold;
  // A drift with both tests over the threshold counts as the rise (docs/algorithms.md 6.10).
  set_drift_rose(up && config_.mode != PageHinkleyMode::down);
  switch (config_.mode) {
    case PageHinkleyMode::up:
      return up ? DriftSignal::drift : DriftSignal::none;
    case PageHinkleyMode::down:
      return down ? DriftSignal::drift : DriftSignal::none;
    default:
      return up || down ? DriftSignal::drift : DriftSignal::none;
  }
}

std::vector<DetectorEntry> page_hinkley_detectors() {
  return {detector_entry<PageHinkley>(
      "Page-Hinkley: cumulative deviations from the mean against their extreme", "6.8.6",
      "Page, Continuous Inspection Schemes (Biometrika 1954)")};
}

}  // namespace onepass
