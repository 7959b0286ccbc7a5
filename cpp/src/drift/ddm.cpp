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
    return Status::error(std::string(kName) + ": warning_threshold (" +
                         format_number(c.warning_threshold) + ") must be below drift_threshold (" +
                         format_number(c.drift_threshold) + ")");
  return Status::ok();
}

void Ddm::restart() {
  n_ = 0;
  p_ = p_min_ = s_min_ = ps_min_ = 0;
}

DriftSignal Ddm::step(double x) {
  ++n_;
  const double n = static_cast<double>(n_);
  p_ += (x - p_) / n;
  // The binomial deviation of the rate after n values (docs/algorithms.md 6.8.2).
  const double s = std::sqrt(p_ * (1 - p_) / n);
  if (n_ <= config_.warm_start) return DriftSignal::none;
  // The first judged value sets the lowest point (River starts it at infinity).
  if (n_ == config_.warm_start + 1 || p_ + s <= ps_min_) {
    p_min_ = p_;
    s_min_ = s;
    ps_min_ = p_min_ + s_min_;
  }
  if (p_ + s > p_min_ + config_.drift_threshold * s_min_) return DriftSignal::drift;
  if (p_ + s > p_min_ + config_.warning_threshold * s_min_) return DriftSignal::warning;
  return DriftSignal::none;
}

void Ddm::save_state(StateWriter& out) const {
  out.put(static_cast<double>(n_));
  out.put(p_);
  out.put(p_min_);
  out.put(s_min_);
  out.put(ps_min_);
}

bool Ddm::load_state(StateReader& in) {
  const std::uint64_t n = in.get_whole();
  const double p = in.get(), p_min = in.get(), s_min = in.get(), ps_min = in.get();
  if (!in.done() || !(p >= 0 && p <= 1) || !(s_min >= 0)) return false;
  n_ = n;
  p_ = p;
  p_min_ = p_min;
  s_min_ = s_min;
  ps_min_ = ps_min;
  return true;
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
    return Status::error(std::string(kName) + ": beta (" + format_number(c.beta) +
                         ", the drift level) must be below alpha (" + format_number(c.alpha) +
                         ", the warning level)");
  return Status::ok();
}

void Eddm::restart() {
  n_ = last_error_ = errors_ = 0;
  mean_ = variance_ = 0;
  p2s_max_ = -1;
  warning_ = false;
}

DriftSignal Eddm::step(double x) {
  ++n_;
  // Only an error moves the statistics; between errors the last level holds (River's warning
  // flag, docs/algorithms.md 6.8.3).
  if (x != 1) return warning_ ? DriftSignal::warning : DriftSignal::none;
  ++errors_;
  const double distance = static_cast<double>(n_ - last_error_);
  last_error_ = n_;
  // Welford's mean and the sample variance, as River's stats.Var (ddof 1) updates them.
  const double k = static_cast<double>(errors_);
  const double before = mean_;
  mean_ += (distance - mean_) / k;
  if (errors_ > 1) variance_ += ((distance - before) * (distance - mean_) - variance_) / (k - 1);
  if (n_ <= config_.warm_start) return warning_ ? DriftSignal::warning : DriftSignal::none;
  const double p2s = mean_ + 2 * std::sqrt(variance_);
  if (p2s > p2s_max_) {
    p2s_max_ = p2s;
  } else if (errors_ > config_.warm_start) {
    const double level = p2s / p2s_max_;
    if (level < config_.beta) return DriftSignal::drift;
    warning_ = level < config_.alpha;
  }
  return warning_ ? DriftSignal::warning : DriftSignal::none;
}

void Eddm::save_state(StateWriter& out) const {
  out.put(static_cast<double>(n_));
  out.put(static_cast<double>(last_error_));
  out.put(static_cast<double>(errors_));
  out.put(mean_);
  out.put(variance_);
  out.put(p2s_max_);
  out.put(warning_ ? 1 : 0);
}

bool Eddm::load_state(StateReader& in) {
  const std::uint64_t n = in.get_whole();
  const std::uint64_t last = in.get_whole(static_cast<double>(n));
  const std::uint64_t errors = in.get_whole(static_cast<double>(n));
  const double mean = in.get(), variance = in.get(), p2s_max = in.get(), warning = in.get();
  if (!in.done() || !(variance >= 0) || (warning != 0 && warning != 1)) return false;
  n_ = n;
  last_error_ = last;
  errors_ = errors;
  mean_ = mean;
  variance_ = variance;
  p2s_max_ = p2s_max;
  warning_ = warning == 1;
  return true;
}

std::vector<DetectorEntry> ddm_detectors() {
  DetectorEntry ddm = detector_entry(
      Ddm::kName, "DDM: the error rate's p + s against its lowest point", "6.8.2",
      "Gama, Medas, Castillo & Rodrigues, Learning with Drift Detection (SBIA 2004)");
  bind_detector<Ddm>(ddm, Ddm::params());
  DetectorEntry eddm =
      detector_entry(Eddm::kName, "EDDM: the distance between errors against its highest point",
                     "6.8.3", "Baena-Garcia et al., Early Drift Detection Method (2006)");
  bind_detector<Eddm>(eddm, Eddm::params());
  std::vector<DetectorEntry> out;
  out.push_back(std::move(ddm));
  out.push_back(std::move(eddm));
  return out;
}

}  // namespace onepass
