// The evaluation protocols (docs/algorithms.md 6.2-6.4) on multiclass and regression labels:
// stratified splits by class, frozen figures beside the training part's baseline, k-fold means,
// learning curves, grid search, and their JSON.
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "eval/protocols.hpp"
#include "eval/task_metrics.hpp"
#include "onepass/api/dataset.hpp"
#include "pipeline/pipeline.hpp"
#include "task_data.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::classes_csv;
using testing::numbers_csv;
using testing::read_dataset;

TEST(TaskSplits, AHoldoutKeepsEachClassShare) {
  RowBlock d;
  d.dims = 0;
  // 50 rows of class 0, 30 of class 1, 20 of class 2.
  for (std::size_t i = 0; i < 100; ++i) {
    d.y.push_back(0);
    d.target.push_back(i < 50 ? 0 : i < 80 ? 1 : 2);
  }
  EvalOptions opt;
  opt.task = Task::multiclass;
  const Split s = holdout_split(strata(d, opt), 0.25, opt);
  std::size_t per[3] = {0, 0, 0};
  for (std::size_t i : s.test) ++per[static_cast<std::size_t>(d.target[i])];
  // round(0.25 n_k), halves up: 13 of 50, 8 of 30 (7.5), 5 of 20.
  EXPECT_EQ(per[0], 13u);
  EXPECT_EQ(per[1], 8u);
  EXPECT_EQ(per[2], 5u);
  EXPECT_EQ(s.train.size() + s.test.size(), 100u);
  // Folds deal each class round robin: every fold of 5 holds 10 of class 0, 6 of 1, 4 of 2.
  auto folds = kfold_splits(strata(d, opt), 5, opt).take();
  for (const Split& f : folds) {
    std::size_t count[3] = {0, 0, 0};
    for (std::size_t i : f.test) ++count[static_cast<std::size_t>(d.target[i])];
    EXPECT_EQ(count[0], 10u);
    EXPECT_EQ(count[1], 6u);
    EXPECT_EQ(count[2], 4u);
  }
  // A regression target is one stratum: the split is that of unstratified rows.
  opt.task = Task::regression;
  EvalOptions plain;
  plain.stratified = false;
  EXPECT_EQ(holdout_split(strata(d, opt), 0.25, opt).test,
            holdout_split(std::vector<std::size_t>(100, 0), 0.25, plain).test);
}

TEST(TaskFrozenScore, TheBaselineIsTheTrainingPartsOwn) {
  // Training targets 1, 2, 3 (mean 2); test targets 1 and 3: the mean predictor errs by 1 on
  // each, so its MAE and RMSE are 1 and its R^2 1 - 2/2 = 0 (SST of the test rows: 2).
  RowBlock d;
  d.dims = 1;
  for (double y : {1.0, 2.0, 3.0, 1.0, 3.0}) {
    d.x.append({y});
    d.y.push_back(0);
    d.target.push_back(y);
    d.line.push_back(d.line.size() + 2);
  }
  const TaskBaseline b = fit_baseline(d, {0, 1, 2}, Task::regression);
  EXPECT_DOUBLE_EQ(b.mean, 2.0);
  auto p = Pipeline::build("linreg", 0, 0, Task::regression).take();
  for (std::size_t i = 0; i < 3; ++i) ASSERT_TRUE(p->learn_one(d.row(i), 1, d.target[i]));
  auto score = frozen_task_score(*p, d, {3, 4}, b).take();
  EXPECT_DOUBLE_EQ(metric_value(score.metrics, "baselineMae"), 1.0);
  EXPECT_DOUBLE_EQ(metric_value(score.metrics, "baselineRmse"), 1.0);
  EXPECT_DOUBLE_EQ(metric_value(score.metrics, "baselineR2"), 0.0);
  // The model's own figures are those of its frozen predictions of the two rows.
  std::vector<double> scores, probabilities;
  double sae = 0;
  for (std::size_t i : {3u, 4u})
    sae += std::fabs(d.target[i] - p->predict_target(d.row(i), {}, scores, probabilities).value());
  EXPECT_DOUBLE_EQ(metric_value(score.metrics, "mae"), sae / 2);

  // Multiclass: the training part's majority class (1, two of three rows), lowest on a tie.
  RowBlock c = d;
  c.target = {1, 1, 0, 1, 2};
  EXPECT_EQ(fit_baseline(c, {0, 1, 2}, Task::multiclass).majority, 1u);
  EXPECT_EQ(fit_baseline(c, {1, 2}, Task::multiclass).majority, 0u);
}

