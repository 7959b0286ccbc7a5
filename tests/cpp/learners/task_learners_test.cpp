// docs/algorithms.md 4.21-4.27 and 3.3: hand-computed steps of the multiclass and regression
// learners, the target's standardisation, averaging, and one-vs-rest against its binary copies.
#include <cmath>
#include <vector>

#include "learners/multiclass.hpp"
#include "learners/regression.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::kNoBias;
using Params = std::vector<std::pair<std::string, std::string>>;

// A dense row as the pipeline hands it to these learners: a sparse row of every feature.
struct Row {
  explicit Row(std::vector<double> v) : value(std::move(v)) {
    for (std::size_t j = 0; j < value.size(); ++j) index.push_back(static_cast<std::uint32_t>(j));
  }
  SparseRow sparse() const { return {index.data(), value.data(), value.size()}; }
  std::vector<std::uint32_t> index;
  std::vector<double> value;
};

std::unique_ptr<TaskLearner> make(const std::string& name, std::size_t d, std::size_t outputs,
                                  const Params& params = {}, bool average = false) {
  const RegistryEntry* e = find_entry(name);
  EXPECT_NE(e, nullptr) << name;
  auto values = resolve_params(name, e->params, params);
  EXPECT_TRUE(values) << values.message();
  auto l = e->make_task_learner(values.value());
  if (average) dynamic_cast<LinearOutputs&>(*l).average();
  l->reset(d, outputs);
  return l;
}

std::vector<double> scores_of(const TaskLearner& l, const Row& x, bool training = true) {
  std::vector<double> s(l.outputs());
  l.scores(x.sparse(), s.data(), training);
  return s;
}

void learn(TaskLearner& l, const Row& x, double target) {
  const std::vector<double> s = scores_of(l, x);
  l.learn(x.sparse(), target, s.data());
}

// The weights of output k (the snapshot's "w<k>"), and its bias.
std::vector<double> weights(const TaskLearner& l, std::size_t k) {
  return *l.snapshot().array("w" + std::to_string(k));
}
double bias(const TaskLearner& l, std::size_t k) {
  return *l.snapshot().scalar("b" + std::to_string(k));
}

const Row kX1({1, 2}), kX2({3, -1});

TEST(MulticlassPa, TwoStepsByHand) {  // docs/algorithms.md 4.23
  auto pa = make("mpa", 2, 3, {kNoBias});
  // Scores all 0: r = class 1 (the lowest wrong index), loss 1, tau = 1/(2 * 5) = 0.1.
  learn(*pa, kX1, 0);
  expect_near_all(weights(*pa, 0), {0.1, 0.2});
  expect_near_all(weights(*pa, 1), {-0.1, -0.2});
  expect_near_all(weights(*pa, 2), {0, 0});
  // Scores (0.1, -0.1, 0): r = class 0, loss 1 - (0 - 0.1) = 1.1, tau = 1.1/(2 * 10) = 0.055.
  learn(*pa, kX2, 2);
  expect_near_all(weights(*pa, 2), {0.165, -0.055});
  expect_near_all(weights(*pa, 0), {-0.065, 0.255});
  expect_near_all(weights(*pa, 1), {-0.1, -0.2});
}

TEST(MulticlassPa, VariantsCapTheStep) {  // docs/algorithms.md 4.23
  auto pa1 = make("mpa1", 2, 3, {{"c", "0.05"}, kNoBias});
  learn(*pa1, kX1, 0);  // min(C, 0.1) = 0.05
  expect_near_all(weights(*pa1, 0), {0.05, 0.1});
  auto pa2 = make("mpa2", 2, 3, {{"c", "0.5"}, kNoBias});
  learn(*pa2, kX1, 0);  // 1/(2 * 5 + 1/(2 * 0.5)) = 1/11
  expect_near_all(weights(*pa2, 0), {1.0 / 11, 2.0 / 11});
  expect_near_all(weights(*pa2, 1), {-1.0 / 11, -2.0 / 11});
}

