// Learning quality: scalers that never silently fail, and parameters checked
// together before anything is built.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>

#include "core/params.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

// robust: a rare 0/1 level (interquartile range 0) was mapped to 0 on every row, as were
// sparse counts; the range stands in for a zero spread, so a feature that varies still varies.
TEST(RobustScaler, AFeatureWithZeroInterquartileRangeStillVaries) {
  auto p = Pipeline::build("robust | logreg").take();
  p->set_dims(2);
  std::set<double> seen;
  for (int t = 0; t < 400; ++t) {
    const double x[] = {t % 10 == 0 ? 1.0 : 0.0, std::sin(t * 0.1)};  // 10% ones
    p->learn_checked(x, t % 10 == 0 ? 1 : -1);
    seen.insert(p->stage_output(0)[0]);
  }
  EXPECT_GE(seen.size(), 2u) << "the 0/1 level is not constant after scaling";
  const Snapshot snap = p->scaler(0).snapshot();
  const std::vector<double>& spread = *snap.array("spread");
  EXPECT_EQ(spread[0], 1.0);  // the range: 1 - 0
  EXPECT_GT(spread[1], 0.5);  // an ordinary feature keeps its interquartile range
}

// ewzscore: the variance started at 0, so |z| reached ~38 in the first rows of heart; the
// weight max(a, 1/k) starts it as a running z-score.
TEST(EwZScore, TheFirstRowsAreScaledAsByARunningZScore) {
  auto ew = Pipeline::build("ewzscore | logreg").take();
  const std::string csv = testing::read_data_file("heart.csv");
  auto runner = CsvRunner::create({}, {"ewzscore | logreg", "zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  ASSERT_TRUE(runner->finish());
  // Log-loss of the two pipelines over the whole file: the same order (it was 5.3 vs 0.43).
  const double ew_loss = runner->pipeline(0).progress().log_loss();
  const double z_loss = runner->pipeline(1).progress().log_loss();
  EXPECT_LT(ew_loss, 1.5 * z_loss) << ew_loss << " vs " << z_loss;
  // Row by row: |z| stays moderate from the second value on.
  ew->set_dims(1);
  std::mt19937 rng(5);
  std::normal_distribution<double> g(0, 1);
  double worst = 0;
  for (int t = 0; t < 300; ++t) {
    const double x = g(rng);
    ew->learn_checked(&x, 1);
    if (t >= 1) worst = std::max(worst, std::fabs(ew->stage_output(0)[0]));
  }
  EXPECT_LT(worst, 6.0);
}

TEST(Registry, CrossParameterChecksComeBeforeAnythingIsBuilt) {
  EXPECT_EQ(Pipeline::build("robust(lower=0.75, upper=0.25) | logreg").message(),
            "robust: lower (0.75) must be below upper (0.25)");
  EXPECT_TRUE(Pipeline::build("robust(lower=0.1, upper=0.9) | logreg"));
  // A name no stage declared is not a silent 0.
  ParamValues v;
  EXPECT_TRUE(std::isnan(v.number("nope")));
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// The bias (D-BIAS) is on by default: on an imbalanced stream (5% positives, two weakly
// informative features) a centred model without it cannot express the base rate and errs on
// far more rows than the majority class would (41.5% against 9.0% on such a file).
TEST(DefaultBias, LetsACentredModelLearnTheBaseRate) {
  auto run = [](const std::string& spec) {
    auto p = Pipeline::build(spec).take();
    p->set_dims(2);
    std::mt19937 rng(3);
    std::normal_distribution<double> g(0, 1);
    std::bernoulli_distribution positive(0.05);
    for (int t = 0; t < 4000; ++t) {
      const int y = positive(rng) ? 1 : -1;
      const double x[] = {g(rng) + 0.5 * y, g(rng)};
      p->learn_checked(x, y);
    }
    return p->progress().error();
  };
  for (const char* learner : {"pa1", "perceptron", "romma"}) {
    const double with = run(std::string("zscore | ") + learner);
    const double without = run(std::string("zscore | ") + learner + "(bias=false)");
    EXPECT_LT(with, 0.15) << learner;
    EXPECT_GT(without, 0.25) << learner;
  }
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// Learners that need a kind of input say so: the registry declares it once,
// and a run warns when the input does not fit, while the algorithms stay exact.
TEST(InputNeeds, TheRegistryDeclaresThemAndARunWarns) {
  EXPECT_EQ(find_entry("winnow")->needs, InputNeed::non_negative);
  EXPECT_EQ(find_entry("mbw")->needs, InputNeed::non_negative);
  EXPECT_EQ(find_entry("fs2")->needs, InputNeed::scaled);
  EXPECT_EQ(find_entry("pater1")->needs, InputNeed::scaled);
  EXPECT_EQ(find_entry("logreg")->needs, InputNeed::any);
  EXPECT_EQ(input_need_text(InputNeed::any), "");

  auto stream = [](const std::string& spec) {
    auto p = Pipeline::build(spec).take();
    p->set_dims(2);
    for (int t = 0; t < 100; ++t) {
      const double x[] = {std::sin(t * 0.7) * 3, 1.0 + t % 3};
      p->learn_checked(x, x[0] > 0 ? 1 : -1);
    }
    return p;
  };
  // Centred (z-scored) rows: about half have a negative value.
  auto centred = stream("zscore | winnow +avg");
  ASSERT_EQ(centred->warnings().size(), 1u);
  EXPECT_NE(centred->warnings()[0].find("winnow needs non-negative features (put minmax first): "),
            std::string::npos)
      << centred->warnings()[0];
  EXPECT_NE(centred->warnings()[0].find(" of 100 rows had negative values"), std::string::npos);
  EXPECT_TRUE(stream("minmax | winnow")->warnings().empty());  // (x - min)/(max - min) >= 0
  // fs2 with no scaler: warned whatever the data; with one: nothing to say.
  auto raw = stream("fs2");
  ASSERT_EQ(raw->warnings().size(), 1u);
  EXPECT_EQ(raw->warnings()[0],
            "fs2 has no scaler before it and learns best from scaled features (put zscore "
            "first): on raw values its steps can diverge");
  EXPECT_TRUE(stream("zscore | fs2")->warnings().empty());
  EXPECT_TRUE(stream("logreg")->warnings().empty());
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// One huge cell no longer poisons the moment scalers: a single 1e200 at row
// 100 made the z-score's deviation infinite for good, every later value mapped to 0 (error
// 0.002 -> 0.477). The value is left out of the statistics, counted and said.
TEST(MomentScalers, OneHugeCellIsLeftOutOfTheStatisticsAndSaid) {
  for (const char* scaler : {"zscore", "pareto", "vast", "twosd", "level"}) {
    auto p = Pipeline::build(std::string(scaler) + " | logreg").take();
    p->set_dims(2);
    int late_mistakes = 0;
    for (int t = 0; t < 1000; ++t) {
      const int y = t % 2 ? 1 : -1;
      const double x[] = {t == 100 ? 1e200 : 5.0 + y + 0.1 * std::sin(t), 1.0 + 0.01 * t};
      const int predicted = p->learn_checked(x, y);
      if (t >= 500) late_mistakes += predicted != y;
    }
    const Snapshot snap = p->scaler(0).snapshot();
    EXPECT_TRUE(std::isfinite((*snap.array("sd"))[0])) << scaler;
    EXPECT_EQ((*snap.array("count"))[0], 999) << scaler;
    EXPECT_LT(late_mistakes, 25) << scaler;
    ASSERT_EQ(p->warnings().size(), 1u) << scaler;
    EXPECT_EQ(p->warnings()[0],
              std::string(scaler) +
                  " left 1 values out of its statistics, as missing: too large to square "
                  "(beyond about 1e154)");
  }
}

}  // namespace
}  // namespace onepass
