// The learners of the multiclass and regression tasks (docs/algorithms.md 1.8). A binary learner
// gives one margin; these give one score per class (multiclass) or the predicted number
// (regression), and learn from a class index or a target. The pipeline hands them every row as
// a sparse row (the numeric features then the encoded ones), so a step costs
// O(outputs x non-zeros).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/snapshot.hpp"
#include "core/sparse_row.hpp"
#include "core/status.hpp"
#include "core/task.hpp"
#include "learners/learner.hpp"

namespace onepass {

class TaskLearner {
 public:
  virtual ~TaskLearner() = default;
  virtual Task task() const = 0;

  // Sets the input width and the number of outputs (classes seen; 1 for regression); forgets
  // everything learned.
  virtual void reset(std::size_t dims, std::size_t outputs) = 0;
  std::size_t dims() const { return dims_; }
  std::size_t outputs() const { return outputs_; }
  // More features (encoded levels and words as they appear): the new ones start at 0, exactly
  // as if they had been 0 on every row so far.
  virtual void grow(std::size_t dims) = 0;
  // The same with the features moved: feature j becomes feature position[j] of `dims` (all
  // distinct); the features no old one moves to start at 0 (a merge of models that saw
  // different categorical levels, design.md 10.5).
  virtual void remap_features(const std::vector<std::size_t>& position, std::size_t dims) = 0;
  // A class first seen now (docs/algorithms.md 1.8): one more output, starting fresh.
  virtual void add_output() = 0;
  // The outputs moved: output j becomes output position[j] of `outputs` (distinct, for every
  // j < outputs()); the outputs that no old one moves to start fresh, as add_output() starts
  // them (a merge of models that saw their classes in other orders, docs/algorithms.md 3.4).
  virtual void remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) = 0;

  // The outputs() scores of a row: class scores (the largest is the prediction), or the
  // predicted target in the target's units. training: the score progressive validation
  // records (voting's current hypothesis, docs/algorithms.md 3.2), else the frozen one.
  virtual void scores(const SparseRow& x, double* out, bool training) const = 0;
  // Learns the row (class index or target) right after scores(x, scores, true).
  virtual void learn(const SparseRow& x, double target, const double* scores) = 0;
  // The coming row as dims() dense values, when the pipeline holds it so (null: none), for the
  // next scores() and learn() of that row: one-vs-rest's binary copies step faster on it.
  virtual void offer_dense(const double* /*x*/) {}
  // Class probabilities from the scores (outputs() values summing to 1), for the learners
  // that have them.
  virtual bool has_probability() const { return false; }
  virtual void probabilities(const double* /*scores*/, double* /*p*/) const {}
  // How the scores become probabilities (docs/algorithms.md 4.21, 4.22), for exports.
  enum class Link { none, softmax, normalised_sigmoid };
  virtual Link link() const { return Link::none; }
  // The frozen scores as w_k.x + b_k, one row per output, in the target's units
  // (docs/algorithms.md 1.7): false when an output's score is not affine in x.
  virtual bool linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const = 0;

  // Steps the guard of docs/algorithms.md 2.6 refused (they would have made a parameter
  // non-finite).
  virtual std::uint64_t reverted_steps() const = 0;
  // As Learner::values_beyond_line, for all of its outputs.
  virtual std::uint64_t values_beyond_line() const { return 0; }
  // The full state, and its restoration into a learner reset to the same width and outputs
  // and built from the same spec (sizes are checked; nothing changes on an error).
  virtual LearnerState save() const = 0;
  virtual Status load(const LearnerState& saved) = 0;
  // Merging models (docs/algorithms.md 3.4), as Learner::merge: `out` becomes the combination
  // of `parts`, states saved by learners of this spec, width and outputs (their classes in one
  // order), under the models' weights, output c under w.of_output(c). False when the parts'
  // shapes differ.
  virtual bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                     LearnerState& out) const = 0;
  virtual Snapshot snapshot() const = 0;
  // The weight of the coming steps (docs/algorithms.md 4.28), as Learner::set_weight: a row
  // of a class weighted w counts as w rows.
  virtual void set_weight(double w) { weight_ = w; }

 protected:
  std::size_t dims_ = 0, outputs_ = 0;
  double weight_ = 1;
};

