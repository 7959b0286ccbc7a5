// The learners of several outputs (LinearOutputs) step on the current weights' scores that their
// training scores summed for the row (LinearOutputs::recall_current_scores): under +avg in the
// same pass as the average's scores, without it the scores themselves, and for regression the
// model's own score behind the prediction in the target's units. A progressive run (scores,
// then learn with those scores) gives the same scores, the same weights and the same state, bit
// for bit, as the same learners learning every row without scores (each step summing its own);
// and its step takes no pass over the row of its own.
#include <cstdint>
#include <cstring>
#include <random>

#include "learners/multiclass.hpp"
#include "learners/regression.hpp"
#include "same_bits.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

using testing::bits;
using testing::expect_same_bits;

void expect_same_state(const LearnerState& a, const LearnerState& b, const std::string& what) {
  expect_same_bits(a.params, b.params, what + " params");
  expect_same_bits(a.state, b.state, what + " state");
  EXPECT_EQ(a.reverted_steps, b.reverted_steps) << what;
}

constexpr std::size_t kDims = 6;

// A stream of rows of width kDims as the pipeline hands them: sparse ones (1-4 non-zeros), now
// and then a dense one (every feature listed), and now and then one of huge values whose step
// the guard of spec 2.6 reverts. The class (of 3, the last ones appearing after a few rows)
// and the target follow from the features.
struct Row {
  bool huge = false;
  std::vector<std::uint32_t> index;
  std::vector<double> value;
  std::size_t y = 0;
  double target = 0;
  SparseRow sparse() const { return {index.data(), value.data(), index.size()}; }
};

std::vector<Row> stream(unsigned seed, int n) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> g(0, 1);
  std::vector<Row> rows(n);
  for (std::size_t t = 0; t < rows.size(); ++t) {
    Row& r = rows[t];
    const unsigned kind = rng() % 10;
    const bool dense = kind == 1;
    r.huge = kind == 0 && t > 20;
    double a = 0.3, b = 0;  // a = 0.3 + x_1 + x_3 - x_0 / 2, b = x_2 - x_4 + x_5 / 3
    for (std::uint32_t j = 0; j < kDims; ++j) {
      if (!dense && rng() % 3 != 0) continue;
      const double v = g(rng) * (r.huge ? 1e307 : 1.0);
      r.index.push_back(j);
      r.value.push_back(v);
      a += j == 1 || j == 3 ? v : j == 0 ? -0.5 * v : 0.0;
      b += j == 2 ? v : j == 4 ? -v : j == 5 ? v / 3 : 0.0;
    }
    if (r.index.empty()) {
      r.index.push_back(0);
      r.value.push_back(g(rng));
      a -= 0.5 * r.value.back();
    }
    r.y = t < 5 ? 0 : t < 12 ? (a > 0 ? 1 : 0) : a > 0 ? 1 : b > 0 ? 2 : 0;
    r.target = r.huge ? 1.0 : 20 + 3 * a - 2 * b + 0.1 * g(rng);
  }
  return rows;
}

struct Spec {
  std::string name;
  Params params;
  bool average;
};

// The multiclass and regression defaults, those rules without the average, and a decaying rule
// of each task (s and A of docs/algorithms.md 4.22, folded now and then).
const std::vector<Spec> kSpecs = {
    {"softmax", {{"eta0", "0.5"}}, true},
    {"softmax", {{"eta0", "0.5"}}, false},
    {"softmax", {{"eta0", "0.5"}, {"lambda", "0.05"}, {"n", "50"}}, true},
    {"mpa2", {{"c", "0.1"}}, true},
    {"mperceptron", {}, false},
    {"pareg2", {{"c", "0.1"}}, true},
    {"pareg2", {{"c", "0.1"}}, false},
    {"linreg", {{"eta0", "0.05"}, {"lambda", "0.05"}, {"n", "50"}}, true},
    {"huber", {{"standardize", "false"}}, true},
};

