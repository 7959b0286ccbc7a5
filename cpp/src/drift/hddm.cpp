#include "drift/hddm.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

namespace {

// A confidence in (0, 1), both ends excluded.
template <typename Config>
BoundParam<Config> confidence_param(double Config::*field, const char* name, double def,
                                    const char* help) {
  auto p = real_param(field, name, def, 0, 1, help, true);
  p.spec().max_exclusive = true;
  return p;
}

template <typename Config>
Status check_confidences(const char* who, const Config& c) {
  if (c.warning_confidence <= c.drift_confidence)
    return Status::error(std::string(who) + ": warning_confidence (" +
                         format_number(c.warning_confidence) +
                         ") must be above drift_confidence (" + format_number(c.drift_confidence) +
                         "): the warning level comes before the drift level");
  return Status::ok();
}

const char* kTwoSidedHelp =
    "also signal a decrease of the mean (default: only an increase, a rising error rate)";

// The stronger of two signals (River sets both flags; a drift wins).
DriftSignal stronger(DriftSignal a, DriftSignal b) {
  return static_cast<int>(a) >= static_cast<int>(b) ? a : b;
}

}  // namespace

// ---- HDDM_A, docs/algorithms.md 6.8.4 ----

BoundParams<HddmA::Config> HddmA::params() {
  using C = Config;
  return {confidence_param(&C::drift_confidence, "drift_confidence", 0.001,
                           "significance of a drift (the smaller, the surer)"),
          confidence_param(&C::warning_confidence, "warning_confidence", 0.005,
                           "significance of a warning (above drift_confidence)"),
          flag_param(&C::two_sided_test, "two_sided_test", false, kTwoSidedHelp)};
}

Status HddmA::check(const Config& c) {
  return check_confidences(kName, c);
}

void HddmA::restart() {
  n_ = sum_ = n_low_ = sum_low_ = n_high_ = sum_high_ = 0;
}

DriftSignal HddmA::step(double x) {
  n_ += 1;
  sum_ += x;
  if (n_low_ == 0) {
    n_low_ = n_;
    sum_low_ = sum_;
  }
  if (n_high_ == 0) {
    n_high_ = n_;
    sum_high_ = sum_;
  }
  // The cut points move to now when the mean's Hoeffding bound at the drift confidence says
  // now is a better (lower, or higher) reference than the cut point (docs/algorithms.md 6.8.4).
  const double log_inverse = std::log(1.0 / config_.drift_confidence);
  const double bound_now = std::sqrt(1.0 / (2 * n_) * log_inverse);
  const double mean_now = sum_ / n_;
  if (sum_low_ / n_low_ + std::sqrt(1.0 / (2 * n_low_) * log_inverse) >= mean_now + bound_now) {
    n_low_ = n_;
    sum_low_ = sum_;
  }
  if (sum_high_ / n_high_ - std::sqrt(1.0 / (2 * n_high_) * log_inverse) <= mean_now - bound_now) {
    n_high_ = n_;
    sum_high_ = sum_;
  }
  DriftSignal signal = increased(config_.drift_confidence)     ? DriftSignal::drift
                       : increased(config_.warning_confidence) ? DriftSignal::warning
                                                               : DriftSignal::none;
  // A drift of the two-sided test alone is a fall (docs/algorithms.md 6.10).
  set_drift_rose(signal == DriftSignal::drift);
  if (config_.two_sided_test)
    signal = stronger(signal, decreased(config_.drift_confidence)     ? DriftSignal::drift
                              : decreased(config_.warning_confidence) ? DriftSignal::warning
                                                                      : DriftSignal::none);
  return signal;
}

// The bound on the difference of the mean of all n values and of the first n_cut of them:
// sqrt(m/2 ln(2/confidence)) with m = (n - n_cut)/(n_cut n) (docs/algorithms.md 6.8.4).
bool HddmA::increased(double confidence) const {
  if (n_low_ == n_) return false;
  const double m = (n_ - n_low_) / n_low_ * (1.0 / n_);
  return sum_ / n_ - sum_low_ / n_low_ >= std::sqrt(m / 2 * std::log(2.0 / confidence));
}

bool HddmA::decreased(double confidence) const {
  if (n_high_ == n_) return false;
  const double m = (n_ - n_high_) / n_high_ * (1.0 / n_);
  return sum_high_ / n_high_ - sum_ / n_ >= std::sqrt(m / 2 * std::log(2.0 / confidence));
}

void HddmA::save_state(StateWriter& out) const {
  for (double v : {n_, sum_, n_low_, sum_low_, n_high_, sum_high_}) out.put(v);
}

bool HddmA::load_state(StateReader& in) {
  const double n = static_cast<double>(in.get_whole());
  const double sum = in.get();
  const double n_low = static_cast<double>(in.get_whole(n)), sum_low = in.get();
  const double n_high = static_cast<double>(in.get_whole(n)), sum_high = in.get();
  // Sums of values in [0, 1] lie in [0, count]; a cut point is set from the first value on.
  auto fits = [](double count, double total) { return total >= 0 && total <= count; };
  if (!in.done() || !fits(n, sum) || !fits(n_low, sum_low) || !fits(n_high, sum_high) ||
      (n > 0 && (n_low == 0 || n_high == 0)))
    return false;
  n_ = n;
  sum_ = sum;
  n_low_ = n_low;
  sum_low_ = sum_low;
  n_high_ = n_high;
  sum_high_ = sum_high;
  return true;
}

