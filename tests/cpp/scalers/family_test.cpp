// The online scalers of spec 5.2 and 5.6 and the streaming ones users expect.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "pipeline/pipeline.hpp"
#include "scalers/quantile_sketch.hpp"
#include "scalers/robust.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();

std::unique_ptr<Scaler> make_scaler(
    const std::string& name, std::size_t d,
    const std::vector<std::pair<std::string, std::string>>& p = {}) {
  const RegistryEntry* e = find_entry(name);
  EXPECT_TRUE(e && e->kind == StageKind::scaler) << name;
  auto values = resolve_params(name, e->params, p);
  EXPECT_TRUE(values) << values.message();
  auto s = e->make_scaler(values.value());
  s->reset(d);
  return s;
}

// Feeds every row (update then transform); returns the transforms of `probe` afterwards.
std::vector<double> feed_then_probe(Scaler& s, const std::vector<std::vector<double>>& rows,
                                    std::vector<double> probe) {
  std::vector<double> out(s.dims());
  for (const auto& r : rows) {
    s.update(r.data());
    s.transform(r.data(), out.data());
  }
  s.transform(probe.data(), out.data());
  return out;
}

TEST(MomentScalers, EqualTheBatchFormulasAfterTheWholeStream) {  // spec 5.2
  const std::vector<double> data = {3.5, -1, 7, 7, 0.25, 12, -4, 2};
  double mean = 0, ss = 0;
  for (double v : data) mean += v / data.size();
  for (double v : data) ss += (v - mean) * (v - mean);
  const double sd = std::sqrt(ss / (data.size() - 1));  // D-SC-1
  std::vector<std::vector<double>> rows;
  for (double v : data) rows.push_back({v});
  const double x = 5.5;
  const std::pair<const char*, double> cases[] = {
      {"zscore", (x - mean) / sd},
      {"pareto", (x - mean) / std::sqrt(sd)},
      {"vast", ((x - mean) / sd) * (mean / sd)},
      {"level", (x - mean) / mean},
      {"twosd", (x - mean) / (2 * sd)},
  };
  for (const auto& [name, want] : cases) {
    auto s = make_scaler(name, 1);
    EXPECT_NEAR(feed_then_probe(*s, rows, {x})[0], want, 1e-12) << name;
  }
  auto mm = make_scaler("minmax", 1);
  EXPECT_NEAR(feed_then_probe(*mm, rows, {x})[0], (x + 4) / 16, 1e-15);
  auto ma = make_scaler("maxabs", 1);
  EXPECT_NEAR(feed_then_probe(*ma, rows, {x})[0], x / 12, 1e-15);
}

// The pipeline's one-pass update_transform (branch-free, SIMD) must give the bits of
// update() then transform(): statistics and output, with missing, binary, constant features.
// `missing_from`: the first row with missing values; until then every feature has the same
// count, and the fused pass takes 1/k once per row.
TEST(MomentScalers, OnePassUpdateTransformEqualsUpdateThenTransform) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-3, 3);
  for (const char* name : {"zscore", "pareto", "vast", "level", "twosd"})
    for (int missing_from : {0, 100}) {
      auto fused = make_scaler(name, 5), split = make_scaler(name, 5);
      std::vector<double> a(5), b(5);
      for (int i = 0; i < 200; ++i) {
        const bool gaps = i >= missing_from;
        const std::vector<double> x = {u(rng), gaps && i % 7 == 0 ? kNan : u(rng), double(i % 2),
                                       4.0, gaps && i < missing_from + 3 ? kNan : u(rng) * 1e6};
        fused->update_transform(x.data(), a.data());
        split->update(x.data());
        split->transform(x.data(), b.data());
        for (std::size_t j = 0; j < 5; ++j)
          ASSERT_TRUE(a[j] == b[j] || (std::isnan(a[j]) && std::isnan(b[j])))
              << name << " row " << i << " feature " << j << ": " << a[j] << " vs " << b[j];
        ASSERT_EQ(fused->state(), split->state()) << name << " row " << i;
      }
    }
}

// The z-score takes reciprocals where spec 5.1 divides (moment_scalers.cpp): over a long
// stream of values far from 0, its output stays within rounding of (GN-1)-(GN-3) as written.
TEST(MomentScalers, ReciprocalsStayWithinRoundingOfTheSpecsDivisions) {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> g(1e4, 25);
  auto z = make_scaler("zscore", 2);
  double k = 0, mean = 0, s = 0, worst = 0;
  std::vector<double> out(2);
  for (int i = 0; i < 100000; ++i) {
    const double x = g(rng);
    z->update_transform(std::vector<double>{x, x}.data(), out.data());
    k += 1;
    const double m_old = mean;
    mean += (x - m_old) / k;        // (GN-2)
    s += (x - m_old) * (x - mean);  // (GN-3)
    if (k < 2) continue;
    const double want = (x - mean) / std::sqrt(s / (k - 1));  // (GN-1)
    worst = std::max(worst, std::fabs(out[0] - want) / std::max(1.0, std::fabs(want)));
  }
  EXPECT_LT(worst, 1e-13) << worst;  // measured: 4e-16
  EXPECT_GT(worst, 0.0);  // the formulas do differ in rounding: this checks the bound, not luck
}

