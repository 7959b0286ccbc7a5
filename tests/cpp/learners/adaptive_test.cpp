// Golden steps and invariants of the learners beyond the papers:
// AROW (spec 4.16), SCW-I and SCW-II (4.17), AdaGrad (4.18), NAG (4.19), FTRL-Proximal (4.20).
// Two steps of each on x1 = (1, 2), y = +1 then x2 = (4, 0), y = -1, worked out in comments.
#include <cmath>
#include <random>

#include "core/sparse_row.hpp"
#include "scalers/bns.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::make_learner;

using testing::kNoBias;
using testing::kX1;
using testing::kX2;

// ---- AROW, spec 4.16 ----

TEST(GoldenArow, TwoStepsByHand) {
  auto arow = make_learner("arow", 2, {kNoBias});  // r = 1
  // Sigma = I, m = 0, v = 1 + 4 = 5, beta = 1/(5 + 1) = 1/6, alpha = (1 - 0)/6 = 1/6;
  // mu = alpha (1, 2) = (1/6, 1/3); Sigma_11 = 1 - (1/6) 1 = 5/6, Sigma_22 = 1 - (1/6) 4 = 1/3.
  EXPECT_TRUE(arow->learn(kX1, +1));
  expect_near_all(arow->params(), {1.0 / 6, 1.0 / 3});
  expect_near_all(arow->state(), {5.0 / 6, 1.0 / 3});
  // s = 4/6, m = -2/3, v = (5/6) 16 = 40/3, beta = 1/(40/3 + 1) = 3/43, alpha = (5/3)(3/43)
  // = 5/43; mu_1 = 1/6 - (5/43)(5/6) 4 = -19/86; Sigma_11 = 5/6 - (3/43)(10/3)^2 = 5/86.
  EXPECT_TRUE(arow->learn(kX2, -1));
  expect_near_all(arow->params(), {-19.0 / 86, 1.0 / 3});
  expect_near_all(arow->state(), {5.0 / 86, 1.0 / 3});
  // A margin of at least 1 updates nothing: x = (0, 3) gives m = 1.
  const double far[] = {0, 3};
  EXPECT_FALSE(arow->learn(far, +1));
}

TEST(GoldenArow, RAndTheBias) {
  // r = 4: beta = 1/(5 + 4) = 1/9, alpha = 1/9, mu = (1/9, 2/9).
  auto arow = make_learner("arow", 2, {{"r", "4"}, kNoBias});
  arow->learn(kX1, +1);
  expect_near_all(arow->params(), {1.0 / 9, 2.0 / 9});
  // With the bias (D-BIAS): the row is (1, 2, 1), v = 6, beta = alpha = 1/7, b = 1/7 and
  // Sigma_bb = 1 - 1/7 = 6/7.
  auto biased = make_learner("arow", 2);
  biased->learn(kX1, +1);
  expect_near_all(biased->params(), {1.0 / 7, 2.0 / 7, 1.0 / 7});
  expect_near_all(biased->state(), {6.0 / 7, 3.0 / 7, 6.0 / 7});
}

// ---- SCW-I and SCW-II, spec 4.17 ----

TEST(GoldenScw, PhiIsTheNormalQuantile) {
  EXPECT_NEAR(normal_quantile(0.75), 0.6744897501960817, 1e-15);
  EXPECT_NEAR(normal_quantile(0.90), 1.2815515655446004, 1e-15);
}

TEST(GoldenScw, ScwOneTwoStepsByHand) {
  auto scw = make_learner("scw1", 2, {kNoBias});  // C = 1, eta = 0.75
  // phi = 0.6744897501960817, psi = 1 + phi^2/2, zeta = 1 + phi^2 = 1.4549364231195726.
  // Row 1: m = 0, v = 5, so (SCW-1) is alpha = sqrt(v phi^2 zeta)/(v zeta) = phi/sqrt(v zeta)
  // = 0.2500738867145401 (< C); u = (-alpha v phi + sqrt(alpha^2 v^2 phi^2 + 4 v))^2/4,
  // beta = alpha phi/(sqrt(u) + v alpha phi) = 0.06253694881651665.
  // mu = alpha (1, 2); Sigma_jj = 1 - beta x_j^2 = (0.93746..., 0.74985...).
  EXPECT_TRUE(scw->learn(kX1, +1));
  expect_near_all(scw->params(), {0.2500738867145401, 0.5001477734290802});
  expect_near_all(scw->state(), {0.9374630511834834, 0.7498522047339333});
  // Row 2: m = -4 mu_1 = -1.0002955468581605, v = 16 Sigma_11 = 14.999408818935734,
  // alpha = 0.20102172065377263, beta = 0.027003795019408146;
  // mu_1 = 0.25007... - alpha (4 Sigma_11) = -0.503727855678418,
  // Sigma_11 = Sigma_11 - beta (4 Sigma_11)^2 = 0.5577521158812233.
  EXPECT_TRUE(scw->learn(kX2, -1));
  expect_near_all(scw->params(), {-0.503727855678418, 0.5001477734290802});
  expect_near_all(scw->state(), {0.5577521158812233, 0.7498522047339333});
}

