// What the calibrating modifiers share, "+platt" (docs/algorithms.md 4.29) and "+temperature"
// (4.30): each wraps any yes/no learner and turns its score s into a logit z whose sigmoid is
// the probability. The calibrator learns from the progressive scores: each row is scored before
// the learner learns it, the calibrator takes one step on (s, y), and then the learner learns the
// row with s as its margin, so it learns exactly what it learns without the wrapper. The wrapper's
// margin is z: the pipeline's prediction (z >= 0), its log-loss and a scorer's probability all
// read it. The calibrator's state is a few fixed values, saved with the model and merged as
// their weighted mean; the wrapper keeps no parameters of its own (params_ mirrors the wrapped
// learner's, filled in when asked for).
#pragma once

#include <string>

#include "learners/wrapper.hpp"

namespace onepass {

class Calibrator : public WrappedLearner {
 public:
  double score_with(const double* params, const double* x) const override {
    return calibrated(inner_->score_with(params, x));
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override {
    return calibrated(inner_->score_sparse_with(params, x));
  }
  // The training scores keep the wrapped learner's s for the step that learns the row next
  // (WrappedLearner::remember_inner_score).
  double train_score(const double* x) const override {
    const double s = inner_->train_score(x);
    const double z = calibrated(s);
    remember_inner_score(x, s, z);
    return z;
  }
  double score_sparse(const SparseRow& x) const override {
    return calibrated(inner_->score_sparse(x));
  }
  double train_score_sparse(const SparseRow& x) const override {
    const double s = inner_->train_score_sparse(x);
    const double z = calibrated(s);
    remember_inner_score(x, s, z);
    return z;
  }
  bool has_probability() const override { return true; }
  bool sparse_native() const override { return inner_->sparse_native(); }
  // z is affine, not linear, in the parameters (Platt's b): +avg cannot average around a
  // calibrator (it comes last anyway).
  bool sparse_params_linear() const override { return false; }
  // The wrapped learner's w and c as slope() w and calibrated(c) (docs/algorithms.md 1.7).
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override;
  // The row's weight weighs the calibrator's step too (docs/algorithms.md 4.28), as it does the
  // wrapped rule's.
  void set_weight(double w) override {
    weight_ = w;
    inner_->set_weight(w);
  }

  // The logit of a score s, and the slope of that map (z = slope() s + calibrated(0)).
  virtual double calibrated(double s) const = 0;
  virtual double slope() const = 0;
  // One step of the calibrator on a row's score s and label y of weight w.
  virtual void calibrate(double s, int y, double w) = 0;

  // No parameters of its own: the wrapped learner's state and the calibrator's.
  LearnerState save() const override { return {{}, state_, reverted_steps_, {inner_->save()}}; }
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 3.4: the wrapped learner by its own rule, each calibrator value the
  // models' weighted mean.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;

 protected:
  // name: the registry's; slots: the size of the calibrator's state.
  Calibrator(std::unique_ptr<Learner> inner, const char* name, std::size_t slots)
      : WrappedLearner(std::move(inner), {name, "calibrated_on", slots, 0}), name_(name) {}
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  void refresh_params() const override { params_ = inner_->params(); }
  void merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                       LearnerState& out) const override;

 private:
  const char* name_;
};

// Whether a modifier of the registry is a calibrator (a learner is calibrated once, and last).
bool is_calibrator(const std::string& modifier);

}  // namespace onepass