TEST(MulticlassPa, TheBiasIsAConstantFeature) {  // D-BIAS
  auto pa = make("mpa", 2, 2);
  learn(*pa, kX1, 1);  // |x|^2 = 1 + 4 + 1: tau = 1/12
  expect_near_all(weights(*pa, 1), {1.0 / 12, 2.0 / 12});
  EXPECT_NEAR(bias(*pa, 1), 1.0 / 12, 1e-12);
  EXPECT_NEAR(bias(*pa, 0), -1.0 / 12, 1e-12);
}

TEST(MulticlassPa, OneClassSeenHasNothingToLearn) {  // docs/algorithms.md 4.23
  auto pa = make("mpa", 2, 1, {kNoBias});
  learn(*pa, kX1, 0);
  expect_near_all(weights(*pa, 0), {0, 0});
}

TEST(MulticlassPerceptron, UpdatesOnTiesAndMistakesOnly) {  // docs/algorithms.md 4.24
  auto p = make("mperceptron", 2, 3, {kNoBias});
  learn(*p, kX1, 0);  // all scores 0: s_y - s_r = 0 <= 0
  expect_near_all(weights(*p, 0), {1, 2});
  expect_near_all(weights(*p, 1), {-1, -2});
  learn(*p, kX1, 0);  // s = (5, -5, 0): the margin holds, no step
  expect_near_all(weights(*p, 0), {1, 2});
  learn(*p, kX1, 2);  // r = class 0 (5): w_2 += x, w_0 -= x
  expect_near_all(weights(*p, 0), {0, 0});
  expect_near_all(weights(*p, 2), {1, 2});
}

TEST(Softmax, FirstStepByHand) {  // docs/algorithms.md 4.22
  auto sm = make("softmax", 2, 3);
  learn(*sm, kX1, 0);  // p = 1/3 each; eta = 0.1
  const double up = 0.1 * (1 - 1.0 / 3), down = -0.1 / 3;
  expect_near_all(weights(*sm, 0), {up, 2 * up});
  expect_near_all(weights(*sm, 1), {down, 2 * down});
  EXPECT_NEAR(bias(*sm, 0), up, 1e-12);
  EXPECT_NEAR(bias(*sm, 2), down, 1e-12);
  // The second step's rate: eta0 / (1 + 1/N).
  const std::vector<double> s = scores_of(*sm, kX2);
  std::vector<double> p(3);
  softmax(s.data(), 3, p.data());
  const std::vector<double> before = weights(*sm, 1);
  learn(*sm, kX2, 1);
  const double eta = 0.1 / (1 + 1.0 / 10000);
  expect_near_all(weights(*sm, 1),
                  {before[0] + eta * (1 - p[1]) * 3, before[1] + eta * (1 - p[1]) * -1});
}

TEST(Softmax, ProbabilitiesAreStableAndSumToOne) {  // docs/algorithms.md 4.22
  const double s[] = {1000, 999, -1000};
  double p[3];
  softmax(s, 3, p);
  EXPECT_NEAR(p[0] + p[1] + p[2], 1, 1e-15);
  EXPECT_NEAR(p[0] / p[1], std::exp(1.0), 1e-9);
  EXPECT_EQ(p[2], 0);
}

TEST(MulticlassScores, PredictionTakesTheFirstOfEqualScores) {
  const double s[] = {0.5, 2, 2, std::nan("")};
  EXPECT_EQ(predicted_class(s, 4), 1u);
  EXPECT_EQ(rival_class(s, 4, 1), 2u);
  EXPECT_EQ(rival_class(s, 1, 0), 1u);  // no other class: `classes`
  const double undefined[] = {std::nan(""), -1};
  EXPECT_EQ(predicted_class(undefined, 2), 1u);
}