TEST(GoldenScw, ScwOneCapsAlphaAtC) {
  auto scw = make_learner("scw1", 2, {{"c", "0.1"}, kNoBias});
  // Row 1's alpha 0.25007 > C: alpha = 0.1, mu = (0.1, 0.2); beta from (SCW-u) with alpha = 0.1
  // is 0.027975062097637497.
  scw->learn(kX1, +1);
  expect_near_all(scw->params(), {0.1, 0.2});
  expect_near_all(scw->state(), {1 - 0.027975062097637497, 1 - 4 * 0.027975062097637497});
  // Row 2: m = -0.4, v = 15.5523990064378, alpha capped again: mu_1 = 0.1 - 0.1 * 4 Sigma_11.
  scw->learn(kX2, -1);
  expect_near_all(scw->params(), {-0.2888099751609451, 0.2});
  expect_near_all(scw->state(), {0.7455812398313603, 0.88809975160945});
}

TEST(GoldenScw, ScwTwoTwoStepsByHand) {
  auto scw = make_learner("scw2", 2, {kNoBias});  // C = 1, eta = 0.90
  // phi = 1.2815515655446004. Row 1: m = 0, v = 5, n = v + 1/(2C) = 5.5,
  // gamma = phi sqrt(4 n v (n + v phi^2)), alpha = gamma/(2 (n^2 + n v phi^2))
  // = 0.32998284798153543, beta = 0.11977754795820565.
  EXPECT_TRUE(scw->learn(kX1, +1));
  expect_near_all(scw->params(), {0.32998284798153543, 0.6599656959630709});
  expect_near_all(scw->state(), {0.8802224520417944, 0.5208898081671773});
  // Row 2: m = -1.3199313919261417, v = 14.08355923266871, alpha = 0.26969621840211816,
  // beta = 0.050042036969751215.
  EXPECT_TRUE(scw->learn(kX2, -1));
  expect_near_all(scw->params(), {-0.6195878186917116, 0.6599656959630709});
  expect_near_all(scw->state(), {0.259868081745664, 0.5208898081671773});
}

TEST(GoldenScw, NoUpdateOnceTheMarginCoversTheConfidence) {
  // spec 4.17: SCW updates while the loss phi sqrt(v) - m is positive. SCW-I's step closes the
  // loss (up to rounding), SCW-II's (squared slack) only most of it, so training on (1, 0) and
  // then on (0, 1) brings each m_j to phi sqrt(Sigma_jj) in a few steps. The row (1, 1) then has
  // m = phi (sqrt(Sigma_11) + sqrt(Sigma_22)) > phi sqrt(Sigma_11 + Sigma_22): no update.
  for (const char* name : {"scw1", "scw2"}) {
    auto scw = make_learner(name, 2, {kNoBias});
    const double phi = normal_quantile(std::string(name) == "scw1" ? 0.75 : 0.90);
    const double e1[] = {1, 0}, e2[] = {0, 1}, both[] = {1, 1};
    for (int i = 0; i < 20; ++i) scw->learn(e1, +1);
    for (int i = 0; i < 20; ++i) scw->learn(e2, +1);
    for (std::size_t j = 0; j < 2; ++j)
      EXPECT_NEAR(scw->params()[j], phi * std::sqrt(scw->state()[j]), 1e-6) << name;
    const std::vector<double> params = scw->params(), state = scw->state();
    EXPECT_FALSE(scw->learn(both, +1)) << name;
    EXPECT_EQ(scw->params(), params) << name;
    EXPECT_EQ(scw->state(), state) << name;
    EXPECT_TRUE(scw->learn(both, -1)) << name;  // the other label is a loss
  }
}

// ---- AdaGrad, spec 4.18 ----