TEST(MomentScalers, GelmanLeavesBinaryFeaturesAlone) {  // D-SC-2
  auto s = make_scaler("twosd", 2);
  const std::vector<std::vector<double>> rows = {{0, 1}, {1, 2}, {1, 3}, {0, 4}};
  const std::vector<double> out = feed_then_probe(*s, rows, {1, 2.5});
  EXPECT_EQ(out[0], 1);
  EXPECT_NEAR(out[1], 0, 1e-15);  // 2.5 is the mean
  EXPECT_EQ((*s->snapshot().array("binary")), (std::vector<double>{1, 0}));
}

TEST(AllScalers, ConstantMissingAndHugeFeaturesNeverGiveInfinityOrStrayNan) {  // spec 2.4
  for (const auto& e : registry()) {
    if (e.kind != StageKind::scaler) continue;
    auto s = make_scaler(e.name, 4);
    std::mt19937 rng(2);
    std::normal_distribution<double> g(0, 1);
    std::vector<double> out(4);
    std::vector<double> held;
    std::vector<std::int8_t> labels;
    for (int t = 0; t < 300; ++t) {
      // constant, always missing, ordinary, sometimes missing and huge; one class only
      const double x[] = {5, kNan, g(rng), t % 3 ? 1e300 * g(rng) : kNan};
      if (!s->fitted()) {  // warm-up scalers: hold, then fit on what they hold (as a pipeline)
        if (!s->hold(x, 1) && t < 299) continue;
        s->fit_held(held, labels);
      }
      s->update(x);
      s->transform(x, out.data());
      s->observe_label(x, 1);
      for (int j = 0; j < 4; ++j) {
        ASSERT_FALSE(std::isinf(out[j])) << e.name << " feature " << j << " row " << t;
        // A present value gives a number; one too large to square may be missing instead (the
        // moment scalers leave it out, and count it).
        const bool left_out = j == 3 && s->values_left_out() > 0;
        if (!std::isnan(x[j]) && !left_out)
          ASSERT_FALSE(std::isnan(out[j])) << e.name << " feature " << j;
        if (e.name == "impute") ASSERT_FALSE(std::isnan(out[j]));
      }
      if (e.name == "maxabs")
        EXPECT_EQ(out[0], 1) << "maxabs scales without centring: 5/5";
      else if (e.name == "lp")  // one class only: p^ = (300 + 1)/(300 + 2) for every row
        EXPECT_DOUBLE_EQ(out[0], 301.0 / 302);
      else if (e.name == "logodds")
        EXPECT_NEAR(out[0], std::log(301.0), 1e-12);
      else if (e.name != "l1" && e.name != "l2" && e.name != "impute" && t > 1)
        EXPECT_EQ(out[0], 0) << e.name << ": a constant feature maps to 0";
    }
  }
}

TEST(EwZScore, ForgetsWithTheHalfLife) {
  auto s = make_scaler("ewzscore", 1, {{"halflife", "50"}});
  std::vector<std::vector<double>> rows(500, {0.0});
  for (int i = 0; i < 50; ++i) rows.push_back({10.0});
  feed_then_probe(*s, rows, {0});
  EXPECT_NEAR((*s->snapshot().array("mean"))[0], 5.0, 1e-9);  // half of the old level forgotten
}

TEST(RowNorm, UnitNormsAndZeroRows) {  // spec 5.6a
  auto l2 = make_scaler("l2", 3);
  auto l1 = make_scaler("l1", 3);
  const double x[] = {3, 0, -4}, zero[] = {0, 0, 0};
  double out[3];
  l2->transform(x, out);
  testing::expect_near_all({out, out + 3}, {0.6, 0, -0.8}, 1e-15);
  l1->transform(x, out);
  testing::expect_near_all({out, out + 3}, {3.0 / 7, 0, -4.0 / 7}, 1e-15);
  l2->transform(zero, out);
  testing::expect_near_all({out, out + 3}, {0, 0, 0}, 0);
}

TEST(Impute, MeanZeroOrConstant) {
  auto mean = make_scaler("impute", 2);
  const std::vector<double> out = feed_then_probe(*mean, {{1, kNan}, {3, kNan}}, {kNan, kNan});
  EXPECT_EQ(out, (std::vector<double>{2, 0}));  // never-seen feature: 0
  EXPECT_EQ((*mean->snapshot().array("missing")), (std::vector<double>{0, 2}));
  auto constant = make_scaler("impute", 1, {{"strategy", "constant"}, {"value", "-7"}});
  EXPECT_EQ(feed_then_probe(*constant, {{1}}, {kNan})[0], -7);
}

