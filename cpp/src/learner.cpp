#include "onepass/learners/learner.hpp"

#include "onepass/core/numerics.hpp"

namespace onepass {

void Learner::reset(std::size_t dims) {
  dims_ = dims;
  params_.clear();
  state_.clear();
  reverted_steps_ = 0;
  init();
  params_backup_.resize(params_.size());
  state_backup_.resize(state_.size());
}

bool Learner::learn(const double* x, int y) {
  // spec 2.6: the backup costs O(parameters), the same order as one dense step.
  params_backup_.assign(params_.begin(), params_.end());
  state_backup_.assign(state_.begin(), state_.end());
  if (!update(x, y)) return false;
  if (all_finite(params_.data(), params_.size()) && all_finite(state_.data(), state_.size()))
    return true;
  params_.swap(params_backup_);
  state_.swap(state_backup_);
  ++reverted_steps_;
  return false;
}

LearnerState Learner::save() const {
  return {params_, state_, reverted_steps_, {}};
}

Status Learner::load(const LearnerState& saved) {
  if (saved.params.size() != params_.size() || saved.state.size() != state_.size() ||
      !saved.inner.empty())
    return Status::error("the saved learner state does not fit this learner (" +
                         std::to_string(saved.params.size()) + " parameters, expected " +
                         std::to_string(params_.size()) + ")");
  params_ = saved.params;
  state_ = saved.state;
  reverted_steps_ = saved.reverted_steps;
  return Status::ok();
}

void Learner::add_status(Snapshot& s) const {
  s.scalars.emplace_back("diverged", diverged() ? 1 : 0);
  s.scalars.emplace_back("reverted_steps", static_cast<double>(reverted_steps()));
}

}  // namespace onepass
