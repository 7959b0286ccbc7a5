// Shared shape of the margin learners without a learning rate (Perceptron, PA family): a
// weight vector w and, with option `bias` (spec 1.5, D-BIAS, default off), a constant feature
// 1.0 appended to every row so the bias is updated like any weight.
#pragma once

#include <string>

#include "core/numerics.hpp"
#include "learners/learner.hpp"

namespace onepass {

class MarginLinear : public Learner {
 public:
  MarginLinear(std::string name, bool bias) : name_(std::move(name)), bias_(bias) {}

  double score_with(const double* params, const double* x) const override;
  double score_sparse_with(const double* params, const SparseRow& x) const override;
  Snapshot snapshot_of(const double* params) const override;
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override {
    return weights_and_bias(params, bias_, w, b);
  }

 protected:
  void init() override { params_.assign(dims_ + (bias_ ? 1 : 0), 0.0); }
  // The rules are written once (a template over the row type) with these and update_score,
  // for dense rows and for sparse rows in O(nonzeros).
  // |x|^2 of the row as the learner sees it (with the bias feature when on), as scale^2 sum:
  // the plain sum (scale 1) unless it overflows (spec 2.9).
  ScaledSquares squared_norm(const double* x) const;
  ScaledSquares squared_norm(const SparseRow& x) const;
  // w <- w + step * x / scale (and b <- b + step / scale with the bias feature).
  void add_scaled(const double* x, double step, double scale = 1.0);
  void add_scaled(const SparseRow& x, double step, double scale = 1.0);
  // docs/algorithms.md 4.16, for a state that is a diagonal covariance [Sigma_11..Sigma_dd,
  // Sigma_bb] (AROW, SCW, and arow_full past its full width): the row's variance
  // v = x' Sigma x (the bias first, then the row's non-zeros), and the step
  // mu_j <- mu_j + ay Sigma_jj x_j, Sigma_jj <- Sigma_jj - beta (Sigma_jj x_j)^2.
  template <class Row>
  double diagonal_variance(const Row& x) const {
    double v = bias_ ? state_[dims_] : 0.0;
    nonzeros(x, [&](std::size_t j, double xj) { v += state_[j] * xj * xj; });
    return v;
  }
  template <class Row>
  void diagonal_step(const Row& x, double ay, double beta) {
    nonzeros(x, [&](std::size_t j, double xj) {  // a zero moves nothing
      const double sx = state_[j] * xj;
      params_[j] += ay * sx;
      state_[j] -= beta * sx * sx;
    });
    if (bias_) {
      params_[dims_] += ay * state_[dims_];
      state_[dims_] -= beta * state_[dims_] * state_[dims_];
    }
  }

  std::string name_;
  bool bias_;
};

// docs/algorithms.md 4.16 (AROW-a), (AROW-b): AROW's step sizes for the margin m = y w.x, the
// row's variance v = x' Sigma x and the loss term r (already divided by the row's weight, 4.28):
// beta = 1 / (v + r) and alpha = (1 - m) beta; alpha = beta = 0 when m >= 1 (no loss, no step).
// AROW and arow_full, diagonal or full, take their steps from here.
struct ArowStepSizes {
  double alpha = 0, beta = 0;
};
inline ArowStepSizes arow_step_sizes(double m, double v, double r) {
  if (m >= 1) return {};
  const double beta = 1 / (v + r);
  return {(1 - m) * beta, beta};
}

}  // namespace onepass
