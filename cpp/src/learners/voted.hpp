// Survival-weighted voting "+vote", spec 3.2 (S4's "v" learners), as a wrapper around any
// learner: each hypothesis is weighted by the number of rows it survived (rows that triggered
// no update, D-VOTE-1). On an update: acc += c * theta_before; Z += c; c = 0. The voted model
// (acc + c theta)/(Z + c) is what the wrapper's parameters hold, for frozen predictions and
// snapshots; during training, predictions use the current hypothesis, as in S4. (S4's own code
// computed the uniform average: "+avg" replicates its tables, "+vote" follows its text.)
#pragma once

#include "learners/wrapper.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Voted : public WrappedLearner {
 public:
  static constexpr const char* kName = "vote";  // its snapshots append "+vote"
  explicit Voted(std::unique_ptr<Learner> inner)
      : WrappedLearner(std::move(inner), {kName, "votes", 2, 1}) {}

  // The current hypothesis's score, kept for the step that learns the row next
  // (WrappedLearner::remember_inner_score), which hands it to the inner learner as its margin.
  // A sparse row is learned made dense (the vote is not sparse-native), in another place, so
  // only a dense row's score is kept.
  double train_score(const double* x) const override {
    const double s = inner_->score(x);
    remember_inner_score(x, s, s);
    return s;
  }
  double train_score_sparse(const SparseRow& x) const override { return inner_->score_sparse(x); }

 protected:
  bool update(const double* x, int y) override;
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
  std::vector<double> before_;
};

// The modifier vote's entry of the registry (spec 3.2).
std::vector<RegistryEntry> voted_stages();

}  // namespace onepass
