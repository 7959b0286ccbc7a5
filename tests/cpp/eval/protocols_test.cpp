// Evaluation protocols (spec 6.2-6.4): splits, leaks, folds, curves, grid search.
#include "eval/protocols.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "eval/metrics.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

RowBlock make_data(std::size_t n, std::uint64_t seed) {
  SeededRandom rng(seed);
  RowBlock d;
  d.dims = 2;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = static_cast<double>(rng.below(2001)) / 1000 - 1;
    const double b = static_cast<double>(rng.below(2001)) / 1000 - 1;
    d.x.append({a, b});
    d.y.push_back(
        a + 0.3 * b + 0.2 * (static_cast<double>(rng.below(1001)) / 1000 - 0.5) > 0.2 ? 1 : -1);
    d.line.push_back(i + 2);
  }
  return d;
}

TEST(SeededRandom, IsSplitMix64) {
  SeededRandom r(0);
  EXPECT_EQ(r.next(), 0xe220a8397b1dcdafull);  // the reference first output for seed 0
  SeededRandom a(7), b(7);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.below(10), b.below(10));
}

TEST(Splits, HoldoutIsASeededStratifiedPartition) {
  const RowBlock d = make_data(101, 1);
  EvalOptions opt;
  opt.seed = 3;
  const Split s = holdout_split(strata(d, opt), 0.2, opt);
  std::set<std::size_t> all(s.train.begin(), s.train.end());
  for (std::size_t i : s.test) EXPECT_TRUE(all.insert(i).second) << "row in both parts";
  EXPECT_EQ(all.size(), 101u);
  std::size_t pos = 0, test_pos = 0;
  for (auto y : d.y) pos += y > 0;
  for (std::size_t i : s.test) test_pos += d.y[i] > 0;
  EXPECT_EQ(test_pos, static_cast<std::size_t>(std::floor(0.2 * pos + 0.5)));
  EXPECT_EQ(holdout_split(strata(d, opt), 0.2, opt).test, s.test);  // same seed, same split
  opt.seed = 4;
  EXPECT_NE(holdout_split(strata(d, opt), 0.2, opt).test, s.test);
}

TEST(Splits, FoldsPartitionTheRows) {  // spec 6.3
  const RowBlock d = make_data(53, 2);
  auto folds = kfold_splits(strata(d, {}), 10, {}).take();
  ASSERT_EQ(folds.size(), 10u);
  std::vector<int> seen(53, 0);
  for (const auto& f : folds) {
    EXPECT_EQ(f.train.size() + f.test.size(), 53u);
    EXPECT_GE(f.test.size(), 5u);
    EXPECT_LE(f.test.size(), 6u);
    for (std::size_t i : f.test) seen[i]++;
    std::set<std::size_t> train(f.train.begin(), f.train.end());
    for (std::size_t i : f.test) EXPECT_EQ(train.count(i), 0u);
  }
  for (int c : seen) EXPECT_EQ(c, 1);
  EXPECT_EQ(kfold_splits(strata(d, {}), 60, {}).message(),
            "60 folds need at least 60 rows; the data has 53");
}

TEST(Holdout, NeverTrainsOnTestRows) {
  // Training rows have feature 2 at 0; test rows have it at 1000, label +1, and a feature 1
  // that a model learned on the training rows scores negative. Without a leak every test row
  // is predicted wrongly; one learned test row would make w_2 > 0 and the predictions right.
  RowBlock d;
  d.dims = 2;
  Split split;
  for (int i = 0; i < 100; ++i) {
    const double v = (i % 2 ? 1 : -1) * (0.5 + i / 100.0);
    d.x.append({v, 0});
    d.y.push_back(v > 0 ? 1 : -1);
    split.train.push_back(i);
  }
  for (int i = 0; i < 20; ++i) {
    d.x.append({-1 - i * 0.1, 1000});
    d.y.push_back(1);
    split.test.push_back(100 + i);
  }
  for (const char* spec : {"pa", "perceptron", "logreg", "zscore | pa1 +avg"}) {
    auto r = train_and_test(d, spec, split, {});
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(metric_value(r.value().test, "accuracy"), 0) << spec;
    EXPECT_EQ(metric_value(r.value().train, "accuracy"), 1) << spec;
  }
}

