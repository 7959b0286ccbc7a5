// SGD logistic regression, spec 4.1 (S0 "SGD"). Parameters [w_1..w_d, b]; state [k].
#pragma once

#include "onepass/learners/learner.hpp"
#include "onepass/learners/learning_rate.hpp"

namespace onepass {

class LogisticSgd : public Learner {
 public:
  // eta0: initial rate; lambda: L2 weight before dividing by the horizon n (spec 4.1: lambda' =
  // lambda / N); n: the horizon N of decision D-LR-2.
  LogisticSgd(double eta0, double lambda, double n) : rate_{eta0, n}, lambda_(lambda) {}

  double score_with(const double* params, const double* x) const override;
  double score_sparse_with(const double* params, const SparseRow& x) const override;
  // O(nonzeros) steps without weight decay; with lambda > 0 every step shrinks all of w, so
  // sparse rows are learned dense (a scaled-vector representation would avoid that; not done).
  bool sparse_native() const override { return lambda_ == 0; }
  bool has_probability() const override { return true; }
  Snapshot snapshot_of(const double* params) const override;

  // spec 4.1 (LR) with T = 1: eta_k = eta0 / (1 + k / N); k = updates made so far (D-LR-1).
  double learning_rate() const { return rate_.at(state_[0]); }

 protected:
  void init() override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;

 private:
  HyperbolicRate rate_;
  double lambda_;
};

}  // namespace onepass
