// A wrapper's step takes the inner score it computed for the row's prediction
// (WrappedLearner::recall_inner_score): +avg's s(w, x) on a sparse row, a calibrator's s,
// +vote's current hypothesis's score on a dense row. A
// progressive run (score, then learn with that score as the margin) gives the same scores, the
// same parameters and the same state, bit for bit, as the same learners learning every row
// without a margin (each computing its own); and it scores each sparse row with fewer inner dot
// products. (The learners of several outputs: current_scores_test.cpp.)
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>

#include "learners/averaged.hpp"
#include "learners/calibrator.hpp"
#include "learners/passive_aggressive.hpp"
#include "learners/platt.hpp"
#include "learners/temperature.hpp"
#include "learners/voted.hpp"
#include "same_bits.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::make_learner;

using testing::bits;
using testing::expect_same_bits;

void expect_same_state(const LearnerState& a, const LearnerState& b, const std::string& what) {
  expect_same_bits(a.params, b.params, what + " params");
  expect_same_bits(a.state, b.state, what + " state");
  EXPECT_EQ(a.reverted_steps, b.reverted_steps) << what;
  ASSERT_EQ(a.inner.size(), b.inner.size()) << what;
  for (std::size_t i = 0; i < a.inner.size(); ++i)
    expect_same_state(a.inner[i], b.inner[i], what + " inner");
}

constexpr std::size_t kDims = 6;

// A stream of rows of width kDims: sparse ones (1-4 non-zeros), now and then a dense one, and
// now and then one of huge values whose step the guard of spec 2.6 reverts.
struct Row {
  bool dense = false, huge = false;
  std::vector<std::uint32_t> index;
  std::vector<double> value;  // the non-zeros, or the dense row
  int y = 1;
  SparseRow sparse() const { return {index.data(), value.data(), index.size()}; }
};

std::vector<Row> stream(unsigned seed, int n) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> g(0, 1);
  std::vector<Row> rows(n);
  for (Row& r : rows) {
    const unsigned kind = rng() % 10;
    const double scale = kind == 0 ? 1e307 : 1.0;
    r.dense = kind == 1;
    r.huge = kind == 0;
    double s = 0.3;  // the label: the sign of 0.3 + x_1 + x_3 + x_5 - (x_0 + x_2 + x_4) / 2
    for (std::uint32_t j = 0; j < kDims; ++j) {
      if (!r.dense && rng() % 3 != 0) continue;
      const double v = g(rng) * scale;
      if (!r.dense) r.index.push_back(j);
      r.value.push_back(v);
      s += j % 2 ? v : -0.5 * v;
    }
    if (!r.dense && r.index.empty()) {
      r.index.push_back(0);
      r.value.push_back(g(rng));
      s -= 0.5 * r.value.back();
    }
    r.y = s > 0 ? 1 : -1;
  }
  return rows;
}

double train_score(const Learner& l, const Row& r) {
  return r.dense ? l.train_score(r.value.data()) : l.train_score_sparse(r.sparse());
}

void learn(Learner& l, const Row& r, const double* margin) {
  if (r.dense)
    margin ? l.learn(r.value.data(), r.y, *margin) : l.learn(r.value.data(), r.y);
  else
    margin ? l.learn_sparse(r.sparse(), r.y, *margin) : l.learn_sparse(r.sparse(), r.y);
}

// spec 6.1 as the pipeline runs it: the row's score, then its step with that score as margin.
double predict_then_learn(Learner& l, const Row& r) {
  const double s = train_score(l, r);
  learn(l, r, &s);
  return s;
}

// The same without the margin: every learner of the stack computes its own score in its step.
double predict_then_learn_alone(Learner& l, const Row& r) {
  const double s = train_score(l, r);
  learn(l, r, nullptr);
  return s;
}

std::unique_ptr<Learner> averaged(const std::string& name,
                                  const std::vector<std::pair<std::string, std::string>>& p) {
  auto avg = std::make_unique<Averaged>(make_learner(name, kDims, p));
  avg->reset(kDims);
  return avg;
}

const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
    kLearners = {{"pa2", {{"c", "0.1"}}},
                 {"pa", {}},
                 {"perceptron", {}},
                 {"arow", {}},
                 {"scw1", {}},
                 {"adagrad", {}},
                 {"ftrl", {{"l1", "0.1"}}},
                 {"logreg", {}},
                 {"logreg", {{"lambda", "10"}, {"n", "100"}}}};  // +avg learns its rows dense

