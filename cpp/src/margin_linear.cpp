#include "onepass/learners/margin_linear.hpp"

#include "onepass/core/dense_ops.hpp"

namespace onepass {

double MarginLinear::score_with(const double* params, const double* x) const {
  const double s = dense_dot(params, x, dims_);
  return bias_ ? s + params[dims_] : s;
}

double MarginLinear::score_sparse_with(const double* params, const SparseRow& x) const {
  const double s = sparse_dot(params, x);
  return bias_ ? s + params[dims_] : s;
}

double MarginLinear::squared_norm(const SparseRow& x) const {
  double q = bias_ ? 1.0 : 0.0;
  for (std::size_t k = 0; k < x.nnz; ++k) q += x.value[k] * x.value[k];
  return q;
}

void MarginLinear::add_scaled(const SparseRow& x, double step) {
  for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] += step * x.value[k];
  if (bias_) params_[dims_] += step;
}

double MarginLinear::squared_norm(const double* x) const {
  return dense_dot(x, x, dims_) + (bias_ ? 1.0 : 0.0);
}

void MarginLinear::add_scaled(const double* x, double step) {
  onepass::add_scaled(params_.data(), step, x, dims_);
  if (bias_) params_[dims_] += step;
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
