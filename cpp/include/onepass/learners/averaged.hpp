// Uniform averaging "+avg", spec 3.1, as a wrapper around any learner. The inner learner keeps
// updating its own parameters; the wrapper's parameters are the average (AVG-1)
//   avg_T = (1/T) sum_{s=1..T} theta^(s),
// kept with the lazy trick (AVG-2): when example r changes coordinate j by delta (new - old, so
// multiplicative and rescaling updates are covered too), u_j += (r - 1) delta; avg_T = w_T - u/T.
// Examples that change nothing cost no bookkeeping. The averaged parameters predict during
// training and testing (S0 "+avg"): example t+1 is scored with avg_t, example 1 with theta^(0).
#pragma once

#include <memory>

#include "onepass/learners/learner.hpp"

namespace onepass {

class Averaged : public Learner {
 public:
  explicit Averaged(std::unique_ptr<Learner> inner) : inner_(std::move(inner)) {}

  double score_with(const double* params, const double* x) const override {
    return inner_->score_with(params, x);
  }
  bool has_probability() const override { return inner_->has_probability(); }
  std::uint64_t reverted_steps() const override { return inner_->reverted_steps(); }
  LearnerState save() const override { return wrapper_save(*this, *inner_); }
  Status load(const LearnerState& saved) override { return wrapper_load(*this, *inner_, saved); }
  Snapshot snapshot_of(const double* params) const override;

  const Learner& inner() const { return *inner_; }
  std::uint64_t examples() const { return static_cast<std::uint64_t>(state_[0]); }

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  // state_ = [T, last synced inner parameters (P), u (P)], so a saved state resumes exactly.
  double* last() { return state_.data() + 1; }
  double* u() { return state_.data() + 1 + params_.size(); }

  std::unique_ptr<Learner> inner_;
};

}  // namespace onepass
