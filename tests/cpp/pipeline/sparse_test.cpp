// Sparse rows (spec 1.4, 3.1): the sparse path learns what the dense path learns, in
// O(nonzeros) where learners and scalers allow it; the lazy average scores without being
// materialised; bad sparse rows are refused with nothing learned.
#include <cmath>
#include <limits>
#include <random>

#include "learners/averaged.hpp"
#include "learners/voted.hpp"
#include "pipeline/pipeline.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

struct SparseData {
  std::size_t dims = 60;
  std::vector<std::vector<std::uint32_t>> index;
  std::vector<std::vector<double>> value;
  std::vector<int> y;
  SparseRow row(std::size_t i) const { return {index[i].data(), value[i].data(), index[i].size()}; }
  std::vector<double> dense(std::size_t i) const {
    std::vector<double> x(dims);
    densify(row(i), dims, x.data());
    return x;
  }
};

// Text-like rows: 1 to 8 of 60 features non-zero (counts), labels from a sparse linear rule.
SparseData text_like(std::size_t rows, unsigned seed) {
  SparseData d;
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < rows; ++i) {
    std::vector<std::uint32_t> idx;
    std::vector<double> val;
    double z = 0;
    for (std::uint32_t j = 0; j < d.dims; ++j) {
      if (rng() % 60 >= 5) continue;
      idx.push_back(j);
      val.push_back(1.0 + static_cast<double>(rng() % 4));
      z += val.back() * (j % 3 == 0 ? 1.0 : j % 3 == 1 ? -1.0 : 0.2);
    }
    if (idx.empty()) {
      idx.push_back(static_cast<std::uint32_t>(rng() % d.dims));
      val.push_back(1.0);
    }
    d.index.push_back(idx);
    d.value.push_back(val);
    d.y.push_back(z + 0.3 * (static_cast<double>(rng() % 100) / 100.0 - 0.5) >= 0 ? 1 : -1);
  }
  return d;
}

std::unique_ptr<Pipeline> build(const std::string& spec) {
  auto p = Pipeline::build(spec);
  EXPECT_TRUE(p) << spec << ": " << p.message();
  return std::move(p.value());
}

// Every learner, alone, averaged and voted, behind scalers that keep zeros and one that does
// not (the pipeline then learns the row made dense): the same predictions and parameters as
// the dense path (up to the order of summation in the dot products).
TEST(Sparse, LearnsWhatTheDensePathLearnsForEveryLearnerAndScaler) {
  const SparseData data = text_like(400, 3);
  int native_pipelines = 0;
  for (const RegistryEntry& e : registry()) {
    if (!testing::binary_learner(e)) continue;
    for (const std::string scalers : {"", "maxabs | ", "l2 | ", "maxabs | l1 | ", "zscore | "})
      for (const std::string modifier :
           {"", " +avg", " +vote", " +platt", " +avg +platt", " +avg +temperature"}) {
        if (!modifier.empty() && !e.takes_modifiers) continue;
        const std::string spec = scalers + e.name + modifier;
        auto sparse = build(spec), dense = build(spec);
        for (std::size_t i = 0; i < data.y.size(); ++i) {
          auto a = sparse->learn_sparse(data.row(i), data.dims, data.y[i]);
          const std::vector<double> x = data.dense(i);
          auto b = dense->learn_one(x.data(), data.dims, data.y[i]);
          ASSERT_TRUE(a && b) << spec;
        }
        EXPECT_EQ(sparse->progress().mistakes(), dense->progress().mistakes()) << spec;
        testing::expect_near_all(sparse->learner().params(), dense->learner().params(), 1e-9);
        const std::vector<double> probe = data.dense(7);
        auto s1 = sparse->score_sparse(data.row(7), data.dims);
        auto s2 = dense->score_one(probe.data(), data.dims);
        ASSERT_TRUE(s1 && s2);
        EXPECT_NEAR(s1.value(), s2.value(), 1e-9) << spec;
        if (sparse->learner().sparse_native() && scalers != "zscore | ") ++native_pipelines;
      }
  }
  // logreg, perceptron, the four PA learners, AROW, SCW-I, SCW-II, AdaGrad, NAG and FTRL, alone,
  // averaged and voted, calibrated or not (+platt, +temperature), behind 4 scaler sets.
  EXPECT_EQ(native_pipelines, 12 * 6 * 4);
}

