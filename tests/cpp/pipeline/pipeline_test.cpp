#include "pipeline/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::string build_error(const std::string& spec) {
  auto p = Pipeline::build(spec);
  return p ? "(built)" : p.message();
}

TEST(PipelineSpec, ErrorsSayWhatIsAccepted) {
  EXPECT_EQ(
      build_error(""),
      "pipeline spec \"\", at character 1: empty pipeline spec; expected e.g. \"zscore | logreg\"");
  EXPECT_EQ(build_error("zscore |"),
            "pipeline spec \"zscore |\", at character 9: expected a learner or scaler name");
  EXPECT_EQ(
      build_error("logreg(eta0=)"),
      "pipeline spec \"logreg(eta0=)\", at character 13: expected a value for parameter 'eta0'");
  EXPECT_EQ(
      build_error("logreg(eta0 0.1)"),
      "pipeline spec \"logreg(eta0 0.1)\", at character 13: expected '=' after parameter 'eta0'");
  EXPECT_EQ(build_error("logreg x"), "pipeline spec \"logreg x\", at character 8: unexpected 'x'");
  EXPECT_EQ(
      build_error("svm"),
      "unknown learner 'svm': the last stage of a pipeline must be a learner; known learners: "
      "logreg, fs, fs1, fs2, fs3, pa, pa1, pa2, carvalho_pa, pater1, pater2, wpater1, wpater2, "
      "perceptron, winnow, bwinnow, mbw, romma, aromma, arow, scw1, scw2, arow_full, leader, "
      "adagrad, "
      "nag, "
      "ftrl, "
      "softmax, mpa, mpa1, mpa2, mperceptron, pareg, pareg1, pareg2, linreg, huber");
  EXPECT_EQ(
      build_error("zscore"),
      "'zscore' is a scaler, but the last stage of a pipeline must be a learner; known "
      "learners: "
      "logreg, fs, fs1, fs2, fs3, pa, pa1, pa2, carvalho_pa, pater1, pater2, wpater1, wpater2, "
      "perceptron, winnow, bwinnow, mbw, romma, aromma, arow, scw1, scw2, arow_full, leader, "
      "adagrad, "
      "nag, "
      "ftrl, "
      "softmax, mpa, mpa1, mpa2, mperceptron, pareg, pareg1, pareg2, linreg, huber");
  EXPECT_EQ(
      build_error("logreg | pa"),
      "'logreg' is a learner, but a stage before the learner must be a scaler; known scalers: "
      "zscore, pareto, vast, level, twosd, minmax, maxabs, ewzscore, l1, l2, robust, as, gas, "
      "ash, lp, logodds, bns, impute");
  EXPECT_EQ(build_error("logreg(eta=1)"),
            "logreg: unknown parameter 'eta'; accepted: eta0, lambda, n");
  EXPECT_EQ(build_error("logreg(eta0=-1)"),
            "logreg: parameter 'eta0' must be a number > 0 (got '-1')");
  EXPECT_EQ(build_error("logreg(n=1.5)"),
            "logreg: parameter 'n' must be a whole number in [1, 1e+15] (got '1.5')");
  EXPECT_EQ(build_error("logreg(lambda=abc)"),
            "logreg: parameter 'lambda' must be a number >= 0 (got 'abc')");
  EXPECT_EQ(build_error("pa(bias=yes)"), "pa: parameter 'bias' must be true or false (got 'yes')");
  EXPECT_EQ(build_error("pa(c=1)"), "pa: unknown parameter 'c'; accepted: bias");
  EXPECT_EQ(build_error("pa1(c=1, c=2)"), "pa1: parameter 'c' is given twice");
  EXPECT_EQ(
      build_error("pa1 +avgg"),
      "unknown modifier 'avgg': what follows '+' must be a modifier; known modifiers: avg, vote, "
      "platt, temperature");
  // docs/algorithms.md 4.32: the leader's members are averaged and calibrated already.
  EXPECT_EQ(build_error("zscore | leader +avg"),
            "'leader' takes no '+avg': its members are averaged and calibrated already "
            "(docs/algorithms.md §4.32)");
  EXPECT_EQ(build_error("leader(width=513)"),
            "leader: parameter 'width' must be a whole number in [0, 512] (got '513')");
}

