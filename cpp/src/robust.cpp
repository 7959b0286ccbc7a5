#include "onepass/scalers/robust.hpp"

#include <cmath>

#include "onepass/core/numerics.hpp"

namespace onepass {

void RobustScaler::update(const double* x) {
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j])) continue;
    QuantileSketch& q = sketches_[j];
    q.insert(x[j]);
    if (q.compressed() || q.count() * 2 * eps_ <= 1) {
      median_[j] = q.quantile(0.5);
      spread_[j] = q.quantile(upper_) - q.quantile(lower_);
    }
  }
}

void RobustScaler::transform(const double* x, double* out) const {
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j]))
      out[j] = x[j];
    else
      out[j] = spread_[j] <= kSpreadEpsilon ? 0.0 : (x[j] - median_[j]) / spread_[j];
  }
}

Snapshot RobustScaler::snapshot() const {
  std::vector<double> sizes(dims_);
  for (std::size_t j = 0; j < dims_; ++j) sizes[j] = static_cast<double>(sketches_[j].size());
  return {"robust", {{"median", median_}, {"spread", spread_}, {"sketch_size", sizes}}, {}};
}

}  // namespace onepass