TEST(GoldenAdaGrad, TwoStepsByHand) {
  auto ada = make_learner("adagrad", 2, {{"eta", "0.1"}, {"delta", "0"}});
  // Row 1: s = 0, p = 1/2, g = p - t = -1/2; g_1 = -1/2, G_1 = 1/4, w_1 = 0.1 (1/2)/(1/2) = 0.1;
  // g_2 = -1, G_2 = 1, w_2 = 0.1; the bias as x = 1: b = 0.1.
  EXPECT_TRUE(ada->learn(kX1, +1));
  expect_near_all(ada->params(), {0.1, 0.1, 0.1});
  expect_near_all(ada->state(), {0.25, 1, 0.25});
  // Row 2: s = 0.4 + 0.1 = 0.5, g = sigma(0.5) = 0.6224593312018546; g_1 = 4 g,
  // G_1 = 0.25 + 16 g^2 = 6.449289904004162, w_1 = 0.1 - 0.1 (4 g)/sqrt(G_1);
  // w_2 stays (x_2 = 0); G_b = 0.25 + g^2, b = 0.1 - 0.1 g/sqrt(G_b).
  EXPECT_TRUE(ada->learn(kX2, -1));
  expect_near_all(ada->params(), {0.001957354051397353, 0.1, 0.022037455501372857});
  expect_near_all(ada->state(), {6.449289904004162, 1, 0.63745561900026});
  EXPECT_TRUE(ada->has_probability());
}

TEST(GoldenAdaGrad, DeltaIsInTheDenominator) {
  // Default delta = 1e-8: row 1's w_1 = 0.1 (1/2)/(1/2 + 1e-8).
  auto ada = make_learner("adagrad", 2);
  ada->learn(kX1, +1);
  EXPECT_NEAR(ada->params()[0], 0.05 / (0.5 + 1e-8), 1e-15);
  EXPECT_NE(ada->params()[0], 0.1);
}

// ---- NAG, spec 4.19 ----

TEST(GoldenNag, TwoStepsByHand) {
  auto nag = make_learner("nag", 2, {{"eta", "1"}});
  // Row 1: s_j = 0 so the score is b = 0, g = -1/2. s = (1, 2); N = 1 (bias) + 1 + 1 = 3,
  // t = 1, rate = sqrt(1/3). w_1 = rate (1/2)/(1 sqrt(1/4)) = rate, w_2 = rate 1/(2 sqrt 1) =
  // rate/2, b = rate (1/2)/sqrt(1/4) = rate.
  EXPECT_TRUE(nag->learn(kX1, +1));
  const double r1 = std::sqrt(1.0 / 3);
  expect_near_all(nag->params(), {r1, r1 / 2, r1});
  // state [s_1, s_2, G_1, G_2, G_b, N, t]
  expect_near_all(nag->state(), {1, 2, 0.25, 1, 0.25, 3, 1});
  // Row 2: |4| > s_1 = 1, so the score uses w_1 (1/4): s = (r1/4) 4 + r1 = 2 r1 (the paper's
  // y-hat after the rescaling); g = sigma(2 r1) = 0.7603684418580207. Then w_1 = r1/4,
  // s_1 = 4, N = 3 + 1 + (4/4)^2 = 5, t = 2, rate = sqrt(2/5); G_1 = 1/4 + (4 g)^2,
  // w_1 = r1/4 - rate (4 g)/(4 sqrt(G_1)); G_b = 1/4 + g^2, b = r1 - rate g/sqrt(G_b).
  EXPECT_NEAR(nag->score(kX2), 2 * r1, 1e-15);
  EXPECT_TRUE(nag->learn(kX2, -1));
  expect_near_all(nag->params(), {-0.01168212449651107, r1 / 2, 0.04890877687225115});
  expect_near_all(nag->state(), {4, 2, 9.500562677977506, 1, 0.8281601673735941, 5, 2});
}

// Scale-free (Ross et al.): multiplying a feature by 1000 changes nothing but that feature's
// weight, which is 1000 times smaller; every prediction is the same.
TEST(GoldenNag, TheSamePredictionsWithAFeatureTimesAThousand) {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> gauss(0, 1);
  auto plain = make_learner("nag", 3), scaled = make_learner("nag", 3);
  for (int i = 0; i < 500; ++i) {
    double x[] = {gauss(rng), gauss(rng) * 0.01, gauss(rng) + 5};
    const int y = x[0] + 50 * x[1] - 0.2 * x[2] + 0.5 * gauss(rng) > -1 ? 1 : -1;
    double z[] = {x[0] * 1000, x[1], x[2]};
    const double a = plain->score(x), b = scaled->score(z);
    ASSERT_NEAR(a, b, 1e-9 * (1 + std::fabs(a))) << "row " << i;
    plain->learn(x, y, a);
    scaled->learn(z, y, b);
  }
  EXPECT_NEAR(scaled->params()[0] * 1000, plain->params()[0], 1e-9);
  EXPECT_NEAR(scaled->params()[1], plain->params()[1], 1e-9);
  // logreg has no such property: the same rows give other predictions.
  auto lr = make_learner("logreg", 3), lr_scaled = make_learner("logreg", 3);
  const double x[] = {1, 0.01, 5}, z[] = {1000, 0.01, 5};
  lr->learn(x, 1);
  lr_scaled->learn(z, 1);
  EXPECT_GT(std::fabs(lr_scaled->score(z) - lr->score(x)), 1);
}