TEST(PipelineSpec, CanonicalFormSpellsOutEveryParameter) {
  auto p = Pipeline::build(" zscore|logreg( lambda = 0.01 ) +avg ");
  ASSERT_TRUE(p) << p.message();
  EXPECT_EQ(p.value()->canonical_spec(), "zscore | logreg(eta0=0.1,lambda=0.01,n=10000) +avg");
  auto q = Pipeline::build("minmax(clip=1) | pa1(c=0.5,bias=true)");
  ASSERT_TRUE(q) << q.message();
  EXPECT_EQ(q.value()->canonical_spec(), "minmax(clip=true) | pa1(c=0.5,bias=true)");
}

TEST(Pipeline, PredictsBeforeLearningAndCountsMistakes) {  // spec 6.1
  auto p = Pipeline::build("perceptron", 2).take();
  const double x[] = {1, 0};
  auto r = p->learn_one(x, 2, -1);  // w = 0 predicts +1 (D-TIE): a mistake
  ASSERT_TRUE(r);
  EXPECT_EQ(r.value(), 1);
  EXPECT_EQ(p->learn_one(x, 2, -1).value(), -1);  // learned: now right
  EXPECT_EQ(p->progress().rows(), 2u);
  EXPECT_EQ(p->progress().mistakes(), 1u);
  EXPECT_EQ(p->progress().curve().size(), 1u);
  EXPECT_EQ(p->progress().curve()[0].mistakes, 1u);
}

TEST(Pipeline, BadRowsAreRejectedWithoutLosingWhatWasLearned) {
  auto p = Pipeline::build("zscore | logreg").take();
  const double a[] = {1, 2}, b[] = {3, 1};
  ASSERT_TRUE(p->learn_one(a, 2, 1));
  ASSERT_TRUE(p->learn_one(b, 2, -1));
  const std::vector<double> before = p->learner().params();
  const double three[] = {1, 2, 3};
  EXPECT_EQ(p->learn_one(three, 3, 1).message(), "the row has 3 features, the pipeline 2");
  const double inf[] = {1, std::numeric_limits<double>::infinity()};
  EXPECT_EQ(p->learn_one(inf, 2, 1).message(),
            "feature 2 is not finite (+infinity); use NaN for a missing value");
  EXPECT_EQ(p->learn_one(a, 2, 0).message(), "the label must be +1 or -1");
  EXPECT_EQ(p->learner().params(), before);
  EXPECT_EQ(p->progress().rows(), 2u);
  EXPECT_TRUE(p->learn_one(a, 2, 1));  // still usable
}

TEST(Pipeline, MissingCellsReachTheLearnerAsZero) {
  auto p = Pipeline::build("pa(bias=false)").take();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double x[] = {nan, 2};
  ASSERT_TRUE(p->learn_one(x, 2, 1));
  EXPECT_EQ(p->learner().params()[0], 0);
  EXPECT_NEAR(p->learner().params()[1], 0.5, 1e-15);
}

TEST(Pipeline, ZscoreThenLogregMatchesHandComputation) {  // spec 1.6, 5.1, 4.1
  auto p = Pipeline::build("zscore | logreg(eta0=0.1,n=10)").take();
  const double x1[] = {2}, x2[] = {4};
  p->learn_one(x1, 1, 1);  // z = 0: p = 0.5, w += 0, b += 0.05
  EXPECT_NEAR(p->learner().params()[1], 0.05, 1e-15);
  p->learn_one(x2, 1, -1);  // z = 1/sqrt(2); s = 0.05
  const double z = 1 / std::sqrt(2.0), eta = 0.1 / 1.1, pr = 1 / (1 + std::exp(-0.05));
  EXPECT_NEAR(p->learner().params()[0], eta * (0 - pr) * z, 1e-15);
}

TEST(CsvRunner, OneParseFeedsEveryPipelineInFileOrder) {
  auto runner = CsvRunner::create({}, {"perceptron", "zscore | pa1"}, 0).take();
  const std::string csv = "a,b,label\n1,0,1\n0,1,-1\n1,1,1\n";
  for (char c : csv) ASSERT_TRUE(runner->push(&c, 1));
  ASSERT_TRUE(runner->finish());
  auto solo = Pipeline::build("zscore | pa1").take();
  const double rows[3][2] = {{1, 0}, {0, 1}, {1, 1}};
  const int ys[] = {1, -1, 1};
  for (int i = 0; i < 3; ++i) solo->learn_one(rows[i], 2, ys[i]);
  EXPECT_EQ(runner->pipeline(1).learner().params(), solo->learner().params());
  EXPECT_EQ(runner->pipeline(0).progress().rows(), 3u);
}

