// Scalers in order, then a learner (possibly wrapped, "+avg"), with progressive validation;
// built from a spec string (core/spec.hpp; docs/design.md, "The core"). The order of operations for
// one row is spec 1.6: scalers update then transform, the learner predicts (recorded), then learns,
// then supervised scalers see the label.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/status.hpp"
#include "core/task.hpp"
#include "eval/progressive.hpp"
#include "eval/task_progress.hpp"
#include "learners/learner.hpp"
#include "learners/task_learner.hpp"
#include "pipeline/class_weights.hpp"
#include "pipeline/drift_watch.hpp"
#include "pipeline/registry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

// Everything a pipeline needs to resume exactly: each scaler's state, the learner's,
// and the progressive-validation counters.
struct PipelineState {
  std::size_t dims = 0;
  std::size_t width = 0;  // the learner's width: dims plus encoded features (0: dims)
  // The scalers see the encoded features too (design.md 10.5); numeric: the numeric width.
  bool scale_encoded = false;
  std::size_t numeric = 0;
  std::vector<std::vector<double>> scalers;
  LearnerState learner;
  std::vector<double> progress;
  // A multiclass or regression pipeline's learner outputs: its classes, or 1.
  std::size_t outputs = 0;
  // The class weights and the counts they follow (ClassWeights::save; empty: none).
  std::vector<double> class_weights;
  // +drift (DriftWatch::save; empty: none) and its background learner, if it has one (with
  // its outputs, for a multiclass or regression learner).
  std::vector<double> drift;
  bool has_drift_background = false;
  LearnerState drift_background;
  std::size_t drift_background_outputs = 0;
};

class Pipeline {
 public:
  // every: record a curve point every `every` rows (0: none); window: also keep the error and
  // log-loss of the last `window` rows (0: none). task (docs/algorithms.md 1.8): what the label
  // is; a binary learner on a multiclass label learns one-vs-rest (docs/algorithms.md 4.21).
  static Result<std::unique_ptr<Pipeline>> build(const std::string& spec, std::uint64_t every = 0,
                                                 std::uint64_t window = 0,
                                                 Task task = Task::binary);
  // One pipeline per spec (at least one), or the first spec's error.
  static Result<std::vector<std::unique_ptr<Pipeline>>> build_all(
      const std::vector<std::string>& specs, std::uint64_t every = 0, std::uint64_t window = 0,
      Task task = Task::binary);
  Task task() const { return task_; }
  // The task the spec's learner learns (docs/algorithms.md 1.8): binary for a binary learner
  // (or a spec that does not parse: build() says why).
  static Task task_of(const std::string& spec);

  const std::string& spec() const { return spec_; }
  // Every parameter spelled out: "zscore | logreg(eta0=0.1,lambda=0,n=10000) +avg".
  const std::string& canonical_spec() const { return canonical_; }

  // The input width; fixed by the first row when not set before. Setting it resets the model.
  // width > dims (design.md 10.5): rows carry encoded features (categorical levels, hashed words)
  // at indices dims .. width - 1 after the dims numeric ones; the scalers see the numeric ones
  // only, the learner all of them.
  void set_dims(std::size_t dims, std::size_t width = 0);
  // The scalers' width: the numeric features, or every feature when they scale the encoded
  // ones too.
  std::size_t dims() const { return dims_; }
  std::size_t width() const { return width_; }
  std::size_t numeric_dims() const { return scale_encoded_ ? numeric_ : dims_; }
  // Whether the scalers also see the encoded features (off by default: indicators and word
  // counts reach the learner as they are). Set before the first row; every scaler must be
  // able to grow (Scaler::can_grow), or the message says which cannot.
  Status scale_encoded(bool on);
  bool scales_encoded() const { return scale_encoded_; }
  // More encoded features: the learner grows (learners/learner.hpp, grow); the scalers keep
  // their width.
  void grow(std::size_t width);
  // The learner's features moved: feature j becomes position[j] of `width` (a merge of models
  // whose encoders saw different levels); the scalers' numeric features stay where they are.
  void remap_features(const std::vector<std::size_t>& position, std::size_t width);
  // learn_checked for a row with encoded features: x holds the dims() numeric values, tail
  // the encoded ones (indices from dims() up to width(), increasing).
  int learn_encoded(const double* x, const SparseRow& tail, double y);
  // Frozen prediction of such a row.
  Result<double> score_encoded(const double* x, const SparseRow& tail) const;

