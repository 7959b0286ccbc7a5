// AROW with a full covariance, arow_full (docs/algorithms.md 4.31): two steps by hand, the rule
// of 4.16 exactly when the covariance stays diagonal, a covariance that stays symmetric with a
// positive diagonal, widening (its rows and columns move with their features; past
// kMaxFullCovarianceDims it goes on as the diagonal rule, sparse rows on their non-zeros), and
// the memory estimate counting the matrix whole.
#include "learners/arow_full.hpp"

#include <cmath>

#include "core/seeded_random.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/run_memory.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::kNoBias;
using testing::kX1;
using testing::kX2;
using testing::make_learner;

// docs/algorithms.md 4.31 by hand, r = 1, no bias, Sigma = I:
// row (1, 2), y = +1: m = 0, v = 5, beta = 1/6, alpha = 1/6, Sigma x = (1, 2):
//   mu = (1/6, 1/3), Sigma = I - (1/6)(1, 2)(1, 2)' = [[5/6, -1/3], [-1/3, 1/3]];
// row (4, 0), y = -1: m = -2/3, Sigma x = 4 (5/6, -1/3) = (10/3, -4/3), v = 40/3, beta = 3/43,
//   alpha = (5/3)(3/43) = 5/43: mu = (1/6, 1/3) - (5/43)(10/3, -4/3) = (-19/86, 21/43),
//   Sigma = [[5/86, -1/43], [-1/43, 9/43]].
// The diagonal rule (4.16) leaves the second weight at 1/3: the full one moves it, since the
// first step made the two features vary together.
TEST(FullArow, TwoStepsByHand) {
  auto arow = make_learner("arow_full", 2, {kNoBias});
  EXPECT_TRUE(arow->learn(kX1, +1));
  expect_near_all(arow->params(), {1.0 / 6, 1.0 / 3});
  expect_near_all(arow->state(), {5.0 / 6, -1.0 / 3, -1.0 / 3, 1.0 / 3});
  EXPECT_TRUE(arow->learn(kX2, -1));
  expect_near_all(arow->params(), {-19.0 / 86, 21.0 / 43});
  expect_near_all(arow->state(), {5.0 / 86, -1.0 / 43, -1.0 / 43, 9.0 / 43});
  // A row it already separates by a margin of 1 or more changes nothing.
  const double far[] = {-10, 0};
  EXPECT_FALSE(arow->learn(far, +1));  // margin 190/86
  // The snapshot's sigma is the diagonal.
  const Snapshot s = arow->snapshot();
  ASSERT_NE(s.array("sigma"), nullptr);
  expect_near_all(*s.array("sigma"), {5.0 / 86, 9.0 / 43});
}

// Rows of one non-zero each, no bias: Sigma x is along that feature, Sigma stays diagonal and
// every step is 4.16's, bit for bit.
TEST(FullArow, OneFeatureARowIsTheDiagonalRule) {
  auto full = make_learner("arow_full", 3, {kNoBias, {"r", "0.5"}});
  auto diagonal = make_learner("arow", 3, {kNoBias, {"r", "0.5"}});
  SeededRandom random(7);
  for (int i = 0; i < 200; ++i) {
    double x[3] = {0, 0, 0};
    x[random.below(3)] = random.uniform() * 4 - 2;
    const int y = random.uniform() < 0.5 ? -1 : 1;
    EXPECT_EQ(full->learn(x, y), diagonal->learn(x, y)) << "row " << i;
  }
  EXPECT_EQ(full->params(), diagonal->params());
  const std::vector<double>& sigma = full->state();
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b)
      EXPECT_EQ(sigma[a * 3 + b], a == b ? diagonal->state()[a] : 0.0) << a << "," << b;
}

// Correlated rows with the bias: the covariance stays symmetric bit for bit, its diagonal
// positive and shrinking, and every parameter finite.
TEST(FullArow, TheCovarianceStaysSymmetricAndPositive) {
  auto arow = make_learner("arow_full", 4);
  SeededRandom random(3);
  std::vector<double> last(5, 1.0);
  for (int i = 0; i < 500; ++i) {
    const double t = random.uniform() * 2 - 1;
    const double x[4] = {t, 2 * t + 0.01 * random.uniform(), -t, random.uniform()};
    arow->learn(x, t + 0.1 * (random.uniform() - 0.5) > 0 ? 1 : -1);
    const std::vector<double>& sigma = arow->state();
    for (std::size_t a = 0; a < 5; ++a) {
      ASSERT_GT(sigma[a * 5 + a], 0.0) << "row " << i;
      ASSERT_LE(sigma[a * 5 + a], last[a]) << "row " << i;
      last[a] = sigma[a * 5 + a];
      for (std::size_t b = 0; b < a; ++b) ASSERT_EQ(sigma[a * 5 + b], sigma[b * 5 + a]);
    }
  }
  EXPECT_FALSE(arow->diverged());
  for (double w : arow->params()) EXPECT_TRUE(std::isfinite(w));
}