TEST(CsvRunner, StopsAtABadRowAfterLearningTheRowsBeforeIt) {
  CsvOptions strict;
  strict.sample_rows = 0;  // every column numeric: no role is inferred
  auto runner = CsvRunner::create(strict, {"perceptron"}, 0).take();
  const std::string csv = "a,label\n1,1\n2,-1\nx,1\n3,1\n";
  Status st = runner->push(csv.data(), csv.size());
  EXPECT_EQ(st.message(),
            "line 4, column 1 (a): 'x' is not a number (if it marks a missing value: option "
            "missing, CLI --na)");
  EXPECT_EQ(runner->pipeline(0).progress().rows(), 2u);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(CsvRunner, ShuffleBufferIsSeededBoundedAndLosesNoRow) {
  std::string csv = "a,label\n";
  for (int i = 0; i < 200; ++i) csv += std::to_string(i) + "," + (i % 3 ? "1" : "-1") + "\n";
  auto run = [&](std::size_t buffer, std::uint64_t seed, std::size_t chunk) {
    auto runner = CsvRunner::create({}, {"zscore | pa", "perceptron"}, 1).take();
    EXPECT_TRUE(runner->shuffle(buffer, seed));
    for (std::size_t at = 0; at < csv.size(); at += chunk)
      EXPECT_TRUE(runner->push(csv.data() + at, std::min(chunk, csv.size() - at)));
    EXPECT_TRUE(runner->finish());
    return std::make_pair(runner->pipeline(0).learner().params(),
                          runner->pipeline(1).progress().rows());
  };
  const auto a = run(32, 7, 1000), b = run(32, 7, 1000);
  EXPECT_EQ(a, b);                             // seeded: the same order again
  EXPECT_EQ(a.second, 200u);                   // every row, once
  EXPECT_NE(run(32, 8, 1000).first, a.first);  // another seed, another order
  EXPECT_NE(run(0, 7, 1000).first, a.first);   // file order differs
  // The zscore statistics (order-free) are the same whatever the order.
  auto order_free = [&](std::size_t buffer) {
    auto runner = CsvRunner::create({}, {"zscore | pa"}, 0).take();
    EXPECT_TRUE(runner->shuffle(buffer, 3));
    runner->push(csv.data(), csv.size());
    runner->finish();
    return runner->pipeline(0).scaler(0).snapshot().array("mean")->at(0);
  };
  EXPECT_NEAR(order_free(0), order_free(50), 1e-12);
}

// With a shuffle buffer, the long-runs warning is of the order learned, not the
// file's: a buffer as long as the file mends a file sorted by class (no warning), a short one
// does not (the warning names the buffer and asks for a longer one).
TEST(CsvRunner, LongRunsAreJudgedInTheOrderLearned) {
  std::string sorted = "x,label\n";
  for (int i = 0; i < 400; ++i)
    sorted += std::to_string(i % 7) + "," + (i < 250 ? "0" : "1") + "\n";
  auto runs_warning = [&](std::size_t buffer) {
    auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
    EXPECT_TRUE(runner->shuffle(buffer, 5));
    EXPECT_TRUE(runner->push(sorted.data(), sorted.size()));
    EXPECT_TRUE(runner->finish());
    for (const auto& w : runner->warnings())
      if (w.find("long runs") != std::string::npos) return w;
    return std::string();
  };
  EXPECT_EQ(runs_warning(0).rfind("the labels come in long runs: 400 rows change label 1 ", 0), 0u)
      << runs_warning(0);
  EXPECT_EQ(runs_warning(400), "");
  const std::string short_buffer = runs_warning(10);
  EXPECT_NE(short_buffer.find("still come in long runs after the shuffle buffer of 10 rows"),
            std::string::npos)
      << short_buffer;
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

std::unique_ptr<CsvRunner> runner_over(const std::string& csv,
                                       const std::vector<std::string>& specs, std::size_t shuffle,
                                       std::size_t chunk) {
  auto built = CsvRunner::create({}, specs, 7);
  EXPECT_TRUE(built) << built.message();
  if (!built) return nullptr;
  auto runner = built.take();
  if (shuffle) EXPECT_TRUE(runner->shuffle(shuffle, 11));
  for (std::size_t at = 0; at < csv.size(); at += chunk)
    EXPECT_TRUE(runner->push(csv.data() + at, std::min(chunk, csv.size() - at)));
  EXPECT_TRUE(runner->finish());
  return runner;
}

// Pipelines whose leading scalers are the same compute them once (runner.hpp); each still learns,
// reports and saves exactly what it would alone: on missing values, with a supervised scaler
// (ash online sees each label), after a warm-up scaler, in file order and shuffled.
TEST(CsvRunner, SharedScalersChangeNothingInAnyPipeline) {
  const std::vector<std::string> specs = {"zscore | logreg",
                                          "zscore | pa1",
                                          "zscore | minmax | pa",
                                          "zscore | minmax | logreg +avg",
                                          "minmax(clip=true) | pa",
                                          "minmax | perceptron",
                                          "ash(online=true) | pa",
                                          "ash(online=true) | logreg",
                                          "zscore | lp(warmup=40) | pa",
                                          "zscore | lp(warmup=40) | perceptron",
                                          "robust | romma",
                                          "robust | pater1"};
  // Which pipelines share how many scalers with an earlier one.
  const std::vector<std::size_t> shared = {0, 1, 1, 2, 0, 0, 0, 1, 1, 1, 0, 1};
  for (const char* file : {"diabetes_na.csv", "heart.csv"}) {
    const std::string csv = testing::read_data_file(file);
    for (std::size_t shuffle : {0, 64}) {
      SCOPED_TRACE(std::string(file) + " shuffle " + std::to_string(shuffle));
      auto together = runner_over(csv, specs, shuffle, 1000);
      for (std::size_t i = 0; i < specs.size(); ++i) {
        SCOPED_TRACE(specs[i]);
        EXPECT_EQ(together->pipeline(i).shared_head(), shared[i]);
        auto alone = runner_over(csv, {specs[i]}, shuffle, 777);
        ASSERT_TRUE(together && alone);
        const Pipeline &a = alone->pipeline(0), &t = together->pipeline(i);
        EXPECT_EQ(t.progress().rows(), a.progress().rows());
        EXPECT_EQ(t.progress().mistakes(), a.progress().mistakes());
        EXPECT_EQ(t.learner().params(), a.learner().params());
        const PipelineState ts = t.save(), as = a.save();
        EXPECT_EQ(ts.progress, as.progress);  // counters and the curve
        EXPECT_EQ(ts.scalers, as.scalers);
        EXPECT_EQ(ts.learner.state, as.learner.state);
      }
    }
  }
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// docs/algorithms.md 6.5: a learner on raw features that ends no better than the majority class
// is told to scale them; with a scaler, or when it learned something, nothing is said.
TEST(PipelineWarnings, RawFeaturesThatLearnedNothingAreNamed) {
  auto raw = Pipeline::build("pa").take();
  auto scaled = Pipeline::build("zscore | pa").take();
  auto learned = Pipeline::build("pa").take();
  for (int i = 0; i < 400; ++i) {
    const double x[] = {1e4 * std::sin(i * 1.7), 3e3 * std::cos(i * 0.3)};
    const double y = i % 10 == 0 ? 1 : -1;  // 10% positives, nothing in x tells them apart
    raw->learn_one(x, 2, y);
    scaled->learn_one(x, 2, y);
    const double clear[] = {y, 0.5};
    learned->learn_one(clear, 2, y);
  }
  ASSERT_TRUE(no_better_than_baseline(raw->progress().confusion()));
  const std::vector<std::string> w = raw->warnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0],
            "pa has no scaler before it and did no better than the majority class: on raw "
            "values its steps follow the features' sizes; try zscore | pa");
  for (const std::string& s : scaled->warnings()) EXPECT_EQ(s.find("no scaler"), std::string::npos);
  EXPECT_TRUE(learned->warnings().empty());
}

}  // namespace
}  // namespace onepass
