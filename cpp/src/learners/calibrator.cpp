#include "learners/calibrator.hpp"

#include <optional>

#include "core/merge_weights.hpp"
#include "core/numerics.hpp"
#include "learners/platt.hpp"
#include "learners/temperature.hpp"

namespace onepass {

bool Calibrator::update(const double* x, int y) {
  // docs/algorithms.md 4.29: the score the row was predicted with (the wrapped learner's before
  // it learns), the calibrator's step, then the learner's, which takes that score as its margin.
  // The score is the one train_score kept when the row is the one it scored last.
  const std::optional<double> kept = recall_inner_score(x);
  const double s = kept ? *kept : inner_->train_score(x);
  calibrate(s, y, weight_);
  const bool changed = inner_->learn(x, y, s);
  params_stale_ = true;
  return changed;
}

bool Calibrator::update_sparse(const SparseRow& x, int y) {
  const std::optional<double> kept = recall_inner_score(x);
  const double s = kept ? *kept : inner_->train_score_sparse(x);
  calibrate(s, y, weight_);
  const bool changed = inner_->learn_sparse(x, y, s);
  params_stale_ = true;
  return changed;
}

bool Calibrator::linear_form_of(const double* params, std::vector<double>& w, double& b) const {
  double c = 0;
  if (!inner_->linear_form_of(params, w, c)) return false;
  const double a = slope();
  for (double& v : w) v *= a;
  b = calibrated(c);
  return true;
}

Status Calibrator::load(const LearnerState& saved) {
  if (saved.inner.size() != 1 || !saved.params.empty() || saved.state.size() != state_.size())
    return Status::error(std::string("the saved state is not that of +") + name_);
  Status st = inner_->load(saved.inner[0]);
  if (!st) return st;
  state_ = saved.state;
  reverted_steps_ = saved.reverted_steps;
  params_stale_ = true;
  forget_inner_score();
  return Status::ok();
}

bool Calibrator::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                       LearnerState& out) const {
  std::vector<const LearnerState*> inner;
  out.reverted_steps = 0;
  for (const LearnerState* s : parts) {
    if (s->inner.size() != 1 || !s->params.empty() || s->state.size() != state_.size())
      return false;
    inner.push_back(&s->inner[0]);
    out.reverted_steps += s->reverted_steps;
  }
  out.params.clear();
  out.inner.assign(1, {});
  if (!inner_->merge(inner, w, out.inner[0])) return false;
  merge_own_state(parts, w, out);
  return true;
}

void Calibrator::merge_own_state(const std::vector<const LearnerState*>& parts,
                                 const MergeWeights& w, LearnerState& out) const {
  std::vector<const std::vector<double>*> states;
  for (const LearnerState* s : parts) states.push_back(&s->state);
  weighted_mean_into(states, w, out.state);
}

bool is_calibrator(const std::string& modifier) {
  return modifier == Platt::kName || modifier == Temperature::kName;
}

}  // namespace onepass
