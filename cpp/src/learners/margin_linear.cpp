#include "learners/margin_linear.hpp"

#include <cmath>

#include "core/dense_ops.hpp"

namespace onepass {

double MarginLinear::score_with(const double* params, const double* x) const {
  const double s = dense_dot(params, x, dims_);
  return bias_ ? s + params[dims_] : s;
}

double MarginLinear::score_sparse_with(const double* params, const SparseRow& x) const {
  const double s = sparse_dot(params, x);
  return bias_ ? s + params[dims_] : s;
}

ScaledSquares MarginLinear::squared_norm(const SparseRow& x) const {
  double q = bias_ ? 1.0 : 0.0;
  for (std::size_t k = 0; k < x.nnz; ++k) q += x.value[k] * x.value[k];
  if (std::isfinite(q)) return {q, 1.0};
  return rescaled_squares(x.value, x.nnz, bias_ ? 1.0 : 0.0);  // spec 2.9
}

void MarginLinear::add_scaled(const SparseRow& x, double step, double scale) {
  if (scale == 1.0) {
    for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] += step * x.value[k];
  } else {
    for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] += step * (x.value[k] / scale);
  }
  if (bias_) params_[dims_] += scale == 1.0 ? step : step / scale;
}

ScaledSquares MarginLinear::squared_norm(const double* x) const {
  const double q = dense_dot(x, x, dims_) + (bias_ ? 1.0 : 0.0);
  if (std::isfinite(q)) return {q, 1.0};
  return rescaled_squares(x, dims_, bias_ ? 1.0 : 0.0);  // spec 2.9
}

void MarginLinear::add_scaled(const double* x, double step, double scale) {
  if (scale == 1.0) {
    onepass::add_scaled(params_.data(), step, x, dims_);
  } else {
    for (std::size_t j = 0; j < dims_; ++j) params_[j] += step * (x[j] / scale);
  }
  if (bias_) params_[dims_] += scale == 1.0 ? step : step / scale;
}

Snapshot MarginLinear::snapshot_of(const double* params) const {
  Snapshot s;
  s.name = name_;
  s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
  s.scalars.emplace_back("b", bias_ ? params[dims_] : 0.0);
  add_status(s);
  return s;
}

}  // namespace onepass