  // Progressive validation step (spec 6.1) on a row that may hold NaN for missing cells and
  // a label y in {-1,+1}. Returns the prediction made before learning, or 0 when a warm-up
  // scaler holds the row (it is predicted and learned, in order, once that scaler is fitted).
  // Rejects, without learning anything, a row of the wrong width or with an infinite value.
  Result<int> learn_one(const double* x, std::size_t dims, double y);
  // The same for a row already checked (the CSV reader's rows): no width or value checks.
  int learn_checked(const double* x, double y) { return push(0, x, y); }
  // The same step on a sparse row (core/sparse_row.hpp) of width dims: in O(nonzeros) when
  // every scaler keeps zeros (maxabs, l1, l2, or none) and the learner is sparse-native
  // (learners/learner.hpp); otherwise the row goes through the pipeline made dense. Rejects,
  // without learning anything, a row of the wrong width, with bad indices or values, or a label not
  // +1/-1.
  Result<int> learn_sparse(const SparseRow& x, std::size_t dims, double y);
  int learn_sparse_checked(const SparseRow& x, double y);
  // Frozen prediction of a sparse row (made dense: O(dims)).
  Result<double> score_sparse(const SparseRow& x, std::size_t dims) const;
  // End of the stream: warm-up scalers still collecting fit on the rows they hold, and those
  // rows go through the rest of the pipeline.
  void finish();

  // Frozen prediction (nothing updates but the count of undefined margins, scored as ties):
  // margin, label, probability. Of a pipeline with encoded features (width() > dims()), x holds
  // the numeric values and the encoded ones count as 0.
  Result<double> score_one(const double* x, std::size_t dims) const;
  // The frozen row as the learner reads it (docs/algorithms.md 1.9): z holds width() values,
  // the scalers' output with a missing value as 0, then the encoded features (scaled too when
  // scales_encoded()); raw the same row before the scalers. x holds numeric_dims() values and
  // tail the encoded ones. Defined in pipeline/explain.cpp, which reads it.
  Status learner_input(const double* x, const SparseRow& tail, std::vector<double>& raw,
                       std::vector<double>& z) const;
  bool has_probability() const {
    return task_learner_ ? task_learner_->has_probability() : learner_->has_probability();
  }

  // Multiclass and regression (docs/algorithms.md 1.8): learn_checked, learn_encoded and
  // learn_after_head take as y the row's class index (0, 1, ... in the order the classes
  // appeared) or its finite target, and return the class predicted (0 for regression).
  // The frozen prediction of a row: the class index (the largest score; a tie, the class seen
  // first) or the number; with every class's score (regression: the number) and the class
  // probabilities where the learner has them (else empty).
  Result<double> predict_target(const double* x, const SparseRow& tail, std::vector<double>& scores,
                                std::vector<double>& probabilities) const;
  const TaskProgress& task_progress() const { return task_progress_; }

  // Class weights (docs/algorithms.md 4.28): each row's step weighted by its class's weight.
  // Refused for a regression label, whose rows have no class. A given weight may come later,
  // once its class is known (weigh_class); the counts of balanced weights start at 0.
  Status set_class_weights(const ClassWeights& weights);
  void weigh_class(std::size_t cls, double weight) { class_weights_.set_given(cls, weight); }
  const ClassWeights& class_weights() const { return class_weights_; }
  // +drift (docs/algorithms.md 6.10): its detector, action and what it signalled; null without.
  const DriftWatch* drift() const { return drift_.get(); }
  // The learner of a multiclass or regression pipeline (learner() is the binary one's).
  const TaskLearner& task_learner() const { return *task_learner_; }
  bool learns_task() const { return task_learner_ != nullptr; }
  // A multiclass pipeline's classes moved to their place in a union of classes (a merge of
  // models that saw their classes in other orders, docs/algorithms.md 3.4): class j becomes
  // class position[j] (position: one place for each of the model's classes, distinct). The
  // learners (+drift's background one too) get `outputs` outputs, a class none moves to
  // starting fresh; the progress counters and the class weights follow, the weights over
  // `classes` (at least outputs). False, nothing changed, when the counters count a class
  // beyond position.
  bool remap_classes(const std::vector<std::size_t>& position, std::size_t outputs,
                     std::size_t classes);

