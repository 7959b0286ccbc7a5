#include "learners/learner.hpp"

#include <algorithm>
#include <cmath>

#include "core/dense_ops.hpp"
#include "core/numerics.hpp"

namespace onepass {

void Learner::reset(std::size_t dims) {
  dims_ = dims;
  params_.clear();
  params_stale_ = false;
  state_.clear();
  reverted_steps_ = 0;
  init();
  params_backup_.resize(params_.size());
  state_backup_.resize(state_.size());
}

namespace {

// to = from, sized to fit (learn_sparse keeps fewer values in the same backups).
void copy_into(const std::vector<double>& from, std::vector<double>& to) {
  if (to.size() != from.size()) to.resize(from.size());
  copy_values(from.data(), from.size(), to.data());
}

}  // namespace

template <class Step>
bool Learner::guarded_whole_step(Step step) {
  copy_into(params_, params_backup_);
  copy_into(state_, state_backup_);
  const bool changed = step();
  if (!changed && !moves_without_update()) return false;
  if (all_finite(params_.data(), params_.size()) && all_finite(state_.data(), state_.size()))
    return changed;
  params_.swap(params_backup_);
  state_.swap(state_backup_);
  ++reverted_steps_;
  return false;
}

bool Learner::learn(const double* x, int y) {
  // spec 2.6: the backup costs O(parameters), the same order as one dense step. A lazy
  // average (sparse steps before) is filled in first, so that a revert restores real values.
  ensure_params();
  return guarded_whole_step([&] { return update(x, y); });
}

double Learner::score_sparse_with(const double* params, const SparseRow& x) const {
  dense_row_.resize(dims_);
  densify(x, dims_, dense_row_.data());
  return score_with(params, dense_row_.data());
}

bool Learner::update_sparse(const SparseRow& x, int y) {
  dense_row_.resize(dims_);
  densify(x, dims_, dense_row_.data());
  return update(dense_row_.data(), y);
}

void Learner::feature_block_slots(const SparseRow& x, std::size_t blocks, std::size_t tail,
                                  std::vector<std::size_t>& slots) const {
  slots.clear();
  for (std::size_t b = 0; b < blocks; ++b)
    for (std::size_t k = 0; k < x.nnz; ++k) slots.push_back(b * dims_ + x.index[k]);
  for (std::size_t i = 0; i < tail; ++i) slots.push_back(blocks * dims_ + i);
}

void Learner::sparse_state_slots(const SparseRow& /*x*/, std::vector<std::size_t>& slots) const {
  slots.resize(state_.size());
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = i;
}

bool Learner::learn_sparse(const SparseRow& x, int y) {
  if (!sparse_native()) {
    dense_row_.resize(dims_);  // a dense update never scores sparse rows: free to reuse
    densify(x, dims_, dense_row_.data());
    return learn(dense_row_.data(), y);
  }
  if (next_sparse_step_is_whole())  // a rare step that may change every parameter
    return guarded_whole_step([&] { return update_sparse(x, y); });
  return guarded_sparse_step(x, y);
}

bool Learner::guarded_sparse_step(const SparseRow& x, int y) {
  // spec 2.6 in O(nonzeros): back up only what a sparse step may touch, the row's weights,
  // the parameters after the weights and the learner's state slots for this row. The row's
  // indices are read where they are (no list of slots is built for the parameters), and the
  // backups are sized once and written in place.
  const std::size_t p = params_.size();
  const std::size_t after = p > dims_ ? p - dims_ : 0;
  sparse_state_slots(x, state_slots_);
  params_backup_.resize(x.nnz + after);
  state_backup_.resize(state_slots_.size());
  double* backup = params_backup_.data();
  for (std::size_t k = 0; k < x.nnz; ++k) *backup++ = params_[x.index[k]];
  for (std::size_t j = dims_; j < p; ++j) *backup++ = params_[j];
  for (std::size_t i = 0; i < state_slots_.size(); ++i) state_backup_[i] = state_[state_slots_[i]];
  const bool changed = update_sparse(x, y);
  if (!changed && !moves_without_update()) return false;
  bool finite = true;
  for (std::size_t k = 0; k < x.nnz; ++k) finite &= std::isfinite(params_[x.index[k]]);
  for (std::size_t j = dims_; j < p; ++j) finite &= std::isfinite(params_[j]);
  for (std::size_t j : state_slots_) finite &= std::isfinite(state_[j]);
  if (finite) return changed;
  for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] = params_backup_[k];
  for (std::size_t j = dims_; j < p; ++j) params_[j] = params_backup_[x.nnz + (j - dims_)];
  for (std::size_t i = 0; i < state_slots_.size(); ++i) state_[state_slots_[i]] = state_backup_[i];
  ++reverted_steps_;
  return false;
}