TEST(Averaging, TheAverageOfEveryRowsWeights) {  // docs/algorithms.md 3.3, 3.1 (AVG-1)
  auto pa = make("mpa", 2, 3, {kNoBias}, true);
  learn(*pa, kX1, 0);
  learn(*pa, kX2, 2);
  // The two steps of MulticlassPa.TwoStepsByHand, averaged over the two rows.
  expect_near_all(weights(*pa, 0), {(0.1 - 0.065) / 2, (0.2 + 0.255) / 2});
  expect_near_all(weights(*pa, 2), {0.165 / 2, -0.055 / 2});
  // The average predicts: s(avg, x).
  const std::vector<double> s = scores_of(*pa, kX1, false);
  EXPECT_NEAR(s[2], 0.165 / 2 - 0.055, 1e-12);
}

TEST(PaRegression, StepsLandOnTheTube) {  // docs/algorithms.md 4.25
  const Params raw = {kNoBias, {"standardize", "false"}};
  auto pa = make("pareg", 2, 1, raw);
  learn(*pa, kX1, 3);  // loss 3 - 0.1, tau = 2.9/5
  expect_near_all(weights(*pa, 0), {0.58, 1.16});
  EXPECT_NEAR(scores_of(*pa, kX1)[0], 3 - 0.1, 1e-12);  // |y - s| = epsilon after the step
  learn(*pa, kX1, 3);                                   // inside the tube: no step
  expect_near_all(weights(*pa, 0), {0.58, 1.16});
  Params capped = raw;
  capped.push_back({"c", "0.1"});
  auto pa1 = make("pareg1", 2, 1, capped);
  learn(*pa1, kX1, -3);  // min(C, 0.58), towards the target
  expect_near_all(weights(*pa1, 0), {-0.1, -0.2});
  auto pa2 = make("pareg2", 2, 1, raw);
  learn(*pa2, kX1, 3);  // 2.9/(5 + 1/2)
  expect_near_all(weights(*pa2, 0), {2.9 / 5.5, 5.8 / 5.5});
}

TEST(SgdRegression, SquaredAndHuberSteps) {  // docs/algorithms.md 4.26
  auto lin = make("linreg", 2, 1, {{"standardize", "false"}});
  learn(*lin, kX1, 3);  // e = 3, eta0 = 0.01
  expect_near_all(weights(*lin, 0), {0.03, 0.06});
  EXPECT_NEAR(bias(*lin, 0), 0.03, 1e-12);
  auto hub = make("huber", 2, 1, {{"standardize", "false"}});
  learn(*hub, kX1, 3);  // the residual 3 is clipped at delta = 1
  expect_near_all(weights(*hub, 0), {0.01, 0.02});
  learn(*hub, kX1, 0.06);  // the score is 0.06: a zero residual moves nothing
  EXPECT_NEAR(scores_of(*hub, kX1)[0], 0.06, 1e-12);
}

TEST(TargetStandardisation, LearnsInStandardUnitsAndPredictsInTheTargets) {  // spec 4.27
  auto pa = make("pareg", 2, 1, {kNoBias});
  EXPECT_EQ(scores_of(*pa, kX1)[0], 0);  // nothing seen: mean 0
  learn(*pa, kX1, 3);                    // mean 3, sd 0 (taken as 1): z = 0, no step
  expect_near_all(weights(*pa, 0), {0, 0});
  EXPECT_NEAR(scores_of(*pa, kX1)[0], 3, 1e-12);
  learn(*pa, kX1, 5);  // mean 4, sd 1: z = 1, loss 0.9, tau = 0.18
  expect_near_all(weights(*pa, 0), {0.18, 0.36});
  EXPECT_NEAR(scores_of(*pa, kX1)[0], 4 + 0.9, 1e-12);
  // The same targets in other units give the same model, scaled.
  auto cents = make("pareg", 2, 1, {kNoBias});
  learn(*cents, kX1, 300);
  learn(*cents, kX1, 500);
  EXPECT_NEAR(scores_of(*cents, kX1)[0], 490, 1e-9);
}