// spec 3.1 (AVG-2) on sparse rows: the average is never materialised during training, yet its
// scores and (on request) its parameters are the running mean of the inner parameters.
TEST(Sparse, LazyAverageIsTheRunningMeanWithoutMaterialising) {
  const SparseData data = text_like(300, 5);
  for (const std::string name : {"perceptron", "pa1", "logreg"}) {
    Averaged avg(testing::make_learner(name, data.dims));
    avg.reset(data.dims);
    std::vector<double> sum(avg.inner().params().size(), 0.0);
    for (std::size_t i = 0; i < data.y.size(); ++i) {
      // The lazy score equals the score of the explicit running mean (theta^(0) at first).
      std::vector<double> mean = avg.inner().params();
      if (i > 0)
        for (std::size_t j = 0; j < mean.size(); ++j) mean[j] = sum[j] / static_cast<double>(i);
      const std::vector<double> x = data.dense(i);
      EXPECT_NEAR(avg.train_score_sparse(data.row(i)),
                  avg.inner().score_with(mean.data(), x.data()), 1e-9)
          << name << " row " << i;
      avg.learn_sparse(data.row(i), data.y[i]);
      for (std::size_t j = 0; j < sum.size(); ++j) sum[j] += avg.inner().params()[j];
    }
    std::vector<double> mean(sum.size());
    for (std::size_t j = 0; j < sum.size(); ++j) mean[j] = sum[j] / data.y.size();
    testing::expect_near_all(avg.params(), mean, 1e-9);
  }
}

// A stream may mix sparse and dense rows: the lazy average is filled in before a dense step.
TEST(Sparse, MixedSparseAndDenseRowsLearnWhatDenseRowsLearn) {
  const SparseData data = text_like(300, 9);
  for (const std::string spec : {"pa1 +avg", "maxabs | logreg +avg", "perceptron +avg +vote"}) {
    auto mixed = build(spec), dense = build(spec);
    for (std::size_t i = 0; i < data.y.size(); ++i) {
      const std::vector<double> x = data.dense(i);
      ASSERT_TRUE(i % 3 == 0 ? mixed->learn_one(x.data(), data.dims, data.y[i])
                             : mixed->learn_sparse(data.row(i), data.dims, data.y[i]));
      ASSERT_TRUE(dense->learn_one(x.data(), data.dims, data.y[i]));
    }
    EXPECT_EQ(mixed->progress().mistakes(), dense->progress().mistakes()) << spec;
    testing::expect_near_all(mixed->learner().params(), dense->learner().params(), 1e-9);
  }
}

// logreg with weight decay keeps w = s v on sparse rows (logistic_sgd.hpp): the same
// predictions and weights as the dense steps, whether s stays near 1 (lambda = 1), falls
// below the fold threshold again and again (decay 0.2 per row), or a decay factor is not
// positive (the step is taken whole); averaged (dense then, since s v is not linear in the
// parameters), behind maxabs, mixed with dense rows, and resumed from a saved state.
TEST(Sparse, LogregWithWeightDecayLearnsWhatTheDensePathLearns) {
  const SparseData data = text_like(700, 13);  // s = 0.2^k would underflow to 0 by row 470
  for (const std::string learner :
       {"logreg(lambda=1)", "logreg(lambda=4e6, n=1e6)", "logreg(lambda=10000, n=1000)"})
    for (const std::string around : {"", "maxabs | ", "+avg", "mixed", "resumed"}) {
      const bool avg = around == "+avg";
      const std::string spec =
          (around == "maxabs | " ? around : "") + learner + (avg ? " +avg" : "");
      auto sparse = build(spec), dense = build(spec);
      for (std::size_t i = 0; i < data.y.size(); ++i) {
        if (around == "resumed" && i == data.y.size() / 2) {  // save and load mid-stream
          auto again = build(spec);
          ASSERT_TRUE(again->load(sparse->save())) << spec;
          sparse = std::move(again);
        }
        const std::vector<double> x = data.dense(i);
        ASSERT_TRUE(around == "mixed" && i % 5 == 0
                        ? sparse->learn_one(x.data(), data.dims, data.y[i])
                        : sparse->learn_sparse(data.row(i), data.dims, data.y[i]));
        ASSERT_TRUE(dense->learn_one(x.data(), data.dims, data.y[i]));
      }
      EXPECT_EQ(sparse->learner().sparse_native(), !avg) << spec;
      EXPECT_EQ(sparse->progress().mistakes(), dense->progress().mistakes()) << spec;
      testing::expect_near_all(sparse->learner().params(), dense->learner().params(), 1e-9);
      EXPECT_EQ(sparse->learner().state().back(), avg ? dense->learner().state().back() : 1.0)
          << spec << ": params() folds the scale back into w";
    }
}

