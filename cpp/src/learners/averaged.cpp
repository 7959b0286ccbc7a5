#include "learners/averaged.hpp"

namespace onepass {

void Averaged::init() {
  inner_->reset(dims_);
  params_ = inner_->params();  // theta^(0) predicts the first example
  const std::size_t p = params_.size();
  state_.assign(1 + 2 * p, 0.0);
  std::copy(params_.begin(), params_.end(), last());
}

Layout Averaged::state_layout() const {
  Layout l{fixed_values(1)};
  const Layout p = inner_->params_layout();
  l.insert(l.end(), p.begin(), p.end());
  l.insert(l.end(), p.begin(), p.end());
  return l;
}

void Averaged::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  // A new feature's weight has stayed at its initial value in every step so far, so its
  // average and synced copy are that value and its u is 0 (design.md 10.5).
  const Layout pl = inner_->params_layout(), sl = state_layout();
  const std::vector<double> old_params = *ensure_params();
  const std::vector<double> old_state = state_;
  const std::size_t old_dims = dims_;
  inner_->remap(position, new_dims);
  dims_ = new_dims;
  const std::vector<double>& initial = inner_->params();
  const std::size_t p = initial.size();
  params_ = initial;
  state_.assign(1 + 2 * p, 0.0);
  std::copy(initial.begin(), initial.end(), last());
  relayout(old_params, pl, old_dims, params_, new_dims, position);
  relayout(old_state, sl, old_dims, state_, new_dims, position);
  params_stale_ = false;
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
  slots.assign(1, 0);
  auto add = [&](std::size_t j) {
    slots.push_back(1 + j);      // last synced value
    slots.push_back(1 + p + j);  // u
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

double Averaged::score_sparse(const SparseRow& x) const {
  if (!params_stale_) return score_sparse_with(params_.data(), x);
  const double r = state_[0];
  const double s_w = inner_->score_sparse(x);
  return r == 0 ? s_w : s_w - inner_->score_sparse_with(u(), x) / r;
}

Snapshot Averaged::snapshot_of(const double* params) const {
  Snapshot s = inner_->snapshot_of(params);
  s.name += std::string("+") + kName;
  s.scalars.emplace_back("averaged_over", state_.empty() ? 0 : state_[0]);
  return s;
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
