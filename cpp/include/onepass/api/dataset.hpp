// A labelled data set held in memory for the evaluation protocols (holdout, a given train/test
// pair, k-fold cross-validation, learning curves, grid search: docs/algorithms.md 6.2-6.4),
// and its results as JSON, defined once for every front end: the wasm module's Dataset (the JS
// Dataset class), `onepass evaluate` and `onepass-native evaluate` go through it, so the two
// CLIs print the same lines.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "eval/protocols.hpp"
#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"

namespace onepass {

// What an evaluation is asked beyond the core's EvalOptions: the holdout's test share and a
// grid search (selected on `validation` of the training part, or on the test part when
// optimistic). Defaults: eval/protocols.hpp.
struct EvaluationOptions {
  EvalOptions eval;
  double test_fraction = kDefaultTestFraction;
  std::string grid;    // "lambda=0,0.01;mu=0,1"; empty: no grid search
  std::string select;  // empty: the task's own (default_selection in eval/task_metrics.hpp)
  double validation = kDefaultValidationFraction;
  bool optimistic = false;
  // A decision threshold tuned for this metric (f1, balancedAccuracy, accuracy) on the
  // validation part, then the test scored at it (eval/protocols.hpp tune_threshold); empty:
  // none.
  std::string tune_threshold;
};

// What a grid search chose, beside the run of its choice.
struct GridChoice {
  std::vector<std::pair<std::string, double>> candidates;  // spec and its selection score
  std::string best, select;
  bool optimistic = false;
};

// A decision threshold tuned on the validation part: the metric, the threshold, and the
// metric's value there.
struct ThresholdChoice {
  std::string metric;
  TunedThreshold tuned;
};

// One train/test run, and the grid search that chose its spec or the threshold tuned for it
// when one was asked.
struct Evaluation {
  RunResult run;
  std::optional<GridChoice> grid;
  std::optional<ThresholdChoice> threshold;
};

// How `evaluate` tests: a holdout of the rows, k folds (and a learning curve over them), or a
// given test file.
struct EvaluationProtocol {
  enum class Kind { holdout, cross_validation, test_file };
  Kind kind = Kind::holdout;
  std::size_t folds = 0;      // cross_validation
  std::vector<double> curve;  // cross_validation: fractions of a learning curve, or none
  std::string test_name;      // test_file: as the user named it
};
// The usage rules of a protocol with its options: a CV takes no grid, a curve needs folds, the
// fractions are in (0, 1).
Status check_evaluation(const EvaluationProtocol& protocol, const EvaluationOptions& options);

class Dataset {
 public:
  static Result<std::unique_ptr<Dataset>> csv(const CsvOptions& options);
  static Result<std::unique_ptr<Dataset>> svmlight(const SvmlightOptions& options);
  // A test file read as `train` was read: the same features, its encoder's levels, labels.
  static Result<std::unique_ptr<Dataset>> csv_like(const Dataset& train, CsvOptions options);
  static Result<std::unique_ptr<Dataset>> svmlight_like(const Dataset& train,
                                                        SvmlightOptions options);

  // The bytes of the file, chunk by chunk, then finish().
  Status push(const char* data, std::size_t size);
  Status finish();

  std::size_t size() const { return rows_.size(); }
  // The feature names (none for svmlight rows: their features are indices).
  std::vector<std::string> features() const;
  // The number of features a pipeline sees.
  std::size_t width() const { return std::max(rows_.dims, rows_.width); }
  bool is_svmlight() const { return svmlight_ != nullptr; }
  // What the label is (docs/algorithms.md 1.8), known once the file is read, and the classes of
  // a multiclass label in their order.
  Task task() const;
  std::vector<std::string> classes() const;
  // What reading the file decided (column roles, the positive class, the decimal comma), as a
  // run says it.
  std::vector<std::string> notices() const;
  // What may make an evaluation mislead, as a run says it: one class only, bad rows skipped,
  // and when the training order is the file's (not `shuffled`), labels in long runs (a file
  // sorted by class: a model trained in that order favours the class it saw last).
  std::vector<std::string> warnings(bool shuffled) const;

  // The metric a grid search of these options selects on: the one named, or the task's own.
  std::string selection(const EvaluationOptions& options) const;

  Result<Evaluation> holdout(const std::string& spec, const EvaluationOptions& options) const;
  // This data set for training, `test` for testing.
  Result<Evaluation> with_test(const std::string& spec, const Dataset& test,
                               const EvaluationOptions& options) const;
  Result<CvResult> cross_validate(const std::string& spec, std::size_t folds,
                                  const EvaluationOptions& options) const;
  Result<std::vector<CurvePointResult>> learning_curve(const std::string& spec, std::size_t folds,
                                                       const std::vector<double>& fractions,
                                                       const EvaluationOptions& options) const;

 private:
  Dataset() = default;
  EvalOptions eval_options(const EvaluationOptions& options) const;
  Result<Evaluation> evaluate_on(const RowBlock& data, const std::string& spec, const Split& split,
                                 const EvaluationOptions& options) const;
  void keep_sparse_block();

  std::unique_ptr<CsvReader> csv_;
  std::unique_ptr<SvmlightReader> svmlight_;  // or svmlight rows
  SparseBlock sparse_block_;
  RowBlock rows_;
  bool scale_encoded_ = false;
  ClassWeightRequest class_request_;  // CsvOptions::class_weight
  ClassWeights class_weights_;        // resolved once the label's values are known
};

// The results as the JS API returns them (RunResult, CvResult, CurveResult of
// bindings/ts/api/types.ts): metrics by name, NaN as null.
std::string to_json(const Evaluation& e);
std::string to_json(const CvResult& cv);
std::string to_json(const std::vector<CurvePointResult>& curve);

// One pipeline's evaluation as `onepass evaluate --json` prints it, one line each:
// { pipeline, protocol: { kind, ..., seed, shuffle, grid?, select?, optimistic? }, ...result }
// where result is that of the protocol (a CV's with its learning curve as `curve`).
Result<std::string> evaluation_line_json(const Dataset& data, const Dataset* test,
                                         const std::string& spec,
                                         const EvaluationProtocol& protocol,
                                         const EvaluationOptions& options);

}  // namespace onepass