TEST(TaskHoldout, ClassesAreLearnedAndCountedInTheirConfusionMatrix) {
  auto data = read_dataset(classes_csv(600, 1));
  ASSERT_EQ(data->task(), Task::multiclass);
  auto e = data->holdout("zscore | softmax +avg", EvaluationOptions{});
  ASSERT_TRUE(e) << e.message();
  const RunResult& r = e.value().run;
  EXPECT_EQ(r.n_test, 120u);  // 20% of each class
  EXPECT_GT(metric_value(r.test, "accuracy"), 0.85);
  EXPECT_GT(metric_value(r.test, "accuracy"), metric_value(r.test, "baselineAccuracy") + 0.4);
  EXPECT_GT(metric_value(r.progressive, "macroF1"), 0.7);
  EXPECT_FALSE(std::isnan(metric_value(r.test, "logLoss")));  // softmax gives probabilities
  const auto j = nlohmann::json::parse(to_json(e.value()));
  EXPECT_EQ(j["task"], "multiclass");
  // The classes by name, in the order they first appeared.
  EXPECT_EQ(std::set<std::string>(j["classes"].begin(), j["classes"].end()),
            (std::set<std::string>{"low", "mid", "high"}));
  EXPECT_EQ(j["classes"].get<std::vector<std::string>>(), data->classes());
  ASSERT_EQ(j["confusion"].size(), 3u);
  std::uint64_t total = 0, right = 0;
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t p = 0; p < 3; ++p) {
      total += j["confusion"][a][p].get<std::uint64_t>();
      if (a == p) right += j["confusion"][a][p].get<std::uint64_t>();
    }
  EXPECT_EQ(total, 120u);
  EXPECT_DOUBLE_EQ(static_cast<double>(right) / 120, j["test"]["accuracy"].get<double>());
  EXPECT_EQ(j["perClass"].size(), 3u);
  EXPECT_TRUE(j["testCurves"]["roc"].empty());  // ROC curves are a yes/no label's
  // A perceptron gives no probabilities: no log-loss, said as null.
  auto m = data->holdout("zscore | mperceptron", EvaluationOptions{});
  ASSERT_TRUE(m) << m.message();
  EXPECT_TRUE(nlohmann::json::parse(to_json(m.value()))["test"]["logLoss"].is_null());
}

TEST(TaskCrossValidation, NumbersAreMeasuredPerFoldBesideTheMean) {
  auto data = read_dataset(numbers_csv(500, 2));
  ASSERT_EQ(data->task(), Task::regression);
  auto cv = data->cross_validate("zscore | pareg2(c=0.1) +avg", 5, EvaluationOptions{});
  ASSERT_TRUE(cv) << cv.message();
  ASSERT_EQ(cv.value().folds.size(), 5u);
  double sum = 0;
  for (const RunResult& f : cv.value().folds) {
    EXPECT_EQ(f.n_test, 100u);
    EXPECT_GT(metric_value(f.test, "r2"), 0.95);
    // The mean predictor of the training part explains nothing of the test rows.
    EXPECT_LT(metric_value(f.test, "baselineR2"), 0.01);
    sum += metric_value(f.test, "rmse");
  }
  EXPECT_DOUBLE_EQ(metric_value(cv.value().mean, "rmse"), sum / 5);
  // A learning curve's larger training parts do no worse on the same test folds.
  auto curve = data->learning_curve("zscore | pareg2(c=0.1) +avg", 5, {0.05, 1.0}, {});
  ASSERT_TRUE(curve) << curve.message();
  EXPECT_LT(metric_value(curve.value()[1].mean, "mae"), metric_value(curve.value()[0].mean, "mae"));
}

TEST(TaskGridSearch, SelectsOnTheTasksOwnMetric) {
  auto data = read_dataset(numbers_csv(400, 3));
  EvaluationOptions options;
  options.grid = "c=0.001,0.1";
  auto e = data->holdout("zscore | pareg2", options);
  ASSERT_TRUE(e) << e.message();
  EXPECT_EQ(e.value().grid->select, "r2");  // a number's default
  ASSERT_EQ(e.value().grid->candidates.size(), 2u);
  options.select = "rmse";  // lower is better
  auto low = data->holdout("zscore | pareg2", options);
  ASSERT_TRUE(low) << low.message();
  const auto& c = low.value().grid->candidates;
  EXPECT_EQ(low.value().grid->best, c[0].second <= c[1].second ? c[0].first : c[1].first);
  options.select = "accuracy";
  EXPECT_EQ(data->holdout("zscore | pareg2", options).message(),
            "unknown selection metric 'accuracy' for a regression label; its metrics are: mae, "
            "rmse, r2, baselineMae, baselineRmse, baselineR2");
  // A yes/no learner on a number is refused by name, as a run refuses it.
  EXPECT_NE(data->holdout("logreg", EvaluationOptions{}).message().find("'logreg'"),
            std::string::npos);
}

}  // namespace
}  // namespace onepass
