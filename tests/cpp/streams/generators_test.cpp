// The synthetic streams against their papers' rules (docs/algorithms.md 6.9): each label is
// computed again here from the row's features by the concept's formula, written out as the paper
// states it; the noise rates, the schedules and the sigmoid mix are measured over a few thousand
// rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/seeded_random.hpp"
#include "streams/agrawal.hpp"
#include "streams/concept_drift.hpp"
#include "streams/hyperplane.hpp"
#include "streams/sea.hpp"
#include "streams/stagger.hpp"

namespace onepass {
namespace {

ConceptSchedule fixed(std::size_t k, std::size_t count) {
  return ConceptSchedule::every_rows(k, count, 0).take();
}

// ---- SeededRandom::uniform ----

TEST(SeededUniform, IsTheTop53BitsOfTheNextNumber) {
  SeededRandom a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    const double u = a.uniform();
    EXPECT_EQ(u, static_cast<double>(b.next() >> 11) / 9007199254740992.0);  // 2^53
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

// ---- Schedules ----

TEST(ConceptScheduleTest, EveryRowsCyclesFromTheFirstConcept) {
  const auto s = ConceptSchedule::every_rows(3, 4, 10).take();
  EXPECT_EQ(s.concept_at(0), 3u);
  EXPECT_EQ(s.concept_at(9), 3u);
  EXPECT_EQ(s.concept_at(10), 4u);
  EXPECT_EQ(s.concept_at(20), 1u);  // after the last, the first
  EXPECT_EQ(s.concept_at(35), 2u);
  EXPECT_EQ(ConceptSchedule::every_rows(2, 4, 0).take().concept_at(1000000), 2u);  // never
}

TEST(ConceptScheduleTest, AtRowsChangesAtEachListedRow) {
  const auto s = ConceptSchedule::at_rows(2, 4, {10, 25, 26}).take();
  EXPECT_EQ(s.concept_at(0), 2u);
  EXPECT_EQ(s.concept_at(9), 2u);
  EXPECT_EQ(s.concept_at(10), 3u);
  EXPECT_EQ(s.concept_at(24), 3u);
  EXPECT_EQ(s.concept_at(25), 4u);
  EXPECT_EQ(s.concept_at(26), 1u);
  EXPECT_EQ(s.concept_at(1000), 1u);
  EXPECT_FALSE(ConceptSchedule::at_rows(1, 4, {10, 10}));
  EXPECT_FALSE(ConceptSchedule::at_rows(5, 4, {}));
  EXPECT_FALSE(ConceptSchedule::every_rows(0, 3, 1));
}

TEST(ConceptScheduleTest, EqualBlocksNeverWrapToTheFirstConcept) {
  EXPECT_EQ(equal_blocks(10000, 4), 2500u);
  EXPECT_EQ(equal_blocks(10, 4), 3u);  // 3, 3, 3, 1: not 2, 2, 2, 2 and concept 1 again
  EXPECT_EQ(equal_blocks(3, 4), 1u);
  const auto s = schedule_from(1, 0, 10, 4, true).take();
  EXPECT_EQ(s.concept_at(9), 4u);
  EXPECT_EQ(schedule_from(1, 0, 10, 10, false).take().concept_at(9), 1u);  // no change
}

// ---- SEA, docs/algorithms.md 6.9.1 ----

// Street and Kim's rule: class 1 when f1 + f2 <= theta.
int sea_rule(std::size_t k, const std::vector<double>& x) {
  const double theta[] = {8, 9, 7, 9.5};
  return x[0] + x[1] <= theta[k - 1] ? 1 : 0;
}

TEST(Sea, FirstRowsFollowTheRuleAndTheRange) {
  SeaStream sea(0, fixed(1, 4), 7);
  StreamRow row;
  int ones = 0;
  for (int i = 0; i < 200; ++i) {
    sea.next(row);
    ASSERT_EQ(row.x.size(), 3u);
    for (double v : row.x) {
      EXPECT_GE(v, 0.0);
      EXPECT_LT(v, 10.0);
    }
    EXPECT_EQ(row.label, sea_rule(1, row.x)) << i;
    ones += row.label;
  }
  // P(x1 + x2 <= 8) = 32/100 for two uniforms on [0, 10).
  EXPECT_NEAR(ones / 200.0, 0.32, 0.1);
  EXPECT_EQ(SeaStream::threshold(1), 8);
  EXPECT_EQ(SeaStream::threshold(2), 9);
  EXPECT_EQ(SeaStream::threshold(3), 7);
  EXPECT_EQ(SeaStream::threshold(4), 9.5);
}

TEST(Sea, NoiseFlipsThatShareOfLabelsAndLeavesTheFeatures) {
  SeaStream clean(0, fixed(1, 4), 11), noisy(0.1, fixed(1, 4), 11);
  StreamRow a, b;
  int flipped = 0;
  const int n = 10000;
  for (int i = 0; i < n; ++i) {
    clean.next(a);
    noisy.next(b);
    ASSERT_EQ(a.x, b.x);  // the noise draw is made whatever the noise
    EXPECT_EQ(a.label, sea_rule(1, a.x));
    flipped += b.label != sea_rule(1, b.x);
  }
  EXPECT_NEAR(flipped / double(n), 0.1, 0.01);  // 3 standard deviations
}

TEST(Sea, TheConceptChangesEveryQuarterOfTheRows) {
  SeaStream sea(0, schedule_from(1, 0, 1000, 4, true).take(), 3);
  StreamRow row;
  std::vector<int> disagree_with_previous(5, 0);
  for (int i = 0; i < 1000; ++i) {
    sea.next(row);
    const std::size_t expected = 1 + i / 250;
    ASSERT_EQ(row.concept_id, expected) << i;
    EXPECT_EQ(row.label, sea_rule(expected, row.x)) << i;
    if (expected > 1)
      disagree_with_previous[expected] += row.label != sea_rule(expected - 1, row.x);
  }
  // The rule that holds did change: each block has rows the previous threshold labels otherwise.
  for (std::size_t c = 2; c <= 4; ++c) EXPECT_GT(disagree_with_previous[c], 0) << c;
}

// ---- Rotating hyperplane, docs/algorithms.md 6.9.2 ----

TEST(Hyperplane, LabelsBySumWxAgainstHalfTheWeights) {
  HyperplaneStream::Config c;
  c.noise = 0;
  HyperplaneStream h(c, 5);
  StreamRow row;
  int ones = 0;
  for (int i = 0; i < 500; ++i) {
    const std::vector<double> w = h.weights();
    h.next(row);
    ASSERT_EQ(row.x.size(), 10u);
    double dot = 0, sum = 0;
    for (std::size_t j = 0; j < 10; ++j) {
      EXPECT_GE(row.x[j], 0.0);
      EXPECT_LT(row.x[j], 1.0);
      dot += w[j] * row.x[j];
      sum += w[j];
    }
    EXPECT_EQ(row.label, dot >= sum / 2 ? 1 : 0) << i;
    ones += row.label;
  }
  EXPECT_NEAR(ones / 500.0, 0.5, 0.1);
}

TEST(Hyperplane, TheFirstWeightsDriftAndTheOthersStay) {
  HyperplaneStream::Config c;
  c.sigma = 0;  // no reversal: each drifting weight moves by mag_change a row
  c.mag_change = 0.01;
  HyperplaneStream h(c, 9);
  const std::vector<double> w0 = h.weights();
  StreamRow row;
  for (int i = 0; i < 100; ++i) h.next(row);
  const std::vector<double>& w = h.weights();
  EXPECT_NEAR(w[0] - w0[0], 1.0, 1e-12);
  EXPECT_NEAR(w[1] - w0[1], 1.0, 1e-12);
  for (std::size_t j = 2; j < 10; ++j) EXPECT_EQ(w[j], w0[j]);
  // With sigma = 1 the direction reverses after every row: the weight goes and comes back.
  c.sigma = 1;
  HyperplaneStream back(c, 9);
  for (int i = 0; i < 100; ++i) back.next(row);
  EXPECT_NEAR(back.weights()[0], w0[0], 1e-12);
}

TEST(Hyperplane, NoiseFlipsThatShareOfLabels) {
  HyperplaneStream h(HyperplaneStream::Config{}, 13);  // noise 0.05
  StreamRow row;
  int flipped = 0;
  const int n = 10000;
  for (int i = 0; i < n; ++i) {
    const std::vector<double> w = h.weights();
    h.next(row);
    flipped += row.label != HyperplaneStream::label(w, row.x);
  }
  EXPECT_NEAR(flipped / double(n), 0.05, 0.007);
}

// ---- Agrawal, docs/algorithms.md 6.9.3 ----

// The paper's ten functions, group A, written out again from its appendix.
int agrawal_rule(std::size_t f, const std::vector<double>& x) {
  const double salary = x[0], commission = x[1], age = x[2], elevel = x[3], hvalue = x[6],
               hyears = x[7], loan = x[8];
  auto between = [](double v, double lo, double hi) { return lo <= v && v <= hi; };
  const bool young = age < 40, middle = 40 <= age && age < 60, old = age >= 60;
  const double total = salary + commission;
  bool a = false;
  switch (f) {
    case 1:
      a = age < 40 || 60 <= age;
      break;
    case 2:
      a = (young && between(salary, 50e3, 100e3)) || (middle && between(salary, 75e3, 125e3)) ||
          (old && between(salary, 25e3, 75e3));
      break;
    case 3:
      a = (young && between(elevel, 0, 1)) || (middle && between(elevel, 1, 3)) ||
          (old && between(elevel, 2, 4));
      break;
    case 4:
      a = (young &&
           (between(elevel, 0, 1) ? between(salary, 25e3, 75e3) : between(salary, 50e3, 100e3))) ||
          (middle &&
           (between(elevel, 1, 3) ? between(salary, 50e3, 100e3) : between(salary, 75e3, 125e3))) ||
          (old &&
           (between(elevel, 2, 4) ? between(salary, 50e3, 100e3) : between(salary, 25e3, 75e3)));
      break;
    case 5:
      a = (young && (between(salary, 50e3, 100e3) ? between(loan, 100e3, 300e3)
                                                  : between(loan, 200e3, 400e3))) ||
          (middle && (between(salary, 75e3, 125e3) ? between(loan, 200e3, 400e3)
                                                   : between(loan, 300e3, 500e3))) ||
          (old && (between(salary, 25e3, 75e3) ? between(loan, 300e3, 500e3)
                                               : between(loan, 100e3, 300e3)));
      break;
    case 6:
      a = (young && between(total, 50e3, 100e3)) || (middle && between(total, 75e3, 125e3)) ||
          (old && between(total, 25e3, 75e3));
      break;
    case 7:
      a = 2 * total / 3 - loan / 5 - 20e3 > 0;
      break;
    case 8:
      a = 2 * total / 3 - 5000 * elevel - 20e3 > 0;
      break;
    case 9:
      a = 2 * total / 3 - 5000 * elevel - loan / 5 - 10e3 > 0;
      break;
    default: {
      const double equity = hvalue * std::max(hyears - 20, 0.0) / 10;
      a = 2 * total / 3 - 5000 * elevel + equity / 5 - 10e3 > 0;
    }
  }
  return a ? 1 : 0;
}

TEST(Agrawal, AttributesAreDrawnAsThePaperSays) {
  AgrawalStream s(fixed(1, 10), 21);
  StreamRow row;
  for (int i = 0; i < 2000; ++i) {
    s.next(row);
    const auto& x = row.x;
    ASSERT_EQ(x.size(), 9u);
    EXPECT_TRUE(20e3 <= x[0] && x[0] < 150e3);
    if (x[0] >= 75e3)
      EXPECT_EQ(x[1], 0);
    else
      EXPECT_TRUE(10e3 <= x[1] && x[1] < 75e3) << x[1];
    EXPECT_TRUE(20 <= x[2] && x[2] <= 80 && x[2] == std::floor(x[2]));
    EXPECT_TRUE(0 <= x[3] && x[3] <= 4 && x[3] == std::floor(x[3]));   // level0..level4
    EXPECT_TRUE(0 <= x[4] && x[4] <= 19 && x[4] == std::floor(x[4]));  // car1..car20
    EXPECT_TRUE(0 <= x[5] && x[5] <= 8 && x[5] == std::floor(x[5]));   // zipcode1..zipcode9
    const double k = 9 - x[5];
    EXPECT_TRUE(0.5 * k * 100e3 <= x[6] && x[6] < 1.5 * k * 100e3) << x[6];
    EXPECT_TRUE(1 <= x[7] && x[7] <= 30 && x[7] == std::floor(x[7]));
    EXPECT_TRUE(0 <= x[8] && x[8] < 500e3);
  }
  EXPECT_EQ(s.columns()[3].levels.front(), "level0");
  EXPECT_EQ(s.columns()[4].levels.back(), "car20");
  EXPECT_EQ(s.columns()[5].levels.back(), "zipcode9");
}

TEST(Agrawal, EachFunctionLabelsAsThePapersGroupA) {
  for (std::size_t f = 1; f <= 10; ++f) {
    AgrawalStream s(fixed(f, 10), 100 + f);
    StreamRow row;
    int ones = 0;
    const int n = 1000;
    for (int i = 0; i < n; ++i) {
      s.next(row);
      ASSERT_EQ(row.concept_id, f);
      ASSERT_EQ(row.label, agrawal_rule(f, row.x)) << "function " << f << " row " << i;
      ones += row.label;
    }
    EXPECT_GT(ones, 0) << f;  // each function has both groups
    EXPECT_LT(ones, n) << f;
  }
}

TEST(Agrawal, FunctionFiveReadsTheLoanOnEveryBranch) {
  // Age 65 with a salary outside 25K-75K: group A is a loan in 100K-300K (River's copy reads
  // 75K-300K there, and the salary where the paper reads the loan for ages 40-59).
  std::vector<double> x = {100e3, 0, 65, 0, 0, 0, 500e3, 5, 80e3};
  EXPECT_EQ(AgrawalStream::label(5, x.data()), 0);
  x[8] = 150e3;
  EXPECT_EQ(AgrawalStream::label(5, x.data()), 1);
  // Age 50, salary 100K (inside 75K-125K): group A is a loan in 200K-400K.
  x = {100e3, 0, 50, 0, 0, 0, 500e3, 5, 250e3};
  EXPECT_EQ(AgrawalStream::label(5, x.data()), 1);
  x[8] = 450e3;
  EXPECT_EQ(AgrawalStream::label(5, x.data()), 0);
}

TEST(Agrawal, EveryNRowsTheNextFunction) {
  AgrawalStream s(schedule_from(9, 300, 0, 10, false).take(), 4);
  StreamRow row;
  for (int i = 0; i < 1200; ++i) {
    s.next(row);
    const std::size_t f = i < 300 ? 9 : i < 600 ? 10 : i < 900 ? 1 : 2;
    ASSERT_EQ(row.concept_id, f) << i;
    ASSERT_EQ(row.label, agrawal_rule(f, row.x)) << i;
  }
}

// ---- STAGGER, docs/algorithms.md 6.9.4 ----

TEST(Stagger, ConceptsByTheLevelsText) {
  StaggerStream s(schedule_from(1, 0, 300, 3, true).take(), 8);
  const auto& cols = s.columns();
  StreamRow row;
  std::vector<int> seen(9, 0);
  for (int i = 0; i < 300; ++i) {
    s.next(row);
    const std::string& size = cols[0].levels[static_cast<std::size_t>(row.x[0])];
    const std::string& color = cols[1].levels[static_cast<std::size_t>(row.x[1])];
    const std::string& shape = cols[2].levels[static_cast<std::size_t>(row.x[2])];
    const std::size_t k = 1 + i / 100;
    ASSERT_EQ(row.concept_id, k) << i;
    bool positive = false;
    if (k == 1) positive = size == "small" && color == "red";
    if (k == 2) positive = color == "green" || shape == "circle";
    if (k == 3) positive = size == "medium" || size == "large";
    EXPECT_EQ(row.label, positive ? 1 : 0) << i;
    ++seen[static_cast<std::size_t>(row.x[0] * 3 + row.x[1])];
  }
  for (int v : seen) EXPECT_GT(v, 0);  // every size and color pair is drawn
}

// ---- The sigmoid mix, docs/algorithms.md 6.9.5 ----

TEST(ConceptDrift, HalfTheRowsComeFromTheSecondStreamAtThePosition) {
  auto mix =
      ConceptDriftStream::create(std::make_unique<SeaStream>(0, fixed(1, 4), 1),
                                 std::make_unique<SeaStream>(0, fixed(3, 4), 2), 5000, 1000, 3)
          .take();
  EXPECT_EQ(mix->probability(5000), 0.5);
  EXPECT_NEAR(mix->probability(5500), 1 / (1 + std::exp(-2.0)), 1e-15);
  StreamRow row;
  int early = 0, around = 0, late = 0;
  for (std::uint64_t t = 1; t <= 10000; ++t) {
    mix->next(row);
    const bool second = row.concept_id == 2;
    // The row is the chosen stream's: its label by that stream's threshold (8 or 7).
    EXPECT_EQ(row.label, sea_rule(second ? 3 : 1, row.x)) << t;
    if (t <= 2000) early += second;
    if (4750 <= t && t <= 5250) around += second;
    if (t > 8000) late += second;
  }
  EXPECT_LE(early, 1);
  EXPECT_NEAR(around / 501.0, 0.5, 0.07);  // 3 standard deviations
  EXPECT_GE(late, 1999);
}

TEST(ConceptDrift, StreamsMustShareTheirColumns) {
  auto bad = ConceptDriftStream::create(std::make_unique<SeaStream>(0, fixed(1, 4), 1),
                                        std::make_unique<StaggerStream>(fixed(1, 3), 2), 10, 5, 3);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("same columns"), std::string::npos);
  auto flat = ConceptDriftStream::create(std::make_unique<SeaStream>(0, fixed(1, 4), 1),
                                         std::make_unique<SeaStream>(0, fixed(2, 4), 2), 10, 0, 3);
  ASSERT_FALSE(flat);
  EXPECT_NE(flat.message().find("'width'"), std::string::npos);
}

}  // namespace
}  // namespace onepass