TEST(Holdout, TheHorizonIsTheTrainingSize) {  // D-LR-2
  const RowBlock d = make_data(50, 5);
  const Split s = holdout_split(strata(d, {}), 0.2, {});
  EXPECT_EQ(train_and_test(d, "zscore | logreg", s, {}).value().spec, "zscore | logreg(n=40)");
  EXPECT_EQ(train_and_test(d, "logreg(n=7)", s, {}).value().spec, "logreg(n=7)");
  EXPECT_EQ(train_and_test(d, "lp(warmup=10) | pa", s, {}).value().spec, "lp(warmup=10) | pa");
}

TEST(CrossValidation, AveragesAucPerFold) {  // spec 6.3
  const RowBlock d = make_data(120, 6);
  EvalOptions opt;
  opt.shuffle = true;
  auto cv = cross_validate(d, "zscore | logreg", 5, opt).take();
  ASSERT_EQ(cv.folds.size(), 5u);
  double sum = 0;
  for (const auto& f : cv.folds) sum += metric_value(f.test, "auc");
  EXPECT_NEAR(metric_value(cv.mean, "auc"), sum / 5, 1e-12);
  EXPECT_GT(metric_value(cv.mean, "auc"), 0.8);
  EXPECT_GE(metric_value(cv.sd, "auc"), 0);
}

TEST(LearningCurve, NestedSubsetsUpToTheWholeTrainingFold) {  // spec 6.4
  const RowBlock d = make_data(100, 7);
  auto curve = learning_curve(d, "pa1", 10, {0.1, 0.5, 1.0}, {}).take();
  ASSERT_EQ(curve.size(), 3u);
  EXPECT_NEAR(curve[2].data_share, 0.9, 1e-12);  // at most 90% with 10 folds
  EXPECT_LT(curve[0].data_share, curve[1].data_share);
  const auto cv = cross_validate(d, "pa1", 10, {}).take();
  EXPECT_NEAR(metric_value(curve[2].mean, "accuracy"), metric_value(cv.mean, "accuracy"), 1e-12);
}

TEST(GridSearch, ParsesGridsAndAppliesThemToTheRightStage) {
  auto g = parse_grid("lambda=0,0.01; gamma = 0.5,1").take();
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[1].values, (std::vector<std::string>{"0.5", "1"}));
  auto specs = grid_specs("gas(warmup=10) | logreg(lambda=3)", g).take();
  ASSERT_EQ(specs.size(), 4u);
  EXPECT_EQ(specs[1], "gas(warmup=10,gamma=1) | logreg(lambda=0)");
  EXPECT_EQ(grid_specs("pa", g).message(), "grid: no stage of \"pa\" has a parameter 'lambda'");
  EXPECT_EQ(parse_grid("lambda").message(),
            "grid \"lambda\": expected name=v1,v2,... in \"lambda\"");
  EXPECT_NE(grid_specs("logreg", parse_grid("lambda=-1").take()).message().find("must be"),
            std::string::npos);
}

