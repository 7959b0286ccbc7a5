// The learner interface (docs/design.md, "The core"). A learner keeps every parameter that
// averaging may average in one contiguous vector `params_` (spec 3: "all parameter arrays are
// averaged element-wise") and its other state (counters, class means) in `state_`. Scoring is a
// function of (parameters, row), so an averaging wrapper can score with its averaged copy of the
// parameters without the learner knowing it exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/layout.hpp"
#include "core/merge_weights.hpp"
#include "core/snapshot.hpp"
#include "core/sparse_row.hpp"
#include "core/status.hpp"

namespace onepass {

// Everything a learner needs to resume exactly: its parameters, its other state, the steps its
// guard reverted and, for a wrapper (+avg, +vote), the same of the learner it wraps.
struct LearnerState {
  std::vector<double> params, state;
  std::uint64_t reverted_steps = 0;
  std::vector<LearnerState> inner;  // none, or the wrapped learner's
};

// The numbers a saved learner holds, its wrapped learners' included: what its memory and its
// model file grow with.
inline std::uint64_t values_in(const LearnerState& s) {
  std::uint64_t n = s.params.size() + s.state.size();
  for (const LearnerState& inner : s.inner) n += values_in(inner);
  return n;
}

class Learner {
 public:
  virtual ~Learner() = default;

  // Sets the input width and the initial parameters theta^(0); forgets everything learned.
  void reset(std::size_t dims);
  std::size_t dims() const { return dims_; }

  // Widens the input to new_dims features (design.md 10.5): what the learner knows of its features
  // is kept and the new ones start at their initial values, exactly as if they had been 0 on
  // every row so far. Nothing happens when new_dims <= dims().
  void grow(std::size_t new_dims) { remap({}, new_dims); }
  // The same with the features moved: feature j becomes feature position[j] of new_dims (all
  // distinct); the features no old one moves to start at their initial values (a merge of
  // models that saw different categorical levels, design.md 10.5).
  virtual void remap(const std::vector<std::size_t>& position, std::size_t new_dims);
  // The layouts of params_ and state_ (default: the weights then fixed values; fixed state).
  virtual Layout params_layout() const {
    return {feature_block(), fixed_values(params_.size() - dims_)};
  }
  virtual Layout state_layout() const { return {fixed_values(state_.size())}; }
  // The numbers the learner may hold beyond a line in its width (a full covariance, 4.31),
  // counted at their most: the run's memory estimate (pipeline/run_memory.hpp) measures the
  // line on narrow probes and adds these whole.
  virtual std::uint64_t values_beyond_line() const { return 0; }

  // Margin s(x) (spec 1.2) of a row of dims() values under the given parameters.
  virtual double score_with(const double* params, const double* x) const = 0;
  double score(const double* x) const { return score_with(current_params(), x); }
  // The score that progressive validation records while training. It is score() except for
  // voting, whose training-time predictions use the current hypothesis (spec 3.2).
  virtual double train_score(const double* x) const { return score(x); }
  virtual bool has_probability() const { return false; }

  // Learns one row with label y in {-1,+1}. Returns true iff the parameters changed (the
  // learner's update condition held; spec 1.3). spec 2.6 (D-DIV): an update that would make
  // any parameter non-finite is reverted, the learner is marked diverged and keeps predicting
  // with its last finite parameters.
  bool learn(const double* x, int y);
  // learn() right after the caller computed `margin` = train_score(x) for its prediction
  // (spec 6.1: predict, then learn; nothing learned, loaded or widened in between): an update
  // that needs score(x) under the learner's own parameters takes this one rather than
  // computing the same dot product again. For a base learner train_score(x) is that score; a
  // wrapper (+avg, +platt, +temperature) scores with other parameters, or maps the score, so
  // it reads the margin only to know that the row is the one it scored last, whose inner
  // score it kept (WrappedLearner::recall_inner_score).
  bool learn(const double* x, int y, double margin);

