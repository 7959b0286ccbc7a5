// The FS family of S0, learning per-feature scales jointly with the weights (spec 4.3-4.6):
//   fs   sigma_j = sigma(alpha_j x_j - beta_j)        s = sum_j w_j sigma_j + b      (4.3)
//   fs1  as fs with alpha_j == 1                                                      (4.4)
//   fs2  phi_j = alpha_j x_j + beta_j                  s = sum_j w_j phi_j + b        (4.5)
//   fs3  as fs2 with w_j == 1 (and lambda = 0)                                        (4.6)
// p = sigma(s); one SGD step per row on the log-loss plus squared L2 terms lambda'|w|^2,
// mu'|alpha|^2, nu'|beta|^2 (primes: divided by the horizon n), every gradient at the
// pre-update parameters, the rate of spec 4.1. Parameters [w (d), b, alpha (d), beta (d)] for
// every variant (fixed parts stay at their constant), state [k].
#pragma once

#include "learners/learner.hpp"
#include "learners/learning_rate.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

enum class FsVariant { fs, fs1, fs2, fs3 };

class FeatureScaling : public Learner {
 public:
  // The registry's defaults; a variant without a term (fs1's alpha, fs3's w) declares no weight
  // for it and keeps 0.
  struct Config {
    double eta0 = 0.1, lambda = 0, mu = 0, nu = 0, n = 10000;
  };
  FeatureScaling(FsVariant variant, Config p) : variant_(variant), p_(p), rate_{p.eta0, p.n} {}

  double score_with(const double* params, const double* x) const override;
  // fs2 and fs3 (affine maps): sum_j w_j (alpha_j x_j + beta_j) + b; fs and fs1 (sigmoid maps)
  // are not affine in x.
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override;
  bool has_probability() const override { return true; }
  Snapshot snapshot_of(const double* params) const override;
  // [w, b, alpha, beta] (feature_scaling.cpp).
  Layout params_layout() const override {
    return {feature_block(), fixed_values(1), feature_block(), feature_block()};
  }

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  bool sigmoid_map() const { return variant_ == FsVariant::fs || variant_ == FsVariant::fs1; }
  // The feature map of feature j under the given parameters.
  double feature(const double* params, std::size_t j, double x) const;

  FsVariant variant_;
  Config p_;
  HyperbolicRate rate_;
};

// The entries of fs, fs1, fs2 and fs3 (spec 4.3-4.6), in that order.
std::vector<RegistryEntry> feature_scaling_stages();

}  // namespace onepass
