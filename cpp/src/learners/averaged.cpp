#include "learners/averaged.hpp"

namespace onepass {

void Averaged::init() {
  WrappedLearner::init();
  std::copy(params_.begin(), params_.end(), last());
}

void Averaged::seed_new_features(const std::vector<double>& /*old_state*/) {
  std::copy(params_.begin(), params_.end(), last());
}

void Averaged::sync(std::size_t j, double r) {
  const double w = inner_->params()[j];
  double& last_w = last()[j];
  const double delta = w - last_w;
  if (delta != 0) {
    u()[j] += (r - 1) * delta;  // spec 3.1 (AVG-2)
    last_w = w;
  }
}

bool Averaged::update(const double* x, int y) {
  const bool changed = inner_->learn(x, y);
  const double r = state_[0] + 1;  // 1-based index of this example
  state_[0] = r;
  const std::size_t p = params_.size();
  if (changed)
    for (std::size_t j = 0; j < p; ++j) sync(j, r);
  refresh_params();
  params_stale_ = false;
  return changed;
}

bool Averaged::update_sparse(const SparseRow& x, int y) {
  const bool changed = inner_->learn_sparse(x, y);
  const double r = state_[0] + 1;
  state_[0] = r;
  if (changed) {
    for (std::size_t k = 0; k < x.nnz; ++k) sync(x.index[k], r);
    for (std::size_t j = dims_; j < params_.size(); ++j) sync(j, r);
  }
  params_stale_ = true;
  return changed;
}

void Averaged::sparse_state_slots(const SparseRow& x, std::vector<std::size_t>& slots) const {
  const std::size_t p = params_.size();
  slots.resize(1 + 2 * (x.nnz + (p > dims_ ? p - dims_ : 0)));
  std::size_t* slot = slots.data();
  *slot++ = 0;
  auto add = [&](std::size_t j) {
    *slot++ = 1 + j;      // last synced value
    *slot++ = 1 + p + j;  // u
  };
  for (std::size_t k = 0; k < x.nnz; ++k) add(x.index[k]);
  for (std::size_t j = dims_; j < p; ++j) add(j);
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
  return r == 0 ? s_w : s_w - inner_->score_sparse_with(u(), x) / r;
}

std::vector<RegistryEntry> averaged_stages() {
  RegistryEntry avg = modifier_entry(
      Averaged::kName,
      "uniform average of the parameters (lazy trick); predicts in training and test", "3.1", kS0);
  avg.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Averaged>(std::move(inner));
  };
  return one_entry(std::move(avg));
}

}  // namespace onepass
