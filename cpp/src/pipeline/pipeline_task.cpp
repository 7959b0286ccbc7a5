// The multiclass and regression side of a pipeline (docs/algorithms.md 1.8): building its learner
// (a native one, or one-vs-rest over a binary learner, 4.21) and its progressive step, where the
// learner sees each row as a sparse row of the numeric features then the encoded ones.
#include <cmath>

#include "core/limits.hpp"
#include "core/spec.hpp"
#include "learners/multiclass.hpp"
#include "learners/platt.hpp"
#include "learners/temperature.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"

namespace onepass {

namespace {

// "softmax, mpa, ..." : the learners of a task, for messages.
std::string learners_of(Task task) {
  std::string out;
  for (const RegistryEntry& e : registry())
    if (e.kind == StageKind::learner && e.task == task) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

Status wrong_task(const RegistryEntry& e, Task task) {
  const std::string what = e.task == Task::regression   ? "predicts a number"
                           : e.task == Task::multiclass ? "learns several classes"
                                                        : "learns yes/no labels";
  std::string use;
  if (task == Task::binary)
    use = "a binary learner (" + learners_of(Task::binary) + "), or the task multiclass";
  else if (task == Task::regression)
    use = "a regression learner (" + learners_of(Task::regression) + ")";
  else
    use = "a multiclass learner (" + learners_of(Task::multiclass) +
          ") or any binary learner (one-vs-rest)";
  return Status::error("'" + e.name + "' " + what + ", but the task is " + task_name(task) +
                       ": use " + use);
}

}  // namespace

Task Pipeline::task_of(const std::string& spec) {
  Result<PipelineSpec> parsed = parse_pipeline_spec(spec);
  if (!parsed || parsed.value().stages.empty()) return Task::binary;
  const RegistryEntry* e = find_entry(parsed.value().stages.back().name);
  return e && e->kind == StageKind::learner ? e->task : Task::binary;
}

Status Pipeline::build_task_learner(
    const RegistryEntry& entry, const ParamValues& values,
    const std::vector<std::pair<const RegistryEntry*, ParamValues>>& mods) {
  // docs/algorithms.md 4.29: one logit, one probability of the positive class.
  for (const auto& m : mods) {
    if (m.first->name == Platt::kName && task_ != Task::binary)
      return Status::error(
          "'+platt' calibrates the score of a yes/no learner, but the task is " +
          std::string(task_name(task_)) +
          (task_ == Task::multiclass
               ? ": its classes' probabilities come from softmax or +temperature (e.g. 'zscore "
                 "| mpa2 +avg +temperature')"
               : ": a number has no probability"));
    if (m.first->name == Temperature::kName && task_ == Task::regression)
      return Status::error(
          "'+temperature' calibrates the scores of a classifier, but the task is regression: a "
          "number has no probability");
  }
  // docs/algorithms.md 4.30: on a multiclass task +temperature wraps the learner of all the
  // classes (one slope for the softmax of every class's score), not each one-vs-rest copy.
  std::vector<std::pair<const RegistryEntry*, ParamValues>> inner_mods;
  bool temperature = false;
  for (const auto& m : mods) {
    if (task_ == Task::multiclass && m.first->name == Temperature::kName)
      temperature = true;
    else
      inner_mods.push_back(m);
  }
  if (entry.task == Task::binary && task_ != Task::regression) {
    auto make = [&entry, values, inner_mods]() {
      std::unique_ptr<Learner> l = entry.make_learner(values);
      for (const auto& [m, v] : inner_mods) l = m->wrap(std::move(l), v);
      return l;
    };
    if (task_ == Task::binary) {
      learner_ = make();
      return Status::ok();
    }
    task_learner_ = std::make_unique<OneVsRest>(make);  // docs/algorithms.md 4.21
  } else {
    if (entry.task != task_) return wrong_task(entry, task_);
    task_learner_ = entry.make_task_learner(values);
    for (const auto& [m, v] : inner_mods) {
      auto* linear = dynamic_cast<LinearOutputs*>(task_learner_.get());
      if (m->name != "avg" || !linear)
        return Status::error(
            "'+" + m->name + "' does not apply to " + entry.name +
            "; its learners of several outputs take +avg and +temperature (docs/algorithms.md "
            "3.3, 4.30)");
      linear->average();
    }
  }
  if (temperature) task_learner_ = std::make_unique<TemperatureOutputs>(std::move(task_learner_));
  return Status::ok();
}

int Pipeline::learn_task_row(const SparseRow& row, double target) {
  TaskLearner& l = *task_learner_;
  if (task_ == Task::regression) {
    task_scores_.resize(1);
    l.scores(row, task_scores_.data(), true);  // docs/algorithms.md 6.1: predict first
    task_progress_.record_value(task_scores_[0], target);
    // docs/algorithms.md 6.10: a regression row's outcome is its absolute error.
    if (drift_ && watch_task(row, target, std::fabs(task_scores_[0] - target), 1.0))
      task_learner_->scores(row, task_scores_.data(), true);
    task_learner_->learn(row, target, task_scores_.data());
    return 0;
  }
  const auto y = static_cast<std::size_t>(target);
  // A class first seen now (docs/algorithms.md 1.8) gets its output before the row is learned,
  // but the prediction, made before the row's label is known, is among the classes seen
  // before it (all of them on the stream's first row).
  const std::size_t known = l.outputs();
  while (l.outputs() <= y) l.add_output();
  task_scores_.resize(l.outputs());
  l.scores(row, task_scores_.data(), true);
  const std::size_t predicted = predicted_class(task_scores_.data(), known ? known : l.outputs());
  double loss = std::numeric_limits<double>::quiet_NaN();
  if (l.has_probability()) {  // docs/algorithms.md 6.6
    task_probabilities_.resize(l.outputs());
    l.probabilities(task_scores_.data(), task_probabilities_.data());
    loss = class_log_loss(task_probabilities_[y]);
  }
  task_progress_.record_class(predicted, y, loss);
  const double w = row_weight(y);
  if (drift_ && watch_task(row, target, predicted != y ? 1.0 : 0.0, w)) {
    while (task_learner_->outputs() <= y) task_learner_->add_output();
    task_scores_.resize(task_learner_->outputs());
    task_learner_->scores(row, task_scores_.data(), true);  // the new learner's own
  }
  if (class_weights_.on()) task_learner_->set_weight(w);
  task_learner_->learn(row, target, task_scores_.data());
  return static_cast<int>(predicted);
}

bool Pipeline::remap_classes(const std::vector<std::size_t>& position, std::size_t outputs,
                             std::size_t classes) {
  const auto fits = [&](const TaskLearner& l) {
    if (l.outputs() > position.size()) return false;
    for (std::size_t j = 0; j < l.outputs(); ++j)
      if (position[j] >= outputs) return false;
    return true;
  };
  if (!task_learner_ || outputs > classes || !fits(*task_learner_) ||
      (drift_ && drift_->task_background && !fits(*drift_->task_background)))
    return false;
  TaskProgress progress = task_progress_;
  if (!progress.remap_classes(position, outputs)) return false;
  task_progress_ = std::move(progress);
  task_learner_->remap_outputs(position, outputs);
  if (drift_ && drift_->task_background) drift_->task_background->remap_outputs(position, outputs);
  class_weights_.remap_classes(position, classes);
  return true;
}

Result<double> Pipeline::predict_target(const double* x, const SparseRow& tail,
                                        std::vector<double>& scores,
                                        std::vector<double>& probabilities) const {
  if (!task_learner_) return Status::error("the pipeline learns yes/no labels");
  if (width_ == 0) return Status::error("the pipeline has not learned any row yet");
  const double* z = x;
  if (scale_encoded_) {
    z = full_row(x, tail);
  }
  Result<const double*> scaled = transform_frozen(z);
  if (!scaled) return scaled.status();
  const double* filled = fill_missing(scaled.value());
  const SparseRow row = wide_sparse(filled, scale_encoded_ ? SparseRow{} : tail);
  scores.resize(task_learner_->outputs());
  task_learner_->scores(row, scores.data(), false);
  probabilities.clear();
  if (task_learner_->has_probability() && !scores.empty()) {
    probabilities.resize(scores.size());
    task_learner_->probabilities(scores.data(), probabilities.data());
  }
  if (task_ == Task::regression) return scores[0];
  if (scores.empty()) return Status::error("the pipeline has not seen a class yet");
  return static_cast<double>(predicted_class(scores.data(), scores.size()));
}

}  // namespace onepass
