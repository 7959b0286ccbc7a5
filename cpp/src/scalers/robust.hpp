// Robust scaling (x - median)/(q_upper - q_lower) from a Greenwald-Khanna sketch per feature
// (bounded memory, rank error `eps`), updated with the row before it is transformed (D-GN-1).
// The median and quantiles are refreshed every 1/(2 eps) rows (when the sketch compresses), and
// on every row before that; a spread of at most 1e-12 gives 0 (spec 2.4).
#pragma once

#include <vector>

#include "core/numerics.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/quantile_sketch.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class RobustScaler : public Scaler {
 public:
  static constexpr const char* kName = "robust";
  // eps: the sketch's rank error; lower, upper: the quantiles of the spread. The registry's
  // defaults.
  struct Config {
    double eps = 0.01, lower = 0.25, upper = 0.75;
  };
  explicit RobustScaler(Config c);

  void update(const double* x) override;
  void transform(const double* x, double* out) const override;
  // Frozen: (x - median) / spread with the quantiles last computed, or 0 (docs/algorithms.md 1.7).
  bool affine_form(std::vector<double>& shift, std::vector<double>& factor) const override {
    shift = median_;
    factor.resize(dims_);
    for (std::size_t j = 0; j < dims_; ++j)
      factor[j] = spread_[j] <= kSpreadEpsilon ? 0.0 : 1.0 / spread_[j];
    return true;
  }
  Snapshot snapshot() const override;
  std::vector<double> save() const override;
  Status load(const std::vector<double>& saved) override;
  void grow(std::size_t new_dims) override {
    if (new_dims <= dims_) return;
    dims_ = new_dims;
    sketches_.resize(dims_, QuantileSketch(eps_));
    median_.resize(dims_, 0.0);
    spread_.resize(dims_, 0.0);
  }

 protected:
  void init() override {
    sketches_.assign(dims_, QuantileSketch(eps_));
    median_.assign(dims_, 0.0);
    spread_.assign(dims_, 0.0);
  }

 private:
  double eps_, lower_, upper_;
  // The probabilities {0, {lower, 0.5, upper} sorted, 1}, and where each sorted one came from.
  double sorted_phis_[5];
  std::size_t phi_order_[3] = {0, 1, 2};
  std::vector<QuantileSketch> sketches_;
  std::vector<double> median_, spread_;
};

// robust's entry of the registry (spec 5.9).
std::vector<RegistryEntry> robust_stages();

}  // namespace onepass