// A saved logreg with weight decay carries its scale (state [k, s], s folded to 1); a state
// saved before the scale existed ([k]) still loads, with s = 1, and learns on the same.
TEST(Sparse, LogregWeightDecayStateWithAndWithoutTheScaleLoads) {
  const SparseData data = text_like(60, 17);
  auto a = testing::make_learner("logreg", data.dims, {{"lambda", "1"}});
  for (std::size_t i = 0; i < 30; ++i) a->learn_sparse(data.row(i), data.y[i]);
  LearnerState saved = a->save();
  ASSERT_EQ(saved.state.size(), 2u);
  EXPECT_EQ(saved.state[1], 1.0);
  auto b = testing::make_learner("logreg", data.dims, {{"lambda", "1"}});
  LearnerState older = saved;
  older.state.pop_back();
  ASSERT_TRUE(b->load(older));
  for (std::size_t i = 30; i < 60; ++i) {
    a->learn_sparse(data.row(i), data.y[i]);
    b->learn_sparse(data.row(i), data.y[i]);
  }
  EXPECT_EQ(a->params(), b->params());
  EXPECT_EQ(a->state(), b->state());
  older.state.push_back(1.0);
  older.state.push_back(1.0);
  EXPECT_FALSE(b->load(older));  // [k, s, ?] fits no logreg
}

// spec 2.6 on the sparse path: a step that would overflow is reverted, nothing else changes.
TEST(Sparse, DivergingStepIsRevertedInPlace) {
  for (const std::string spec :
       {"logreg(eta0=1e300)", "logreg(eta0=1e300) +avg", "logreg(eta0=1e300, lambda=1)"}) {
    auto p = build(spec);
    const std::uint32_t small_idx[] = {2}, huge_idx[] = {5};
    const double small[] = {1e-300}, huge[] = {1e10};
    ASSERT_TRUE(p->learn_sparse({small_idx, small, 1}, 8, 1));
    const std::vector<double> before = p->learner().params();
    ASSERT_TRUE(p->learn_sparse({huge_idx, huge, 1}, 8, -1));  // w_5 would be -infinity
    EXPECT_EQ(p->learner().reverted_steps(), 1u) << spec;
    EXPECT_EQ(p->learner().params(), before) << spec;
    EXPECT_EQ(p->progress().rows(), 2u) << spec;  // the row was predicted and counted
  }
}