TEST(GridSearch, NeverReadsTheTestPart) {
  RowBlock d = make_data(200, 8);
  const Split split = holdout_split(strata(d, {}), 0.25, {});
  const auto grid = parse_grid("c=0.01,0.1,1,10").take();
  auto a = grid_search(d, "zscore | pa1", grid, split, "accuracy", 0.2, false, {}).take();
  // Scramble every test row (features and labels): the selection must not change.
  for (std::size_t i : split.test) {
    d.x[i * 2] = -d.x[i * 2] * 7;
    d.y[i] = static_cast<std::int8_t>(-d.y[i]);
  }
  auto b = grid_search(d, "zscore | pa1", grid, split, "accuracy", 0.2, false, {}).take();
  EXPECT_EQ(a.candidates, b.candidates);
  EXPECT_EQ(a.best, b.best);
  EXPECT_FALSE(a.optimistic);
  EXPECT_NE(metric_value(a.final.test, "accuracy"), metric_value(b.final.test, "accuracy"));
  // The optimistic protocol does read it, and says so.
  auto o = grid_search(d, "zscore | pa1", grid, split, "accuracy", 0.2, true, {}).take();
  EXPECT_TRUE(o.optimistic);
  double best = 0;
  for (const auto& [spec, v] : o.candidates) best = std::max(best, v);
  EXPECT_EQ(metric_value(o.final.test, "accuracy"), best);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A given train/test pair (the protocol is the core's, not the bindings'): the
// training rows first, in a seeded order when shuffled, then the test rows; widths must agree.
TEST(Protocols, TrainTestPairKeepsTheTestRowsLastAndChecksTheWidth) {
  RowBlock train, test;
  train.dims = test.dims = 2;
  train.x = {1, 2, 3, 4, 5, 6};
  train.y = {1, -1, 1};
  test.x = {7, 8};
  test.y = {-1};
  EvalOptions opt;
  auto pair = train_test_pair(train, test, opt);
  ASSERT_TRUE(pair) << pair.message();
  EXPECT_EQ(pair.value().first.size(), 4u);
  EXPECT_EQ(pair.value().second.train, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(pair.value().second.test, (std::vector<std::size_t>{3}));
  EXPECT_EQ(pair.value().first.row(3)[0], 7);
  opt.shuffle = true;
  auto shuffled = train_test_pair(train, test, opt);
  ASSERT_TRUE(shuffled);
  std::vector<std::size_t> order = shuffled.value().second.train;
  std::sort(order.begin(), order.end());
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2}));  // the same rows, in a seeded order
  EXPECT_EQ(shuffled.value().second.test, (std::vector<std::size_t>{3}));
  test.dims = 3;
  test.x = {7, 8, 9};
  EXPECT_EQ(train_test_pair(train, test, opt).message(),
            "the test file has 3 features, the training file 2");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// docs/algorithms.md 6.3: 2 positives among 40 rows in 5 stratified folds: 3 folds have no
// positive, so recall is the mean of the 2 folds that measured it, and the result says so.
TEST(CrossValidation, AMetricUndefinedInAFoldIsLeftOutAndCounted) {
  RowBlock d;
  d.dims = 1;
  for (int i = 0; i < 40; ++i) {
    const bool positive = i == 5 || i == 25;
    d.x.append({positive ? 3.0 : std::sin(i * 0.7)});
    d.line.push_back(static_cast<std::size_t>(i) + 2);
    d.y.push_back(positive ? 1 : -1);
  }
  EvalOptions opt;
  auto cv = cross_validate(d, "zscore | pa", 5, opt);
  ASSERT_TRUE(cv) << cv.status().message();
  std::size_t with_positive = 0;
  double recall_sum = 0;
  for (const RunResult& f : cv.value().folds) {
    double tp = 0, fn = 0, recall = 0;
    for (const auto& [k, v] : f.test) {
      if (k == "tp") tp = v;
      if (k == "fn") fn = v;
      if (k == "recall") recall = v;
    }
    if (tp + fn > 0) ++with_positive, recall_sum += recall;
  }
  EXPECT_EQ(with_positive, 2u);
  double mean_recall = -1;
  for (const auto& [k, v] : cv.value().mean)
    if (k == "recall") mean_recall = v;
  EXPECT_DOUBLE_EQ(mean_recall, recall_sum / 2);
  bool counted = false;
  for (const auto& [k, n] : cv.value().defined_folds)
    if (k == "recall") counted = n == 2;
  EXPECT_TRUE(counted);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A holdout says what a run says: a training part of one class, and the pipeline's own
// warnings (a learner that wants scaled input without a scaler).
TEST(Holdout, SaysWhatMayMakeItsFiguresMislead) {
  RowBlock d = make_data(40, 9);
  for (auto& y : d.y) y = -1;
  d.y[7] = 1;  // round(0.5 x 1) = 1 goes to the test part, round(0.5 x 39) = 20 of the rest
  const Split s = holdout_split(strata(d, {}), 0.5, {});
  auto r = train_and_test(d, "fs2", s, {}).take();
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].rfind("fs2 has no scaler before it", 0), 0u) << r.warnings[0];
  EXPECT_EQ(r.warnings[1],
            "the training part has rows of one class only (19 rows): its model answers that "
            "class for every row; give more rows of the others, or a larger training part");
  EXPECT_TRUE(train_and_test(make_data(40, 9), "zscore | pa1", s, {}).take().warnings.empty());
}

}  // namespace
}  // namespace onepass
