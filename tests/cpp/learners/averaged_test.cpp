// spec 3.1: the lazy uniform average (AVG-2) equals the plain running mean (AVG-1).
#include <cmath>
#include <random>

#include "learners/averaged.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::make_learner;

std::unique_ptr<Averaged> averaged(const std::string& name, std::size_t d,
                                   const std::vector<std::pair<std::string, std::string>>& p = {}) {
  auto avg = std::make_unique<Averaged>(make_learner(name, d, p));
  avg->reset(d);
  return avg;
}

TEST(Averaging, LazyTrickEqualsRunningMeanForEveryLearner) {
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
      cases = {{"logreg", {{"lambda", "10"}, {"n", "100"}}},  // weight decay rescales all of w
               {"perceptron", {}},
               {"pa", {{"bias", "true"}}},
               {"pa1", {{"c", "0.1"}}},
               {"pa2", {}}};
  for (const auto& [name, params] : cases) {
    auto avg = averaged(name, 3, params);
    auto plain = make_learner(name, 3, params);
    std::vector<double> mean = plain->params();  // theta^(0)
    std::mt19937 rng(3);
    std::normal_distribution<double> g(0, 1);
    for (int t = 1; t <= 500; ++t) {
      const double x[] = {g(rng), g(rng) + 1, g(rng) * 3};
      const int y = x[0] + 0.5 * x[1] > 0.3 ? 1 : -1;
      // example t is scored with avg_{t-1} (S0 "+avg")
      ASSERT_NEAR(avg->score(x), plain->score_with(mean.data(), x), 1e-9) << name << " t=" << t;
      avg->learn(x, y);
      plain->learn(x, y);
      for (std::size_t j = 0; j < mean.size(); ++j) mean[j] += (plain->params()[j] - mean[j]) / t;
    }
    expect_near_all(avg->params(), mean, 1e-10);
    expect_near_all(avg->inner().params(), plain->params(), 0);
  }
}

TEST(Averaging, FirstExampleIsScoredWithInitialParameters) {  // spec 3.1
  auto avg = averaged("perceptron", 1);
  const double x[] = {2};
  EXPECT_EQ(avg->score(x), 0);
  avg->learn(x, +1);  // theta^(1) = 2, avg_1 = 2
  EXPECT_EQ(avg->params()[0], 2);
  const double neg[] = {-1};
  avg->learn(neg, +1);  // theta^(2) = 1, avg_2 = 1.5
  EXPECT_DOUBLE_EQ(avg->params()[0], 1.5);
}

TEST(Averaging, ConstantModelPredictionsAreUnchanged) {
  // After its first update PA stays passive on rows it classifies with margin >= 1: every
  // theta^(s) is the same, so the average predicts exactly as the model does.
  auto avg = averaged("pa", 2);
  const double first[] = {1, 1};
  avg->learn(first, +1);  // w = (0.5, 0.5)
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(2, 10);
  for (int t = 0; t < 300; ++t) {
    const double x[] = {u(rng), u(rng)};
    const int y = t % 2 ? 1 : -1;
    const double xs[] = {y * x[0], y * x[1]};
    EXPECT_EQ(avg->score(xs), avg->inner().score(xs));
    EXPECT_FALSE(avg->learn(xs, y));
  }
  EXPECT_EQ(avg->params(), avg->inner().params());
}

TEST(Averaging, SnapshotNamesTheAverage) {
  auto avg = averaged("logreg", 2);
  const double x[] = {1, 2};
  avg->learn(x, +1);
  const Snapshot s = avg->snapshot();
  EXPECT_EQ(s.name, "logreg+avg");
  ASSERT_NE(s.array("w"), nullptr);
  EXPECT_EQ(*s.scalar("averaged_over"), 1);
}

}  // namespace
}  // namespace onepass
