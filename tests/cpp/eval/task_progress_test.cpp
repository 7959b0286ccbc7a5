// docs/algorithms.md 6.6 and 6.7: the multiclass and regression figures by hand, their
// baselines, and the counters' save and load.
#include <cmath>

#include "eval/task_progress.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

TEST(TaskProgress, MulticlassFiguresByHand) {  // docs/algorithms.md 6.6
  TaskProgress p(Task::multiclass, 2, 3);
  const std::pair<std::size_t, std::size_t> rows[] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}};
  for (const auto& [predicted, actual] : rows) p.record_class(predicted, actual, std::nan(""));
  const std::vector<std::vector<std::uint64_t>> confusion = {{1, 1, 0}, {0, 1, 1}, {0, 0, 1}};
  EXPECT_EQ(p.confusion(), confusion);
  EXPECT_DOUBLE_EQ(p.accuracy(), 0.6);
  EXPECT_DOUBLE_EQ(p.balanced_accuracy(), (0.5 + 0.5 + 1) / 3);
  EXPECT_DOUBLE_EQ(p.precision(0), 1);
  EXPECT_DOUBLE_EQ(p.precision(2), 0.5);
  EXPECT_DOUBLE_EQ(p.recall(1), 0.5);
  EXPECT_NEAR(p.macro_f1(), (2.0 / 3 + 0.5 + 2.0 / 3) / 3, 1e-15);
  EXPECT_NEAR(p.weighted_f1(), (2 * 2.0 / 3 + 2 * 0.5 + 2.0 / 3) / 5, 1e-15);
  EXPECT_TRUE(std::isnan(p.log_loss()));  // no probabilities
  EXPECT_EQ(p.majority_class(), 0u);      // 2 rows each for classes 0 and 1: the first
  EXPECT_DOUBLE_EQ(p.majority_accuracy(), 0.4);
  EXPECT_FALSE(p.no_better_than_baseline());
  ASSERT_EQ(p.curve().size(), 2u);  // every 2 rows: cumulative mistakes
  EXPECT_EQ(p.curve()[1].rows, 4u);
  EXPECT_EQ(p.curve()[1].value, 2);
  EXPECT_DOUBLE_EQ(p.rolling_error(), 1.0 / 3);  // the last 3 rows: one mistake
}

TEST(TaskProgress, LogLossIsTheMeanOfEachRowsLoss) {
  TaskProgress p(Task::multiclass);
  p.record_class(0, 0, 0.5);
  p.record_class(0, 1, 1.5);
  EXPECT_DOUBLE_EQ(p.log_loss(), 1);
  EXPECT_TRUE(p.no_better_than_baseline());  // 0.5 is the majority class's 0.5 too
}

// docs/algorithms.md 6.6: the majority class's accuracy (6 of 10 here) tied, but a balanced
// accuracy above its 1/3: a run weighted for the small classes is not marked.
TEST(TaskProgress, NoBetterNeedsNoBetterBalancedAccuracyToo) {
  TaskProgress p(Task::multiclass);
  for (int i = 0; i < 6; ++i) p.record_class(i < 2 ? 0 : 1, 0, 0);
  for (int k = 1; k <= 2; ++k)
    for (int i = 0; i < 2; ++i) p.record_class(k, k, 0);
  EXPECT_DOUBLE_EQ(p.accuracy(), p.majority_accuracy());
  EXPECT_DOUBLE_EQ(p.balanced_accuracy(), (2.0 / 6 + 1 + 1) / 3);
  EXPECT_FALSE(p.no_better_than_baseline());
  TaskProgress majority(Task::multiclass);
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < (k ? 2 : 6); ++i) majority.record_class(0, k, 0);
  EXPECT_DOUBLE_EQ(majority.balanced_accuracy(), 1.0 / 3);
  EXPECT_TRUE(majority.no_better_than_baseline());
}

TEST(TaskProgress, RegressionFiguresAndTheMeanPredictor) {  // docs/algorithms.md 6.7
  TaskProgress p(Task::regression);
  p.record_value(1, 1);
  p.record_value(3, 3);
  p.record_value(2, 2);
  EXPECT_EQ(p.mae(), 0);
  EXPECT_EQ(p.r2(), 1);
  // The mean predictor says 0 (nothing seen), then 1, then 2: errors 1, 2, 0.
  EXPECT_DOUBLE_EQ(p.baseline_mae(), 1);
  EXPECT_DOUBLE_EQ(p.baseline_rmse(), std::sqrt(5.0 / 3));
  EXPECT_DOUBLE_EQ(p.baseline_r2(), 1 - 5.0 / 2);  // SST around the mean 2: 1 + 1 + 0
  EXPECT_FALSE(p.no_better_than_baseline());
  TaskProgress worse(Task::regression);
  worse.record_value(0, 1);
  worse.record_value(0, 3);
  worse.record_value(0, 2);
  EXPECT_DOUBLE_EQ(worse.rmse(), std::sqrt(14.0 / 3));
  EXPECT_TRUE(worse.no_better_than_baseline());
}