std::unique_ptr<TaskLearner> make(const Spec& s) {
  const RegistryEntry* e = find_entry(s.name);
  EXPECT_NE(e, nullptr) << s.name;
  auto values = resolve_params(s.name, e->params, s.params);
  EXPECT_TRUE(values) << values.message();
  auto l = e->make_task_learner(values.value());
  if (s.average) dynamic_cast<LinearOutputs&>(*l).average();
  l->reset(kDims, l->task() == Task::regression ? 1 : 0);
  return l;
}

// A multiclass rule without the average reads the scores given to learn() themselves, which it
// takes as its weights' own (nothing learned, loaded or moved since they were computed).
bool reads_given_scores(const Spec& s) {
  return !s.average && s.name != "pareg2";
}

std::string what(const Spec& s) {
  return s.name + (s.average ? " +avg" : "");
}

double target_of(const TaskLearner& l, const Row& r) {
  return l.task() == Task::regression ? r.target : static_cast<double>(r.y);
}

// spec 6.1 as the pipeline runs it (pipeline_task.cpp): a class first seen gets its output,
// the row is scored in training, then learned with those scores.
std::vector<double> predict_then_learn(TaskLearner& l, const Row& r) {
  if (l.task() == Task::multiclass)
    while (l.outputs() <= r.y) l.add_output();
  std::vector<double> s(l.outputs());
  l.scores(r.sparse(), s.data(), true);
  l.learn(r.sparse(), target_of(l, r), s.data());
  return s;
}

// The same without the scores: the step sums the current weights' scores itself.
std::vector<double> predict_then_learn_alone(TaskLearner& l, const Row& r) {
  if (l.task() == Task::multiclass)
    while (l.outputs() <= r.y) l.add_output();
  std::vector<double> s(l.outputs());
  l.scores(r.sparse(), s.data(), true);
  l.learn(r.sparse(), target_of(l, r), nullptr);
  return s;
}

TEST(CurrentScores, ProgressiveRunIsBitForBitTheRunWithoutTheShortcut) {
  const std::vector<Row> rows = stream(23, 800);
  for (const Spec& spec : kSpecs) {
    auto fast = make(spec), alone = make(spec);
    for (std::size_t t = 0; t < rows.size(); ++t) {
      const Row& r = rows[t];
      expect_same_bits(predict_then_learn(*fast, r), predict_then_learn_alone(*alone, r),
                       what(spec) + " row " + std::to_string(t));
      if (t % 41 == 0) {  // a training score of another row between a prediction and its step
        const Row& other = rows[(t + 7) % rows.size()];
        std::vector<double> s(fast->outputs()), o(fast->outputs()), a(alone->outputs());
        fast->scores(r.sparse(), s.data(), true);
        fast->scores(other.sparse(), o.data(), true);
        alone->scores(other.sparse(), a.data(), true);
        expect_same_bits(o, a, what(spec) + " other row");
        fast->learn(r.sparse(), target_of(*fast, r), s.data());
        alone->learn(r.sparse(), target_of(*alone, r), nullptr);
      }
      if (t % 53 == 0) {  // a frozen score between a prediction and its step keeps nothing
        std::vector<double> s(fast->outputs()), o(fast->outputs());
        fast->scores(r.sparse(), s.data(), true);
        fast->scores(rows[(t + 3) % rows.size()].sparse(), o.data(), false);
        fast->learn(r.sparse(), target_of(*fast, r), s.data());
        alone->learn(r.sparse(), target_of(*alone, r), nullptr);
      }
      if (t == 400) {  // features moved between a prediction and its step drop the kept scores
        std::vector<double> s(fast->outputs());
        fast->scores(r.sparse(), s.data(), true);
        std::vector<std::size_t> reversed(kDims);
        for (std::size_t j = 0; j < kDims; ++j) reversed[j] = kDims + 1 - j;
        fast->remap_features(reversed, kDims + 2);
        alone->remap_features(reversed, kDims + 2);
        if (reads_given_scores(spec)) continue;
        fast->learn(r.sparse(), target_of(*fast, r), s.data());
        alone->learn(r.sparse(), target_of(*alone, r), nullptr);
      }
    }
    expect_same_state(fast->save(), alone->save(), what(spec));
    // The SGD rules' steps grow with x and overflow on the huge rows; the PA rules' and the
    // perceptron's (tau ~ 1/|x|^2, or x itself) stay finite.
    const bool sgd = spec.name == "softmax" || spec.name == "linreg" || spec.name == "huber";
    if (sgd) EXPECT_GT(alone->reverted_steps(), 0u) << what(spec) << ": the stream has no revert";
  }
}