// ---- FTRL-Proximal, spec 4.20 ----

TEST(GoldenFtrl, TwoStepsByHand) {
  auto ftrl = make_learner("ftrl", 2);  // alpha 0.1, beta 1, l1 = l2 = 0
  // Row 1: g = -1/2. Feature 1: g_1 = -1/2, sigma = (sqrt(1/4) - 0)/0.1 = 5, z = -1/2 - 5 * 0,
  // n = 1/4, w_1 = (1/2)/((1 + 1/2)/0.1) = 1/30. Feature 2: g_2 = -1, sigma = 10, z = -1, n = 1,
  // w_2 = 1/((1 + 1)/0.1) = 1/20. The bias as feature 1: 1/30.
  EXPECT_TRUE(ftrl->learn(kX1, +1));
  expect_near_all(ftrl->params(), {1.0 / 30, 1.0 / 20, 1.0 / 30});
  // state [z_1, z_2, n_1, n_2, z_b, n_b]
  expect_near_all(ftrl->state(), {-0.5, -1, 0.25, 1, -0.5, 0.25});
  // Row 2: s = 4/30 + 1/30 = 1/6, g = sigma(1/6) = 0.5415704832167999; g_1 = 4 g,
  // sigma_1 = (sqrt(1/4 + 16 g^2) - 1/2)/0.1, z_1 = -1/2 + 4 g - sigma_1/30, n_1 = 1/4 + 16 g^2,
  // w_1 = -z_1/((1 + sqrt(n_1))/0.1); feature 2 is 0 in the row and keeps its z, n, w.
  EXPECT_TRUE(ftrl->learn(kX2, -1));
  expect_near_all(ftrl->params(), {-0.033874965058568705, 0.05, 0.002156414776687382});
  expect_near_all(ftrl->state(), {1.0918700002636428, -1, 4.9427774126668504, 1,
                                  -0.03745882039318743, 0.5432985882916781});
}

TEST(GoldenFtrl, LOneGivesExactZerosAndLTwoShrinks) {
  auto ftrl = make_learner("ftrl", 2, {{"l1", "0.6"}});
  // Row 1: |z_1| = 0.5 <= 0.6: w_1 = 0 exactly; z_2 = -1: w_2 = (1 - 0.6)/20 = 0.02. The bias
  // is not penalised: 1/30.
  ftrl->learn(kX1, +1);
  EXPECT_EQ(ftrl->params()[0], 0.0);
  expect_near_all(ftrl->params(), {0, 0.02, 1.0 / 30});
  ftrl->learn(kX2, -1);
  expect_near_all(ftrl->params(), {-0.030166753594759375, 0.02, 0.003658745119204526});
  // l2 = 1 adds 1 to the denominator: w_2 = 0.4/(20 + 1).
  auto l2 = make_learner("ftrl", 2, {{"l1", "0.6"}, {"l2", "1"}});
  l2->learn(kX1, +1);
  expect_near_all(l2->params(), {0, 0.4 / 21, 1.0 / 30});
  // On a stream, a large l1 keeps most weights at exactly 0.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> gauss(0, 1);
  auto sparse = make_learner("ftrl", 20, {{"l1", "30"}});
  for (int i = 0; i < 2000; ++i) {
    double x[20];
    for (double& v : x) v = gauss(rng);
    sparse->learn(x, x[0] + 0.5 * x[1] > 0 ? 1 : -1);
  }
  int zeros = 0;
  for (std::size_t j = 0; j < 20; ++j) zeros += sparse->params()[j] == 0.0;
  EXPECT_GE(zeros, 10);
  EXPECT_GT(sparse->params()[0], 0);  // the informative feature survives
}

// ---- invariants ----

