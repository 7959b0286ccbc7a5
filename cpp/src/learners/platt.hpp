// Online Platt scaling "+platt", docs/algorithms.md 4.29, as a wrapper around any yes/no learner:
// the wrapped learner's score s becomes the logit z = a s + b of the probability sigma(z) (Platt
// 1999). The calibrator learns (a, b) from the progressive scores: each row is scored before the
// learner learns it, the calibrator takes one stochastic Newton step on (s, y) against Platt's
// smoothed target, and then the learner learns the row. So the wrapper's margin is z: the
// pipeline's prediction (z >= 0, p >= 1/2), its log-loss and a scorer's probability all read it.
// The calibrator's state is a few fixed values, saved with the model; the wrapper keeps no
// parameters of its own (params_ mirrors the wrapped learner's, filled in when asked for).
#pragma once

#include "learners/wrapper.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Platt : public WrappedLearner {
 public:
  static constexpr const char* kName = "platt";  // its snapshots append "+platt"
  // docs/algorithms.md 4.29: the state, in this order.
  enum Slot : std::size_t {
    kA,        // slope a
    kB,        // intercept b
    kHaa,      // the data's curvature: sum of w h s^2, w h s and w h, h = p (1 - p)
    kHab,      //
    kHbb,      //
    kPos,      // N+ and N-: the positive and negative rows so far, weighed by their class weights
    kNeg,      //
    kRows,     // rows calibrated (a finite score)
    kSquares,  // sum of s^2 over them: the scale of the scores, for the prior curvature
    kSlots
  };
  // The prior curvature (PLATT-S): kPrior (r^2, 1) on the diagonal, r^2 the mean square score.
  static constexpr double kPrior = 1;

  explicit Platt(std::unique_ptr<Learner> inner)
      : WrappedLearner(std::move(inner), {kName, "calibrated_on", kSlots, 0}) {}

  double score_with(const double* params, const double* x) const override {
    return calibrated(inner_->score_with(params, x));
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override {
    return calibrated(inner_->score_sparse_with(params, x));
  }
  double train_score(const double* x) const override { return calibrated(inner_->train_score(x)); }
  double score_sparse(const SparseRow& x) const override {
    return calibrated(inner_->score_sparse(x));
  }
  double train_score_sparse(const SparseRow& x) const override {
    return calibrated(inner_->train_score_sparse(x));
  }
  bool has_probability() const override { return true; }
  bool sparse_native() const override { return inner_->sparse_native(); }
  // a s + b is affine, not linear, in the parameters: +avg cannot average around it (it comes
  // last anyway).
  bool sparse_params_linear() const override { return false; }
  // The wrapped learner's w and c as a w and a c + b (docs/algorithms.md 1.7).
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override;
  // The row's weight weighs the calibrator's step too (docs/algorithms.md 4.28), as it does the
  // wrapped rule's.
  void set_weight(double w) override {
    weight_ = w;
    inner_->set_weight(w);
  }
  Snapshot snapshot_of(const double* params) const override;

  // The logit of a score: a s + b (b alone while a = 0, whatever s is).
  double calibrated(double s) const {
    return state_[kA] == 0 ? state_[kB] : state_[kA] * s + state_[kB];
  }
  // One step of the calibrator on a row's score s and label y of weight w (docs/algorithms.md
  // 4.29); a score that is not finite, or whose square is not, is left out.
  void calibrate(double s, int y, double w);

  // No parameters of its own: the wrapped learner's state and the calibrator's.
  LearnerState save() const override { return {{}, state_, reverted_steps_, {inner_->save()}}; }
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 3.4 and 4.29: the wrapped learner by its own rule, each calibrator value
  // the models' weighted mean.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;

 protected:
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  void refresh_params() const override { params_ = inner_->params(); }
  void merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                       LearnerState& out) const override;
  double count() const override { return state_[kRows]; }
};

// The modifier platt's entry of the registry (docs/algorithms.md 4.29).
std::vector<RegistryEntry> platt_stages();

}  // namespace onepass
