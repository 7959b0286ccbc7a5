// Merging models of the multiclass and regression tasks (docs/algorithms.md 1.8, 3.4): the union
// of the classes that multiclass models saw, by name, and the progress counters of both tasks.
// Private to cpp/src/models (model_merge.cpp merges every stage).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "eval/task_progress.hpp"
#include "models/model_json.hpp"

namespace onepass::model_merge {

// docs/algorithms.md 3.4: the union of the models' classes by name, in the first model's order
// and then each new one as it appears in the next models; every model's state (and the base's)
// with its classes moved to their place in it (Pipeline::remap_classes), its given class weights
// matched by name. `united.classes` becomes the union; learned[k][c] says whether model k has an
// output for class c (it learned a row of that class).
Status unite_classes(const std::string& spec, const std::vector<ModelSchema>& schemas,
                     std::vector<PipelineState>& states, const ModelSchema* base_schema,
                     PipelineState* base, ModelSchema& united,
                     std::vector<std::vector<bool>>& learned);

// The progress counters of models of a task (eval/task_progress.hpp), each checked.
struct TaskCounters {
  std::vector<TaskProgress> parts;
  std::optional<TaskProgress> base;
};
Result<TaskCounters> task_counters(Task task, const std::vector<PipelineState>& states,
                                   const PipelineState* base);
// The merged model's counters (TaskProgress::merged), saved.
Result<std::vector<double>> merged_counters(const TaskCounters& counters);

}  // namespace onepass::model_merge
