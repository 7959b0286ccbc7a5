// The detectors over many seeds (docs/algorithms.md 6.8): a Bernoulli error stream whose rate
// jumps from 0.2 to 0.6 at row 1000, and a stationary Bernoulli(0.2) stream of 3000 rows, each
// drawn from SplitMix64 with 50 seeds, every detector at River's defaults. The bounds are the
// values measured here with a margin; the comments give the measured values, and
// docs/algorithms.md 6.8 the same over 1000 seeds.
#include <algorithm>
#include <string>
#include <vector>

#include "drift_util.hpp"

namespace onepass {
namespace {

constexpr int kSeeds = 50;
constexpr int kChangeAt = 1000;  // the first row of the new rate (0-based)

struct Outcome {
  int false_alarms = 0;  // seeds with a drift before the change
  int missed = 0;        // seeds without a drift in the 1000 rows after it
  int median_delay = 0;  // rows of the new rate read up to the first drift (missed: 100000)
  int quiet = 0;         // stationary streams without any drift
  int stationary_drifts = 0;
};

Outcome measure(const std::string& spec) {
  Outcome out;
  std::vector<int> delays;
  for (int seed = 0; seed < kSeeds; ++seed) {
    auto d = testing::detector(spec);
    SeededRandom random(1000 + seed);
    bool early = false;
    int delay = -1;
    for (int row = 0; row < 2 * kChangeAt; ++row) {
      const double x = testing::bernoulli(random, row < kChangeAt ? 0.2 : 0.6);
      if (d->update(x) != DriftSignal::drift) continue;
      if (row < kChangeAt)
        early = true;
      else if (delay < 0)
        delay = row - kChangeAt + 1;
    }
    out.false_alarms += early;
    out.missed += delay < 0;
    delays.push_back(delay < 0 ? 100000 : delay);

    auto quiet = testing::detector(spec);
    SeededRandom stationary(5000 + seed);
    int drifts = 0;
    for (int row = 0; row < 3000; ++row)
      drifts += quiet->update(testing::bernoulli(stationary, 0.2)) == DriftSignal::drift;
    out.quiet += drifts == 0;
    out.stationary_drifts += drifts;
  }
  std::nth_element(delays.begin(), delays.begin() + kSeeds / 2, delays.end());
  out.median_delay = delays[kSeeds / 2];
  return out;
}

TEST(DriftStatistics, Adwin) {
  // Measured: median delay 56 (it checks every 32 rows), no false alarm, no miss, 50/50 quiet.
  const Outcome o = measure("adwin");
  EXPECT_LE(o.median_delay, 100);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.false_alarms, 2);
  EXPECT_GE(o.quiet, 48);
}

TEST(DriftStatistics, Ddm) {
  // Measured: median delay 78, false alarms before the change on 9/50 seeds, 37/50 quiet.
  // DDM's lowest point is set by chance early in the stream, so it alarms falsely more than
  // the others (24% of 1000 seeds before row 1000).
  const Outcome o = measure("ddm");
  EXPECT_LE(o.median_delay, 150);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.false_alarms, 15);
  EXPECT_GE(o.quiet, 30);
}

TEST(DriftStatistics, Eddm) {
  // Measured: median delay 23, but with River's defaults (alpha 0.95, beta 0.9) EDDM alarms on
  // stationary Bernoulli errors about every 275 rows: 544 drifts over the 50 stationary streams,
  // 2/50 quiet, false alarms before the change on 50/50 seeds. River's own docstring raises the
  // levels for that reason; the bound guards the rate from growing.
  const Outcome o = measure("eddm");
  EXPECT_LE(o.median_delay, 60);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.stationary_drifts, 700);
}

TEST(DriftStatistics, HddmA) {
  // Measured: median delay 27, false alarms on 2/50 seeds, 48/50 quiet.
  const Outcome o = measure("hddm_a");
  EXPECT_LE(o.median_delay, 60);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.false_alarms, 5);
  EXPECT_GE(o.quiet, 44);
}

TEST(DriftStatistics, HddmW) {
  // Measured: median delay 18, no false alarm, 46/50 quiet.
  const Outcome o = measure("hddm_w");
  EXPECT_LE(o.median_delay, 40);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.false_alarms, 4);
  EXPECT_GE(o.quiet, 42);
}

TEST(DriftStatistics, PageHinkley) {
  // Measured: median delay 110 (a threshold of 50 takes about 50/0.4 rows of the higher rate),
  // no false alarm, 50/50 quiet.
  const Outcome o = measure("page_hinkley");
  EXPECT_LE(o.median_delay, 160);
  EXPECT_EQ(o.missed, 0);
  EXPECT_LE(o.false_alarms, 1);
  EXPECT_GE(o.quiet, 48);
}

TEST(DriftStatistics, Kswin) {
  // Measured: median delay 31, no false alarm, 48/50 quiet, but 11/50 changes missed: on 0/1
  // values D is the gap between the two samples' shares of 0s, 0.4 on average here, and the
  // test needs D >= 14/30 = 0.47 at alpha = 0.005; once the window holds only the new rate the
  // chance is gone.
  const Outcome o = measure("kswin");
  EXPECT_LE(o.median_delay, 60);
  EXPECT_LE(o.missed, 16);
  EXPECT_LE(o.false_alarms, 3);
  EXPECT_GE(o.quiet, 44);
}

}  // namespace
}  // namespace onepass