TEST(TaskProgress, UndefinedFiguresAreNaN) {
  TaskProgress none(Task::regression);
  EXPECT_TRUE(std::isnan(none.mae()));
  EXPECT_TRUE(std::isnan(none.r2()));
  TaskProgress flat(Task::regression);
  flat.record_value(1, 4);
  flat.record_value(2, 4);
  EXPECT_TRUE(std::isnan(flat.r2()));  // SST = 0
  TaskProgress empty(Task::multiclass);
  EXPECT_TRUE(std::isnan(empty.accuracy()));
  EXPECT_FALSE(empty.no_better_than_baseline());
}

TEST(TaskProgress, SavesAndLoadsEveryCounter) {
  for (Task task : {Task::multiclass, Task::regression}) {
    TaskProgress a(task, 3, 4);
    for (int i = 0; i < 10; ++i)
      task == Task::regression ? a.record_value(i * 0.5, i)
                               : a.record_class(i % 3, (i * 7) % 4, 0.25 * i);
    TaskProgress b(task);
    ASSERT_TRUE(b.load(a.save()));
    EXPECT_EQ(b.save(), a.save());
    for (TaskProgress* p : {&a, &b})
      task == Task::regression ? p->record_value(1, 2) : p->record_class(1, 1, 0.1);
    EXPECT_EQ(b.save(), a.save());  // the curve's next point and the window go on alike
    std::vector<double> damaged = a.save();
    damaged.pop_back();
    EXPECT_FALSE(b.load(damaged));
    damaged = a.save();
    damaged[6] = 1e9;  // classes beyond what the state holds
    EXPECT_FALSE(b.load(damaged));
  }
}

// Each curve point keeps the window's error at its row (docs/algorithms.md 6.1): multiclass,
// mistakes 1 0 1 1 with a window of 3: row 2 1/2, row 4 (0 1 1) 2/3; regression, absolute
// errors 1 3 2 4 with a window of 2: row 2 2, row 4 3. A state saved before points kept it
// (without the last array) loads with NaN ones.
TEST(TaskProgress, CurvePointsKeepTheWindowsErrorByHand) {
  TaskProgress classes(Task::multiclass, 2, 3), numbers(Task::regression, 2, 2);
  const std::size_t predicted[] = {1, 0, 2, 1};
  for (std::size_t i = 0; i < 4; ++i) classes.record_class(predicted[i], 0, std::nan(""));
  const double errors[] = {1, -3, 2, -4};
  for (double e : errors) numbers.record_value(10 + e, 10);
  ASSERT_EQ(classes.curve().size(), 2u);
  EXPECT_EQ(classes.curve()[0].window_error, 1.0 / 2);
  EXPECT_EQ(classes.curve()[1].window_error, 2.0 / 3);
  EXPECT_EQ(classes.curve()[1].value, 3);
  ASSERT_EQ(numbers.curve().size(), 2u);
  EXPECT_EQ(numbers.curve()[0].window_error, 2);
  EXPECT_EQ(numbers.curve()[1].window_error, 3);
  EXPECT_EQ(numbers.curve()[1].value, 10);  // the cumulative absolute error
  for (TaskProgress* p : {&classes, &numbers}) {
    TaskProgress back(p->task()), older(p->task());
    ASSERT_TRUE(back.load(p->save()));
    EXPECT_EQ(back.save(), p->save());
    std::vector<double> saved = p->save();
    saved.resize(saved.size() - 3);  // the array: its count, then the 2 points' errors
    ASSERT_TRUE(older.load(saved));
    EXPECT_TRUE(std::isnan(older.curve()[1].window_error));
    EXPECT_EQ(older.curve()[1].value, p->curve()[1].value);
    EXPECT_EQ(older.rolling_error(), p->rolling_error());
  }
  TaskProgress none(Task::regression, 2);
  for (double e : errors) none.record_value(e, 0);
  EXPECT_TRUE(std::isnan(none.curve()[1].window_error));
}

}  // namespace
}  // namespace onepass