// spec 2.6 for +avg's own bookkeeping on a sparse row: an inner step whose u_j = (r - 1) delta
// would overflow is kept by the inner learner (it is finite), while the wrapper restores its
// count, synced copies and u and counts one reverted step of its own.
TEST(Sparse, AverageRevertsItsOwnOverflowOnASparseStep) {
  Averaged avg(testing::make_learner("pa", 4));  // bias on: P = 5, state [T, last(5), u(5)]
  avg.reset(4);
  LearnerState saved = avg.save();
  saved.state[0] = 1e308;             // T
  saved.state[1 + 5 + 2] = 1.79e308;  // u_2, next to the largest double
  ASSERT_TRUE(avg.load(saved));
  const std::uint32_t idx[] = {2};
  const double one[] = {1.0};
  // PA: loss 1, |x|^2 = 1 + 1 (the bias), tau = 1/2: w_2 and b move by 1/2, and
  // u_2 + (r - 1)/2 is infinite.
  EXPECT_FALSE(avg.learn_sparse({idx, one, 1}, 1));
  EXPECT_EQ(avg.reverted_steps(), 1u);
  EXPECT_EQ(avg.inner().reverted_steps(), 0u);
  EXPECT_EQ(avg.state(), saved.state);
  EXPECT_EQ(avg.inner().params(), (std::vector<double>{0, 0, 0.5, 0, 0.5}));
  // A row that moves other coordinates is learned: T and u of those move.
  const std::uint32_t other[] = {1};
  EXPECT_TRUE(avg.learn_sparse({other, one, 1}, -1));
  EXPECT_EQ(avg.reverted_steps(), 1u);
  // w_1 = -3/4 (loss 3/2 over |x|^2 = 2), so u_1 = (r - 1)(-3/4); u_2 is as loaded.
  EXPECT_EQ(avg.state()[1 + 5 + 1], (1e308 + 1 - 1) * -0.75);
  EXPECT_EQ(avg.state()[1 + 5 + 2], 1.79e308);
}

// spec 3.2 on sparse rows: the vote is not computed on each row (a survival costs the row's
// non-zeros), yet asked for it is the survival-weighted mean of the hypotheses, computed here
// by hand from the inner parameters after each row, bit for bit.
TEST(Sparse, LazyVoteIsTheSurvivalWeightedMeanOfTheHypotheses) {
  const SparseData data = text_like(300, 21);
  for (const std::string name : {"perceptron", "pa1", "arow"}) {
    Voted vote(testing::make_learner(name, data.dims));
    vote.reset(data.dims);
    ASSERT_TRUE(vote.sparse_native()) << name;
    std::vector<double> theta = vote.inner().params(), acc(theta.size(), 0.0);
    double c = 0, z = 0;
    for (std::size_t i = 0; i < data.y.size(); ++i) {
      if (vote.learn_sparse(data.row(i), data.y[i])) {
        for (std::size_t j = 0; j < acc.size(); ++j) acc[j] += c * theta[j];
        z += c;
        c = 0;
        theta = vote.inner().params();
      } else {
        c += 1;
        EXPECT_EQ(vote.inner().params(), theta) << name << ": a survival changes nothing";
      }
    }
    ASSERT_GT(z, 0) << name;
    std::vector<double> expected(acc.size());
    for (std::size_t j = 0; j < acc.size(); ++j) expected[j] = (acc[j] + c * theta[j]) / (z + c);
    EXPECT_EQ(vote.params(), expected) << name;
    EXPECT_EQ(vote.state()[0], c) << name;
    EXPECT_EQ(vote.state()[1], z) << name;
  }
}

// The bounds that let a sparse step skip the vote's check are found again after a dense step:
// a dense mistake makes theta_2 -1.5e308, a place no sparse row below touches, and the second
// sparse survival after it would make acc_2 + c theta_2 overflow; it is reverted though the
// bounds known before the dense step were small.
TEST(Sparse, VoteFindsItsBoundsAgainAfterADenseStep) {
  Voted vote(testing::make_learner("perceptron", 2, {testing::kNoBias}));
  vote.reset(2);
  const std::uint32_t idx[] = {0};
  const double one[] = {1}, huge[] = {0, 1.5e308};
  ASSERT_TRUE(vote.learn_sparse({idx, one, 1}, 1));   // theta 0 scores 0: a mistake
  ASSERT_FALSE(vote.learn_sparse({idx, one, 1}, 1));  // a survival: c = 1
  ASSERT_TRUE(vote.learn(huge, -1));                  // scores 0: a mistake
  EXPECT_EQ(vote.inner().params(), (std::vector<double>{1, -1.5e308}));
  EXPECT_FALSE(vote.learn_sparse({idx, one, 1}, 1));  // a survival: c = 1
  EXPECT_EQ(vote.reverted_steps(), 0u);
  EXPECT_FALSE(vote.learn_sparse({idx, one, 1}, 1));  // c = 2: acc_2 + 2 theta_2 is infinite
  EXPECT_EQ(vote.reverted_steps(), 1u);
  EXPECT_EQ(vote.state()[0], 1);
  for (double v : vote.params()) EXPECT_TRUE(std::isfinite(v));
}

