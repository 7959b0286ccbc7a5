// Survival-weighted voting "+vote", spec 3.2 (S4's "v" learners), as a wrapper around any
// learner: each hypothesis is weighted by the number of rows it survived (rows that triggered
// no update, D-VOTE-1). On an update: acc += c * theta_before; Z += c; c = 0. The voted model
// (acc + c theta)/(Z + c) is what the wrapper's parameters hold, for frozen predictions and
// snapshots; during training, predictions use the current hypothesis, as in S4. (S4's own code
// computed the uniform average: "+avg" replicates its tables, "+vote" follows its text.)
//
// On sparse rows around a sparse-native learner whose sparse steps change only the row's
// weights and the parameters after the weights (sparse_params_linear), a survival costs
// O(nonzeros): the vote is not computed on each row but filled in when someone asks for it
// (refresh_params), and an update's acc += c theta_before is one pass, theta_before being the
// inner parameters but where the step changed them, which were backed up.
#pragma once

#include "learners/wrapper.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Voted : public WrappedLearner {
 public:
  static constexpr const char* kName = "vote";  // its snapshots append "+vote"
  explicit Voted(std::unique_ptr<Learner> inner)
      : WrappedLearner(std::move(inner), {kName, "votes", 2, 1}) {}

  bool sparse_native() const override {
    return inner_->sparse_native() && inner_->sparse_params_linear();
  }
  // The vote moves on every coordinate: an outer +avg keeps no lazy average around it.
  bool sparse_params_linear() const override { return false; }

  // The current hypothesis's score, kept for the step that learns the row next
  // (WrappedLearner::remember_inner_score), which hands it to the inner learner as its margin.
  double train_score(const double* x) const override {
    const double s = inner_->score(x);
    remember_inner_score(x, s, s);
    return s;
  }
  double train_score_sparse(const SparseRow& x) const override {
    const double s = inner_->score_sparse(x);
    remember_inner_score(x, s, s);
    return s;
  }
  Status load(const LearnerState& saved) override;
  void remap(const std::vector<std::size_t>& position, std::size_t new_dims) override;

 protected:
  void init() override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  // spec 2.6: the sparse step guards itself (vote_stays_finite): its inner learner guards its
  // own parameters, and of the wrapper's state only the count and acc move.
  bool guarded_sparse_step(const SparseRow& x, int y) override { return update_sparse(x, y); }
  // The vote (acc + c theta)/(Z + c), or theta before any row.
  void refresh_params() const override;
  // A new feature's weight has been its initial value w0 in every hypothesis so far, so its
  // accumulated sum is Z w0 (its vote w0; design.md 10.5).
  void seed_new_features(const std::vector<double>& old_state) override;
  double count() const override { return state_[0] + state_[1]; }  // c + Z
  // docs/algorithms.md 3.4: the merged vote is the models' weighted mean, held as Z votes (the
  // models' weighted mean of c + Z) in acc; the merged inner hypothesis has survived no row.
  void merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                       LearnerState& out) const override;

 private:
  // state_ = [c, Z, acc (P)]
  double* acc() { return state_.data() + 2; }
  const double* acc() const { return state_.data() + 2; }
  // acc += c theta_before, Z += c, c = 0, where theta_before is theta (the inner parameters
  // now) but at the `changed` places, whose values before the step are `before`. False, with
  // nothing changed, when acc would not be finite (spec 2.6).
  bool close_hypothesis(const std::vector<std::size_t>& changed, const double* before);
  // spec 2.6 for a step on sparse rows, which does not compute the vote: whether
  // acc_j + c theta_j is finite for every j (so is the vote: Z + c >= 1). O(1) while the
  // bounds below show it, else one pass.
  bool vote_stays_finite(double c) const;
  // Upper bounds of |theta_j| and |acc_j| over j, kept by the sparse steps (theta's grows with
  // each step's new values; acc's is found by each update's pass); unknown after a dense step,
  // a load or a remap, until the next sparse step finds them.
  void find_bounds();
  bool bounds_known_ = false;
  double theta_bound_ = 0, acc_bound_ = 0;
  // The places a sparse step may change (the row's weights, the parameters after them) and
  // their values before it; a dense step's copy of theta.
  std::vector<std::size_t> changed_;
  std::vector<double> before_;
  std::vector<double> changed_backup_;  // close_hypothesis: acc at the changed places
};

// The modifier vote's entry of the registry (spec 3.2).
std::vector<RegistryEntry> voted_stages();

}  // namespace onepass
