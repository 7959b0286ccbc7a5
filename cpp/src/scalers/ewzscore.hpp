// Exponentially weighted z-score for drifting streams: per feature, a mean and variance that
// forget with a half-life of `halflife` observed values (weight a = 1 - 2^(-1/halflife)):
//   diff = x - mean;  mean += a diff;  var = (1 - a)(var + a diff^2)
// (the usual incremental EW variance), updated before transforming (D-GN-1), with the weight
// max(a, 1/k) for the k-th value (a running mean and variance until 1/k falls to a). Output
// (x - mean)/sqrt(var); fewer than 2 values or sd <= 1e-12 give 0 (spec 2.4).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class EwZScore : public Scaler {
 public:
  static constexpr const char* kName = "ewzscore";
  struct Config {
    double halflife = 1000;  // rows; the registry's default
  };
  explicit EwZScore(Config c) : a_(1.0 - std::pow(2.0, -1.0 / c.halflife)) {}

  void update(const double* x) override {
    double *k = block(0), *m = block(1), *v = block(2);
    each_observed(x, [&](std::size_t j, double xj) {
      // Start-up correction: the weight is 1/k until it falls to a, so the first
      // values give the plain running mean and (population) variance instead of a variance
      // that starts at 0 and makes |z| huge for the first hundreds of rows.
      k[j] += 1;
      if (k[j] == 1) {
        m[j] = xj;  // the first value is the mean (weight 1), its variance 0
        return;
      }
      const double w = std::max(a_, 1.0 / k[j]);
      const double diff = xj - m[j];
      m[j] += w * diff;
      v[j] = (1 - w) * (v[j] + w * diff * diff);
    });
  }
  void transform(const double* x, double* out) const override {
    x = without_huge(x, false);
    const double* k = state_.data();
    for (std::size_t j = 0; j < dims_; ++j) {
      const double sd = std::sqrt(state_[2 * dims_ + j]);
      if (std::isnan(x[j]))
        out[j] = x[j];
      else
        out[j] = k[j] < 2 || sd <= kSpreadEpsilon ? 0.0 : (x[j] - state_[dims_ + j]) / sd;
    }
  }
  // Frozen: (x - mean) / sd, or 0 (docs/algorithms.md 1.7).
  bool affine_form(std::vector<double>& shift, std::vector<double>& factor) const override {
    shift.assign(state_.begin() + dims_, state_.begin() + 2 * dims_);
    factor.resize(dims_);
    for (std::size_t j = 0; j < dims_; ++j) {
      const double sd = std::sqrt(state_[2 * dims_ + j]);
      factor[j] = state_[j] < 2 || sd <= kSpreadEpsilon ? 0.0 : 1.0 / sd;
    }
    return true;
  }
  Snapshot snapshot() const override {
    std::vector<double> sd(dims_);
    for (std::size_t j = 0; j < dims_; ++j) sd[j] = std::sqrt(state_[2 * dims_ + j]);
    return {kName,
            {{"mean", {state_.begin() + dims_, state_.begin() + 2 * dims_}}, {"sd", sd}},
            {{"weight", a_}}};
  }

 protected:
  std::vector<std::pair<std::size_t, const char*>> count_blocks() const override {
    return {{0, "a count of values"}};
  }
  void init() override { state_.assign(3 * dims_, 0.0); }  // [count, mean, var] per feature
  // docs/algorithms.md 3.4: the models' means and variances pooled as a mixture's.
  std::vector<MergeBlock> merge_blocks() const override {
    return {{MergeBlock::count}, {MergeBlock::mean, 0}, {MergeBlock::variance, 0, 1}};
  }

 private:
  double a_;
};

// ewzscore's entry of the registry (spec 5.8).
std::vector<RegistryEntry> ewzscore_stages();

}  // namespace onepass
