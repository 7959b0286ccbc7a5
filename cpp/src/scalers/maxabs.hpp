// Online max-abs scaling: x / max|x| over the values seen so far (updated first, D-GN-1), so
// values land in [-1, 1] and a zero stays zero (sparse rows stay sparse). A max of at most 1e-12
// gives 0 (spec 2.4).
#pragma once

#include <cmath>
#include <limits>

#include "core/numerics.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class MaxAbs : public Scaler {
 public:
  static constexpr const char* kName = "maxabs";
  void update(const double* x) override {
    each_observed(
        x, [&](std::size_t j, double xj) { state_[j] = std::fmax(state_[j], std::fabs(xj)); });
  }
  void transform(const double* x, double* out) const override {
    x = without_huge(x, false);
    for (std::size_t j = 0; j < dims_; ++j)
      out[j] = std::isnan(x[j]) ? x[j] : state_[j] <= kSpreadEpsilon ? 0.0 : x[j] / state_[j];
  }
  bool keeps_zeros() const override { return true; }
  bool affine_form(std::vector<double>& shift, std::vector<double>& factor) const override {
    shift.assign(dims_, 0.0);
    factor.resize(dims_);
    for (std::size_t j = 0; j < dims_; ++j)
      factor[j] = state_[j] <= kSpreadEpsilon ? 0.0 : 1.0 / state_[j];
    return true;
  }
  void update_transform_sparse(const SparseRow& x, double* out_values) override {
    for (std::size_t k = 0; k < x.nnz; ++k) {
      double v = x.value[k];
      if (std::fabs(v) > kLargestSquarable) {  // docs/algorithms.md 2.9: missing, counted
        v = std::numeric_limits<double>::quiet_NaN();
        count_huge_value();
      }
      double& m = state_[x.index[k]];
      if (!std::isnan(v)) m = std::fmax(m, std::fabs(v));
      out_values[k] = std::isnan(v) ? v : m <= kSpreadEpsilon ? 0.0 : v / m;
    }
  }
  Snapshot snapshot() const override { return {kName, {{"maxabs", state_}}, {}}; }

 protected:
  void init() override { state_.assign(dims_, 0.0); }  // state_ = [max |x| (d)]
  // docs/algorithms.md 3.4: the greatest of the models', exactly.
  std::vector<MergeBlock> merge_blocks() const override { return {{MergeBlock::highest}}; }
};

// maxabs's entry of the registry (spec 5.7).
std::vector<RegistryEntry> maxabs_stages();

}  // namespace onepass