TEST(TaskLearners, SaveAndLoadResumeExactly) {
  for (const char* name : {"softmax", "mpa1", "mperceptron", "pareg2", "linreg", "huber"}) {
    const bool regression = find_entry(name)->task == Task::regression;
    auto a = make(name, 2, regression ? 1 : 3, {}, true);
    learn(*a, kX1, regression ? 2.5 : 0);
    learn(*a, kX2, regression ? -1 : 2);
    auto b = make(name, 2, regression ? 1 : 3, {}, true);
    ASSERT_TRUE(b->load(a->save())) << name;
    learn(*a, kX2, regression ? 4 : 1);
    learn(*b, kX2, regression ? 4 : 1);
    EXPECT_EQ(a->save().params, b->save().params) << name;
    EXPECT_EQ(a->save().state, b->save().state) << name;
    auto wrong = make(name, 3, regression ? 1 : 3);
    EXPECT_FALSE(wrong->load(a->save())) << name;  // another width is refused
  }
}

// docs/algorithms.md 4.22, 4.26: the L2 decay of every weight, written out densely over
// d features (w_k <- decay w_k + eta g_k x, the bias undecayed, eta = eta0 / (1 + k/N)), and
// the uniform average of the weights after every row (3.1, AVG-1).
struct DenseDecay {
  DenseDecay(std::size_t d, std::size_t outputs, double eta0, double lambda, double n)
      : w(outputs, std::vector<double>(d, 0.0)),
        sum(outputs, std::vector<double>(d, 0.0)),
        b(outputs, 0.0),
        eta0(eta0),
        lambda(lambda),
        n(n) {}
  std::vector<double> scores(const Row& x) const {
    std::vector<double> s(w.size());
    for (std::size_t k = 0; k < w.size(); ++k) {
      s[k] = b[k];
      for (std::size_t j = 0; j < x.value.size(); ++j) s[k] += w[k][j] * x.value[j];
    }
    return s;
  }
  // softmax: g_k = 1{k = y} - p_k; linreg (one output, no standardisation): g = y - s.
  void learn(const Row& x, double target) {
    const std::vector<double> s = scores(x);
    std::vector<double> g(w.size());
    if (w.size() == 1) {
      g[0] = target - s[0];
    } else {
      softmax(s.data(), s.size(), g.data());
      for (std::size_t k = 0; k < g.size(); ++k) g[k] = (k == target ? 1.0 : 0.0) - g[k];
    }
    const double eta = eta0 / (1 + updates / n), decay = 1 - 2 * (lambda / n) * eta;
    updates += 1;
    for (std::size_t k = 0; k < w.size(); ++k) {
      for (std::size_t j = 0; j < w[k].size(); ++j) {
        w[k][j] = decay * w[k][j] + eta * g[k] * x.value[j];
        sum[k][j] += w[k][j];
      }
      b[k] += eta * g[k];
    }
    rows += 1;
  }
  std::vector<double> average(std::size_t k) const {
    std::vector<double> a = sum[k];
    for (double& v : a) v /= rows;
    return a;
  }
  std::vector<std::vector<double>> w, sum;
  std::vector<double> b;
  double eta0, lambda, n, updates = 0, rows = 0;
};

// Sparse rows of 3 non-zeros among 40 features, the same for every run.
std::vector<Row> sparse_rows(std::size_t count) {
  std::vector<Row> rows;
  for (std::size_t r = 0; r < count; ++r) {
    std::vector<double> v(40, 0.0);
    for (std::size_t i = 0; i < 3; ++i) v[(r * 7 + i * 13) % 40] = 0.5 + double((r + i) % 5) / 4;
    rows.emplace_back(v);
  }
  return rows;
}