// The linear learners of several outputs (docs/algorithms.md 4.22-4.26): a row of weights w_k
// and a bias b_k per output, scores s_k = w_k.x + b_k, and +avg kept with the lazy trick
// (docs/algorithms.md 3.3). A rule computes, from the row's scores, how much of x each output
// moves (coefficient c_k: w_k <- decay w_k + c_k x, b_k <- b_k + c_k * bias_input) and this
// class applies it behind the guard of docs/algorithms.md 2.6.
//
// A decay moves every weight, so the weights are kept as w_k = s v_k with one scale s for all
// outputs (docs/algorithms.md 4.22): a decay multiplies s, and a step adds c_k x / s to the
// row's v_k, O(outputs x non-zeros). Under +avg the sums of AVG-2 are kept as u_k = A v_k + z_k:
// a decay adds its share of every u_k to the scalar A, and a step adds its own to z_k.
class LinearOutputs : public TaskLearner {
 public:
  void reset(std::size_t dims, std::size_t outputs) override;
  void grow(std::size_t dims) override;
  void remap_features(const std::vector<std::size_t>& position, std::size_t dims) override;
  void add_output() override;
  void remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) override;
  // In training, keeps the current weights' scores of the row for the step that learns it next
  // (recall_current_scores).
  void scores(const SparseRow& x, double* out, bool training) const override;
  void learn(const SparseRow& x, double target, const double* scores) override;
  std::uint64_t reverted_steps() const override { return reverted_; }
  LearnerState save() const override;
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 3.4: each output's weights and bias are the weighted mean of the
  // models' (in the units of output_units); under +avg the averages merge so too, T is the
  // merged model's rows and u = T (w - avg), so that the merged average predicts.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;
  Snapshot snapshot() const override;
  bool linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const override;

  // +avg (docs/algorithms.md 3.3): predictions, in training and frozen alike, use the uniform
  // average of the weights after every row.
  void average() { averaged_ = true; }
  bool averaged() const { return averaged_; }

 protected:
  // name: the registry's; bias_input: the value of the constant feature the bias multiplies
  // (1, or 0 for a rule without a bias); bias_in_norm: whether it counts in |x|^2 (the PA
  // family's constant feature, D-BIAS).
  LinearOutputs(const char* name, double bias_input, bool bias_in_norm)
      : name_(name), bias_input_(bias_input), bias_in_norm_(bias_in_norm) {}

  // The rule: from the row, its label or target (already standardised for regression) and the
  // scores of the current weights, the coefficient of each output (0: unmoved) and the decay
  // of every weight (1: none). Returns false when nothing moves.
  virtual bool rule(const SparseRow& x, double target, const double* scores, double* coef,
                    double& decay) = 0;
  // Whether the rule may decay (an L2 penalty): its state then keeps s and A, saved after the
  // extra state so that a resumed model goes on exactly.
  virtual bool decays() const { return false; }
  // The learner's own state after the weights (counters, target statistics), saved and loaded
  // with them.
  virtual std::vector<double> extra_state() const { return {}; }
  virtual bool load_extra_state(const std::vector<double>& extra) { return extra.empty(); }
  virtual void reset_extra_state() {}
  // merge: the parts' extra states merged into `out` (the weighted mean of every value unless
  // the rule pools them otherwise). False when their sizes differ.
  virtual bool merge_extra_state(const std::vector<std::vector<double>>& parts,
                                 const MergeWeights& w, std::vector<double>& out) const;
  // merge: the units the outputs merge in. A score s of a learner whose extra state is `extra`
  // counts there as shift + scale s (regression: the target's units, docs/algorithms.md 4.27);
  // the merged extra state's units bring the merged outputs back.
  virtual void output_units(const std::vector<double>& /*extra*/, double& shift,
                            double& scale) const {
    shift = 0;
    scale = 1;
  }
  // The scores as the learner gives them, from the model's own (regression: in the target's
  // units, docs/algorithms.md 4.27); the model's own by default.
  virtual void give_in_units(double* /*out*/) const {}
  // The scores of the current (not averaged) weights, in the model's own units. Virtual so
  // that a test counts the passes over the row that a step takes.
  virtual void raw_scores(const SparseRow& x, double* out) const;
  // One step on the row, from the current weights' scores of it (null: summed here) and its
  // label or target as the rule learns it.
  void step(const SparseRow& x, double target, const double* current);
  // The current weights' scores of the row that scores(x, out, true) scored last, summed there
  // already (under +avg in the same pass as the average's, docs/algorithms.md 3.1): spec 6.1
  // scores a row and then learns it with those scores (learn(x, target, scores)), and the step
  // then reads them instead of summing the same dot products again. Given when the step learns
  // that row (the same row in the same place) with the scores it gave (`given`, in the units
  // the learner gives them), nothing learned, loaded, reset or widened since; otherwise null.
  // Dropped either way.
  const double* recall_current_scores(const SparseRow& x, const double* given);
  void forget_current_scores() const { kept_.kept = false; }
  // |x|^2 of the row as the rule sees it (the constant feature included when it counts).
  double squared_norm(const SparseRow& x) const;
  const char* name_;

 private:
  // The average's scores: s(w, x) - s(u, x) / T (docs/algorithms.md 3.1, AVG-2), and the
  // current weights' s(w, x) into `current` when it is not null.
  void averaged_scores(const SparseRow& x, double* out, double* current) const;
  // s and A folded into v and z (s = 1, A = 0): O(outputs x dims), when s would fall below the
  // precision it keeps or reach 0.
  void fold_scale();
  // The weights w = s v and the average's sums u = A v + z of a saved state of this learner,
  // as a state saved with s = 1 and A = 0 holds them (merging reads them so).
  LearnerState unscaled(const LearnerState& saved) const;
  // The learner's own part of a saved state (after the average's sums, before s and A).
  std::vector<double> extra_of(const LearnerState& saved) const;
  double bias_input_;
  bool bias_in_norm_;
  bool averaged_ = false;
  std::vector<std::vector<double>> w_, u_;  // per output: dims values of v and z
  std::vector<double> b_, ub_;
  double scale_ = 1, offset_ = 0;  // s and A
  std::uint64_t rows_ = 0, reverted_ = 0;
  std::vector<double> coef_;  // the rule's coefficients, one per output
  std::vector<double> raw_;   // the current weights' scores of the row learned, summed in step
  // What scores(x, out, true) keeps for recall_current_scores: the row's place, the scores it
  // gave and the current weights' scores.
  struct CurrentScores {
    bool kept = false;
    const std::uint32_t* index = nullptr;
    const double* value = nullptr;
    std::size_t nnz = 0;
    std::vector<double> given, current;
  };
  mutable CurrentScores kept_;
};

}  // namespace onepass
