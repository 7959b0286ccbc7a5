// SGD logistic regression, spec 4.1 (S0 "SGD"). Parameters [w_1..w_d, b]; state [k], and with
// weight decay [k, s]. With lambda > 0 every step shrinks all of w, which would make a sparse
// row an O(d) step. So on sparse rows w is kept as s v (Bottou's trick): params_ holds v, the
// decay multiplies s and the gradient step adds to the row's v_j only, O(non-zeros). When
// anyone reads the parameters (or a dense row comes), s is folded back into v (O(d)), so
// params() and saved models always show w, with s = 1. It is also folded when it falls below
// 1e-150, and a step whose decay factor would not be positive is taken whole (rare; the guard
// then backs up everything).
#pragma once

#include "learners/learner.hpp"
#include "learners/learning_rate.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class LogisticSgd : public Learner {
 public:
  static constexpr const char* kName = "logreg";
  // eta0: initial rate; lambda: L2 weight before dividing by the horizon n (spec 4.1: lambda' =
  // lambda / N); n: the horizon N of decision D-LR-2. The defaults are the registry's.
  struct Config {
    double eta0 = 0.1, lambda = 0, n = 10000;
  };
  explicit LogisticSgd(Config c) : rate_{c.eta0, c.n}, lambda_(c.lambda) {}

  double score_with(const double* params, const double* x) const override;
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override {
    return weights_and_bias(params, true, w, b);
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override;
  // O(nonzeros) steps on sparse rows, with or without weight decay.
  bool sparse_native() const override { return true; }
  bool sparse_params_linear() const override { return lambda_ == 0; }
  double score_sparse(const SparseRow& x) const override;
  bool has_probability() const override { return true; }
  Status load(const LearnerState& saved) override;
  Snapshot snapshot_of(const double* params) const override;

  // spec 4.1 (LR) with T = 1: eta_k = eta0 / (1 + k / N); k = updates made so far (D-LR-1).
  double learning_rate() const { return rate_.at(state_[0]); }

 protected:
  void init() override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  bool next_sparse_step_is_whole() const override;
  void refresh_params() const override { fold_scale(); }

 private:
  bool decays() const { return lambda_ > 0; }
  // The decay factor (1 - 2 lambda' eta) of the coming step (spec 4.1 (SGD-w)).
  double decay_factor() const;
  // w = s v back into v, s = 1.
  void fold_scale() const;
  HyperbolicRate rate_;
  double lambda_;
};

// logreg's entry of the registry (spec 4.1).
std::vector<RegistryEntry> logistic_sgd_stages();

}  // namespace onepass
