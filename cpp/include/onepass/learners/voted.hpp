// Survival-weighted voting "+vote", spec 3.2 (S4's "v" learners), as a wrapper around any
// learner: each hypothesis is weighted by the number of rows it survived (rows that triggered
// no update, D-VOTE-1). On an update: acc += c * theta_before; Z += c; c = 0. The voted model
// (acc + c theta)/(Z + c) is what the wrapper's parameters hold, for frozen predictions and
// snapshots; during training, predictions use the current hypothesis, as in S4. (S4's own code
// computed the uniform average: "+avg" replicates its tables, "+vote" follows its text.)
#pragma once

#include <memory>

#include "onepass/learners/learner.hpp"

namespace onepass {

class Voted : public Learner {
 public:
  explicit Voted(std::unique_ptr<Learner> inner) : inner_(std::move(inner)) {}

  double score_with(const double* params, const double* x) const override {
    return inner_->score_with(params, x);
  }
  double train_score(const double* x) const override { return inner_->score(x); }
  bool has_probability() const override { return inner_->has_probability(); }
  std::uint64_t reverted_steps() const override { return inner_->reverted_steps(); }
  LearnerState save() const override { return wrapper_save(*this, *inner_); }
  Status load(const LearnerState& saved) override { return wrapper_load(*this, *inner_, saved); }
  Snapshot snapshot_of(const double* params) const override;
  const Learner& inner() const { return *inner_; }

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  // state_ = [c, Z, acc (P)]
  std::unique_ptr<Learner> inner_;
  std::vector<double> before_;
};

}  // namespace onepass
