// Evaluation protocols of spec 6.2-6.4 on a data set held in memory: holdout, k-fold
// cross-validation with consistent seeded folds, learning curves on nested training subsets, and
// grid search that selects on a validation part of the training data only (or, explicitly
// flagged as optimistic, on the test part as S0 did).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/seeded_random.hpp"
#include "core/status.hpp"
#include "core/task.hpp"
#include "eval/metrics.hpp"
#include "eval/task_progress.hpp"
#include "eval/threshold.hpp"
#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"
#include "pipeline/class_weights.hpp"

namespace onepass {

// The protocols' defaults, one place for every front end (the CLIs and the JS API read them):
// the share of rows a holdout tests on, and the share of the training part a grid search
// selects on (spec 6.2-6.4).
constexpr double kDefaultTestFraction = 0.2;
constexpr double kDefaultValidationFraction = 0.2;

struct EvalOptions {
  // What the rows' labels are (docs/algorithms.md 1.8): yes/no (RowBlock::y), or a class index
  // or a target (RowBlock::target), which every pipeline is built to learn.
  Task task = Task::binary;
  std::vector<std::string> classes;  // a multiclass label's class names, for the results
  // The decision threshold the final model's yes/no predictions are made at
  // (eval/threshold.hpp); NaN: the sign of the margin (D-TIE).
  double threshold = std::numeric_limits<double>::quiet_NaN();
  std::uint64_t seed = kDefaultSeed;
  bool shuffle = false;        // shuffle the training order (S0's randomised one pass)
  bool stratified = true;      // D-EVAL-1: splits and folds keep the class shares
  bool scale_encoded = false;  // the scalers also scale encoded features (design.md 10.5)
  std::size_t k = 20;          // Precision@k
  // The class weights every trained pipeline learns with (docs/algorithms.md 4.28); the
  // counts of balanced ones start at 0 in each.
  ClassWeights class_weights;
};

// Appends svmlight rows to a data set held for the protocols (RowBlock::sparse), `width`
// features wide.
void append_rows(RowBlock& to, const SparseBlock& from, std::size_t width);

// Row indices of a split: train (in the order they are learned) and test.
struct Split {
  std::vector<std::size_t> train, test;
};

// The stratum of each row, whose share the splits and folds keep (D-EVAL-1): its class (yes/no,
// or a class index), or one stratum for all when not stratified or for a regression target.
std::vector<std::size_t> strata(const RowBlock& data, const EvalOptions& opt);

// A seeded split with round(test_fraction n) test rows (per stratum).
Split holdout_split(const std::vector<std::size_t>& strata, double test_fraction,
                    const EvalOptions& opt);
// A given train/test pair (two files) as one data set and its split: the training rows, in a
// seeded order when opt.shuffle, then the test rows. An error when their widths differ.
Result<std::pair<RowBlock, Split>> train_test_pair(const RowBlock& train, const RowBlock& test,
                                                   const EvalOptions& opt);
// k folds partitioning the rows: fold i is the test part of split i.
Result<std::vector<Split>> kfold_splits(const std::vector<std::size_t>& strata, std::size_t k,
                                        const EvalOptions& opt);

// The result of training a fresh pipeline on `train` and testing the final model on `test`.
struct RunResult {
  std::string spec;  // as run (with the horizon n of the learner filled in)
  Task task = Task::binary;
  std::vector<std::string> classes;                             // EvalOptions::classes
  double threshold = std::numeric_limits<double>::quiet_NaN();  // EvalOptions::threshold
  std::size_t n_train = 0, n_test = 0;
  Metrics progressive;     // progressive validation over the training rows (spec 6.1)
  Metrics train;           // the final model on the training rows (S0's training accuracy)
  Metrics test;            // the final model on the test rows
  GridCurves test_curves;  // its ROC and precision-recall curves on the test rows (binary)
  // A multiclass task's counts on the test rows: the confusion matrix and per-class figures
  // (docs/algorithms.md 6.6).
  TaskProgress test_counts = TaskProgress(Task::multiclass);
  // Steps the divergence guard reverted while training (spec 2.6): a run that diverged says
  // so wherever its figures are shown.
  std::uint64_t reverted_steps = 0;
  // What may make these figures mislead, as a run says it: the pipeline's own warnings (its
  // fit to its input, its divergence), and a training part of one class, whose model answers
  // that class whatever the row.
  std::vector<std::string> warnings;
};

// The learner's horizon n (D-LR-2) is set to the training size unless the spec gives it.
Result<RunResult> train_and_test(const RowBlock& data, const std::string& spec, const Split& split,
                                 const EvalOptions& opt);

struct CvResult {
  std::vector<RunResult> folds;
  Metrics mean, sd;  // per metric over the folds where it is defined (AUC per fold, spec 6.3)
  // The metrics defined in fewer folds than there are, and in how many: precision in folds where
  // a row was predicted positive, recall where one was positive, F1 where either, AUC where both
  // classes were.
  std::vector<std::pair<std::string, std::size_t>> defined_folds;
  std::size_t diverged_folds = 0;  // folds whose training reverted steps
};
Result<CvResult> cross_validate(const RowBlock& data, const std::string& spec, std::size_t k,
                                const EvalOptions& opt);

// spec 6.4: in each fold, the training fold is sub-sampled to nested subsets (each a prefix of
// one seeded order); the test fold is that of k-fold CV. One point per fraction, averaged
// over the folds; x is the share of the whole data set used for training.
struct CurvePointResult {
  double fraction, data_share;
  Metrics mean;
};
Result<std::vector<CurvePointResult>> learning_curve(const RowBlock& data, const std::string& spec,
                                                     std::size_t k,
                                                     const std::vector<double>& fractions,
                                                     const EvalOptions& opt);

// "lambda=0,0.01,0.1;mu=0,1": parameter names and their values.
struct GridAxis {
  std::string param;
  std::vector<std::string> values;
};
Result<std::vector<GridAxis>> parse_grid(const std::string& text);
// Every combination, applied to the stage that declares each parameter (the learner first).
Result<std::vector<std::string>> grid_specs(const std::string& spec,
                                            const std::vector<GridAxis>& grid);

struct GridResult {
  std::vector<std::pair<std::string, double>> candidates;  // spec and its selection score
  std::string best;
  bool optimistic = false;  // selected on the test part (S0's protocol), not on validation
  RunResult final;          // the best spec trained on the whole training part, tested
};
// Selects by `metric` (higher is better, "error" and "logLoss" lower) on a validation part of
// split.train (validation_fraction of it, stratified and seeded); the test rows are read only
// by the final test. optimistic = true: each candidate is trained on split.train and selected
// on split.test.
Result<GridResult> grid_search(const RowBlock& data, const std::string& spec,
                               const std::vector<GridAxis>& grid, const Split& split,
                               const std::string& metric, double validation_fraction,
                               bool optimistic, const EvalOptions& opt);

double metric_value(const Metrics& m, const std::string& name);

// The rows of split.train carved in two, in their training order: train (what learns) and test
// (the validation rows: `fraction` of each stratum, seeded); an error naming `whose` part when
// either is empty.
Result<Split> validation_part(const RowBlock& data, const Split& split, double fraction,
                              const EvalOptions& opt, const std::string& whose);

// docs/algorithms.md 6.2: a yes/no pipeline's decision threshold, tuned for `metric` (f1,
// balancedAccuracy, accuracy) on a validation part of split.train by a model trained on the
// rest of it; the test rows are never read.
Result<TunedThreshold> tune_threshold(const RowBlock& data, const std::string& spec,
                                      const Split& split, const std::string& metric,
                                      double validation_fraction, const EvalOptions& opt);

}  // namespace onepass