// The same with the huge value set by a sparse step that closes no hypothesis (two mistakes in a
// row: no pass over acc meets the new value): the step's new values raise the bound on theta.
TEST(Sparse, VoteBoundsFollowTheValuesASparseStepSets) {
  Voted vote(testing::make_learner("perceptron", 2, {testing::kNoBias}));
  vote.reset(2);
  const std::uint32_t first[] = {0}, second[] = {1};
  const double one[] = {1}, huge[] = {1.5e308};
  ASSERT_TRUE(vote.learn_sparse({first, one, 1}, 1));     // theta 0 scores 0: a mistake
  ASSERT_TRUE(vote.learn_sparse({second, huge, 1}, -1));  // theta_2 = -1.5e308; c = 0
  EXPECT_FALSE(vote.learn_sparse({first, one, 1}, 1));    // c = 1
  EXPECT_EQ(vote.reverted_steps(), 0u);
  EXPECT_FALSE(vote.learn_sparse({first, one, 1}, 1));  // c = 2: acc_2 + 2 theta_2 is infinite
  EXPECT_EQ(vote.reverted_steps(), 1u);
  for (double v : vote.params()) EXPECT_TRUE(std::isfinite(v));
}

void expect_same_state(const LearnerState& a, const LearnerState& b, const std::string& what) {
  EXPECT_EQ(a.params, b.params) << what;
  EXPECT_EQ(a.state, b.state) << what;
  ASSERT_EQ(a.inner.size(), b.inner.size()) << what;
  for (std::size_t k = 0; k < a.inner.size(); ++k) expect_same_state(a.inner[k], b.inner[k], what);
}

// The lazy vote resumes exactly from a model saved mid-stream (its vote filled in for the save,
// its bounds found again after the load), and a stream mixing dense rows (whose steps compute
// the vote and leave the bounds unknown) learns what the dense path learns.
TEST(Sparse, VoteResumesExactlyAndMixesWithDenseRows) {
  const SparseData data = text_like(400, 23);
  for (const std::string spec : {"pa +vote", "maxabs | perceptron +vote", "arow +vote +platt"}) {
    auto sparse = build(spec), resumed = build(spec), mixed = build(spec), dense = build(spec);
    for (std::size_t i = 0; i < data.y.size(); ++i) {
      if (i == data.y.size() / 2) {
        auto again = build(spec);
        ASSERT_TRUE(again->load(resumed->save())) << spec;
        resumed = std::move(again);
      }
      const std::vector<double> x = data.dense(i);
      ASSERT_TRUE(sparse->learn_sparse(data.row(i), data.dims, data.y[i]));
      ASSERT_TRUE(resumed->learn_sparse(data.row(i), data.dims, data.y[i]));
      ASSERT_TRUE(i % 4 == 0 ? mixed->learn_one(x.data(), data.dims, data.y[i])
                             : mixed->learn_sparse(data.row(i), data.dims, data.y[i]));
      ASSERT_TRUE(dense->learn_one(x.data(), data.dims, data.y[i]));
    }
    EXPECT_TRUE(sparse->learner().sparse_native()) << spec;
    expect_same_state(resumed->save().learner, sparse->save().learner, spec);
    EXPECT_EQ(mixed->progress().mistakes(), dense->progress().mistakes()) << spec;
    testing::expect_near_all(mixed->learner().params(), dense->learner().params(), 1e-9);
  }
}

