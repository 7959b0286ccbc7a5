#include "learners/wrapper.hpp"

namespace onepass {

Snapshot WrappedLearner::snapshot_of(const double* params) const {
  Snapshot s = inner_->snapshot_of(params);
  s.name += std::string("+") + shape_.name;
  s.scalars.emplace_back(shape_.count, state_.empty() ? 0 : count());
  return s;
}

Layout WrappedLearner::state_layout() const {
  Layout l{fixed_values(shape_.head)};
  const Layout p = inner_->params_layout();
  for (std::size_t c = 0; c < shape_.copies; ++c) l.insert(l.end(), p.begin(), p.end());
  return l;
}

void WrappedLearner::init() {
  forget_inner_score();
  inner_->reset(dims_);
  params_ = inner_->params();
  state_.assign(shape_.head + shape_.copies * params_.size(), 0.0);
}

bool WrappedLearner::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                           LearnerState& out) const {
  std::vector<const LearnerState*> inner;
  std::vector<const std::vector<double>*> params;
  const LearnerState* kept = nullptr;  // the state of the first model of positive share
  bool same = true;
  out.reverted_steps = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const LearnerState* s = parts[k];
    if (s->inner.size() != 1 || s->params.size() != params_.size() ||
        s->state.size() != state_.size())
      return false;
    inner.push_back(&s->inner[0]);
    params.push_back(&s->params);
    out.reverted_steps += s->reverted_steps;
    if (w.share[k] == 0) continue;
    if (!kept) kept = s;
    same = same && s->state == kept->state;
  }
  out.inner.assign(1, {});
  if (!inner_->merge(inner, w, out.inner[0]) || !weighted_mean_into(params, w, out.params))
    return false;
  if (kept && same)
    out.state = kept->state;
  else
    merge_own_state(parts, w, out);
  return true;
}

void WrappedLearner::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  const Layout pl = params_layout(), sl = state_layout();
  const std::vector<double> old_params = *ensure_params();
  const std::vector<double> old_state = state_;
  const std::size_t old_dims = dims_;
  forget_inner_score();
  inner_->remap(position, new_dims);
  dims_ = new_dims;
  params_ = inner_->params();
  state_.assign(shape_.head + shape_.copies * params_.size(), 0.0);
  seed_new_features(old_state);
  relayout(old_params, pl, old_dims, params_, new_dims, position);
  relayout(old_state, sl, old_dims, state_, new_dims, position);
  params_stale_ = false;
}

}  // namespace onepass
