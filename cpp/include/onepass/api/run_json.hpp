// One pipeline's result as JSON, defined once for every front end: `onepass-native run` prints
// it, and the wasm module hands it to the JS API (CsvRunner/SvmlightRunner.resultJSON) and
// through it to `onepass run --json`, one object per line. Keys: pipeline, canonical, rows,
// mistakes, error, accuracy, logLoss (null before any probability), calibration (a model that
// gives probabilities: ten bins [{ lower, upper, count, meanPredicted, observedRate }] of its
// progressive probabilities, docs/algorithms.md 6.5), features, weights, bias,
// arrays (the learner's state), scalers [{ name, arrays }], diverged, warnings, skipped (bad
// rows the reader left out), rollingError (with a window: the error over the last `window`
// rows), curve [[rows, mistakes], ...] (with a window [[rows, mistakes, rollingError], ...]: the
// window's error at that row, null at a point of a model saved before points kept it). task:
// "binary", "multiclass" or "regression" (docs/algorithms.md 1.8); the other two tasks' figures
// are those of api/task_json.hpp (weights and bias then one array and number per class, by
// class name; the curve's second number the cumulative absolute error for regression, its
// third the window's mean absolute error). Beside it, the
// figures a run shows while it goes: a pipeline's stats and the reader's info.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// classes: a multiclass label's class names, by index (CsvReader::classes). last_label: the
// run's last-label baseline (docs/algorithms.md 6.5), where the run knows it: the result then
// gives it as lastLabel { error, mistakes } and whether the pipeline is noBetterThanLastLabel.
std::string run_result_json(const Pipeline& p, const std::vector<std::string>& features,
                            std::uint64_t skipped, const std::vector<std::string>& classes = {},
                            const LastLabelBaseline* last_label = nullptr);

// A pipeline's progressive figures so far, as the JS API's stats(i) returns them: rows,
// mistakes, error, tp, fp, tn, fn, logLoss, rollingError, rollingLogLoss (null when
// undefined), diverged, revertedSteps, warnings, and calibration as a result has it.
std::string stats_json(const Pipeline& p, const std::vector<std::string>& classes = {},
                       const LastLabelBaseline* last_label = nullptr);

// What a reader has read, as the JS API's info() returns it: positiveLabel, negativeLabel,
// rows, positives, skipped, bytes, lines, errors [{ line, column, message }]; for a CSV also
// features, label, missingCells, warnings (what the run says of the data: the caller gives them
// once the stream is finished), delimiter,
// columns [{ name, role, reason }], notices; for svmlight rows dims.
std::string reader_info_json(const CsvReader& r, const std::vector<std::string>& warnings);
std::string reader_info_json(const SvmlightReader& r);

}  // namespace onepass
