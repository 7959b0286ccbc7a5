// Warm-up scalers (spec 5.3, D-LP-3) and the pipeline's hold-fit-release of their rows.
#include <cmath>
#include <random>

#include "pipeline/pipeline.hpp"
#include "scalers/adaptive_scaling.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;

TEST(AdaptiveScaling, GoldenOrthogonalDesign) {  // spec 9.12
  const double x[] = {1, 1, 1, -1, -1, 1, -1, -1};
  const double y[] = {3, 1, -1, -3};
  expect_near_all(adaptive_scaling_beta(AsKind::as, x, y, 4, 2), {2, 1});
  expect_near_all(adaptive_scaling_beta(AsKind::ash, x, y, 4, 2), {2, 1});
}

TEST(AdaptiveScaling, SingularAndConstantColumnsStayFinite) {  // D-AS-2
  const double x[] = {1, 5, 2, 2, 5, 4, 3, 5, 6};  // column 2 constant, column 3 = 2 x column 1
  const double y[] = {0, 1, 1};
  for (AsKind k : {AsKind::as, AsKind::gas, AsKind::ash})
    for (double b : adaptive_scaling_beta(k, x, y, 3, 3)) EXPECT_TRUE(std::isfinite(b));
  EXPECT_EQ(adaptive_scaling_beta(AsKind::ash, x, y, 3, 3)[1], 0);
}

// D-AS-2, the rule kept: the ridge goes on the columns after each is divided
// by its largest magnitude, so how it splits a coefficient between collinear columns does not
// depend on their units. Two copies of x = 1, 2, 3, 4 (centred -1.5, -0.5, 0.5, 1.5) with
// t = 0, 0, 1, 1: one copy alone has beta = sum xc t / sum xc^2 = 2/5; the ridge splits it
// evenly, 0.2 each, in scaled units. The second copy in units a million times larger gets
// 0.2e-6 (a ridge on the raw columns would give nearly all of it to that copy).
TEST(AdaptiveScaling, TheRidgeSplitsCollinearColumnsWhateverTheirUnits) {
  const double same[] = {1, 1, 2, 2, 3, 3, 4, 4};
  const double units[] = {1, 1e6, 2, 2e6, 3, 3e6, 4, 4e6};
  const double t[] = {0, 0, 1, 1};
  for (AsKind k : {AsKind::as, AsKind::gas}) {
    expect_near_all(adaptive_scaling_beta(k, same, t, 4, 2), {0.2, 0.2}, 1e-8);
    // The split of a singular system is as exact as rounding over the ridge allows
    // (1e-16 / 1e-10): within 1e-5 here, where a ridge on raw columns would be off by 0.2.
    const std::vector<double> b = adaptive_scaling_beta(k, units, t, 4, 2);
    EXPECT_NEAR(b[0], 0.2, 1e-5);
    EXPECT_NEAR(b[1] * 1e6, 0.2, 1e-5);
    EXPECT_NEAR(b[0] + b[1] * 1e6, 0.4, 1e-9);  // the fit itself is exact
  }
  // ASH fits each column alone: 2/5 each, divided by the unit.
  const std::vector<double> ash = adaptive_scaling_beta(AsKind::ash, units, t, 4, 2);
  EXPECT_NEAR(ash[0], 0.4, 1e-12);
  EXPECT_NEAR(ash[1] * 1e6, 0.4, 1e-12);
}

struct Stream {
  std::vector<std::vector<double>> x;
  std::vector<int> y;
};

Stream make_stream(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> g(0, 1);
  Stream s;
  for (int i = 0; i < n; ++i) {
    s.x.push_back({g(rng) * 3 + 1, g(rng), g(rng) * 0.1 + 5});
    s.y.push_back(s.x.back()[0] - 2 * s.x.back()[1] + g(rng) > 1 ? 1 : -1);
  }
  return s;
}

TEST(Warmup, RowsAreHeldThenPredictedOnceEachInOrder) {
  const Stream s = make_stream(25, 4);
  auto p = Pipeline::build("as(warmup=10) | perceptron").take();
  for (int i = 0; i < 25; ++i) {
    const int pred = p->learn_one(s.x[i].data(), 3, s.y[i]).value();
    EXPECT_EQ(pred == 0, i < 10) << "row " << i;  // held rows have no prediction yet
    EXPECT_EQ(p->progress().rows(), i < 9 ? 0u : static_cast<unsigned>(i + 1));
  }
  // The same as fitting AS on the first 10 rows by hand and streaming every row through.
  std::vector<double> rows;
  std::vector<double> t;
  for (int i = 0; i < 10; ++i) {
    rows.insert(rows.end(), s.x[i].begin(), s.x[i].end());
    t.push_back(s.y[i] > 0 ? 1 : 0);
  }
  const std::vector<double> beta = adaptive_scaling_beta(AsKind::as, rows.data(), t.data(), 10, 3);
  std::vector<double> mean(3, 0);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 3; ++j) mean[j] += s.x[i][j] / 10;
  auto manual = Pipeline::build("perceptron").take();
  for (int i = 0; i < 25; ++i) {
    std::vector<double> z(3);
    for (int j = 0; j < 3; ++j) z[j] = beta[j] * (s.x[i][j] - mean[j]);
    manual->learn_one(z.data(), 3, s.y[i]);
  }
  expect_near_all(p->learner().params(), manual->learner().params(), 1e-9);
  EXPECT_EQ(p->progress().mistakes(), manual->progress().mistakes());
  const Snapshot snap = p->scaler(0).snapshot();
  EXPECT_EQ(*snap.scalar("fitted"), 1);
  EXPECT_EQ(*snap.scalar("fitted_on"), 10);
}

