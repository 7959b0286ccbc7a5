#include "scalers/bns.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"

namespace onepass {

double normal_quantile(double p) {
  if (p > 0.5) return -normal_quantile(1.0 - p);
  if (p == 0.5) return 0.0;
  constexpr double kInvSqrt2Pi = 0.39894228040143267794;
  double x = 0.0;
  for (int i = 0; i < 100; ++i) {
    const double f = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double step = f / (kInvSqrt2Pi * std::exp(-0.5 * x * x));
    x -= step;
    if (std::fabs(step) <= 1e-15 * std::max(1.0, std::fabs(x))) break;
  }
  return x;
}

double bns_score(double tpr, double fpr) {
  constexpr double kLow = 0.0005, kHigh = 1 - 0.0005;  // D-BNS-1
  return std::fabs(normal_quantile(std::clamp(tpr, kLow, kHigh)) -
                   normal_quantile(std::clamp(fpr, kLow, kHigh)));
}

double bns_of_feature(std::vector<std::pair<double, int>> data) {
  double pos = 0, neg = 0;
  for (const auto& d : data) (d.second > 0 ? pos : neg) += 1;
  if (pos == 0 || neg == 0) return 0.0;
  std::sort(data.begin(), data.end());
  // One sorted sweep: after each distinct value, the rows above it are the binarised feature.
  double best = 0, pos_at_or_below = 0, neg_at_or_below = 0;
  for (std::size_t i = 0; i < data.size();) {
    const double v = data[i].first;
    for (; i < data.size() && data[i].first == v; ++i)
      (data[i].second > 0 ? pos_at_or_below : neg_at_or_below) += 1;
    if (i == data.size()) break;  // no threshold above the largest value
    best = std::max(best, bns_score((pos - pos_at_or_below) / pos, (neg - neg_at_or_below) / neg));
  }
  return best;
}

void BnsScaler::fit(const double* rows, const std::int8_t* labels, std::size_t n) {
  for (std::size_t j = 0; j < dims_; ++j) {
    std::vector<std::pair<double, int>> data = column(rows, labels, n, j);
    if (data.empty()) continue;
    const auto [lo, hi] = std::minmax_element(data.begin(), data.end());
    min_[j] = lo->first;
    max_[j] = hi->first;
    bns_[j] = bns_of_feature(std::move(data));
  }
}

void BnsScaler::transform(const double* x, double* out) const {
  x = without_huge(x, false);  // docs/algorithms.md 2.9: missing
  for (std::size_t j = 0; j < dims_; ++j) {
    const double range = max_[j] - min_[j];
    if (std::isnan(x[j]))
      out[j] = x[j];
    else if (range <= kSpreadEpsilon)
      out[j] = 0.0;
    else
      out[j] = bns_[j] * (zero_preserving_ ? x[j] : x[j] - min_[j]) / range;  // D-BNS-2
  }
}

Snapshot BnsScaler::snapshot() const {
  Snapshot s;
  s.name = kName;
  s.arrays = {{"bns", bns_}, {"min", min_}, {"max", max_}};
  add_warmup_status(s);
  return s;
}

std::vector<RegistryEntry> bns_stages() {
  using C = BnsScaler::Config;
  RegistryEntry bns = scaler_entry(
      BnsScaler::kName, "BNS scaling: each feature to [0, BNS], its best bi-normal separation",
      "5.5", kS1);
  bind_scaler<BnsScaler>(
      bns, {integer_param(&C::warmup, "warmup", 500, 1, 1e9, "rows held to fit the BNS scores"),
            flag_param(&C::zero_preserving, "zero_preserving", false,
                       "scale x by BNS/range without shifting, so 0 stays 0 (D-BNS-2)")});
  return one_entry(std::move(bns));
}

}  // namespace onepass
