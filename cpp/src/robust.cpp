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

std::vector<double> RobustScaler::save() const {
  std::vector<double> out;
  StateWriter w(out);
  for (const QuantileSketch& q : sketches_) q.save(w);
  w.put(median_);
  w.put(spread_);
  return out;
}

Status RobustScaler::load(const std::vector<double>& saved) {
  StateReader r(saved);
  std::vector<QuantileSketch> sketches(dims_, QuantileSketch(eps_));
  for (QuantileSketch& q : sketches)
    if (!q.load(r)) break;
  std::vector<double> median = r.get_array(), spread = r.get_array();
  if (!r.done() || median.size() != dims_ || spread.size() != dims_)
    return Status::error("the saved state of scaler 'robust' is damaged or from another pipeline");
  sketches_ = std::move(sketches);
  median_ = std::move(median);
  spread_ = std::move(spread);
  return Status::ok();
}

Snapshot RobustScaler::snapshot() const {
  std::vector<double> sizes(dims_);
  for (std::size_t j = 0; j < dims_; ++j) sizes[j] = static_cast<double>(sketches_[j].size());
  return {"robust", {{"median", median_}, {"spread", spread_}, {"sketch_size", sizes}}, {}};
}

}  // namespace onepass
