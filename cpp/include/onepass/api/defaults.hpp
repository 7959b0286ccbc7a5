// What a run uses when the user chooses nothing, defined once for every front end (the native
// CLI, the wasm module and through it the JS API, CLI and demo).
#pragma once

#include "core/task.hpp"

namespace onepass {

// The pipeline of `onepass run FILE` without --pipeline and of the demo's first run: the
// leader of three (docs/algorithms.md 4.32), whose first member, pa2(c=0.1) +avg +temperature,
// was chosen on the bundled data sets against batch logistic regression by `npm run quality`
// (docs/quality.md) and which closes the gap on narrow unseen sets (docs/evaluation.md).
inline constexpr const char* kDefaultPipeline = "zscore | leader";
// The defaults of the other tasks (docs/algorithms.md 1.8), chosen the same way; docs/tasks.md
// gives the numbers.
inline constexpr const char* kDefaultMulticlassPipeline = "zscore | softmax(eta0=0.5) +avg";
inline constexpr const char* kDefaultRegressionPipeline = "zscore | pareg2(c=0.1) +avg";
inline const char* default_pipeline(Task task) {
  return task == Task::multiclass   ? kDefaultMulticlassPipeline
         : task == Task::regression ? kDefaultRegressionPipeline
                                    : kDefaultPipeline;
}

// The largest count or seed a front end takes (--every, --seed, options every and seed): the
// largest whole number a JavaScript number holds exactly (Number.MAX_SAFE_INTEGER, which the JS
// API checks against), so both CLIs accept the same values.
inline constexpr unsigned long long kMaxCount = (1ull << 53) - 1;

}  // namespace onepass
