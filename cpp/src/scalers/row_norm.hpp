// Row normalisation, spec 5.6a (S1): x <- x/|x|_2 (l2) or x/|x|_1 (l1); a zero row is left
// unchanged (spec 2.3). Missing cells (NaN) are left out of the norm and stay missing. Keeps
// no statistics: a row is scaled by itself alone.
#pragma once

#include <cmath>

#include "core/numerics.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class RowNorm : public Scaler {
 public:
  // By `l1`: the names of the snapshots and of the registry's entries.
  static constexpr const char* kNames[] = {"l2", "l1"};
  explicit RowNorm(bool l1) : l1_(l1) {}
  void update(const double*) override {}
  void transform(const double* x, double* out) const override {
    const double scale = inverse_norm(x, dims_);
    for (std::size_t j = 0; j < dims_; ++j) out[j] = x[j] * scale;
  }
  bool keeps_zeros() const override { return true; }
  void update_transform_sparse(const SparseRow& x, double* out_values) override {
    const double scale = inverse_norm(x.value, x.nnz);
    for (std::size_t k = 0; k < x.nnz; ++k) out_values[k] = x.value[k] * scale;
  }
  Snapshot snapshot() const override { return {kNames[l1_], {}, {}}; }

 protected:
  void init() override {}

 private:
  // 1/|v| over the n values (zeros add nothing, so a sparse row's entries suffice); 1 for 0.
  // A norm beyond the range of double is taken scaled by the largest magnitude (spec 2.9).
  double inverse_norm(const double* v, std::size_t n) const {
    double norm = 0;
    for (std::size_t j = 0; j < n; ++j)
      if (!std::isnan(v[j])) norm += l1_ ? std::fabs(v[j]) : v[j] * v[j];
    if (!std::isfinite(norm)) {
      const ScaledSquares s = rescaled_squares(v, n);  // |v|_2^2 = m^2 sum
      if (!l1_) return (1.0 / s.scale) / std::sqrt(s.sum);
      double sum = 0;  // |v/m|_1
      for (std::size_t j = 0; j < n; ++j)
        if (!std::isnan(v[j])) sum += std::fabs(v[j] / s.scale);
      return (1.0 / s.scale) / sum;
    }
    if (!l1_) norm = std::sqrt(norm);
    return norm > 0 ? 1.0 / norm : 1.0;
  }
  bool l1_;
};

// The entries of l1 and l2 (spec 5.6), in that order.
std::vector<RegistryEntry> row_norm_stages();

}  // namespace onepass