// A state loaded between a row's prediction and its step drops the scores kept for the
// prediction: the step sums the loaded learner's own.
TEST(CurrentScores, LoadBetweenPredictionAndStepDropsTheKeptScores) {
  for (const Spec& spec : kSpecs) {
    if (reads_given_scores(spec)) continue;
    auto a = make(spec), b = make(spec);
    for (const Row& r : stream(29, 60)) predict_then_learn(*a, r);
    for (const Row& r : stream(31, 60)) predict_then_learn(*b, r);
    while (a->outputs() < b->outputs()) a->add_output();
    while (b->outputs() < a->outputs()) b->add_output();
    Row row;
    row.index = {0, 2, 3};
    row.value = {1.5, -2, 0.5};
    row.y = 1;
    row.target = 25;
    std::vector<double> s(a->outputs()), sb(b->outputs());
    a->scores(row.sparse(), s.data(), true);  // keeps a's current scores
    b->scores(row.sparse(), sb.data(), true);
    ASSERT_NE(bits(s[0]), bits(sb[0])) << what(spec);
    ASSERT_TRUE(a->load(b->save())) << what(spec);
    a->learn(row.sparse(), target_of(*a, row), s.data());
    b->learn(row.sparse(), target_of(*b, row), nullptr);
    expect_same_state(a->save(), b->save(), what(spec) + " loaded");
  }
}

// Counts the passes over a row that sum the current weights' scores (outputs() dot products
// each): Softmax and PA-II regression whose raw_scores are counted.
template <class Rule>
class Counted : public Rule {
 public:
  using Rule::Rule;
  void raw_scores(const SparseRow& x, double* out) const override {
    ++passes;
    Rule::raw_scores(x, out);
  }
  mutable int passes = 0;
};

TEST(CurrentScores, TheStepTakesNoPassOverTheRowOfItsOwn) {
  const std::vector<Row> rows = stream(37, 60);
  for (const bool regression : {false, true})
    for (const bool average : {false, true}) {
      std::unique_ptr<LinearOutputs> l;
      if (regression)
        l = std::make_unique<Counted<PaRegressor>>(PaRegressionRule::pa2,
                                                   PaRegressor::Config{0.1, 0.1, true, true});
      else
        l = std::make_unique<Counted<Softmax>>(Softmax::Config{0.5, 0, 10000});
      const int& passes = regression ? dynamic_cast<Counted<PaRegressor>&>(*l).passes
                                     : dynamic_cast<Counted<Softmax>&>(*l).passes;
      if (average) l->average();
      l->reset(kDims, regression ? 1 : 0);
      const std::string how =
          std::string(regression ? "pareg2" : "softmax") + " average " + std::to_string(average);
      for (std::size_t t = 0; t < rows.size(); ++t) {
        // A huge row's scores may be NaN (inf - inf), which never equal: its step sums them.
        if (rows[t].huge) continue;
        const int before = passes;
        predict_then_learn(*l, rows[t]);
        // The scores' pass and none in the step: the average's scores (v.x and z.x of each
        // output, docs/algorithms.md 3.1) sum v.x in a pass of their own after the first row.
        EXPECT_EQ(passes - before, average && t > 0 ? 0 : 1) << how << " row " << t;
      }
      // Without the scores the step sums them again.
      const int before = passes;
      predict_then_learn_alone(*l, rows[0]);
      EXPECT_EQ(passes - before, average ? 1 : 2) << how;
    }
}

}  // namespace
}  // namespace onepass
