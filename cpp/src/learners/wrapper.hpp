// What the modifiers (+avg, +vote) share: they wrap any learner, score with the inner learner's
// rule applied to their own parameter vector, report the inner learner's guard, and save and
// load their own vectors followed by the inner learner's state.
#pragma once

#include <memory>

#include "learners/learner.hpp"

namespace onepass {

class WrappedLearner : public Learner {
 public:
  explicit WrappedLearner(std::unique_ptr<Learner> inner) : inner_(std::move(inner)) {}

  double score_with(const double* params, const double* x) const override {
    return inner_->score_with(params, x);
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override {
    return inner_->score_sparse_with(params, x);
  }
  bool has_probability() const override { return inner_->has_probability(); }
  // The inner rule on the wrapper's own (averaged or voted) parameters.
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override {
    return inner_->linear_form_of(params, w, b);
  }
  // The inner learner's reverted steps and the wrapper's own (a vote or an average that would
  // not be finite, its parameters moving on every row: moves_without_update).
  std::uint64_t reverted_steps() const override {
    return inner_->reverted_steps() + reverted_steps_;
  }
  std::uint64_t negative_input_rows() const override { return inner_->negative_input_rows(); }
  void set_negative_input_rows(std::uint64_t rows) override {
    inner_->set_negative_input_rows(rows);
  }
  const Learner& inner() const { return *inner_; }

  LearnerState save() const override {
    return {params(), state_, reverted_steps_, {inner_->save()}};
  }
  Status load(const LearnerState& saved) override {
    if (saved.inner.size() != 1 || saved.params.size() != params_.size() ||
        saved.state.size() != state_.size())
      return Status::error("the saved state is not that of this wrapper (+avg or +vote)");
    Status st = inner_->load(saved.inner[0]);
    if (!st) return st;
    params_ = saved.params;
    params_stale_ = false;
    state_ = saved.state;
    reverted_steps_ = saved.reverted_steps;
    return Status::ok();
  }

 protected:
  bool moves_without_update() const override { return true; }
  std::unique_ptr<Learner> inner_;
};

}  // namespace onepass
