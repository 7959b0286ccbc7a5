#include "onepass/scalers/zscore.hpp"

#include <cmath>

#include "onepass/core/numerics.hpp"

namespace onepass {

void ZScore::update(const double* x) {
  double* k = state_.data();
  double* m = k + dims_;
  double* s = m + dims_;
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j])) continue;  // missing: not part of the statistics
    k[j] += 1;
    const double m_old = m[j];
    m[j] += (x[j] - m_old) / k[j];           // (GN-2)
    s[j] += (x[j] - m_old) * (x[j] - m[j]);  // (GN-3)
  }
}

double ZScore::sd(std::size_t j) const {
  const double k = state_[j];
  if (k < 2) return 0;
  return std::sqrt(state_[2 * dims_ + j] / (k - 1));  // sample deviation (k - 1), as S0
}

void ZScore::transform(const double* x, double* out) const {
  for (std::size_t j = 0; j < dims_; ++j) {
    const double sd_j = sd(j);
    if (std::isnan(x[j]))
      out[j] = x[j];
    else
      out[j] = sd_j <= kSpreadEpsilon ? 0.0 : (x[j] - mean(j)) / sd_j;  // (GN-1), D-GN-2
  }
}

Snapshot ZScore::snapshot() const {
  Snapshot s;
  s.name = "zscore";
  std::vector<double> sds(dims_);
  for (std::size_t j = 0; j < dims_; ++j) sds[j] = sd(j);
  s.arrays.push_back(
      {"mean", std::vector<double>(state_.begin() + dims_, state_.begin() + 2 * dims_)});
  s.arrays.push_back({"sd", std::move(sds)});
  s.arrays.push_back({"count", std::vector<double>(state_.begin(), state_.begin() + dims_)});
  return s;
}

}  // namespace onepass
