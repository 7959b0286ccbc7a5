// Each detector's saved state, number for number (docs/algorithms.md 6.8): after a fixed short
// stream every family saves exactly the vector pinned here (its order and values are the format a
// saved pipeline carries), and a state damaged in each way its statistics can be damaged is
// refused with the detector left as it was.
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "drift_util.hpp"

namespace onepass {
namespace {

// The numbers as hexadecimal floats, so that a difference in the last bit (or 0 against -0)
// shows.
std::vector<std::string> exactly(const std::vector<double>& state) {
  std::vector<std::string> out;
  for (double v : state) {
    char text[40];
    std::snprintf(text, sizeof text, "%a", v);
    out.push_back(text);
  }
  return out;
}

using Damage = std::function<void(std::vector<double>&, std::size_t)>;

struct Pinned {
  const char* spec;
  std::vector<double> stream;  // then one NaN, skipped and counted
  const char* signals;
  // The saved state after the stream: code, parameters (their count first), rows, ignored,
  // drifts, then the family's statistics.
  std::vector<double> state;
  // Ways the statistics can be damaged; each gets the state and where its statistics start.
  std::vector<std::pair<const char*, Damage>> damages;
};

// Where a family's statistics start: after the code, the parameters' count and values, and the
// three counters.
std::size_t statistics_start(const DriftDetector& d) {
  return 2 + d.parameter_values().size() + 3;
}

const std::vector<Pinned>& pinned() {
  static const std::vector<Pinned> all = {
      {"adwin(clock=1, max_buckets=2, min_window_length=2, grace_period=4)",
       {0.5, 1, 0, 2, 0.25, 1, 3, 0, 1, 0.5},
       "..........",
       // tick, width, total, squares, 3 rows of (total, squares) buckets, oldest row last
       {0x1p+0, 0x1.4p+2, 0x1.0624dd2f1a9fcp-9, 0x1p+0, 0x1p+1, 0x1p+1, 0x1p+2, 0x1.4p+3, 0x1p+0,
        0x0p+0, 0x1.4p+3, 0x1.4p+3, 0x1.28p+3, 0x1.0033333333334p+3, 0x1.8p+1, 0x1p+2, 0x1p+0,
        0x0p+0, 0x1p-1, 0x0p+0, 0x1p+2, 0x1.4p+0, 0x1.2p-2, 0x1.8p+1, 0x1.2p+2, 0x1p+1, 0x1.cp+1,
        0x1.18p+1},
       {{"a tick that is not whole", [](auto& s, std::size_t k) { s[k] = 10.5; }},
        {"no rows",
         [](auto& s, std::size_t k) {
           s.resize(k + 5);
           s[k + 1] = 0;  // an empty window
           s[k + 4] = 0;
         }},
        {"55 rows",
         [](auto& s, std::size_t k) {
           s.resize(k + 4);
           s[k + 1] = 0x1p54;  // one bucket of 2^54 values in the 55th row
           s.push_back(55);
           s.insert(s.end(), 54, 0.0);
           s.insert(s.end(), {2, 0, 0});
         }},
        {"a row of an odd count of numbers",
         [](auto& s, std::size_t k) {
           s[k + 5] = 3;
           s.erase(s.begin() + static_cast<std::ptrdiff_t>(k + 9));
         }},
        {"a row of more than max_buckets buckets",
         [](auto& s, std::size_t k) {
           s[k + 1] = 11;
           s[k + 5] = 6;
           s.insert(s.begin() + static_cast<std::ptrdiff_t>(k + 10), {0.0, 0.0});
         }},
        {"a width the buckets do not hold", [](auto& s, std::size_t k) { s[k + 1] = 9; }},
        {"an empty oldest row",
         [](auto& s, std::size_t k) {
           s[k + 1] = 6;
           s[k + 15] = 0;
           s.resize(k + 16);
         }}}},
      {"ddm(warm_start=3)",
       {0, 1, 0, 0, 1, 0, 0.5, 0},
       "........",
       // n, p, p_min, s_min, ps_min
       {0x1p+1, 0x1.8p+1, 0x1.8p+1, 0x1p+1, 0x1.8p+1, 0x1p+3, 0x1p+0, 0x0p+0, 0x1p+3, 0x1.4p-2,
        0x1p-2, 0x1.bb67ae8584caap-3, 0x1.ddb3d742c2655p-2},
       {{"a count that is not whole", [](auto& s, std::size_t k) { s[k] = 8.5; }},
        {"a rate above 1", [](auto& s, std::size_t k) { s[k + 1] = 1.5; }},
        {"a rate below 0", [](auto& s, std::size_t k) { s[k + 1] = -0.1; }},
        {"a negative deviation", [](auto& s, std::size_t k) { s[k + 3] = -0.01; }}}},
      {"eddm(warm_start=2)",
       {1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0},
       ".....D......",
       // n, last error, errors, mean, variance, p2s_max, warning
       {0x1.8p+1, 0x1.8p+1, 0x1p+1, 0x1.e666666666666p-1, 0x1.ccccccccccccdp-1, 0x1.8p+2, 0x1p+0,
        0x1p+0, 0x1.8p+2, 0x1.4p+2, 0x1p+1, 0x1.4p+1, 0x1.2p+2, 0x1.af876ccdf6cd9p+2, 0x0p+0},
       {{"the last error after the rows read", [](auto& s, std::size_t k) { s[k + 1] = 7; }},
        {"more errors than rows read", [](auto& s, std::size_t k) { s[k + 2] = 7; }},
        {"a negative variance", [](auto& s, std::size_t k) { s[k + 4] = -1; }},
        {"a warning flag of 0.5", [](auto& s, std::size_t k) { s[k + 6] = 0.5; }}}},
      {"hddm_a(two_sided_test=true)",
       {0.2, 0.9, 0.1, 0.5, 1, 0, 0.3},
       ".......",
       // n, sum, n_low, sum_low, n_high, sum_high
       {0x1p+2, 0x1.8p+1, 0x1.0624dd2f1a9fcp-10, 0x1.47ae147ae147bp-8, 0x1p+0, 0x1.cp+2, 0x1p+0,
        0x0p+0, 0x1.cp+2, 0x1.8p+1, 0x1.cp+2, 0x1.8p+1, 0x1.cp+2, 0x1.8p+1},
       {{"a count that is not whole", [](auto& s, std::size_t k) { s[k] = 7.5; }},
        {"a sum above the count", [](auto& s, std::size_t k) { s[k + 1] = 8; }},
        {"a negative sum", [](auto& s, std::size_t k) { s[k + 1] = -1; }},
        {"a cut point after the rows read", [](auto& s, std::size_t k) { s[k + 2] = 8; }},
        {"a cut point's sum above its count", [](auto& s, std::size_t k) { s[k + 3] = 7.5; }},
        {"no cut point after a row",
         [](auto& s, std::size_t k) {
           s[k + 4] = 0;
           s[k + 5] = 0;
         }}}},
      {"hddm_w(two_sided_test=true)",
       {0.2, 0.9, 0.1, 0.5, 1, 0, 0.3},
       ".......",
       // n, cut_up, cut_down, then (mean, squares, started) of total, before_up, after_up,
       // before_down, after_down
       {0x1.4p+2, 0x1p+2, 0x1.0624dd2f1a9fcp-10, 0x1.47ae147ae147bp-8, 0x1.999999999999ap-5,
        0x1p+0, 0x1.cp+2, 0x1p+0, 0x0p+0, 0x1.cp+2, 0x1.a5ff605d85d02p+0, -0x1.1d0d7e200e764p+0,
        0x1.11e3c47aeeb3ap-2, 0x1.1ab2d83b6059fp-1, 0x1p+0, 0x1.11e3c47aeeb3ap-2,
        0x1.1ab2d83b6059fp-1, 0x1p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x1.11e3c47aeeb3ap-2,
        0x1.1ab2d83b6059fp-1, 0x1p+0, 0x0p+0, 0x0p+0, 0x0p+0},
       {{"a count that is not whole", [](auto& s, std::size_t k) { s[k] = 7.5; }},
        {"a started flag of 0.5", [](auto& s, std::size_t k) { s[k + 5] = 0.5; }},
        {"weights' squares above 1", [](auto& s, std::size_t k) { s[k + 4] = 1.5; }},
        {"negative weights' squares", [](auto& s, std::size_t k) { s[k + 16] = -0.1; }},
        {"an unstarted average after rows", [](auto& s, std::size_t k) { s[k + 5] = 0; }},
        {"a started average before any row", [](auto& s, std::size_t k) { s[k] = 0; }}}},
      {"page_hinkley(min_instances=2, threshold=3)",
       {1, 2, 0.5, 3, -1, 2},
       "......",
       // n, mean, sum_up, sum_down, min_up, max_down
       {0x1.8p+2, 0x1.4p+2, 0x1p+1, 0x1.47ae147ae147bp-8, 0x1.8p+1, 0x1.fff2e48e8a71ep-1, 0x0p+0,
        0x1.8p+2, 0x1p+0, 0x0p+0, 0x1.8p+2, 0x1.4p+0, -0x1.5fb0e8707d1ap-3, -0x1.c9aefb838a2e8p-4,
        -0x1.d568e245f5a61p-1, 0x1.3a71ac2b1bd51p+0},
       {{"a count that is not whole", [](auto& s, std::size_t k) { s[k] = 6.5; }},
        {"a lowest sum above the sum", [](auto& s, std::size_t k) { s[k + 4] = s[k + 2] + 1; }},
        {"a highest sum below the sum",
         [](auto& s, std::size_t k) { s[k + 5] = s[k + 3] - 1; }}}},
      {"kswin(window_size=6, stat_size=2, seed=5)",
       {1, 2, 3, 4, 5, 6, 7, 0.5},
       "........",
       // the generator's state (high, low 32 bits), statistic, p-value, the window oldest first
       {0x1.cp+2, 0x1p+2, 0x1.47ae147ae147bp-8, 0x1.8p+2, 0x1p+1, 0x1.4p+2, 0x1p+3, 0x1p+0,
        0x0p+0, 0x1.6a99b4bp+31, 0x1.f77dd106p+31, 0x1p-1, 0x1p+0, 0x1.8p+2, 0x1.8p+1, 0x1p+2,
        0x1.4p+2, 0x1.8p+2, 0x1.cp+2, 0x1p-1},
       {{"a generator's half past 32 bits", [](auto& s, std::size_t k) { s[k] = 0x1p32; }},
        {"a generator's half that is not whole", [](auto& s, std::size_t k) { s[k + 1] = 0.5; }},
        {"a statistic above 1", [](auto& s, std::size_t k) { s[k + 2] = 1.5; }},
        {"a negative p-value", [](auto& s, std::size_t k) { s[k + 3] = -0.5; }},
        {"a window longer than window_size",
         [](auto& s, std::size_t k) {
           s[k + 4] = 7;
           s.push_back(1);
         }},
        {"a count past the values", [](auto& s, std::size_t k) { s[k + 4] = 7; }},
        {"a value past the inputs' limit", [](auto& s, std::size_t k) { s[k + 6] = 1e101; }}}},
  };
  return all;
}

TEST(DriftSavedState, EachFamilySavesThePinnedNumbers) {
  ASSERT_EQ(pinned().size(), detector_names().size());
  for (const Pinned& p : pinned()) {
    auto d = testing::detector(p.spec);
    EXPECT_EQ(testing::signals(*d, p.stream), p.signals) << p.spec;
    d->update(std::nan(""));
    EXPECT_EQ(exactly(d->save()), exactly(p.state)) << p.spec;
    // The pinned numbers load, and save again as they are.
    auto loaded = testing::detector(p.spec);
    ASSERT_TRUE(loaded->load(p.state)) << p.spec;
    EXPECT_EQ(exactly(loaded->save()), exactly(p.state)) << p.spec;
  }
}

TEST(DriftSavedState, EachDamageIsRefusedAndChangesNothing) {
  for (const Pinned& p : pinned()) {
    auto target = testing::detector(p.spec);
    testing::signals(*target, {0, 1});
    const std::vector<double> before = target->save();
    const std::size_t k = statistics_start(*target);
    for (const auto& [what, damage] : p.damages) {
      std::vector<double> state = p.state;
      damage(state, k);
      const Status st = target->load(state);
      ASSERT_FALSE(st) << p.spec << ": " << what;
      EXPECT_EQ(st.message().rfind(std::string(target->name()) + ": the saved state is damaged", 0),
                0u)
          << p.spec << ": " << what << ": " << st.message();
      EXPECT_EQ(exactly(target->save()), exactly(before)) << p.spec << ": " << what;
    }
  }
}

}  // namespace
}  // namespace onepass
