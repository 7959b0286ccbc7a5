// What the modifiers (+avg, +vote) share: they wrap any learner, score with the inner learner's
// rule applied to their own parameter vector (laid out as the inner learner's), report the inner
// learner's guard, keep a state of a few fixed values then copies of the inner parameter vector,
// widen both alike (design.md 10.5), and save and load their own vectors followed by the inner
// learner's state.
#pragma once

#include <memory>
#include <optional>

#include "learners/learner.hpp"
#include "learners/score_memo.hpp"

namespace onepass {

// What sets one wrapper apart in the code they share.
struct WrapperShape {
  const char* name;          // its snapshots append "+name"
  const char* count;         // the snapshot's scalar of what its parameters combine
  std::size_t head, copies;  // its state: head fixed values, then copies of the inner parameters
};

class WrappedLearner : public Learner {
 public:
  WrappedLearner(std::unique_ptr<Learner> inner, WrapperShape shape)
      : inner_(std::move(inner)), shape_(shape) {}

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
  // The inner rule takes the weight; an average or a vote counts every row once.
  void set_weight(double w) override { inner_->set_weight(w); }

  // The inner learner's snapshot of these parameters, named "inner+name", with the count.
  Snapshot snapshot_of(const double* params) const override;
  Layout params_layout() const override { return inner_->params_layout(); }
  Layout state_layout() const override;
  std::uint64_t values_beyond_line() const override { return inner_->values_beyond_line(); }
  // The inner learner widens first; a new feature's parameters are then its initial ones and
  // its share of the state is what seed_state gives it.
  void remap(const std::vector<std::size_t>& position, std::size_t new_dims) override;

  LearnerState save() const override {
    return {params(), state_, reverted_steps_, {inner_->save()}};
  }
  // docs/algorithms.md 3.4: the inner learner merges by its own rule, the wrapper's average or
  // vote by the models' weights, and its state as merge_own_state makes it.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;
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
    forget_inner_score();
    return Status::ok();
  }

 protected:
  bool moves_without_update() const override { return true; }
  // Resets the inner learner, takes its initial parameters (theta^(0) predicts the first
  // example) and a zero state.
  void init() override;
  // remap: fills the new state (zeros, sized) for a new feature, whose parameters have kept
  // their initial values (params_) in every step so far, given the state before the remap
  // (its counters first). Copies left at 0 need nothing.
  virtual void seed_new_features(const std::vector<double>& /*old_state*/) {}
  // merge: the wrapper's state for `out`, whose parameters and inner learner are merged already,
  // when the parts' states differ (identical ones are kept as they are).
  virtual void merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                               LearnerState& out) const = 0;
  // The snapshot's count, from a state that init has filled.
  virtual double count() const = 0;

  // The inner learner's score of the row the wrapper scored last, when the wrapper's score was
  // computed from it (+avg's s(w, x) on a sparse row, a calibrator's s), for the step that
  // learns the row next (learners/score_memo.hpp). The scoring methods (const) keep it; the next
  // step reads or drops it; reset, load and remap drop it.
  void remember_inner_score(const double* x, double inner, double outer) const {
    memo_.keep(x, inner, outer);
  }
  void remember_inner_score(const SparseRow& x, double inner, double outer) const {
    memo_.keep(x, inner, outer);
  }
  std::optional<double> recall_inner_score(const double* x) {
    return memo_.recall(x, given_margin());
  }
  std::optional<double> recall_inner_score(const SparseRow& x) {
    return memo_.recall(x, given_margin());
  }
  void forget_inner_score() const { memo_.forget(); }

  std::unique_ptr<Learner> inner_;

 private:
  WrapperShape shape_;
  mutable ScoreMemo memo_;
};

}  // namespace onepass
