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

void PageHinkley::restart() {
  n_ = 0;
  mean_ = sum_up_ = sum_down_ = min_up_ = max_down_ = 0;
}

DriftSignal PageHinkley::step(double x) {
  ++n_;
  mean_ += (x - mean_) / static_cast<double>(n_);
  // The deviation from the mean that includes x (docs/algorithms.md 6.8.6).
  const double deviation = x - mean_;
  sum_up_ = config_.alpha * sum_up_ + deviation - config_.delta;
  sum_down_ = config_.alpha * sum_down_ + deviation + config_.delta;
  // The extremes start at the first value's sums: River starts them at +inf and -1, which the
  // first value's sums (-delta and +delta) replace.
  if (n_ == 1 || sum_up_ < min_up_) min_up_ = sum_up_;
  if (n_ == 1 || sum_down_ > max_down_) max_down_ = sum_down_;
  if (n_ < config_.min_instances) return DriftSignal::none;
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

void PageHinkley::save_state(StateWriter& out) const {
  out.put(static_cast<double>(n_));
  for (double v : {mean_, sum_up_, sum_down_, min_up_, max_down_}) out.put(v);
}

bool PageHinkley::load_state(StateReader& in) {
  const std::uint64_t n = in.get_whole();
  const double mean = in.get(), sum_up = in.get(), sum_down = in.get();
  const double min_up = in.get(), max_down = in.get();
  if (!in.done() || min_up > sum_up || max_down < sum_down) return false;
  n_ = n;
  mean_ = mean;
  sum_up_ = sum_up;
  sum_down_ = sum_down;
  min_up_ = min_up;
  max_down_ = max_down;
  return true;
}

std::vector<DetectorEntry> page_hinkley_detectors() {
  DetectorEntry e = detector_entry(
      PageHinkley::kName, "Page-Hinkley: cumulative deviations from the mean against their extreme",
      "6.8.6", "Page, Continuous Inspection Schemes (Biometrika 1954)");
  bind_detector<PageHinkley>(e, PageHinkley::params());
  std::vector<DetectorEntry> out;
  out.push_back(std::move(e));
  return out;
}

}  // namespace onepass
