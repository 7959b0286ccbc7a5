#include <cmath>
#include <limits>

#include "scalers/minmax.hpp"
#include "scalers/moment_scalers.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

double step(Scaler& s, double v) {
  s.update(&v);
  double out = -99;
  s.transform(&v, &out);
  return out;
}

TEST(ZScore, GoldenStream) {  // spec 9.8
  ZScore z;
  z.reset(1);
  EXPECT_EQ(step(z, 2), 0);  // k < 2 (D-GN-2)
  EXPECT_NEAR(step(z, 4), 0.70710678, 1e-8);
  EXPECT_NEAR(step(z, 9), 1.10940039, 1e-8);
}

TEST(ZScore, EqualsTheBatchFormulaAfterTheWholeStream) {
  ZScore z;
  z.reset(1);
  const double data[] = {3.5, -1, 7, 7, 0.25, 12, -4};
  for (double v : data) step(z, v);
  double mean = 0, ss = 0;
  for (double v : data) mean += v / 7;
  for (double v : data) ss += (v - mean) * (v - mean);
  EXPECT_NEAR(z.mean(0), mean, 1e-12);
  EXPECT_NEAR(z.sd(0), std::sqrt(ss / 6), 1e-12);
}

TEST(ZScore, ConstantAndMissingFeaturesNeverGiveNanOrInfinity) {  // spec 2.4
  ZScore z;
  z.reset(2);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int i = 0; i < 10; ++i) {
    const double x[] = {5, i % 2 ? nan : i * 1.0};
    z.update(x);
    double out[2];
    z.transform(x, out);
    EXPECT_EQ(out[0], 0);
    if (i % 2)
      EXPECT_TRUE(std::isnan(out[1]));  // missing stays missing; the pipeline fills 0
    else
      EXPECT_TRUE(std::isfinite(out[1]));
  }
  EXPECT_EQ(z.snapshot().array("count")->at(1), 5);
}

TEST(MinMax, RunningRangeWithoutClipping) {  // spec 5.2, D-SC-3
  MinMax m(MinMax::Config{false});
  m.reset(1);
  EXPECT_EQ(step(m, 2), 0);  // range 0 (spec 2.4)
  EXPECT_EQ(step(m, 4), 1);
  EXPECT_EQ(step(m, 9), 1);
  EXPECT_NEAR(step(m, 3), 1.0 / 7, 1e-15);
  double v = 20, out = 0;
  m.transform(&v, &out);  // frozen: outside the range, not clipped
  EXPECT_NEAR(out, 18.0 / 7, 1e-15);
  MinMax clipped(MinMax::Config{true});
  clipped.reset(1);
  step(clipped, 0);
  step(clipped, 1);
  clipped.transform(&v, &out);
  EXPECT_EQ(out, 1);
}

}  // namespace
}  // namespace onepass
