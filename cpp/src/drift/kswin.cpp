#include "drift/kswin.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

namespace {

std::uint64_t seed_of(const Kswin::Config& c) {
  return static_cast<std::uint64_t>(c.seed);
}

// The largest gap, in values, between the empirical distribution functions of two sorted samples
// of the same size: the two-sample statistic D times n, counted exactly (ties move both at once).
std::size_t largest_gap(const std::vector<double>& a, const std::vector<double>& b) {
  std::size_t i = 0, j = 0, gap = 0;
  while (i < a.size() && j < b.size()) {
    const double v = std::min(a[i], b[j]);
    while (i < a.size() && a[i] == v) ++i;
    while (j < b.size() && b[j] == v) ++j;
    gap = std::max(gap, i > j ? i - j : j - i);
  }
  return gap;
}

}  // namespace

double ks_equal_sizes_p_value(std::size_t n, std::size_t h) {
  if (h == 0) return 1;
  // P(D >= h/n) = 2 sum_{k>=1} (-1)^(k-1) C(2n, n - kh) / C(2n, n) (Gnedenko and Korolyuk).
  // With r_k = C(2n, n - (k+1)h) / C(2n, n - kh), a product of h factors, the sum is
  // 2 r_0 (1 - r_1 (1 - r_2 (1 - ...))), evaluated from the innermost term outwards, as scipy's
  // ks_2samp does for two samples of one size (no subtraction of nearly equal terms).
  const double nn = static_cast<double>(n);
  double p = 0;
  for (std::size_t k = n / h + 1; k-- > 0;) {
    const double kh = static_cast<double>(k * h);
    double ratio = 1;
    for (std::size_t j = 0; j < h; ++j) {
      const double jj = static_cast<double>(j);
      ratio = (nn - kh - jj) * ratio / (nn + kh + jj + 1);
    }
    p = ratio * (1 - p);
  }
  return std::min(1.0, std::max(0.0, 2 * p));
}

BoundParams<Kswin::Config> Kswin::params() {
  using C = Config;
  auto alpha =
      real_param(&C::alpha, "alpha", 0.005, 0, 1,
                 "significance of the Kolmogorov-Smirnov test (River advises < 0.01)", true);
  alpha.spec().max_exclusive = true;
  return {
      alpha,
      integer_param(&C::window_size, "window_size", 100, 2, 1e6, "values in the sliding window"),
      integer_param(&C::stat_size, "stat_size", 30, 1, 5e5,
                    "newest values tested, and older values drawn to test them against"),
      integer_param(&C::seed, "seed", 1, 0, 9007199254740992.0,
                    "seed of the draws of the older values (SplitMix64)")};
}

Status Kswin::check(const Config& c) {
  // The stat_size older values are drawn without replacement from the window_size - stat_size
  // values before the newest ones.
  if (2 * c.stat_size > c.window_size)
    return Status::error(std::string(kKind.name) + ": stat_size (" + std::to_string(c.stat_size) +
                         ") must be at most half of window_size (" + std::to_string(c.window_size) +
                         "): its older part must hold the stat_size values drawn from it");
  return Status::ok();
}

Kswin::Stats Kswin::fresh(const Config& c) {
  Stats s;
  s.random = SeededRandom(seed_of(c));
  return s;
}

bool KswinStats::valid(const KswinConfig& c) const {
  if (window.size() > c.window_size || !(statistic >= 0 && statistic <= 1) ||
      !(p_value >= 0 && p_value <= 1))
    return false;
  for (std::size_t i = 0; i < window.size(); ++i)
    if (!(std::abs(window[i]) <= kDriftInputLimit)) return false;
  return true;
}

DriftSignal Kswin::step(double x) {
  const std::size_t size = config_.window_size, r = config_.stat_size;
  KswinStats& st = stats_;
  st.window.push(x, size);
  if (st.window.size() < size) return DriftSignal::none;
  // r distinct places among the older size - r, uniformly (Floyd's sampling: r draws).
  const std::size_t older = size - r;
  drawn_.resize(older);
  places_.clear();
  for (std::size_t j = older - r; j < older; ++j) {
    const std::size_t t = static_cast<std::size_t>(st.random.below(j + 1));
    const std::size_t place = drawn_[t] ? j : t;
    drawn_[place] = 1;
    places_.push_back(place);
  }
  older_.clear();
  newer_.clear();
  for (std::size_t place : places_) {
    older_.push_back(st.window[place]);
    drawn_[place] = 0;
  }
  for (std::size_t i = older; i < size; ++i) newer_.push_back(st.window[i]);
  std::sort(older_.begin(), older_.end());
  std::sort(newer_.begin(), newer_.end());
  const std::size_t gap = largest_gap(older_, newer_);
  st.statistic = static_cast<double>(gap) / static_cast<double>(r);
  st.p_value = ks_equal_sizes_p_value(r, gap);
  // River's rule: the test rejects at alpha and the distributions differ by more than 0.1.
  if (!(st.p_value <= config_.alpha && st.statistic > 0.1)) return DriftSignal::none;
  // The way the values moved (docs/algorithms.md 6.10): the newest sample's sum against the
  // older one's (both of r values).
  double newer_sum = 0, older_sum = 0;
  for (std::size_t i = 0; i < r; ++i) {
    newer_sum += newer_[i];
    older_sum += older_[i];
  }
  set_drift_rose(newer_sum > older_sum);
  return DriftSignal::drift;
}

std::vector<DetectorEntry> kswin_detectors() {
  return {detector_entry<Kswin>(
      "KSWIN: a Kolmogorov-Smirnov test of the newest values against older ones", "6.8.7",
      "Raab, Heusinger & Schleif, Reactive Soft Prototype Computing for Concept Drift Streams "
      "(Neurocomputing 2020)")};
}

}  // namespace onepass
