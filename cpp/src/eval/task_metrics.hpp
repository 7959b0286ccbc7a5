// The evaluation protocols' figures of a multiclass or regression pipeline (docs/algorithms.md
// 6.2-6.4 on the tasks of 1.8): the metrics of 6.6 and 6.7 by name, from the progressive counts
// or from the final model's predictions of held-out rows, beside a baseline fitted on the
// training part only.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "core/task.hpp"
#include "eval/metrics.hpp"
#include "eval/task_progress.hpp"
#include "io/row_block.hpp"

namespace onepass {

class Pipeline;

// The metrics of a task, in this order. Binary: metric_names() (eval/metrics.hpp). Multiclass:
// accuracy, error, balancedAccuracy, macroF1, weightedF1, logLoss (NaN without probabilities),
// baselineAccuracy. Regression: mae, rmse, r2, baselineMae, baselineRmse, baselineR2.
const std::vector<std::string>& task_metric_names(Task task);
// The metric a grid search selects on when none is named: accuracy, or r2 for a regression
// target.
const char* default_selection(Task task);
// Every task's metrics, each name once: what a command line may name before its file is read.
const std::vector<std::string>& every_metric_name();

// The baseline of docs/algorithms.md 6.6 and 6.7 as the training part gives it: its majority
// class (the lowest index on a tie) or its mean target, predicted for every held-out row; a
// held-out row never informs it.
struct TaskBaseline {
  std::size_t majority = 0;
  double mean = 0;
};
TaskBaseline fit_baseline(const RowBlock& data, const std::vector<std::size_t>& train, Task task);

// Progressive validation's figures (6.1): the model's, beside the progressive baseline.
Metrics task_metrics(const TaskProgress& progress);

// The final model's predictions of `rows` (frozen: nothing learns), their counts (the confusion
// matrix of a multiclass task) and figures beside `baseline`.
struct FrozenTaskScore {
  TaskProgress counts = TaskProgress(Task::multiclass);
  Metrics metrics;
};
Result<FrozenTaskScore> frozen_task_score(const Pipeline& p, const RowBlock& data,
                                          const std::vector<std::size_t>& rows,
                                          const TaskBaseline& baseline);

}  // namespace onepass
