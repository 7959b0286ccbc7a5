#include "scalers/minmax.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"

namespace onepass {

void MinMax::update(const double* x) {
  double *n = block(0), *lo = block(1), *hi = block(2);
  each_observed(x, [&](std::size_t j, double xj) {
    if (n[j] == 0) {
      lo[j] = hi[j] = xj;
    } else {
      lo[j] = std::min(lo[j], xj);
      hi[j] = std::max(hi[j], xj);
    }
    n[j] += 1;
  });
}

void MinMax::transform(const double* x, double* out) const {
  x = without_huge(x, false);
  const double* lo = state_.data() + dims_;
  const double* hi = lo + dims_;
  for (std::size_t j = 0; j < dims_; ++j) {
    const double range = hi[j] - lo[j];
    if (std::isnan(x[j])) {
      out[j] = x[j];
    } else if (range <= kSpreadEpsilon) {
      out[j] = 0.0;
    } else {
      const double v = (x[j] - lo[j]) / range;
      out[j] = clip_ ? std::clamp(v, 0.0, 1.0) : v;
    }
  }
}

Snapshot MinMax::snapshot() const {
  Snapshot s;
  s.name = kName;
  s.arrays.push_back(
      {"min", std::vector<double>(state_.begin() + dims_, state_.begin() + 2 * dims_)});
  s.arrays.push_back({"max", std::vector<double>(state_.begin() + 2 * dims_, state_.end())});
  s.arrays.push_back({"count", std::vector<double>(state_.begin(), state_.begin() + dims_)});
  return s;
}

std::vector<RegistryEntry> minmax_stages() {
  RegistryEntry minmax =
      scaler_entry(MinMax::kName, "online range scaling (x - min)/(max - min)", "5.2", kS3);
  bind_scaler<MinMax>(minmax, {flag_param(&MinMax::Config::clip, "clip", false,
                                          "clip values outside the running range to [0, 1] "
                                          "(D-SC-3: off)")});
  return one_entry(std::move(minmax));
}

}  // namespace onepass