  const Progressive& progress() const { return progress_; }
  // The rows learned (predicted, then learned), whatever the task.
  std::uint64_t rows() const { return task_learner_ ? task_progress_.rows() : progress_.rows(); }
  PipelineState save() const;
  // Restores a saved state into a pipeline built from the same spec; nothing changes on error.
  Status load(const PipelineState& saved);
  // The whole state of the run so far as one vector: save() and the counts that warnings()
  // reports, which a model file leaves out (a model starts a new run's). The pipelines of a runner
  // that learned on another thread come back this way (docs/design.md, "Every core").
  // load_run_state restores it into a pipeline built from the same spec; nothing changes on
  // an error.
  std::vector<double> run_state() const;
  Status load_run_state(const std::vector<double>& saved);
  // The binary learner (a multiclass or regression pipeline has task_learner() instead).
  const Learner& learner() const { return *learner_; }
  // What the run so far says about the pipeline's fit to its input: a
  // learner that needs scaled features with no scaler before it, a learner that needs
  // non-negative ones that was given negative values. Empty when there is nothing to say.
  std::vector<std::string> warnings() const;
  std::size_t scaler_count() const { return scalers_.size(); }
  const Scaler& scaler(std::size_t i) const { return *scalers_[i]; }

  // Shared scaling in a runner (runner.hpp): two fresh pipelines of the same width whose first
  // scalers are the same stages with the same parameters compute the same scaled rows from the
  // same stream, so one computes them and the other uses them. shareable_head(other): how many
  // leading scalers the two have in common, counting only scalers that never hold rows (a
  // warm-up scaler delays rows, so the streams after it differ).
  std::size_t shareable_head(const Pipeline& other) const;
  // Makes this pipeline's first k scalers the leader's own objects (its snapshot and saved
  // state show them, always current); from then on it must learn through learn_after_head,
  // with the leader stepping first on each row.
  void share_head(Pipeline& leader, std::size_t k);
  std::size_t shared_head() const { return shared_head_; }
  // The step after the shared scalers: head_out is the leader's output of scaler k - 1 for this
  // row (stage_output(k - 1), right after the leader's step).
  int learn_after_head(const double* head_out, double y, const SparseRow* tail = nullptr) {
    return push(shared_head_, head_out, y, tail);
  }
  const double* stage_output(std::size_t stage) const { return stage_out_[stage].data(); }