TEST(Warmup, AStreamShorterThanTheWarmupFitsOnWhatThereIsAtItsEnd) {
  const Stream s = make_stream(6, 5);
  auto p = Pipeline::build("ash(warmup=100) | pa").take();
  for (int i = 0; i < 6; ++i) p->learn_one(s.x[i].data(), 3, s.y[i]);
  EXPECT_EQ(p->progress().rows(), 0u);
  EXPECT_EQ(*p->scaler(0).snapshot().scalar("held"), 6);
  EXPECT_NE(p->score_one(s.x[0].data(), 3).message().find("still collecting its warm-up rows"),
            std::string::npos);
  p->finish();
  EXPECT_EQ(p->progress().rows(), 6u);
  EXPECT_EQ(*p->scaler(0).snapshot().scalar("fitted_on"), 6);
  EXPECT_TRUE(p->score_one(s.x[0].data(), 3));
}

TEST(Warmup, ChainsFitStageByStage) {
  const Stream s = make_stream(40, 6);
  auto p = Pipeline::build("ash(warmup=5) | zscore | as(warmup=8) | pa").take();
  for (int i = 0; i < 40; ++i) p->learn_one(s.x[i].data(), 3, s.y[i]);
  EXPECT_EQ(p->progress().rows(), 40u);
  EXPECT_EQ(*p->scaler(0).snapshot().scalar("fitted_on"), 5);
  EXPECT_EQ(*p->scaler(2).snapshot().scalar("fitted_on"), 8);
  EXPECT_EQ(*p->scaler(1).snapshot().array("count")->data(), 40);
}

TEST(AdaptiveScaling, OnlineEqualsTheBatchFitOnceItHasSeenTheData) {  // spec 5.3 online
  const Stream s = make_stream(60, 7);
  std::vector<double> rows, t;
  for (int i = 0; i < 60; ++i) {
    rows.insert(rows.end(), s.x[i].begin(), s.x[i].end());
    t.push_back(s.y[i] > 0 ? 1 : 0);
  }
  for (const char* kind : {"as", "ash"}) {
    auto p = Pipeline::build(std::string(kind) + "(online=true, refit=60) | pa").take();
    for (int i = 0; i < 60; ++i) p->learn_one(s.x[i].data(), 3, s.y[i]);
    const AsKind k = std::string(kind) == "as" ? AsKind::as : AsKind::ash;
    expect_near_all(*p->scaler(0).snapshot().array("beta"),
                    adaptive_scaling_beta(k, rows.data(), t.data(), 60, 3), 1e-8);
  }
}

TEST(AdaptiveScaling, OneClassOnlyGivesFiniteZeroCoefficients) {
  auto p = Pipeline::build("as(warmup=5) | pa").take();
  const Stream s = make_stream(10, 8);
  for (int i = 0; i < 10; ++i) p->learn_one(s.x[i].data(), 3, 1);
  const Snapshot snap = p->scaler(0).snapshot();  // keep it alive while iterating
  for (double b : *snap.array("beta")) EXPECT_NEAR(b, 0, 1e-9);
  EXPECT_EQ(p->progress().rows(), 10u);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// Rows held by a warm-up scaler before the first encoded feature appears, released after the
// width grew: each keeps its (empty) encoded part, so the release finds one per row (it popped
// parts that were never kept: a crash found by tests/fuzz/csv_fuzz).
TEST(Warmup, RowsHeldBeforeTheWidthGrewAreReleasedWithTheirEncodedParts) {
  auto p = Pipeline::build("as(warmup=3) | logreg").take();
  p->set_dims(2);
  const double rows[3][2] = {{1, 2}, {2, 1}, {3, 3}};
  const SparseRow none{};
  EXPECT_EQ(p->learn_encoded(rows[0], none, 1), 0);  // held
  EXPECT_EQ(p->learn_encoded(rows[1], none, -1), 0);
  p->grow(4);  // a categorical level appeared
  const std::uint32_t index[] = {3};
  const double value[] = {1};
  p->learn_encoded(rows[2], {index, value, 1}, 1);  // held, the window is full: all released
  EXPECT_EQ(p->progress().rows(), 3u);
  // The third row's level reached the learner: its weight moved; the others' stayed 0.
  EXPECT_NE(p->learner().params()[3], 0.0);
  EXPECT_EQ(p->learner().params()[2], 0.0);
}

}  // namespace
}  // namespace onepass