// Widening: the matrix's rows and columns go with their features, a new feature starts
// uncorrelated at variance 1, the bias stays last; past kMaxFullCovarianceDims the diagonal is
// kept and the learner steps as 4.16's from there.
TEST(FullArow, WideningMovesTheMatrixAndPastTheBoundKeepsItsDiagonal) {
  auto arow = make_learner("arow_full", 2);  // with the bias: a 3 x 3 matrix
  arow->learn(kX1, +1);
  arow->learn(kX2, -1);
  const std::vector<double> before = arow->state();
  arow->remap({2, 0}, 3);  // feature 0 to 2, feature 1 to 0; a new feature 1
  const std::vector<double>& after = arow->state();
  ASSERT_EQ(after.size(), 16u);
  const std::size_t to[] = {2, 0, 3};  // the old indices' places (the bias: 2 -> 3)
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b)
      EXPECT_EQ(after[to[a] * 4 + to[b]], before[a * 3 + b]) << a << "," << b;
  for (std::size_t b = 0; b < 4; ++b) EXPECT_EQ(after[1 * 4 + b], b == 1 ? 1.0 : 0.0);

  const std::size_t wide = kMaxFullCovarianceDims + 1;
  const std::vector<double> full = arow->state();
  arow->grow(wide);
  ASSERT_EQ(arow->state().size(), wide + 1);  // the variances and the bias's
  for (std::size_t j = 0; j < 3; ++j) EXPECT_EQ(arow->state()[j], full[j * 4 + j]);
  EXPECT_EQ(arow->state()[wide], full[3 * 4 + 3]);
  EXPECT_EQ(arow->state()[3], 1.0);
  // From here it is AROW with this state.
  auto diagonal = make_learner("arow", wide);
  ASSERT_TRUE(diagonal->load(arow->save()));
  std::vector<double> x(wide, 0.0);
  SeededRandom random(11);
  for (int i = 0; i < 50; ++i) {
    for (double& v : x) v = random.uniform() < 0.05 ? random.uniform() - 0.5 : 0.0;
    const int y = random.uniform() < 0.5 ? -1 : 1;
    EXPECT_EQ(arow->learn(x.data(), y), diagonal->learn(x.data(), y));
  }
  EXPECT_EQ(arow->params(), diagonal->params());
  EXPECT_EQ(arow->state(), diagonal->state());
}

// Sparse rows: while full, a sparse row is learned made dense (the matrix couples every
// feature); once diagonal, arow_full is sparse-native and steps as arow does on the row's
// non-zeros, bit for bit, under the guard of docs/algorithms.md 2.6.
TEST(FullArow, PastTheBoundSparseRowsStepOnTheirNonZeros) {
  auto arow = make_learner("arow_full", 3);
  EXPECT_FALSE(arow->sparse_native());
  const std::size_t wide = 4 * kMaxFullCovarianceDims;
  arow->grow(wide);
  EXPECT_TRUE(arow->sparse_native());
  auto diagonal = make_learner("arow", wide);
  ASSERT_TRUE(diagonal->load(arow->save()));
  SeededRandom random(5);
  std::vector<std::uint32_t> index;
  std::vector<double> value;
  for (int i = 0; i < 200; ++i) {
    index.clear();
    value.clear();
    for (std::uint32_t j = static_cast<std::uint32_t>(random.uniform() * 20); j < wide;
         j += 1 + static_cast<std::uint32_t>(random.uniform() * 300)) {
      index.push_back(j);
      value.push_back(random.uniform() * 4 - 2);
    }
    const SparseRow x{index.data(), value.data(), index.size()};
    const int y = random.uniform() < 0.5 ? -1 : 1;
    EXPECT_EQ(arow->score_sparse(x), diagonal->score_sparse(x));
    EXPECT_EQ(arow->learn_sparse(x, y), diagonal->learn_sparse(x, y));
  }
  EXPECT_EQ(arow->params(), diagonal->params());
  EXPECT_EQ(arow->state(), diagonal->state());
}

// The run's memory estimate counts the matrix at its largest (twice: the guard's copy), so a
// narrow arow_full costs more than a narrow arow by at least that, and one-vs-rest a matrix a
// class.
TEST(FullArow, TheMemoryEstimateCountsTheMatrixWhole) {
  auto full = Pipeline::build("zscore | arow_full");
  auto diagonal = Pipeline::build("zscore | arow");
  ASSERT_TRUE(full && diagonal);
  const std::uint64_t matrix =
      2 * sizeof(double) * (kMaxFullCovarianceDims + 1) * (kMaxFullCovarianceDims + 1);
  const MemoryCost f = memory_cost(*full.value(), 0), d = memory_cost(*diagonal.value(), 0);
  EXPECT_GE(f.fixed, matrix);
  EXPECT_LT(d.fixed, matrix / 100);
  EXPECT_GE(f.bytes(kMaxFullCovarianceDims), d.bytes(kMaxFullCovarianceDims) + matrix);
  auto wrapped = Pipeline::build("zscore | arow_full +avg +temperature");
  ASSERT_TRUE(wrapped);
  EXPECT_GE(memory_cost(*wrapped.value(), 0).fixed, matrix);
  // One-vs-rest holds a matrix a class.
  auto classes = Pipeline::build("zscore | arow_full", 0, 0, Task::multiclass);
  ASSERT_TRUE(classes) << classes.message();
  EXPECT_GE(memory_cost(*classes.value(), 3).fixed, 3 * matrix);
}

}  // namespace
}  // namespace onepass