 private:
  Pipeline() = default;
  Status check_width(std::size_t dims) const;
  Status check_row(const double* x, std::size_t dims) const;
  // Sends a row into scaler `stage` and on; returns the prediction when it reached the learner.
  // tail: the row's encoded features (width() > dims()); a row that a warm-up scaler
  // releases takes its tail from held_tails_ (queued: true). y: +1/-1, or a multiclass or
  // regression pipeline's class index or target.
  int push(std::size_t stage, const double* x, double y, const SparseRow* tail = nullptr,
           bool queued = false);
  // A multiclass or regression pipeline's learner step on the learner's row (pipeline_task.cpp).
  int learn_task_row(const SparseRow& row, double target);
  // build()'s learner stage for a task other than binary (pipeline_task.cpp).
  Status build_task_learner(const struct RegistryEntry& entry, const ParamValues& values,
                            const std::vector<std::pair<const RegistryEntry*, ParamValues>>& mods);
  // The learner's step on a wide row: the numeric values z (missing as 0) and the tail.
  int learn_wide(const double* z, const SparseRow& tail, int y);
  // The learner's input for a wide row: as a sparse row (sparse-native learners) or dense.
  SparseRow wide_sparse(const double* z, const SparseRow& tail) const;
  const double* wide_dense(const double* z, const SparseRow& tail) const;
  void clear_wide_dense(const SparseRow& tail) const;
  // spec 6.1's prediction of a training row from its margin, recorded.
  int record_prediction(double margin, int y);
  // The class weight of a row of class `cls` (binary: 0 negative, 1 positive), the row
  // counted; 1 without class weights.
  double row_weight(std::size_t cls) { return class_weights_.on() ? class_weights_.weigh(cls) : 1; }
  ClassWeights class_weights_;
  // The learner's step on a binary row once its margin is known (pipeline_drift.cpp): the
  // prediction recorded, the class weight, +drift's watch, then the learner. Returns the
  // prediction.
  int learn_binary(const double* x, int y, double margin);
  int learn_binary(const SparseRow& x, int y, double margin);
  template <class Row>
  int learn_binary_row(const Row& x, int y, double margin);
  // +drift before a row is learned (docs/algorithms.md 6.10): the detector reads the outcome,
  // the background learner learns a row in warning, and a drift resets or swaps the learner.
  // True when the learner changed (the row's margin is then computed again).
  template <class Row>
  bool watch_binary(const Row& x, int y, bool mistake, double weight);
  bool watch_task(const SparseRow& x, double target, double outcome, double weight);
  // The learner the spec builds, at the pipeline's width (a multiclass one with `outputs`).
  std::unique_ptr<Learner> fresh_learner() const;
  std::unique_ptr<TaskLearner> fresh_task_learner(std::size_t outputs) const;
  std::unique_ptr<DriftWatch> drift_;
  // load()'s part for +drift, into the fresh pipeline it loads into.
  Status load_drift(const PipelineState& saved);
  // A margin that is NaN (inf - inf) becomes a tie (0, D-TIE), counted for warnings(), in
  // training and in frozen scoring alike.
  double defined_margin(double margin) const;
  mutable std::uint64_t undefined_margins_ = 0;
  // Rows learned with an infinite margin (their log-loss is 0 or infinite): said by warnings().
  std::uint64_t infinite_margins_ = 0;
  // Fits scaler `stage` on what it holds and sends those rows on.
  void release(std::size_t stage);
  // A row through every scaler, frozen (scoring), or the error of one still warming up.
  Result<const double*> transform_frozen(const double* x) const;
  // The learner's copy of a row: missing cells as 0.
  const double* fill_missing(const double* x) const;

  std::string spec_, canonical_;
  // shared_ptr: a runner may let pipelines share their leading scalers (share_head).
  std::vector<std::shared_ptr<Scaler>> scalers_;
  std::vector<std::string> scaler_texts_;  // each scaler's canonical spec, to find shared heads
  std::size_t shared_head_ = 0;
  std::unique_ptr<Learner> learner_;
  Task task_ = Task::binary;
  std::unique_ptr<TaskLearner> task_learner_;  // multiclass and regression (learner_ is null)
  TaskProgress task_progress_;
  mutable std::vector<double> task_scores_, task_probabilities_;
  std::string learner_name_;
  InputNeed needs_ = InputNeed::any;
  std::size_t dims_ = 0, width_ = 0, numeric_ = 0;
  bool scale_encoded_ = false;
  // scale_encoded_: a row's numeric and encoded features as one dense row of width_.
  const double* full_row(const double* x, const SparseRow& tail) const;
  mutable std::vector<double> full_row_;
  // The tails of rows that warm-up scalers hold, in order (rows reach the learner in order).
  struct HeldTail {
    std::vector<std::uint32_t> index;
    std::vector<double> value;
  };
  std::deque<HeldTail> held_tails_;
  mutable std::vector<std::uint32_t> wide_index_;
  mutable std::vector<double> wide_value_, wide_dense_;
  // Whether sparse rows stay sparse through the scalers.
  bool scalers_keep_zeros() const;

  // One output row per scaler, and the learner's input.
  mutable std::vector<std::vector<double>> stage_out_;
  mutable std::vector<double> learner_in_;
  // Sparse rows: each scaler's output values, the learner's values (missing as 0), a row
  // made dense.
  mutable std::vector<std::vector<double>> sparse_out_;
  mutable std::vector<double> sparse_learner_in_, dense_of_sparse_;
  Progressive progress_;
};

}  // namespace onepass