TEST(Decay, StepsOnTheNonZerosGiveTheDenseRule) {  // docs/algorithms.md 4.22, 4.26
  // lambda' eta near 1/2 makes the decay 0.01 a row, so that s passes below 1e-150 (1e-3 under
  // +avg) and is folded back several times in 200 rows; a milder decay keeps s; n = 1 with
  // lambda = 1 makes the first decay -1 and the second 0.
  struct Case {
    double eta0, lambda, n;
  };
  for (const Case c : {Case{0.1, 4.95e9, 1e9}, Case{0.1, 50, 10000}, Case{1, 1, 1}})
    for (const bool average : {false, true})
      for (const bool regression : {false, true}) {
        SCOPED_TRACE(std::to_string(c.lambda) + (regression ? " linreg" : " softmax") +
                     (average ? " +avg" : ""));
        const std::size_t outputs = regression ? 1 : 3;
        std::unique_ptr<LinearOutputs> l;
        if (regression)
          l = std::make_unique<SgdRegressor>(
              false, SgdRegressor::Config{c.eta0, c.lambda, c.n, 1, /*standardize*/ false});
        else
          l = std::make_unique<Softmax>(Softmax::Config{c.eta0, c.lambda, c.n});
        if (average) l->average();
        l->reset(40, outputs);
        DenseDecay dense(40, outputs, c.eta0, c.lambda, c.n);
        const std::vector<Row> rows = sparse_rows(200);
        for (std::size_t r = 0; r < rows.size(); ++r) {
          const double target = regression ? rows[r].value[(r * 7) % 40] * 3 - 1 : double(r % 3);
          const std::vector<double> s = scores_of(*l, rows[r]);
          l->learn(rows[r].sparse(), target, s.data());
          dense.learn(rows[r], target);
        }
        std::vector<std::vector<double>> w;
        std::vector<double> b;
        ASSERT_TRUE(l->linear_forms(w, b));
        for (std::size_t k = 0; k < outputs; ++k) {
          expect_near_all(w[k], average ? dense.average(k) : dense.w[k], 1e-12);
        }
        EXPECT_EQ(l->reverted_steps(), 0u);
        const Row probe = rows[5];
        const std::vector<double> s = scores_of(*l, probe, false);
        std::vector<double> expected(outputs, 0.0);
        for (std::size_t k = 0; k < outputs; ++k)
          for (std::size_t j = 0; j < 40; ++j) expected[k] += w[k][j] * probe.value[j];
        for (std::size_t k = 0; k < outputs; ++k) EXPECT_NEAR(s[k], expected[k] + b[k], 1e-12);
      }
}

TEST(Decay, ResumesAndMergesExactly) {  // docs/algorithms.md 4.22, 3.4
  const std::vector<Row> rows = sparse_rows(60);
  for (const char* name : {"softmax", "linreg", "huber"}) {
    SCOPED_TRACE(name);
    const bool regression = find_entry(name)->task == Task::regression;
    const std::size_t outputs = regression ? 1 : 3;
    const Params decaying = {{"lambda", "5"}, {"n", "100"}};
    auto a = make(name, 40, outputs, decaying, true);
    auto b = make(name, 40, outputs, decaying, true);
    auto target = [&](std::size_t r) { return regression ? double(r % 7) - 3 : double(r % 3); };
    for (std::size_t r = 0; r < 30; ++r) learn(*a, rows[r], target(r));
    ASSERT_TRUE(b->load(a->save()));
    for (std::size_t r = 30; r < 60; ++r) {
      learn(*a, rows[r], target(r));
      learn(*b, rows[r], target(r));
    }
    EXPECT_EQ(a->save().params, b->save().params);
    EXPECT_EQ(a->save().state, b->save().state);
    if (regression) continue;  // their outputs merge in the target's units (4.27)
    // Two models merged half and half predict as the mean of their averages.
    auto c = make(name, 40, outputs, decaying, true);
    for (std::size_t r = 0; r < 30; ++r) learn(*c, rows[59 - r], target(r + 1));
    const LearnerState sa = a->save(), sc = c->save();
    LearnerState merged;
    ASSERT_TRUE(a->merge({&sa, &sc}, MergeWeights{{0.5, 0.5}, {1, 1}, {}}, merged));
    auto m = make(name, 40, outputs, decaying, true);
    ASSERT_TRUE(m->load(merged)) << name;
    std::vector<std::vector<double>> wa, wc, wm;
    std::vector<double> ba, bc, bm;
    a->linear_forms(wa, ba);
    c->linear_forms(wc, bc);
    m->linear_forms(wm, bm);
    for (std::size_t k = 0; k < outputs; ++k) {
      std::vector<double> mean(40);
      for (std::size_t j = 0; j < 40; ++j) mean[j] = (wa[k][j] + wc[k][j]) / 2;
      expect_near_all(wm[k], mean, 1e-12);
    }
  }
}

