// The learner's step after a row's prediction, with the class weight (docs/algorithms.md 4.28)
// and +drift (docs/algorithms.md 6.10): the detector reads the row's outcome before the row is
// learned, as River's DriftRetrainingClassifier does; a row in warning also trains the
// background learner; at a drift the learner starts afresh, or the background learner takes
// its place, and then learns the row.
#include <algorithm>

#include "learners/learn_row.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

std::unique_ptr<Learner> Pipeline::fresh_learner() const {
  std::unique_ptr<Pipeline> p = build(canonical_, 0, 0, task_).take();  // built once already
  p->learner_->reset(width_);
  return std::move(p->learner_);
}

std::unique_ptr<TaskLearner> Pipeline::fresh_task_learner(std::size_t outputs) const {
  std::unique_ptr<Pipeline> p = build(canonical_, 0, 0, task_).take();
  p->task_learner_->reset(width_, task_ == Task::regression ? 1 : 0);
  while (p->task_learner_->outputs() < outputs) p->task_learner_->add_output();
  return std::move(p->task_learner_);
}

template <class Row>
bool Pipeline::watch_binary(const Row& x, int y, bool mistake, double weight) {
  DriftWatch& d = *drift_;
  const DriftSignal s = d.observe(mistake ? 1.0 : 0.0, rows());
  if (s == DriftSignal::warning && d.action() == DriftAction::background) {
    if (!d.background) d.background = fresh_learner();
    if (class_weights_.on()) d.background->set_weight(weight);
    learn_row(*d.background, x, y);
  }
  if (s != DriftSignal::drift || d.action() == DriftAction::report) return false;
  learner_ = d.background ? std::move(d.background) : fresh_learner();
  if (d.resets_scalers())
    for (auto& scaler : scalers_) scaler->reset(dims_);
  return true;
}

bool Pipeline::watch_task(const SparseRow& x, double target, double outcome, double weight) {
  DriftWatch& d = *drift_;
  const DriftSignal s = d.observe(outcome, rows());
  const std::size_t outputs = task_learner_->outputs();
  if (s == DriftSignal::warning && d.action() == DriftAction::background) {
    if (!d.task_background) d.task_background = fresh_task_learner(outputs);
    TaskLearner& b = *d.task_background;
    while (b.outputs() < outputs) b.add_output();
    if (class_weights_.on()) b.set_weight(weight);
    std::vector<double> scores(b.outputs());
    b.scores(x, scores.data(), true);
    b.learn(x, target, scores.data());
  }
  if (s != DriftSignal::drift || d.action() == DriftAction::report) return false;
  task_learner_ = d.task_background ? std::move(d.task_background) : fresh_task_learner(outputs);
  while (task_learner_->outputs() < outputs) task_learner_->add_output();
  if (d.resets_scalers())
    for (auto& scaler : scalers_) scaler->reset(dims_);
  return true;
}

template <class Row>
int Pipeline::learn_binary_row(const Row& x, int y, double margin) {
  const int predicted = record_prediction(margin, y);
  const double w = row_weight(y > 0);
  if (drift_ && watch_binary(x, y, predicted != y, w)) margin = training_score(*learner_, x);
  if (class_weights_.on()) learner_->set_weight(w);
  learn_row(*learner_, x, y, margin);
  return predicted;
}

int Pipeline::learn_binary(const double* x, int y, double margin) {
  return learn_binary_row(x, y, margin);
}

int Pipeline::learn_binary(const SparseRow& x, int y, double margin) {
  return learn_binary_row(x, y, margin);
}

Status Pipeline::load_drift(const PipelineState& saved) {
  if (!drift_) {
    if (saved.drift.empty() && !saved.has_drift_background) return Status::ok();
    return Status::error("the saved state has a drift watch, and the pipeline '" + spec_ +
                         "' has no +drift");
  }
  if (saved.drift.empty()) return Status::ok();  // a state saved before any row: a fresh watch
  if (Status st = drift_->load(saved.drift); !st) return st;
  if (!saved.has_drift_background) return Status::ok();
  if (learner_) {
    drift_->background = fresh_learner();
    return drift_->background->load(saved.drift_background);
  }
  // The bounds of the learner it stands in for (Pipeline::load): classes x features at most
  // kMaxTaskWeights, checked before anything is allocated.
  const std::size_t most =
      task_ == Task::regression
          ? 1
          : std::min(kMaxClasses, kMaxTaskWeights / std::max<std::size_t>(width_, 1));
  if (saved.drift_background_outputs > most)
    return Status::error("the saved background learner of +drift has " +
                         std::to_string(saved.drift_background_outputs) + " outputs; at most " +
                         std::to_string(most) + " here");
  drift_->task_background = fresh_task_learner(saved.drift_background_outputs);
  return drift_->task_background->load(saved.drift_background);
}

}  // namespace onepass