TEST(InnerScore, AveragedRunIsBitForBitTheRunWithoutTheShortcut) {
  const std::vector<Row> rows = stream(7, 600);
  for (const auto& [name, params] : kLearners) {
    auto fast = averaged(name, params), alone = averaged(name, params);
    for (std::size_t t = 0; t < rows.size(); ++t) {
      const Row& r = rows[t];
      ASSERT_EQ(bits(predict_then_learn(*fast, r)), bits(predict_then_learn_alone(*alone, r)))
          << name << " row " << t;
      if (t % 97 == 0) {  // reading the average fills it in: the next sparse score reads it
        expect_same_bits(fast->params(), alone->params(), name);
      }
      if (t % 41 == 0) {  // a score of another row between a prediction and its step
        const Row& other = rows[(t + 1) % rows.size()];
        const double s = train_score(*fast, r);
        EXPECT_EQ(bits(train_score(*fast, other)), bits(train_score(*alone, other)));
        learn(*fast, r, &s);
        learn(*alone, r, nullptr);
      }
    }
    expect_same_state(fast->save(), alone->save(), name);
    if (name == "perceptron") EXPECT_TRUE(alone->diverged()) << "the stream has no revert";
  }
}

// docs/algorithms.md 4.29 and 4.30 by hand around +avg: the calibrator steps on the averaged
// score s the row was predicted with, the averaged learner then learns the row as it learns
// it alone, and the margin is the calibrated z.
TEST(InnerScore, CalibratedAverageIsTheAverageLearningAlone) {
  const std::vector<Row> rows = stream(11, 600);
  for (const bool platt : {false, true}) {
    // The calibrator around +avg, and the same calibrator by itself (around a learner that
    // learns nothing) stepped by hand on the scores of +avg learning alone.
    const auto calibrator = [&](std::unique_ptr<Learner> inner) -> std::unique_ptr<Calibrator> {
      if (platt) return std::make_unique<Platt>(std::move(inner));
      return std::make_unique<Temperature>(std::move(inner));
    };
    auto fast = calibrator(averaged("pa2", {{"c", "0.1"}}));
    fast->reset(kDims);
    auto by_hand = calibrator(make_learner("perceptron", kDims));
    by_hand->reset(kDims);
    auto alone = averaged("pa2", {{"c", "0.1"}});
    for (std::size_t t = 0; t < rows.size(); ++t) {
      const Row& r = rows[t];
      const double z = predict_then_learn(*fast, r);
      const double s = predict_then_learn_alone(*alone, r);
      ASSERT_EQ(bits(z), bits(by_hand->calibrated(s)))
          << (platt ? "platt" : "temperature") << " row " << t;
      by_hand->calibrate(s, r.y, 1.0);
    }
    const LearnerState saved = fast->save();
    expect_same_bits(saved.state, by_hand->save().state, "calibrator");
    ASSERT_EQ(saved.inner.size(), 1u);
    expect_same_state(saved.inner[0], alone->save(), "average");
  }
}

// A state loaded between a row's prediction and its step drops the inner score kept for the
// prediction: the step takes the loaded learner's own.
TEST(InnerScore, LoadBetweenPredictionAndStepDropsTheKeptScore) {
  auto a = averaged("pa2", {}), b = averaged("pa2", {});
  for (const Row& r : stream(13, 40)) predict_then_learn(*a, r);
  for (const Row& r : stream(19, 40)) predict_then_learn(*b, r);
  Row row;
  row.index = {0, 2, 3};
  row.value = {1.5, -2, 0.5};
  row.y = -1;
  const double s = a->train_score_sparse(row.sparse());  // keeps a's s(w, x)
  ASSERT_NE(bits(s), bits(b->train_score_sparse(row.sparse())));
  ASSERT_TRUE(a->load(b->save()));
  a->learn_sparse(row.sparse(), row.y, s);
  ASSERT_TRUE(b->learn_sparse(row.sparse(), row.y)) << "a step that moves tells the margins apart";
  expect_same_state(a->save(), b->save(), "loaded");
}

// Counts the inner learner's dot products: PA-II whose scores are counted.
class CountedPa : public PassiveAggressive {
 public:
  CountedPa() : PassiveAggressive(PaVariant::pa2, {}) {}
  double score_sparse_with(const double* params, const SparseRow& x) const override {
    ++dots;
    return PassiveAggressive::score_sparse_with(params, x);
  }
  mutable int dots = 0;
};

TEST(InnerScore, ASparseRowCostsTheAverageItsTwoDotProducts) {
  const std::vector<Row> rows = stream(17, 50);
  for (const int calibrators : {0, 1}) {
    auto counted = std::make_unique<CountedPa>();
    const CountedPa& inner = *counted;
    std::unique_ptr<Learner> l = std::make_unique<Averaged>(std::move(counted));
    if (calibrators) l = std::make_unique<Temperature>(std::move(l));
    l->reset(kDims);
    int sparse_rows = 0, before = 0;
    for (const Row& r : rows) {
      if (r.dense || r.huge) continue;  // a reverted step leaves T at 0
      ++sparse_rows;
      before = inner.dots;
      predict_then_learn(*l, r);
      // s(w, x) and s(u, x) for the prediction, none in the step; on the first row, before
      // any step, the prediction's s(avg, x) and PA-II's s(w, x) in its step.
      EXPECT_EQ(inner.dots - before, 2) << calibrators << " row " << sparse_rows;
    }
    // Without the margin the step scores again: the calibrator s(w, x) and s(u, x) (which
    // +avg's step then takes), +avg alone PA-II's s(w, x).
    const Row& r = *std::find_if(rows.begin(), rows.end(), [](const Row& r) { return !r.dense; });
    before = inner.dots;
    predict_then_learn_alone(*l, r);
    EXPECT_EQ(inner.dots - before, calibrators ? 2 + 2 : 2 + 1) << calibrators;
  }
}