TEST(Pipeline, ScalersComposeInTheOrderWritten) {
  auto a = Pipeline::build("minmax | l2 | perceptron(bias=false)").take();
  auto b = Pipeline::build("l2 | minmax | perceptron(bias=false)").take();
  const double rows[3][2] = {{1, 10}, {3, 0}, {2, 5}};
  for (int i = 0; i < 3; ++i) {
    a->learn_one(rows[i], 2, i % 2 ? 1 : -1);
    b->learn_one(rows[i], 2, i % 2 ? 1 : -1);
  }
  // By hand, minmax then l2: rows become (0, 0), (1, 0), (0.5, 0.5)/|.| = (r, r), r = 1/sqrt 2;
  // the perceptron updates on all three: w = (0, 0) + (1, 0) - (r, r).
  const double r = 1 / std::sqrt(2.0);
  testing::expect_near_all(a->learner().params(), {1 - r, -r}, 1e-12);
  // l2 then minmax: (1, 10)/|.| = (u1, u2) starts the ranges; (3, 0) -> (1, 0) -> (1, 0);
  // (2, 5)/|.| -> ((v1 - u1)/(1 - u1), v2/u2), scored positive, so w = (1, 0) - that.
  const double n1 = std::sqrt(101.0), n3 = std::sqrt(29.0);
  const double u1 = 1 / n1, u2 = 10 / n1, v1 = 2 / n3, v2 = 5 / n3;
  testing::expect_near_all(b->learner().params(), {1 - (v1 - u1) / (1 - u1), -v2 / u2}, 1e-12);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

TEST(QuantileSketch, StaysWithinItsRankErrorInBoundedMemory) {
  for (double eps : {0.01, 0.05}) {
    QuantileSketch q(eps);
    std::mt19937 rng(12);
    std::lognormal_distribution<double> dist(0, 1.5);
    std::vector<double> all;
    for (int i = 0; i < 100000; ++i) {
      const double v = i % 10 == 0 ? std::floor(dist(rng)) : dist(rng);  // with ties
      q.insert(v);
      all.push_back(v);
    }
    std::sort(all.begin(), all.end());
    const double n = static_cast<double>(all.size());
    for (double phi : {0.0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0}) {
      const double v = q.quantile(phi);
      // The ranks v can take: from (values < v) + 1 to (values <= v).
      const double lo = std::lower_bound(all.begin(), all.end(), v) - all.begin() + 1;
      const double hi = std::upper_bound(all.begin(), all.end(), v) - all.begin();
      const double target = std::max(1.0, std::ceil(phi * n));
      EXPECT_LE(lo - eps * n, target) << "eps " << eps << " phi " << phi;
      EXPECT_GE(hi + eps * n, target) << "eps " << eps << " phi " << phi;
    }
    EXPECT_LT(q.size(), 20 / eps) << "bounded memory";
  }
}

TEST(QuantileSketch, OneWalkForSeveralQuantilesAnswersAsOneWalkEach) {
  QuantileSketch q(0.01);
  std::mt19937 rng(5);
  std::normal_distribution<double> dist(0, 1);
  const double phis[] = {0.0, 0.1, 0.25, 0.25, 0.5, 0.75, 0.99, 1.0};
  constexpr std::size_t kPhis = sizeof(phis) / sizeof(phis[0]);
  for (int i = 1; i <= 5000; ++i) {
    q.insert(i % 7 == 0 ? 0.0 : dist(rng));  // with ties
    if (i % 37 != 0 && i > 60) continue;     // every row at first, then now and then
    double together[kPhis];
    q.quantiles(phis, kPhis, together);
    for (std::size_t k = 0; k < kPhis; ++k)
      EXPECT_EQ(together[k], q.quantile(phis[k])) << "after " << i << " values, phi " << phis[k];
  }
  double none[2];
  QuantileSketch empty;
  empty.quantiles(phis, 2, none);
  EXPECT_TRUE(std::isnan(none[0]) && std::isnan(none[1]));
}

TEST(Robust, MedianAndSpreadOfAStream) {
  RobustScaler r(RobustScaler::Config{0.001, 0.25, 0.75});  // eps, lower, upper
  r.reset(1);
  for (int i = 1; i <= 1001; ++i) {
    const double v = i;
    r.update(&v);
  }
  const Snapshot s = r.snapshot();
  EXPECT_NEAR((*s.array("median"))[0], 501, 2);
  EXPECT_NEAR((*s.array("spread"))[0], 500, 3);
}

}  // namespace
}  // namespace onepass