  // Sparse rows (core/sparse_row.hpp). A learner whose step touches only the row's non-zeros
  // says so with sparse_native() and overrides score_sparse_with and update_sparse; the
  // others learn and score the row made dense (the same result, in O(dims)).
  virtual bool sparse_native() const { return false; }
  // Whether a sparse-native learner's score is linear in params_ on the sparse path, and its
  // sparse steps move params_ only where update_sparse's contract says, so that +avg and +vote
  // can keep their average or vote lazily around it (learners/averaged.hpp, voted.hpp). Not so
  // for logreg with weight decay, whose params_ hold w / s on sparse rows (the scale s in
  // state_), nor for +avg and +vote themselves, whose parameters move on every coordinate.
  virtual bool sparse_params_linear() const { return true; }
  virtual double score_sparse_with(const double* params, const SparseRow& x) const;
  virtual double score_sparse(const SparseRow& x) const {
    return score_sparse_with(current_params(), x);
  }
  virtual double train_score_sparse(const SparseRow& x) const { return score_sparse(x); }
  // learn() on a sparse row; the guard of spec 2.6 backs up and checks only what a sparse
  // step may touch (the row's weights, the parameters after the dims() weights, the state
  // slots of sparse_state_slots), so a native step costs O(nonzeros + those few).
  bool learn_sparse(const SparseRow& x, int y);
  bool learn_sparse(const SparseRow& x, int y, double margin);  // as learn(x, y, margin)

  // The weight of the coming steps (docs/algorithms.md 4.28): a row of weight w counts as w
  // rows in the rule's objective, which is how class weights make a rare class count more.
  // 1 unless a pipeline weighs classes; a wrapper passes it to the learner it wraps.
  virtual void set_weight(double w) { weight_ = w; }

  const std::vector<double>& params() const { return *ensure_params(); }
  const std::vector<double>& state() const { return state_; }
  bool diverged() const { return reverted_steps() > 0; }
  // Wrappers report the steps their inner learner reverted.
  virtual std::uint64_t reverted_steps() const { return reverted_steps_; }
  // Rows whose input the learner cannot use as given (negative values for the Winnow family,
  // InputNeed::non_negative); 0 for learners that take any input.
  virtual std::uint64_t negative_input_rows() const { return 0; }
  // Sets that count: a pipeline's run state brought from another thread
  // (Pipeline::load_run_state).
  virtual void set_negative_input_rows(std::uint64_t /*rows*/) {}

  // The full state, and its restoration into a learner reset to the same width and built
  // from the same spec (sizes are checked; nothing changes on an error).
  virtual LearnerState save() const;
  virtual Status load(const LearnerState& saved);
  // Merging models (docs/algorithms.md 3.4): `out` becomes the combination of `parts`, states
  // saved by learners of this spec and width, under the models' weights: a parameter with a
  // confidence (merge_confidence) takes its confidence-weighted mean (MERGE-w) and the
  // confidence its weighted mean (MERGE-c); every other value takes its weighted mean; the
  // reverted steps add up. False when the parts' shapes differ.
  virtual bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                     LearnerState& out) const;

  // The margin of the given parameters as w.x + b, when it is affine in x (docs/algorithms.md
  // 1.7): fills w (dims()) and b and returns true. False for the rules whose margin is not:
  // Winnow's per-row normalisation, NAG's pending rescaling, FS's sigmoid maps.
  virtual bool linear_form_of(const double* /*params*/, std::vector<double>& /*w*/,
                              double& /*b*/) const {
    return false;
  }
  bool linear_form(std::vector<double>& w, double& b) const {
    return linear_form_of(current_params(), w, b);
  }

 protected:
  // linear_form_of for the parameters [w_1..w_d, b] (or [w] when there is no bias): the layout
  // of the linear learners (logreg, the adaptive ones, the margin family, PATER).
  bool weights_and_bias(const double* params, bool bias, std::vector<double>& w, double& b) const {
    w.assign(params, params + dims_);
    b = bias ? params[dims_] : 0.0;
    return true;
  }

 public:
  // Named arrays of the given parameter vector (own or averaged), e.g. "w" and "b".
  virtual Snapshot snapshot_of(const double* params) const = 0;
  Snapshot snapshot() const { return snapshot_of(current_params()); }

