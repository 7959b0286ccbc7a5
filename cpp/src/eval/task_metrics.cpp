#include "eval/task_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/scorer.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();

// A class the model never learned has probability 0.
double class_loss(const std::vector<double>& probabilities, std::size_t y) {
  if (probabilities.empty()) return kNan;
  return class_log_loss(y < probabilities.size() ? probabilities[y] : 0.0);
}

Metrics class_metrics(const TaskProgress& c, double baseline_accuracy) {
  return {{"accuracy", c.accuracy()},
          {"error", c.error()},
          {"balancedAccuracy", c.balanced_accuracy()},
          {"macroF1", c.macro_f1()},
          {"weightedF1", c.weighted_f1()},
          {"logLoss", c.log_loss()},
          {"baselineAccuracy", baseline_accuracy}};
}

Metrics value_metrics(const TaskProgress& c, double base_mae, double base_rmse, double base_r2) {
  return {{"mae", c.mae()},          {"rmse", c.rmse()},          {"r2", c.r2()},
          {"baselineMae", base_mae}, {"baselineRmse", base_rmse}, {"baselineR2", base_r2}};
}

}  // namespace

const std::vector<std::string>& task_metric_names(Task task) {
  if (task == Task::binary) return metric_names();
  static const std::vector<std::string> classes = {
      "accuracy",   "error",   "balancedAccuracy", "macroF1",
      "weightedF1", "logLoss", "baselineAccuracy"};
  static const std::vector<std::string> values = {"mae",         "rmse",         "r2",
                                                  "baselineMae", "baselineRmse", "baselineR2"};
  return task == Task::regression ? values : classes;
}

const char* default_selection(Task task) {
  return task == Task::regression ? "r2" : "accuracy";
}

const std::vector<std::string>& every_metric_name() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (Task t : {Task::binary, Task::multiclass, Task::regression})
      for (const std::string& name : task_metric_names(t))
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    return out;
  }();
  return all;
}

TaskBaseline fit_baseline(const RowBlock& data, const std::vector<std::size_t>& train, Task task) {
  TaskBaseline b;
  if (train.empty()) return b;
  if (task == Task::regression) {
    double sum = 0;
    for (std::size_t i : train) sum += data.target[i];
    b.mean = sum / static_cast<double>(train.size());
    return b;
  }
  std::vector<std::size_t> counts;
  for (std::size_t i : train) {
    const auto k = static_cast<std::size_t>(data.target[i]);
    if (k >= counts.size()) counts.resize(k + 1, 0);
    ++counts[k];
  }
  b.majority = static_cast<std::size_t>(std::max_element(counts.begin(), counts.end()) -
                                        counts.begin());  // the first of the largest
  return b;
}

Metrics task_metrics(const TaskProgress& progress) {
  if (progress.task() == Task::regression)
    return value_metrics(progress, progress.baseline_mae(), progress.baseline_rmse(),
                         progress.baseline_r2());
  return class_metrics(progress, progress.majority_accuracy());
}

Result<FrozenTaskScore> frozen_task_score(const Pipeline& p, const RowBlock& data,
                                          const std::vector<std::size_t>& rows,
                                          const TaskBaseline& baseline) {
  FrozenTaskScore out{TaskProgress(p.task()), {}};
  std::vector<double> scores, probabilities;
  double base_hits = 0, base_sae = 0, base_sse = 0;
  for (std::size_t i : rows) {
    Result<double> predicted = predict_row(p, data, i, scores, probabilities);
    if (!predicted) return predicted.status();
    const double y = data.target[i];
    if (p.task() == Task::regression) {
      out.counts.record_value(predicted.value(), y);
      base_sae += std::fabs(y - baseline.mean);
      base_sse += (y - baseline.mean) * (y - baseline.mean);
      continue;
    }
    const auto k = static_cast<std::size_t>(y);
    out.counts.record_class(static_cast<std::size_t>(predicted.value()), k,
                            class_loss(probabilities, k));
    base_hits += k == baseline.majority;
  }
  const auto n = static_cast<double>(rows.size());
  if (p.task() != Task::regression) {
    out.metrics = class_metrics(out.counts, rows.empty() ? kNan : base_hits / n);
    return out;
  }
  out.metrics =
      value_metrics(out.counts, rows.empty() ? kNan : base_sae / n,
                    rows.empty() ? kNan : std::sqrt(base_sse / n), out.counts.r2_of(base_sse));
  return out;
}

}  // namespace onepass
