// The figures of a multiclass or regression pipeline (docs/algorithms.md 6.6, 6.7) as the keys
// that run_json adds for those tasks; documented in onepass/api/run_json.hpp.
#pragma once

#include <string>
#include <vector>

#include "onepass/api/json_text.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// Multiclass: classes, accuracy, error, mistakes, balancedAccuracy, macroF1, weightedF1, logLoss,
// perClass [{ class, rows, precision, recall, f1 }], confusion (rows: actual, columns:
// predicted), baseline { class, accuracy }, noBetterThanBaseline. Regression: mae, rmse, r2,
// targetMean, baseline { mae, rmse, r2 }, noBetterThanBaseline. Both: rollingError (the window's
// error rate or mean absolute error).
void add_task_figures(const Pipeline& p, const std::vector<std::string>& classes, OrderedJson& j);

// The names of `count` classes: those given, then the index of any class past them.
std::vector<std::string> class_names(const std::vector<std::string>& classes, std::size_t count);

// A multiclass pipeline's counts: perClass [{ class, rows, precision, recall, f1 }] and the
// confusion matrix (rows: actual, columns: predicted), classes named by `classes`.
void add_class_counts(const TaskProgress& pr, const std::vector<std::string>& classes,
                      OrderedJson& j);

// The learner's weights of such a pipeline: one array per class (weights) and biases, named
// by class; regression: the one array and bias.
void add_task_weights(const Pipeline& p, const std::vector<std::string>& classes, OrderedJson& j);

}  // namespace onepass
