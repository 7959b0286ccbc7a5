#include "learners/averaged.hpp"

#include <cmath>
#include <optional>

#include "learners/modifier_entry.hpp"

namespace onepass {

void Averaged::init() {
  WrappedLearner::init();
  std::copy(params_.begin(), params_.end(), last());
}

void Averaged::seed_new_features(const std::vector<double>& /*old_state*/) {
  std::copy(params_.begin(), params_.end(), last());
}

void Averaged::sync(const double* w, std::size_t j, double r) {
  double& last_w = last()[j];
  const double delta = w[j] - last_w;
  if (delta != 0) {
    u()[j] += (r - 1) * delta;  // spec 3.1 (AVG-2)
    last_w = w[j];
  }
}

bool Averaged::update(const double* x, int y) {
  // A dense row is scored with the average itself, s(avg, x), params_ being up to date after
  // a dense step: no inner score s(w, x) was computed for it, so the inner learner computes
  // its own (s(w, x) - s(u, x)/T would round differently from s(avg, x)).
  forget_inner_score();
  const bool changed = inner_->learn(x, y);
  const double r = state_[0] + 1;  // 1-based index of this example
  state_[0] = r;
  const std::size_t p = params_.size();
  if (changed) {
    const double* w = inner_->params().data();
    for (std::size_t j = 0; j < p; ++j) sync(w, j, r);
  }
  refresh_params();
  params_stale_ = false;
  return changed;
}

bool Averaged::update_sparse(const SparseRow& x, int y) {
  // The row's s(w, x), if score_sparse computed it for the row's prediction: the inner
  // learner's own margin, its parameters unchanged since.
  const std::optional<double> s_w = recall_inner_score(x);
  const bool changed = s_w ? inner_->learn_sparse(x, y, *s_w) : inner_->learn_sparse(x, y);
  const double r = state_[0] + 1;
  state_[0] = r;
  if (changed) {
    const double* w = inner_->params().data();
    for (std::size_t k = 0; k < x.nnz; ++k) sync(w, x.index[k], r);
    for (std::size_t j = dims_; j < params_.size(); ++j) sync(w, j, r);
  }
  params_stale_ = true;
  return changed;
}

bool Averaged::guarded_sparse_step(const SparseRow& x, int y) {
  const std::size_t p = params_.size();
  step_backup_.resize(2 * (x.nnz + (p > dims_ ? p - dims_ : 0)));
  const double t = state_[0];
  double* backup = step_backup_.data();
  const auto save = [&](std::size_t j) {
    *backup++ = last()[j];
    *backup++ = u()[j];
  };
  for (std::size_t k = 0; k < x.nnz; ++k) save(x.index[k]);
  for (std::size_t j = dims_; j < p; ++j) save(j);
  const bool changed = Averaged::update_sparse(x, y);
  bool finite = std::isfinite(state_[0]);
  const auto check = [&](std::size_t j) {
    finite &= std::isfinite(last()[j]) && std::isfinite(u()[j]);
  };
  for (std::size_t k = 0; k < x.nnz; ++k) check(x.index[k]);
  for (std::size_t j = dims_; j < p; ++j) check(j);
  if (finite) return changed;
  state_[0] = t;
  backup = step_backup_.data();
  const auto restore = [&](std::size_t j) {
    last()[j] = *backup++;
    u()[j] = *backup++;
  };
  for (std::size_t k = 0; k < x.nnz; ++k) restore(x.index[k]);
  for (std::size_t j = dims_; j < p; ++j) restore(j);
  ++reverted_steps_;
  return false;
}

void Averaged::refresh_params() const {
  const std::vector<double>& w = inner_->params();
  const double r = state_[0];
  if (r == 0) {
    params_ = w;
    return;
  }
  const double* u_acc = u();
  for (std::size_t j = 0; j < params_.size(); ++j) params_[j] = w[j] - u_acc[j] / r;
}

void Averaged::merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                               LearnerState& out) const {
  const std::size_t p = out.params.size();
  const double t = weighted_mean(w, [&](std::size_t k) { return parts[k]->state[0]; });
  const std::vector<double>& inner = out.inner[0].params;
  out.state.assign(1 + 2 * p, 0.0);
  out.state[0] = t;
  for (std::size_t j = 0; j < p; ++j) {
    out.state[1 + j] = inner[j];
    out.state[1 + p + j] = t == 0 ? 0.0 : t * (inner[j] - out.params[j]);
  }
}

double Averaged::score_sparse(const SparseRow& x) const {
  if (!params_stale_) return score_sparse_with(params_.data(), x);
  const double r = state_[0];
  const double s_w = inner_->score_sparse(x);
  const double s = r == 0 ? s_w : s_w - inner_->score_sparse_with(u(), x) / r;
  remember_inner_score(x, s_w, s);  // for the step that learns x next (update_sparse)
  return s;
}

std::vector<RegistryEntry> averaged_stages() {
  RegistryEntry avg = parameterless_modifier_entry<Averaged>(
      "uniform average of the parameters (lazy trick); predicts in training and test", "3.1", kS0);
  return one_entry(std::move(avg));
}

}  // namespace onepass
