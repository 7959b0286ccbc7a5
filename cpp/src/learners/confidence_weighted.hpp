// The confidence-weighted margin learners with a diagonal covariance: AROW (Crammer, Kulesza &
// Dredze 2009; spec 4.16) and SCW-I, SCW-II (Wang, Zhao & Hoi 2012; spec 4.17). Each weight mu_j
// has a variance Sigma_jj (start 1); with m = y mu.x (the margin) and v = sum_j Sigma_jj x_j^2
// (the row's variance), a step that updates takes
//   mu_j <- mu_j + alpha y Sigma_jj x_j,   Sigma_jj <- Sigma_jj - beta (Sigma_jj x_j)^2
// with alpha and beta from the rule (AROW: beta = 1/(v + r), alpha = [1 - m]_+ beta; SCW: the
// closed forms of spec 4.17). beta v < 1 in every rule, so each variance stays positive and only
// shrinks. Parameters [mu, b]; state [Sigma_11..Sigma_dd, Sigma_bb]. The bias (D-BIAS) is the
// constant feature 1.0 with its own variance. A step touches only the row's mu_j and Sigma_jj,
// so sparse rows cost O(non-zeros).
#pragma once

#include "learners/margin_linear.hpp"
#include "learners/stepped.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

enum class CwVariant { arow, scw1, scw2 };

class ConfidenceWeighted : public SteppedLearner<ConfidenceWeighted, MarginLinear> {
 public:
  // By CwVariant: the names of the snapshots and of the registry's entries.
  static constexpr const char* kNames[] = {"arow", "scw1", "scw2"};
  // The registry's defaults (LIBOL's and SOL's). r: AROW's regulariser; c: SCW's aggressiveness
  // C; eta: SCW's confidence (phi = Phi^-1(eta), spec 2.8; SCW-II's default is 0.90).
  struct Config {
    double r = 1, c = 1, eta = 0.75;
    bool bias = true;  // D-BIAS
  };
  ConfidenceWeighted(CwVariant variant, Config p);

  Layout state_layout() const override { return {feature_block(), fixed_values(bias_ ? 1 : 0)}; }
  Snapshot snapshot_of(const double* params) const override;

 protected:
  void init() override;
  // The row's variances and the bias's.
  void sparse_state_slots(const SparseRow& x, std::vector<std::size_t>& slots) const override;
  // docs/algorithms.md 3.4: mu_j merges weighted by 1/Sigma_jj, the bias by 1/Sigma_bb.
  MergeConfidence merge_confidence() const override {
    MergeConfidence c;
    for (std::size_t i = 0; i < state_.size(); ++i) c.of_param.push_back(i);
    c.inverse = true;
    return c;
  }

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y);
  // (alpha, beta) of the rule at margin m and variance v > 0; alpha = 0 means no update.
  void step_sizes(double m, double v, double& alpha, double& beta) const;

  CwVariant variant_;
  double a_;                             // r (AROW) or C (SCW)
  double phi_ = 0, psi_ = 0, zeta_ = 0;  // SCW: Phi^-1(eta), 1 + phi^2/2, 1 + phi^2
};

// The entries of arow (spec 4.16), scw1 and scw2 (spec 4.17), in that order.
std::vector<RegistryEntry> confidence_weighted_stages();

}  // namespace onepass
