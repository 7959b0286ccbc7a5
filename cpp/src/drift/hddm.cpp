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

// The two confidences, first among both tests' parameters; check() orders them.
template <typename Config>
BoundParams<Config> confidence_params() {
  using C = Config;
  return {confidence_param(&C::drift_confidence, "drift_confidence", 0.001,
                           "significance of a drift (the smaller, the surer)"),
          confidence_param(&C::warning_confidence, "warning_confidence", 0.005,
                           "significance of a warning (above drift_confidence)")};
}

const char* kTwoSidedHelp =
    "also signal a decrease of the mean (default: only an increase, a rising error rate)";

// The stronger of two signals (River sets both flags; a drift wins).
DriftSignal stronger(DriftSignal a, DriftSignal b) {
  return static_cast<int>(a) >= static_cast<int>(b) ? a : b;
}

}  // namespace

Status check_hddm_confidences(const char* who, double warning_confidence, double drift_confidence) {
  if (warning_confidence <= drift_confidence)
    return Status::error(std::string(who) + ": warning_confidence (" +
                         format_number(warning_confidence) + ") must be above drift_confidence (" +
                         format_number(drift_confidence) +
                         "): the warning level comes before the drift level");
  return Status::ok();
}

// ---- HDDM_A, docs/algorithms.md 6.8.4 ----

BoundParams<HddmA::Config> HddmA::params() {
  using C = Config;
  return confidence_params<Config>().add(
      flag_param(&C::two_sided_test, "two_sided_test", false, kTwoSidedHelp));
}

bool HddmAStats::valid(const HddmAConfig&) const {
  auto fits = [this](double count, double total) {
    return whole_count(count) && count <= n && total >= 0 && total <= count;
  };
  return fits(n, sum) && fits(n_low, sum_low) && fits(n_high, sum_high) &&
         (n == 0 || (n_low > 0 && n_high > 0));
}

DriftSignal HddmA::step(double x) {
  HddmAStats& st = stats_;
  st.n += 1;
  st.sum += x;
  if (st.n_low == 0) {
    st.n_low = st.n;
    st.sum_low = st.sum;
  }
  if (st.n_high == 0) {
    st.n_high = st.n;
    st.sum_high = st.sum;
  }
  // The cut points move to now when the mean's Hoeffding bound at the drift confidence says
  // now is a better (lower, or higher) reference than the cut point (docs/algorithms.md 6.8.4).
  const double log_inverse = std::log(1.0 / config_.drift_confidence);
  const double bound_now = std::sqrt(1.0 / (2 * st.n) * log_inverse);
  const double mean_now = st.sum / st.n;
  if (st.sum_low / st.n_low + std::sqrt(1.0 / (2 * st.n_low) * log_inverse) >=
      mean_now + bound_now) {
    st.n_low = st.n;
    st.sum_low = st.sum;
  }
  if (st.sum_high / st.n_high - std::sqrt(1.0 / (2 * st.n_high) * log_inverse) <=
      mean_now - bound_now) {
    st.n_high = st.n;
    st.sum_high = st.sum;
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
  const HddmAStats& st = stats_;
  if (st.n_low == st.n) return false;
  const double m = (st.n - st.n_low) / st.n_low * (1.0 / st.n);
  return st.sum / st.n - st.sum_low / st.n_low >= std::sqrt(m / 2 * std::log(2.0 / confidence));
}

bool HddmA::decreased(double confidence) const {
  const HddmAStats& st = stats_;
  if (st.n_high == st.n) return false;
  const double m = (st.n - st.n_high) / st.n_high * (1.0 / st.n);
  return st.sum_high / st.n_high - st.sum / st.n >= std::sqrt(m / 2 * std::log(2.0 / confidence));
}

// ---- HDDM_W, docs/algorithms.md 6.8.5 ----

BoundParams<HddmW::Config> HddmW::params() {
  using C = Config;
  return confidence_params<Config>()
      .add(real_param(&C::lambda_val, "lambda_val", 0.05, 0, 1,
                      "weight of the newest value in the moving averages", true))
      .add(flag_param(&C::two_sided_test, "two_sided_test", false, kTwoSidedHelp));
}

bool HddmWStats::valid(const HddmWConfig&) const {
  for (const Ewma* e : {&total, &before_up, &after_up, &before_down, &after_down})
    if (!(e->squares >= 0 && e->squares <= 1)) return false;
  return total.started == (n > 0);
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
  HddmWStats& st = stats_;
  ++st.n;
  add(st.total, x);
  // The cut point for increases is where the mean plus its bound was lowest: there the values
  // before it start again as `st.before_up` and those after it as `st.after_up`; decreases mirror
  // it.
  const double eps = bound(st.total);
  if (st.n == 1 || st.total.mean + eps < st.cut_up) {
    st.cut_up = st.total.mean + eps;
    st.before_up = st.total;
    st.after_up = Ewma{};
  } else {
    add(st.after_up, x);
  }
  DriftSignal signal =
      above(st.before_up, st.after_up, config_.drift_confidence)     ? DriftSignal::drift
      : above(st.before_up, st.after_up, config_.warning_confidence) ? DriftSignal::warning
                                                                     : DriftSignal::none;
  if (st.n == 1 || st.total.mean - eps > st.cut_down) {
    st.cut_down = st.total.mean - eps;
    st.before_down = st.total;
    st.after_down = Ewma{};
  } else {
    add(st.after_down, x);
  }
  set_drift_rose(signal == DriftSignal::drift);  // as HDDM_A's
  if (config_.two_sided_test)
    signal = stronger(signal, above(st.after_down, st.before_down, config_.drift_confidence)
                                  ? DriftSignal::drift
                              : above(st.after_down, st.before_down, config_.warning_confidence)
                                  ? DriftSignal::warning
                                  : DriftSignal::none);
  return signal;
}

std::vector<DetectorEntry> hddm_detectors() {
  const char* source =
      "Frias-Blanco et al., Online and Non-Parametric Drift Detection Methods Based on "
      "Hoeffding's Bounds (IEEE TKDE 2015)";
  return {detector_entry<HddmA>(
              "HDDM_A: the mean after a cut point against the mean before it (Hoeffding)", "6.8.4",
              source),
          detector_entry<HddmW>(
              "HDDM_W: weighted moving averages after and before a cut point (McDiarmid)", "6.8.5",
              source)};
}

}  // namespace onepass