std::unique_ptr<Learner> voted(const std::string& name,
                               const std::vector<std::pair<std::string, std::string>>& p) {
  auto vote = std::make_unique<Voted>(make_learner(name, kDims, p));
  vote->reset(kDims);
  return vote;
}

// +vote predicts with the current hypothesis, and its step on a dense row hands that score to
// the inner learner as its margin; a sparse row is learned made dense, scoring again. Every
// binary learner, voted, gives every score and the whole state bit for bit as learning alone.
TEST(InnerScore, VotedRunIsBitForBitTheRunWithoutTheShortcut) {
  const std::vector<Row> rows = stream(41, 600);
  int compared = 0;
  for (const RegistryEntry& e : registry()) {
    if (!testing::binary_learner(e) || !e.takes_modifiers) continue;
    auto fast = voted(e.name, {}), alone = voted(e.name, {});
    for (std::size_t t = 0; t < rows.size(); ++t) {
      const Row& r = rows[t];
      ASSERT_EQ(bits(predict_then_learn(*fast, r)), bits(predict_then_learn_alone(*alone, r)))
          << e.name << " row " << t;
      if (t % 97 == 0) expect_same_bits(fast->params(), alone->params(), e.name);
      if (t % 41 == 0) {  // a score of another row between a prediction and its step
        const Row& other = rows[(t + 1) % rows.size()];
        const double s = train_score(*fast, r);
        EXPECT_EQ(bits(train_score(*fast, other)), bits(train_score(*alone, other)));
        learn(*fast, r, &s);
        learn(*alone, r, nullptr);
      }
    }
    expect_same_state(fast->save(), alone->save(), e.name + " +vote");
    if (e.name == "perceptron") EXPECT_TRUE(alone->diverged()) << "the stream has no revert";
    ++compared;
  }
  EXPECT_GE(compared, 19);
}

TEST(InnerScore, LoadBetweenPredictionAndVotedStepDropsTheKeptScore) {
  auto a = voted("pa2", {}), b = voted("pa2", {});
  for (const Row& r : stream(43, 40)) predict_then_learn(*a, r);
  for (const Row& r : stream(47, 40)) predict_then_learn(*b, r);
  const std::vector<double> x = {1.5, 0, -2, 0.5, 0, 0};
  const double s = a->train_score(x.data());  // keeps a's current hypothesis's score
  ASSERT_NE(bits(s), bits(b->train_score(x.data())));
  ASSERT_TRUE(a->load(b->save()));
  a->learn(x.data(), -1, s);
  ASSERT_TRUE(b->learn(x.data(), -1)) << "a step that moves tells the margins apart";
  expect_same_state(a->save(), b->save(), "loaded");
}

// PA-II whose dense scores are counted.
class CountedDensePa : public PassiveAggressive {
 public:
  CountedDensePa() : PassiveAggressive(PaVariant::pa2, {}) {}
  double score_with(const double* params, const double* x) const override {
    ++dots;
    return PassiveAggressive::score_with(params, x);
  }
  mutable int dots = 0;
};

TEST(InnerScore, ADenseRowCostsTheVoteOneDotProduct) {
  const std::vector<Row> rows = stream(53, 80);
  auto counted = std::make_unique<CountedDensePa>();
  const CountedDensePa& inner = *counted;
  Voted vote(std::move(counted));
  vote.reset(kDims);
  int dense_rows = 0;
  for (const Row& r : rows) {
    if (!r.dense) continue;
    ++dense_rows;
    const int before = inner.dots;
    predict_then_learn(vote, r);
    // The current hypothesis's s(w, x) for the prediction, none in the step.
    EXPECT_EQ(inner.dots - before, 1) << "dense row " << dense_rows;
  }
  EXPECT_GE(dense_rows, 5);
  // Without the margin PA-II's step scores again.
  const Row& r = *std::find_if(rows.begin(), rows.end(), [](const Row& r) { return r.dense; });
  const int before = inner.dots;
  predict_then_learn_alone(vote, r);
  EXPECT_EQ(inner.dots - before, 2);
}

}  // namespace
}  // namespace onepass
