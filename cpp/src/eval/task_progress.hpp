// Progressive validation (docs/algorithms.md 6.1) of the multiclass and regression tasks: every
// row is predicted before it is learned. Multiclass keeps the K x K confusion matrix and the
// log-loss (6.6); regression keeps the sums behind MAE, RMSE and R^2 and those of the mean
// predictor, the baseline (6.7). Both keep a curve (rows, cumulative mistakes or absolute
// error) every `every` rows and a window of the last `window` rows; with a window, each curve
// point also keeps the window's error at its row (rolling_error()).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/task.hpp"

namespace onepass {

// docs/algorithms.md 6.6: a row whose class has probability p costs -log max(p, 1e-15), so that
// one confident mistake costs a bounded amount.
inline double class_log_loss(double p) {
  return -std::log(std::max(p, 1e-15));
}

struct TaskCurvePoint {
  std::uint64_t rows;
  double value;  // cumulative mistakes (multiclass) or absolute error (regression)
  // rolling_error() at this point; NaN without a window, or at a point of a model saved before
  // points kept it.
  double window_error = std::numeric_limits<double>::quiet_NaN();
};

class TaskProgress {
 public:
  explicit TaskProgress(Task task = Task::multiclass, std::uint64_t every = 0,
                        std::uint64_t window = 0)
      : task_(task), every_(every), window_(window), next_point_(every) {}

  // A multiclass row: the class predicted, the row's class, and -log p_y (NaN: the learner
  // has no probabilities).
  void record_class(std::size_t predicted, std::size_t actual, double loss);
  // A regression row: the prediction and the target.
  void record_value(double predicted, double target);

  Task task() const { return task_; }
  std::uint64_t rows() const { return rows_; }
  std::uint64_t every() const { return every_; }
  std::uint64_t window() const { return window_; }
  const std::vector<TaskCurvePoint>& curve() const { return curve_; }
  // The mean over the last window() rows of the mistakes (multiclass) or absolute errors
  // (regression); NaN without a window or rows.
  double rolling_error() const;

  // Multiclass (docs/algorithms.md 6.6). confusion()[actual][predicted], classes() square.
  const std::vector<std::vector<std::uint64_t>>& confusion() const { return confusion_; }
  std::size_t classes() const { return confusion_.size(); }
  std::uint64_t mistakes() const { return mistakes_; }
  // mistakes() / rows(); NaN on no rows.
  double error() const { return rows_ ? static_cast<double>(mistakes_) / rows_ : nan(); }
  double accuracy() const;
  double balanced_accuracy() const;
  double precision(std::size_t k) const;
  double recall(std::size_t k) const;
  double f1(std::size_t k) const;
  double macro_f1() const;
  double weighted_f1() const;
  double log_loss() const;  // NaN without probabilities
  std::uint64_t class_rows(std::size_t k) const;
  // The majority class (the lowest index on a tie) and the accuracy of always predicting it.
  std::size_t majority_class() const;
  double majority_accuracy() const;

  // Regression (docs/algorithms.md 6.7): the model's and the mean predictor's.
  double mae() const { return rows_ ? sae_ / rows_ : nan(); }
  double rmse() const;
  double r2() const;
  double baseline_mae() const { return rows_ ? base_sae_ / rows_ : nan(); }
  double baseline_rmse() const;
  double baseline_r2() const;
  // 1 - sse / SST with the SST of these rows' targets: the R^2 of other predictions of the same
  // rows (6.7; NaN as r2() is).
  double r2_of(double sse) const;
  double target_mean() const { return mean_; }

  // The model's result is no better than its baseline's (multiclass: accuracy not above the
  // majority class's; regression: RMSE not below the mean predictor's).
  bool no_better_than_baseline() const;

  std::vector<double> save() const;
  bool load(const std::vector<double>& saved);

  // Merging models (docs/algorithms.md 3.4). The classes moved to their place in a union of
  // classes: class j becomes class position[j] of `classes` (false, nothing changed, when the
  // confusion matrix has a class beyond position).
  bool remap_classes(const std::vector<std::size_t>& position, std::size_t classes);
  // The counts of `parts` (their classes in one order) added up, so that the merged model has
  // learned every model's rows, with a base's counted once (docs/algorithms.md 6.12):
  // c_B + sum_k (c_k - c_B). The targets' mean and M2 pool exactly over that signed sum of
  // rows; the curve and the window are the first part's. False when a part counts less than
  // the base in some count (it did not continue from it).
  static bool merged(const std::vector<const TaskProgress*>& parts, const TaskProgress* base,
                     TaskProgress& out);

 private:
  static double nan();
  template <class Figure>
  double mean_over_classes(Figure figure) const;
  void add_point(double value);
  void add_to_window(double value);
  Task task_;
  std::uint64_t every_, window_, next_point_;
  std::uint64_t rows_ = 0, mistakes_ = 0;
  std::vector<std::vector<std::uint64_t>> confusion_;
  double loss_sum_ = 0;
  bool probabilistic_ = false;
  // Regression sums: absolute and squared errors, the targets' mean and M2 (Welford), and the
  // mean predictor's errors.
  double sae_ = 0, sse_ = 0, mean_ = 0, m2_ = 0, base_sae_ = 0, base_sse_ = 0;
  std::vector<TaskCurvePoint> curve_;
  std::vector<double> ring_;
  std::uint64_t fill_ = 0, head_ = 0;
};

}  // namespace onepass
