// Uniform averaging "+avg", spec 3.1, as a wrapper around any learner. The inner learner keeps
// updating its own parameters; the wrapper's parameters are the average (AVG-1)
//   avg_T = (1/T) sum_{s=1..T} theta^(s),
// kept with the lazy trick (AVG-2): when example r changes coordinate j by delta (new - old, so
// multiplicative and rescaling updates are covered too), u_j += (r - 1) delta; avg_T = w_T - u/T.
// Examples that change nothing cost no bookkeeping. The averaged parameters predict during
// training and testing (S0 "+avg"): example t+1 is scored with avg_t, example 1 with theta^(0).
#pragma once

#include "onepass/learners/wrapper.hpp"

namespace onepass {

class Averaged : public WrappedLearner {
 public:
  explicit Averaged(std::unique_ptr<Learner> inner) : WrappedLearner(std::move(inner)) {}

  Snapshot snapshot_of(const double* params) const override;

  std::uint64_t examples() const { return static_cast<std::uint64_t>(state_[0]); }

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  // state_ = [T, last synced inner parameters (P), u (P)], so a saved state resumes exactly.
  double* last() { return state_.data() + 1; }
  double* u() { return state_.data() + 1 + params_.size(); }
};

}  // namespace onepass