// spec 4.16, 4.17: every variance stays positive and never grows.
TEST(ConfidenceWeighted, VariancesStayPositiveAndOnlyShrink) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> gauss(0, 1);
  for (const char* name : {"arow", "scw1", "scw2"}) {
    auto l = make_learner(name, 6, {{"bias", "true"}});
    std::vector<double> before = l->state();
    int updates = 0;
    for (int i = 0; i < 1000; ++i) {
      double x[6];
      for (double& v : x) v = gauss(rng) * (i % 7 == 0 ? 30 : 1);
      updates += l->learn(x, x[0] - x[1] + 0.3 * gauss(rng) > 0 ? 1 : -1);
      const std::vector<double>& now = l->state();
      for (std::size_t j = 0; j < now.size(); ++j) {
        ASSERT_GT(now[j], 0) << name << " row " << i;
        ASSERT_LE(now[j], before[j]) << name << " row " << i;
      }
      before = now;
    }
    EXPECT_GT(updates, 10) << name;
    EXPECT_LT(l->state()[0], 0.1) << name;  // a feature seen often is confident
  }
}

// The dense and the sparse paths give the same steps (tests/cpp/pipeline/sparse_test.cpp checks
// every learner through pipelines): the same scores up to the order of summation and, given the
// same margin (as the pipeline gives it), the same parameters and state bit for bit.
TEST(AdaptiveLearners, SparseStepsAreTheDenseSteps) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> gauss(0, 1);
  for (const char* name : {"arow", "scw1", "scw2", "adagrad", "nag", "ftrl"}) {
    auto dense = make_learner(name, 8), sparse = make_learner(name, 8);
    EXPECT_TRUE(sparse->sparse_native()) << name;
    for (int i = 0; i < 300; ++i) {
      double x[8] = {};
      std::vector<std::uint32_t> idx;
      std::vector<double> val;
      for (std::uint32_t j = 0; j < 8; ++j)
        if (rng() % 3 == 0) {
          x[j] = gauss(rng) * (j + 1);
          idx.push_back(j);
          val.push_back(x[j]);
        }
      const SparseRow row{idx.data(), val.data(), idx.size()};
      const int y = x[0] + x[3] - x[5] > 0 ? 1 : -1;
      const double margin = sparse->score_sparse(row);
      ASSERT_NEAR(dense->score(x), margin, 1e-12 * (1 + std::fabs(margin))) << name << " " << i;
      dense->learn(x, y, margin);
      sparse->learn_sparse(row, y, margin);
    }
    EXPECT_EQ(dense->params(), sparse->params()) << name;
    EXPECT_EQ(dense->state(), sparse->state()) << name;
  }
}

// spec 2.6: a row whose gradient squared overflows is reverted and counted, never NaN.
TEST(AdaptiveLearners, AHugeRowIsRevertedAndReported) {
  const double huge[] = {1e300, 1};
  for (const char* name : {"adagrad", "nag", "ftrl"}) {
    for (bool sparse : {false, true}) {
      auto l = make_learner(name, 2);
      l->learn(kX1, +1);
      const std::vector<double> params = l->params(), state = l->state();
      const std::uint32_t idx[] = {0, 1};
      EXPECT_FALSE(sparse ? l->learn_sparse(SparseRow{idx, huge, 2}, -1) : l->learn(huge, -1))
          << name;
      EXPECT_EQ(l->reverted_steps(), 1u) << name;
      EXPECT_TRUE(l->diverged()) << name;
      EXPECT_EQ(l->params(), params) << name;
      EXPECT_EQ(l->state(), state) << name;
      EXPECT_TRUE(l->learn(kX2, -1)) << name;  // and it goes on learning
    }
  }
  // AROW and SCW scale their step by the row's variance: the same row is a finite step or none.
  for (const char* name : {"arow", "scw1", "scw2"}) {
    auto l = make_learner(name, 2);
    l->learn(kX1, +1);
    l->learn(huge, -1);
    for (double v : l->params()) EXPECT_TRUE(std::isfinite(v)) << name;
    for (double v : l->state()) EXPECT_TRUE(std::isfinite(v)) << name;
  }
}

// Growing the width (design.md 10.5): a new feature starts with Sigma = 1 (AROW, SCW) or
// empty accumulators (the others), exactly as if it had been 0 on every row so far.
TEST(AdaptiveLearners, GrowingTheWidthIsLikeZerosSoFar) {
  for (const char* name : {"arow", "scw1", "scw2", "adagrad", "nag", "ftrl"}) {
    auto grown = make_learner(name, 2), wide = make_learner(name, 3);
    const double a[] = {1, 2, 0}, b[] = {4, 0, 0}, c[] = {1, -1, 3};
    grown->learn(a, 1);
    grown->learn(b, -1);
    grown->grow(3);
    wide->learn(a, 1);
    wide->learn(b, -1);
    grown->learn(c, 1);
    wide->learn(c, 1);
    EXPECT_EQ(grown->params(), wide->params()) << name;
    EXPECT_EQ(grown->state(), wide->state()) << name;
  }
}

}  // namespace
}  // namespace onepass