bool Learner::learn(const double* x, int y, double margin) {
  margin_given_ = true;
  given_margin_ = margin;
  const bool changed = learn(x, y);
  margin_given_ = false;
  return changed;
}

bool Learner::learn_sparse(const SparseRow& x, int y, double margin) {
  margin_given_ = true;
  given_margin_ = margin;
  const bool changed = learn_sparse(x, y);
  margin_given_ = false;
  return changed;
}

LearnerState Learner::save() const {
  ensure_params();
  return {params_, state_, reverted_steps_, {}};
}

Status Learner::load(const LearnerState& saved) {
  if (saved.params.size() != params_.size() || saved.state.size() != state_.size() ||
      !saved.inner.empty())
    return Status::error("the saved learner state does not fit this learner (" +
                         std::to_string(saved.params.size()) + " parameters, expected " +
                         std::to_string(params_.size()) + ")");
  params_ = saved.params;
  params_stale_ = false;
  state_ = saved.state;
  reverted_steps_ = saved.reverted_steps;
  return Status::ok();
}

bool Learner::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                    LearnerState& out) const {
  std::vector<const std::vector<double>*> params, state;
  out.reverted_steps = 0;
  for (const auto* s : parts) {
    if (!s->inner.empty()) return false;
    params.push_back(&s->params);
    state.push_back(&s->state);
    out.reverted_steps += s->reverted_steps;
  }
  out.inner.clear();
  if (!weighted_mean_into(params, w, out.params) || !weighted_mean_into(state, w, out.state))
    return false;
  const MergeConfidence c = merge_confidence();
  if (c.of_param.empty()) return true;
  if (c.of_param.size() != out.params.size()) return false;
  for (const auto& [slot, of] : c.with)
    if (slot >= out.state.size() || of >= out.state.size()) return false;
  for (std::size_t slot : c.of_param)
    if (slot >= out.state.size()) return false;
  // A variance that is not positive (only an edited model holds one) gives no confidence.
  const auto confidence = [&](std::size_t k, std::size_t slot) {
    const double v = (*state[k])[slot];
    return !c.inverse ? v : v > 0 ? 1.0 / v : 0.0;
  };
  // spec 3.4 (MERGE-w): value i of the parts `from`, weighted by a_k c_k; the weighted mean
  // stays where no model has any confidence in it (a feature none of them saw).
  const auto by_confidence = [&](const std::vector<const std::vector<double>*>& from, std::size_t i,
                                 std::size_t slot, double& value) {
    double total = 0, sum = 0, first = 0;
    bool same = true, seen = false;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (w.share[k] == 0) continue;
      const double a = w.share[k] * confidence(k, slot), v = (*from[k])[i];
      if (!seen) first = v;
      same = same && v == first;
      seen = true;
      total += a;
      sum += a * v;
    }
    if (same || !(total > 0) || !std::isfinite(total)) return;
    value = sum / total;
  };
  for (std::size_t i = 0; i < out.params.size(); ++i)
    by_confidence(params, i, c.of_param[i], out.params[i]);
  for (const auto& [slot, of] : c.with) by_confidence(state, slot, of, out.state[slot]);
  // (MERGE-c): the confidence is the weighted mean of the models' (weighted_mean_into gave it
  // where the slots hold the confidence itself); a variance is 1 over that mean.
  if (c.inverse)
    for (std::size_t slot : c.of_param) {
      bool same = true;
      for (std::size_t k = 0; k < parts.size(); ++k)
        same = same && (w.share[k] == 0 || (*state[k])[slot] == out.state[slot]);
      const double mean = weighted_mean(w, [&](std::size_t k) { return confidence(k, slot); });
      if (!same && mean > 0 && std::isfinite(mean)) out.state[slot] = 1.0 / mean;
    }
  return true;
}

void Learner::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  const Layout pl = params_layout(), sl = state_layout();
  const std::vector<double> old_params = *ensure_params();  // folds lazy parameters in
  const std::vector<double> old_state = state_;
  const std::size_t old_dims = dims_;
  dims_ = new_dims;
  init();  // every value at its initial value for the new width
  relayout(old_params, pl, old_dims, params_, new_dims, position);
  relayout(old_state, sl, old_dims, state_, new_dims, position);
  params_stale_ = false;
}

void Learner::add_status(Snapshot& s) const {
  s.scalars.emplace_back("diverged", diverged() ? 1 : 0);
  s.scalars.emplace_back("reverted_steps", static_cast<double>(reverted_steps()));
}

}  // namespace onepass
