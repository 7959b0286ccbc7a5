// spec 9 golden vectors for the learners of the walking skeleton, and their invariants.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/numerics.hpp"
#include "learners/logistic_sgd.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::make_learner;

using testing::kNoBias;
using testing::kX1;
using testing::kX2;

TEST(GoldenPa, PaOneClipsTheStepAtC) {  // spec 9.1
  auto pa1 = make_learner("pa1", 2, {{"c", "0.12"}, kNoBias});
  EXPECT_TRUE(pa1->learn(kX1, +1));
  expect_near_all(pa1->params(), {0.12, 0.24});
  EXPECT_TRUE(pa1->learn(kX2, -1));  // s = 0.48, loss 1.48, 1.48/16 = 0.0925 < C
  expect_near_all(pa1->params(), {-0.25, 0.24});
}

TEST(GoldenPa, PaAndPaTwoFirstStep) {  // spec 9.1
  auto pa = make_learner("pa", 2, {kNoBias});
  pa->learn(kX1, +1);
  expect_near_all(pa->params(), {0.2, 0.4});
  auto pa2 = make_learner("pa2", 2, {{"c", "0.5"}, kNoBias});
  pa2->learn(kX1, +1);
  expect_near_all(pa2->params(), {1.0 / 6, 1.0 / 3});
}

TEST(GoldenPa, ZeroRowNeverUpdates) {  // spec 9.1, 2.3
  const double zero[] = {0, 0};
  for (const char* name : {"pa", "pa1", "pa2"}) {
    auto l = make_learner(name, 2, {kNoBias});
    EXPECT_FALSE(l->learn(zero, +1)) << name;
    expect_near_all(l->params(), {0, 0});
    EXPECT_FALSE(l->diverged());
  }
}

TEST(GoldenPa, TheBiasIsOnByDefault) {  // D-BIAS
  // The zero row is (0, 0, 1) with the bias: the PA step learns the base rate alone,
  // tau = loss/|x|^2 = 1/1, so the bias becomes 1 and the weights stay 0.
  const double zero[] = {0, 0};
  for (const char* name : {"pa", "pa1", "pa2", "carvalho_pa", "perceptron", "romma", "aromma"}) {
    auto l = make_learner(name, 2);
    EXPECT_EQ(l->params().size(), 3u) << name;
    EXPECT_TRUE(l->learn(zero, +1)) << name;
    EXPECT_EQ(l->params()[0], 0) << name;
    EXPECT_GT(l->params()[2], 0) << name;
  }
  auto pa = make_learner("pa", 2);
  pa->learn(zero, +1);
  EXPECT_NEAR(pa->params()[2], 1.0, 1e-15);
}

TEST(GoldenPa, PaUpdatesInsideTheMarginButNotOutside) {  // spec 4.7
  auto pa = make_learner("pa", 1);
  const double x[] = {1};
  pa->learn(x, +1);  // w = 1: y s = 1, on the margin
  EXPECT_FALSE(pa->learn(x, +1));
  const double half[] = {0.5};  // y s = 0.5: correct but inside the margin
  EXPECT_TRUE(pa->learn(half, +1));
}

TEST(GoldenPa, BiasOptionAddsAConstantFeature) {  // spec 1.5 (D-BIAS)
  auto pa = make_learner("pa", 2, {{"bias", "true"}});
  pa->learn(kX1, +1);  // |x|^2 = 1 + 4 + 1 = 6, tau = 1/6
  expect_near_all(pa->params(), {1.0 / 6, 2.0 / 6, 1.0 / 6});
  EXPECT_NEAR(pa->score(kX1), 1.0, 1e-12);
}

TEST(PaInvariant, PaOneWithTinyCMovesAtMostCTimesNormPerStep) {  // invariant, spec 4.7
  auto pa1 = make_learner("pa1", 3, {{"c", "0.001"}});
  std::mt19937 rng(7);
  std::normal_distribution<double> g(0, 5);
  for (int t = 0; t < 2000; ++t) {
    const double x[] = {g(rng), g(rng), g(rng)};
    const std::vector<double> before = pa1->params();
    pa1->learn(x, g(rng) > 0 ? 1 : -1);
    double step = 0, norm = 0;
    for (int j = 0; j < 3; ++j) {
      step += std::pow(pa1->params()[j] - before[j], 2);
      norm += x[j] * x[j];
    }
    ASSERT_LE(std::sqrt(step), 0.001 * std::sqrt(norm) * (1 + 1e-12));
  }
}

TEST(GoldenPerceptron, OneDimensionalSequence) {  // spec 9.5
  auto p = make_learner("perceptron", 1);
  const double xs[] = {1, 1, 2, 1, -1, -1};
  const int ys[] = {1, 1, 1, -1, -1, -1};
  const bool updates[] = {true, false, false, true, true, false};
  const double ws[] = {1, 1, 1, 0, 1, 1};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(p->learn(&xs[i], ys[i]), updates[i]) << "step " << i + 1;
    EXPECT_EQ(p->params()[0], ws[i]) << "step " << i + 1;
  }
}

TEST(PerceptronInvariant, MistakesStopOnSeparableData) {  // spec 9.5 (Novikoff)
  // Separable with margin: label = sign(u.x), rows with |u.x| < gamma dropped.
  const double u[] = {0.6, -0.8};  // unit vector
  const double gamma = 0.1;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unif(-1, 1);
  auto p = make_learner("perceptron", 2);
  int mistakes = 0, late_mistakes = 0;
  double r2 = 0;
  for (int t = 0; t < 20000;) {
    const double x[] = {unif(rng), unif(rng)};
    const double m = u[0] * x[0] + u[1] * x[1];
    if (std::fabs(m) < gamma) continue;
    ++t;
    r2 = std::max(r2, x[0] * x[0] + x[1] * x[1]);
    const int y = m > 0 ? 1 : -1;
    const bool wrong = (p->score(x) >= 0 ? 1 : -1) != y;
    mistakes += wrong;
    if (t > 10000) late_mistakes += wrong;
    p->learn(x, y);
  }
  EXPECT_LE(mistakes, r2 / (gamma * gamma));
  EXPECT_EQ(late_mistakes, 0);
}

