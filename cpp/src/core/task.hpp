// What a label column asks of a pipeline (docs/algorithms.md 1.8): a yes/no answer (binary, the
// labels of 1.1), one of several classes (multiclass, classes numbered 0..K-1 in the order they
// first appear), or a number (regression). Defined once for the readers, the pipelines, the
// model files and every front end's `task` option.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace onepass {

enum class Task { binary, multiclass, regression };

inline const char* task_name(Task task) {
  constexpr const char* kNames[] = {"binary", "multiclass", "regression"};
  return kNames[static_cast<int>(task)];
}

// "binary", "multiclass" or "regression"; false for anything else.
inline bool parse_task(std::string_view text, Task& task) {
  for (Task t : {Task::binary, Task::multiclass, Task::regression})
    if (text == task_name(t)) {
      task = t;
      return true;
    }
  return false;
}

inline constexpr const char* kTaskNames = "binary, multiclass or regression";

}  // namespace onepass