// ---- HDDM_W, docs/algorithms.md 6.8.5 ----

BoundParams<HddmW::Config> HddmW::params() {
  using C = Config;
  return {confidence_param(&C::drift_confidence, "drift_confidence", 0.001,
                           "significance of a drift (the smaller, the surer)"),
          confidence_param(&C::warning_confidence, "warning_confidence", 0.005,
                           "significance of a warning (above drift_confidence)"),
          real_param(&C::lambda_val, "lambda_val", 0.05, 0, 1,
                     "weight of the newest value in the moving averages", true),
          flag_param(&C::two_sided_test, "two_sided_test", false, kTwoSidedHelp)};
}

Status HddmW::check(const Config& c) {
  return check_confidences(kName, c);
}

void HddmW::restart() {
  n_ = 0;
  total_ = before_up_ = after_up_ = before_down_ = after_down_ = Ewma{};
  cut_up_ = cut_down_ = 0;
}

void HddmW::add(Ewma& e, double x) const {
  // The first value has weight 1; each later one weight lambda, the older ones (1 - lambda)
  // times theirs, so the squares of the weights sum as below (docs/algorithms.md 6.8.5).
  const double lambda = config_.lambda_val;
  if (!e.started) {
    e.mean = x;
    e.squares = 1;
    e.started = true;
    return;
  }
  e.mean = lambda * x + (1 - lambda) * e.mean;
  e.squares = lambda * lambda + (1 - lambda) * (1 - lambda) * e.squares;
}

double HddmW::bound(const Ewma& e) const {
  return std::sqrt(e.squares * std::log(1 / config_.drift_confidence) / 2);
}

bool HddmW::above(const Ewma& e1, const Ewma& e2, double confidence) {
  if (!e1.started || !e2.started) return false;
  return e2.mean - e1.mean > std::sqrt((e1.squares + e2.squares) * std::log(1 / confidence) / 2);
}

DriftSignal HddmW::step(double x) {
  ++n_;
  add(total_, x);
  // The cut point for increases is where the mean plus its bound was lowest: there the values
  // before it start again as `before_up_` and those after it as `after_up_`; decreases mirror it.
  const double eps = bound(total_);
  if (n_ == 1 || total_.mean + eps < cut_up_) {
    cut_up_ = total_.mean + eps;
    before_up_ = total_;
    after_up_ = Ewma{};
  } else {
    add(after_up_, x);
  }
  DriftSignal signal = above(before_up_, after_up_, config_.drift_confidence) ? DriftSignal::drift
                       : above(before_up_, after_up_, config_.warning_confidence)
                           ? DriftSignal::warning
                           : DriftSignal::none;
  if (n_ == 1 || total_.mean - eps > cut_down_) {
    cut_down_ = total_.mean - eps;
    before_down_ = total_;
    after_down_ = Ewma{};
  } else {
    add(after_down_, x);
  }
  set_drift_rose(signal == DriftSignal::drift);  // as HDDM_A's
  if (config_.two_sided_test)
    signal = stronger(signal, above(after_down_, before_down_, config_.drift_confidence)
                                  ? DriftSignal::drift
                              : above(after_down_, before_down_, config_.warning_confidence)
                                  ? DriftSignal::warning
                                  : DriftSignal::none);
  return signal;
}

void HddmW::save_state(StateWriter& out) const {
  out.put(static_cast<double>(n_));
  out.put(cut_up_);
  out.put(cut_down_);
  for (const Ewma* e : {&total_, &before_up_, &after_up_, &before_down_, &after_down_}) {
    out.put(e->mean);
    out.put(e->squares);
    out.put(e->started ? 1 : 0);
  }
}

bool HddmW::load_state(StateReader& in) {
  const std::uint64_t n = in.get_whole();
  const double cut_up = in.get(), cut_down = in.get();
  Ewma e[5];
  for (Ewma& one : e) {
    one.mean = in.get();
    one.squares = in.get();
    const double started = in.get();
    // A started average's weights' squares sum to at most 1; an unstarted one is all zeros.
    if (started != 0 && started != 1) return false;
    one.started = started == 1;
    if (!(one.squares >= 0 && one.squares <= 1)) return false;
  }
  if (!in.done() || e[0].started != (n > 0)) return false;
  n_ = n;
  cut_up_ = cut_up;
  cut_down_ = cut_down;
  total_ = e[0];
  before_up_ = e[1];
  after_up_ = e[2];
  before_down_ = e[3];
  after_down_ = e[4];
  return true;
}

std::vector<DetectorEntry> hddm_detectors() {
  const char* source =
      "Frias-Blanco et al., Online and Non-Parametric Drift Detection Methods Based on "
      "Hoeffding's Bounds (IEEE TKDE 2015)";
  DetectorEntry a = detector_entry(
      HddmA::kName, "HDDM_A: the mean after a cut point against the mean before it (Hoeffding)",
      "6.8.4", source);
  bind_detector<HddmA>(a, HddmA::params());
  DetectorEntry w = detector_entry(
      HddmW::kName, "HDDM_W: weighted moving averages after and before a cut point (McDiarmid)",
      "6.8.5", source);
  bind_detector<HddmW>(w, HddmW::params());
  std::vector<DetectorEntry> out;
  out.push_back(std::move(a));
  out.push_back(std::move(w));
  return out;
}

}  // namespace onepass