TEST(GoldenLogreg, TwoStepsWithL2) {  // spec 9.6
  auto lr = make_learner("logreg", 2, {{"eta0", "0.1"}, {"n", "10"}, {"lambda", "1"}});
  const double x1[] = {1, 2}, x2[] = {2, -1};
  lr->learn(x1, +1);
  expect_near_all(lr->params(), {0.05, 0.1, 0.05});
  lr->learn(x2, -1);
  expect_near_all(lr->params(), {-0.04409044, 0.14477249, 0.00340933});
}

TEST(GoldenLogreg, LearningRateHalvesOverTheHorizon) {  // spec 9.13
  LogisticSgd lr(LogisticSgd::Config{/*eta0*/ 0.1, /*lambda*/ 0, /*n*/ 50});
  lr.reset(1);
  EXPECT_DOUBLE_EQ(lr.learning_rate(), 0.1);
  const double x[] = {0.3};
  for (int k = 0; k < 50; ++k) lr.learn(x, k % 2 ? 1 : -1);
  EXPECT_DOUBLE_EQ(lr.learning_rate(), 0.05);
}

TEST(DivergenceGuard, NonFiniteStepIsRevertedAndReported) {  // spec 2.6 (D-DIV)
  const double huge[] = {1e308, 1e308};
  const double normal[] = {1, 2};
  auto p = make_learner("perceptron", 2);
  p->learn(huge, +1);  // w = 1e308: still finite
  EXPECT_FALSE(p->diverged());
  const std::vector<double> before = p->params();
  // The margin overflows (inf - inf = NaN), so the perceptron updates, and w_1 would be inf.
  const double clash[] = {1e308, -1e308};
  EXPECT_FALSE(p->learn(clash, +1));
  EXPECT_TRUE(p->diverged());
  EXPECT_EQ(p->reverted_steps(), 1u);
  EXPECT_EQ(p->params(), before);
  // Still usable: keeps predicting with the last finite parameters and learning.
  const double small[] = {-1e-300, 0};
  EXPECT_TRUE(std::isfinite(p->score(small)));
  EXPECT_TRUE(p->learn(normal, -1));  // y s = -3e308 <= 0
  EXPECT_TRUE(std::isfinite(p->params()[0]));

  auto lr = make_learner("logreg", 2, {{"eta0", "1e10"}});
  EXPECT_FALSE(lr->learn(huge, +1));
  EXPECT_TRUE(lr->diverged());
  expect_near_all(lr->params(), {0, 0, 0});
  EXPECT_EQ(lr->state()[0], 0);  // the update counter is reverted with the step
  EXPECT_TRUE(lr->learn(normal, +1));
  EXPECT_GT(lr->params()[1], 0);
}

TEST(LogregNumerics, ExtremeMarginsStayFinite) {  // spec 2.1
  auto lr = make_learner("logreg", 1, {{"eta0", "1"}});
  const double big[] = {1e6};
  for (int i = 0; i < 100; ++i) lr->learn(big, i % 3 ? 1 : -1);
  EXPECT_FALSE(lr->diverged());
  for (double v : lr->params()) EXPECT_TRUE(std::isfinite(v));
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(Numerics, LogLossFromExtremeMarginsIsNeverNan) {  // spec 2.2
  EXPECT_EQ(log_loss_from_margin(1, HUGE_VAL), 0);
  EXPECT_EQ(log_loss_from_margin(0, -HUGE_VAL), 0);
  EXPECT_EQ(log_loss_from_margin(0, HUGE_VAL), HUGE_VAL);
  EXPECT_EQ(log_loss_from_margin(1, std::nan("")), HUGE_VAL);
  EXPECT_NEAR(log_loss_from_margin(1, 800), 0, 1e-300);
  EXPECT_NEAR(log_loss_from_margin(0, 800), 800, 1e-12);
  EXPECT_NEAR(log_loss_from_margin(1, 0), std::log(2.0), 1e-15);
  EXPECT_EQ(sigmoid(-800), 0);
  EXPECT_EQ(sigmoid(800), 1);
}

// The guard's test (spec 2.6) reads exponent bits: each value that is not finite, at each place
// of rows of several lengths (the vector loop's body and its remainder), is found, and the
// largest, the smallest and signed zero pass.
TEST(Numerics, AllFiniteFindsEachNonFiniteValueWherever) {
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {inf,
                             -inf,
                             std::numeric_limits<double>::quiet_NaN(),
                             -std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::signaling_NaN(),
                             std::numeric_limits<double>::max(),
                             -std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::denorm_min(),
                             -0.0};
  for (std::size_t n : {1, 2, 3, 4, 5, 17, 29}) {
    for (std::size_t at = 0; at < n; ++at) {
      for (double special : specials) {
        std::vector<double> v(n, 1.5);
        v[at] = special;
        EXPECT_EQ(all_finite(v.data(), n), std::isfinite(special))
            << special << " at " << at << " of " << n;
        EXPECT_EQ(non_finite_carry(special) >> 63, std::isfinite(special) ? 0u : 1u) << special;
      }
    }
  }
  EXPECT_TRUE(all_finite(nullptr, 0));
}

}  // namespace
}  // namespace onepass