TEST(TaskLearners, GrowingKeepsWhatWasLearned) {  // design.md 10.5
  auto pa = make("mpa", 2, 2, {kNoBias});
  learn(*pa, kX1, 0);
  pa->grow(3);
  pa->add_output();
  EXPECT_EQ(pa->outputs(), 3u);
  expect_near_all(weights(*pa, 0), {0.1, 0.2, 0});
  expect_near_all(weights(*pa, 2), {0, 0, 0});
}

TEST(TaskLearners, AStepToInfinityIsRefused) {  // docs/algorithms.md 2.6
  auto lin = make("linreg", 1, 1, {{"standardize", "false"}, {"eta0", "1"}});
  const Row huge({1e300});
  learn(*lin, huge, 1e300);
  learn(*lin, huge, -1e300);
  EXPECT_GT(lin->reverted_steps(), 0u);
  for (double w : weights(*lin, 0)) EXPECT_TRUE(std::isfinite(w));
}

TEST(OneVsRest, EachCopyLearnsItsClassAgainstTheRest) {  // docs/algorithms.md 4.21
  const RegistryEntry* e = find_entry("logreg");
  const ParamValues values = resolve_params("logreg", e->params, {}).value();
  OneVsRest ovr([&] { return e->make_learner(values); });
  ovr.reset(2, 0);
  auto alone = testing::make_learner("logreg", 2);
  const std::vector<std::pair<Row, double>> rows = {{kX1, 0}, {kX2, 1}, {kX1, 2}, {kX2, 0}};
  for (const auto& [x, y] : rows) {
    while (ovr.outputs() <= y) ovr.add_output();
    learn(ovr, x, y);
    alone->learn(x.value.data(), y == 0 ? 1 : -1);
  }
  expect_near_all(ovr.copy(0).params(), alone->params());
  // Probabilities: each copy's sigmoid, normalised.
  const std::vector<double> s = scores_of(ovr, kX1);
  std::vector<double> p(3);
  ovr.probabilities(s.data(), p.data());
  EXPECT_NEAR(p[0] + p[1] + p[2], 1, 1e-12);
  EXPECT_NEAR(p[0] / p[1], sigmoid(s[0]) / sigmoid(s[1]), 1e-12);
}

TEST(OneVsRest, ANewClassStartsFresh) {  // D-OVR-1
  const RegistryEntry* e = find_entry("pa");
  const ParamValues values = resolve_params("pa", e->params, {}).value();
  OneVsRest ovr([&] { return e->make_learner(values); });
  ovr.reset(2, 1);
  learn(ovr, kX1, 0);
  ovr.add_output();
  EXPECT_EQ(ovr.copy(1).params(), std::vector<double>(3, 0.0));
  EXPECT_NE(ovr.copy(0).params(), std::vector<double>(3, 0.0));
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// tests/fuzz/csv_fuzz: one-vs-rest before its first class named its learner from a copy that
// was never reset (a snapshot read past its parameters).
TEST(OneVsRest, ASnapshotBeforeAnyClassIsWellDefined) {
  const RegistryEntry* e = find_entry("logreg");
  const ParamValues values = resolve_params("logreg", e->params, {}).value();
  OneVsRest ovr([&] { return e->make_learner(values); });
  ovr.reset(3, 0);
  EXPECT_EQ(ovr.snapshot().name, "one-vs-rest logreg");
  EXPECT_TRUE(ovr.snapshot().arrays.empty());
  EXPECT_TRUE(ovr.has_probability());
}

}  // namespace
}  // namespace onepass
