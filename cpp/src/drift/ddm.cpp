#include "drift/ddm.hpp"

#include <cmath>
#include <limits>

namespace onepass {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

// ---- DDM, docs/algorithms.md 6.8.2 ----

BoundParams<Ddm::Config> Ddm::params() {
  using C = Config;
  return {integer_param(&C::warm_start, "warm_start", 30, 0, 1e9,
                        "values read before the rate is judged (the test starts after them)"),
          real_param(&C::warning_threshold, "warning_threshold", 2, 0, kInf,
                     "warn when p + s exceeds p_min + warning_threshold s_min", true),
          real_param(&C::drift_threshold, "drift_threshold", 3, 0, kInf,
                     "drift when p + s exceeds p_min + drift_threshold s_min", true)};
}

Status Ddm::check(const Config& c) {
  if (c.warning_threshold >= c.drift_threshold)
    return Status::error(std::string(kKind.name) + ": warning_threshold (" +
                         format_number(c.warning_threshold) + ") must be below drift_threshold (" +
                         format_number(c.drift_threshold) + ")");
  return Status::ok();
}

DriftSignal Ddm::step(double x) {
  DdmStats& st = stats_;
  ++st.n;
  const double n = static_cast<double>(st.n);
  st.p += (x - st.p) / n;
  // The binomial deviation of the rate after n values (docs/algorithms.md 6.8.2).
  const double s = std::sqrt(st.p * (1 - st.p) / n);
  if (st.n <= config_.warm_start) return DriftSignal::none;
  // The first judged value sets the lowest point (River starts it at infinity).
  if (st.n == config_.warm_start + 1 || st.p + s <= st.ps_min) {
    st.p_min = st.p;
    st.s_min = s;
    st.ps_min = st.p_min + st.s_min;
  }
  if (st.p + s > st.p_min + config_.drift_threshold * st.s_min) return DriftSignal::drift;
  if (st.p + s > st.p_min + config_.warning_threshold * st.s_min) return DriftSignal::warning;
  return DriftSignal::none;
}

// ---- EDDM, docs/algorithms.md 6.8.3 ----

BoundParams<Eddm::Config> Eddm::params() {
  using C = Config;
  return {
      integer_param(&C::warm_start, "warm_start", 30, 0, 1e9,
                    "values before the highest point is tracked, and errors before it is judged"),
      real_param(&C::alpha, "alpha", 0.95, 0, 1,
                 "warn when (p' + 2 s') / (p'_max + 2 s'_max) falls below alpha", true),
      real_param(&C::beta, "beta", 0.9, 0, 1,
                 "drift when (p' + 2 s') / (p'_max + 2 s'_max) falls below beta", true)};
}

Status Eddm::check(const Config& c) {
  if (c.beta >= c.alpha)
    return Status::error(std::string(kKind.name) + ": beta (" + format_number(c.beta) +
                         ", the drift level) must be below alpha (" + format_number(c.alpha) +
                         ", the warning level)");
  return Status::ok();
}

DriftSignal Eddm::step(double x) {
  EddmStats& st = stats_;
  ++st.n;
  // Only an error moves the statistics; between errors the last level holds (River's warning
  // flag, docs/algorithms.md 6.8.3).
  if (x != 1) return st.warning ? DriftSignal::warning : DriftSignal::none;
  ++st.errors;
  const double distance = static_cast<double>(st.n - st.last_error);
  st.last_error = st.n;
  // Welford's mean and the sample variance, as River's stats.Var (ddof 1) updates them.
  const double k = static_cast<double>(st.errors);
  const double before = st.mean;
  st.mean += (distance - st.mean) / k;
  if (st.errors > 1)
    st.variance += ((distance - before) * (distance - st.mean) - st.variance) / (k - 1);
  if (st.n <= config_.warm_start) return st.warning ? DriftSignal::warning : DriftSignal::none;
  const double p2s = st.mean + 2 * std::sqrt(st.variance);
  if (p2s > st.p2s_max) {
    st.p2s_max = p2s;
  } else if (st.errors > config_.warm_start) {
    const double level = p2s / st.p2s_max;
    if (level < config_.beta) return DriftSignal::drift;
    st.warning = level < config_.alpha;
  }
  return st.warning ? DriftSignal::warning : DriftSignal::none;
}

std::vector<DetectorEntry> ddm_detectors() {
  return {
      detector_entry<Ddm>(
          "DDM: the error rate's p + s against its lowest point", "6.8.2",
          "Gama, Medas, Castillo & Rodrigues, Learning with Drift Detection (SBIA 2004)"),
      detector_entry<Eddm>("EDDM: the distance between errors against its highest point", "6.8.3",
                           "Baena-Garcia et al., Early Drift Detection Method (2006)")};
}

}  // namespace onepass