 protected:
  // Fills params_ and state_ for width dims_ (called by reset).
  virtual void init() = 0;
  // The update rule; returns whether it changed params_.
  virtual bool update(const double* x, int y) = 0;
  // Sparse-native learners: the update rule on a sparse row. Contract: params_ is the dims()
  // weights followed by other parameters, the step changes only the weights of the row's
  // indices, those others and state_ (small), unless next_sparse_step_is_whole() said
  // otherwise before it.
  virtual bool update_sparse(const SparseRow& x, int y);
  // True for a learner whose parameters or state change on every row, whether or not its rule
  // updates (+avg's count, +vote's survivals): the guard (docs/algorithms.md 2.6) then checks
  // every step, not only those that return true.
  virtual bool moves_without_update() const { return false; }
  // Steps the guard reverted (a wrapper saves and loads its own beside its inner learner's).
  std::uint64_t reverted_steps_ = 0;
  // True when the coming sparse step may change every parameter (logreg folding its weight
  // scale back into w, now and then): the guard then backs up all of them.
  virtual bool next_sparse_step_is_whole() const { return false; }
  // spec 2.6 around a sparse step that touches only what update_sparse's contract allows:
  // backs up the row's weights, the parameters after the weights and the state slots of
  // sparse_state_slots, steps, and restores them if any is not finite. +avg, whose own state
  // has a known shape, overrides it with one pass over the row.
  virtual bool guarded_sparse_step(const SparseRow& x, int y);
  // The state_ entries a sparse step on x may change (for the guard's backup): all of them
  // here; a learner with per-feature state (AdaGrad, CW) names those of the row's features.
  virtual void sparse_state_slots(const SparseRow& x, std::vector<std::size_t>& slots) const;
  // The state slots of a state laid out as `blocks` per-feature blocks (dims() values each)
  // then `tail` fixed values: the row's features in each block, then the tail.
  void feature_block_slots(const SparseRow& x, std::size_t blocks, std::size_t tail,
                           std::vector<std::size_t>& slots) const;
  // Wrappers that keep params_ lazily (+avg on sparse rows) set params_stale_ and bring
  // params_ up to date here.
  virtual void refresh_params() const {}
  const std::vector<double>* ensure_params() const {
    if (params_stale_) {
      refresh_params();
      params_stale_ = false;
    }
    return &params_;
  }
  const double* current_params() const { return ensure_params()->data(); }
  // score(x) under params_, for a base learner's update(): the margin given to learn(), if
  // one was, else computed.
  double update_score(const double* x) const {
    return margin_given_ ? given_margin_ : score_with(params_.data(), x);
  }
  double update_score(const SparseRow& x) const {
    return margin_given_ ? given_margin_ : score_sparse(x);
  }
  // The margin given to the learn() in progress, or null: a wrapper's step compares it with
  // the score it gave the row (WrappedLearner::recall_inner_score).
  const double* given_margin() const { return margin_given_ ? &given_margin_ : nullptr; }
  // f(j, x_j) for each non-zero of a row, in index order: the one loop of a step that the
  // dense and the sparse paths take alike (a dense row's zeros move nothing).
  template <class F>
  void nonzeros(const double* x, F&& f) const {
    for (std::size_t j = 0; j < dims_; ++j)
      if (x[j] != 0) f(j, x[j]);
  }
  template <class F>
  void nonzeros(const SparseRow& x, F&& f) const {
    for (std::size_t k = 0; k < x.nnz; ++k) f(static_cast<std::size_t>(x.index[k]), x.value[k]);
  }
  // Adds the guard's scalars to a snapshot.
  void add_status(Snapshot& s) const;
  // Where a learner keeps its confidence in each parameter, for merge (docs/algorithms.md 3.4).
  struct MergeConfidence {
    // The state slot of each parameter's confidence; empty for a learner without one.
    std::vector<std::size_t> of_param;
    // State slots that merge as a parameter does, each with its confidence's slot (FTRL's z_j
    // goes with n_j, as w_j does).
    std::vector<std::pair<std::size_t, std::size_t>> with;
    bool inverse = false;  // the slots hold 1/confidence (a variance)
  };
  virtual MergeConfidence merge_confidence() const { return {}; }

  std::size_t dims_ = 0;
  double weight_ = 1;  // set_weight
  // mutable: a lazy learner fills params_ in on demand (refresh_params: +avg on sparse rows,
  // logreg folding its weight scale, which lives in state_); nothing else writes them from a
  // const method.
  mutable std::vector<double> params_;
  mutable bool params_stale_ = false;
  mutable std::vector<double> state_;

 private:
  std::vector<double> params_backup_, state_backup_;
  // Sparse rows made dense, for the fallbacks (scoring, learning).
  mutable std::vector<double> dense_row_;
  std::vector<std::size_t> state_slots_;  // what guarded_sparse_step backs up of state_
  // spec 2.6 around a step that may change any parameter: back up all, step, restore all if
  // anything became non-finite.
  template <class Step>
  bool guarded_whole_step(Step step);

  // The caller's margin for the row being learned (learn with a margin), read by update_score.
  bool margin_given_ = false;
  double given_margin_ = 0;
};

}  // namespace onepass
