// Uniform averaging "+avg", spec 3.1, as a wrapper around any learner. The inner learner keeps
// updating its own parameters; the wrapper's parameters are the average (AVG-1)
//   avg_T = (1/T) sum_{s=1..T} theta^(s),
// kept with the lazy trick (AVG-2): when example r changes coordinate j by delta (new - old, so
// multiplicative and rescaling updates are covered too), u_j += (r - 1) delta; avg_T = w_T - u/T.
// Examples that change nothing cost no bookkeeping. The averaged parameters predict during
// training and testing (S0 "+avg"): example t+1 is scored with avg_t, example 1 with theta^(0).
// On sparse rows around a sparse-native learner a step costs O(nonzeros): only the row's
// coordinates (and the few parameters after the weights) can change, and the average is not
// materialised; since such a learner's score is linear in its parameters,
//   s(avg_T, x) = s(w_T, x) - s(u, x)/T,
// two sparse dot products. The first is the inner learner's margin on the row, kept for the step
// that learns the row next (WrappedLearner::remember_inner_score), which so computes no dot
// product of its own. params_ is filled in from w and u when someone asks for it.
#pragma once

#include "learners/wrapper.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Averaged : public WrappedLearner {
 public:
  static constexpr const char* kName = "avg";  // its snapshots append "+avg"
  explicit Averaged(std::unique_ptr<Learner> inner)
      : WrappedLearner(std::move(inner), {kName, "averaged_over", 1, 2}) {}

  bool sparse_native() const override {
    return inner_->sparse_native() && inner_->sparse_params_linear();
  }
  // The average moves on every coordinate: an outer +vote keeps no lazy vote around it.
  bool sparse_params_linear() const override { return false; }
  double score_sparse(const SparseRow& x) const override;

 protected:
  void init() override;
  // A new feature's weight has stayed at its initial value in every step so far, so its
  // synced copy is that value and its u is 0 (design.md 10.5).
  void seed_new_features(const std::vector<double>& old_state) override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  // spec 2.6 in one pass over the row: a sparse step changes T and, of the row's weights and
  // the parameters after them, the synced copies and u; params_ only goes stale, so nothing
  // of it is backed up, and the inner learner guards its own parameters.
  bool guarded_sparse_step(const SparseRow& x, int y) override;
  void refresh_params() const override;
  double count() const override { return state_[0]; }  // T
  // docs/algorithms.md 3.4: T is the models' weighted mean, the synced copy the merged inner
  // parameters, and u what makes w - u/T the merged average (AVG-2).
  void merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                       LearnerState& out) const override;

 private:
  // state_ = [T, last synced inner parameters (P), u (P)], so a saved state resumes exactly.
  double* last() { return state_.data() + 1; }
  double* u() { return state_.data() + 1 + params_.size(); }
  const double* u() const { return state_.data() + 1 + params_.size(); }
  // u_j += (r - 1)(w_j - last_j) for a coordinate j the step may have changed (AVG-2), w the
  // inner learner's parameters.
  void sync(const double* w, std::size_t j, double r);
  // guarded_sparse_step's backup: the synced copy and u of each coordinate it guards, in turn.
  std::vector<double> step_backup_;
};

// The modifier avg's entry of the registry (spec 3.1).
std::vector<RegistryEntry> averaged_stages();

}  // namespace onepass