// spec 2.6 for +vote's own state on a sparse row, where the vote is not computed: a survival
// whose vote (acc + c theta)/(Z + c) would overflow is reverted, its count with it, and so is
// an update whose acc += c theta_before would, acc left as it was (the inner learner keeps its
// finite step) and the vote the one before the step. The huge place is not among the row's, so
// only bounds found again after the load see it. A step within bounds then closes the hypothesis
// by hand's numbers.
TEST(Sparse, VoteRevertsItsOwnOverflowOnASparseStep) {
  Voted vote(testing::make_learner("perceptron", 2, {testing::kNoBias}));
  vote.reset(2);
  const std::uint32_t idx[] = {0};
  const double one[] = {1};
  // Small steps first, so that the bounds known before the load are small.
  vote.learn_sparse({idx, one, 1}, 1);
  vote.learn_sparse({idx, one, 1}, 1);
  ASSERT_EQ(vote.reverted_steps(), 0u);
  LearnerState s = vote.save();
  s.inner[0].params = {1, 1e308};
  s.params = {0.5, 1e308};
  s.state = {1, 1, 0, 1e308};  // c = 1, Z = 1, acc = (0, 1e308)
  s.reverted_steps = 0;
  ASSERT_TRUE(vote.load(s));
  EXPECT_FALSE(vote.learn_sparse({idx, one, 1}, 1));  // right: acc_2 + 2 theta_2 is infinite
  EXPECT_EQ(vote.state(), s.state);
  EXPECT_EQ(vote.params(), s.params);
  EXPECT_EQ(vote.reverted_steps(), 1u);
  EXPECT_FALSE(vote.learn_sparse({idx, one, 1}, -1));  // a mistake: acc_2 + 1 theta_2 is too
  EXPECT_EQ(vote.state(), s.state);
  EXPECT_EQ(vote.reverted_steps(), 2u);
  EXPECT_EQ(vote.inner().reverted_steps(), 0u);
  EXPECT_EQ(vote.inner().params(), (std::vector<double>{0, 1e308}));  // its step is kept
  // The vote is the one before the reverted update (theta_1 = 1), not one of the new theta.
  EXPECT_EQ(vote.params(), (std::vector<double>{0.5, 1e308}));

  s.inner[0].params = {1, 0};
  s.params = {1, 0};
  s.state = {2, 1, 0.5, 0};  // c = 2, Z = 1, acc = (0.5, 0): the vote is (2.5 / 3, 0)
  ASSERT_TRUE(vote.load(s));
  EXPECT_TRUE(vote.learn_sparse({idx, one, 1}, -1));  // a mistake closes theta = (1, 0)
  EXPECT_EQ(vote.state(), (std::vector<double>{0, 3, 2.5, 0}));
  EXPECT_EQ(vote.params()[0], 2.5 / 3);
}

TEST(Sparse, BadRowsAreRefusedAndNothingIsLearned) {
  auto p = build("maxabs | logreg");
  const std::uint32_t good[] = {1, 3};
  const double v[] = {1.0, 2.0};
  ASSERT_TRUE(p->learn_sparse({good, v, 2}, 5, 1));
  const PipelineState before = p->save();
  const std::uint32_t outside[] = {1, 5}, unordered[] = {3, 1};
  const double inf[] = {1.0, std::numeric_limits<double>::infinity()};
  const std::pair<Result<int>, const char*> cases[] = {
      {p->learn_sparse({outside, v, 2}, 5, 1), "entry 2 (feature index 5) is outside the row's 5"},
      {p->learn_sparse({unordered, v, 2}, 5, 1), "strictly increasing"},
      {p->learn_sparse({good, inf, 2}, 5, 1), "entry 2 (feature index 3) is not finite"},
      {p->learn_sparse({good, v, 2}, 6, 1), "the row has 6 features, the pipeline 5"},
      {p->learn_sparse({good, v, 2}, 5, 0), "the label must be +1 or -1"},
  };
  for (const auto& [result, message] : cases) {
    ASSERT_FALSE(result);
    EXPECT_NE(result.message().find(message), std::string::npos) << result.message();
  }
  const PipelineState after = p->save();
  EXPECT_EQ(after.learner.params, before.learner.params);
  EXPECT_EQ(after.scalers, before.scalers);
  EXPECT_EQ(after.progress, before.progress);
}

}  // namespace
}  // namespace onepass
