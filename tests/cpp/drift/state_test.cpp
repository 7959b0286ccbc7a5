// The detectors' registry, parameters, inputs and state (docs/algorithms.md 6.8): River's
// defaults, clear errors for bad parameters, skipped inputs, a saved state that resumes
// exactly and is refused when it does not fit, and reset.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "drift_util.hpp"

namespace onepass {
namespace {

using testing::detector;

// ---- registry and parameters ----

TEST(DriftRegistry, NamesDefaultsAndSections) {
  EXPECT_EQ(detector_names(), (std::vector<std::string>{"adwin", "ddm", "eddm", "hddm_a", "hddm_w",
                                                        "page_hinkley", "kswin"}));
  for (const DetectorEntry& e : detector_registry()) {
    // A Config{} starts at the declared defaults, so building one directly is River's default.
    EXPECT_TRUE(drifted_fields(e.fields, e.initial_config.data()).empty()) << e.name;
    EXPECT_EQ(std::string(e.spec).rfind("6.8.", 0), 0u) << e.name;
    auto d = make_detector(e.name);
    ASSERT_TRUE(d) << d.message();
    EXPECT_EQ(d.value()->name(), e.name);
    EXPECT_EQ(d.value()->parameter_values().size(), e.params.size()) << e.name;
  }
}

TEST(DriftRegistry, RiversDefaults) {
  using V = std::vector<double>;
  auto values = [](const char* spec) { return detector(spec)->parameter_values(); };
  // delta, clock, max_buckets, min_window_length, grace_period
  EXPECT_EQ(values("adwin"), (V{0.002, 32, 5, 5, 10}));
  EXPECT_EQ(values("ddm"), (V{30, 2, 3}));        // warm_start, warning_, drift_threshold
  EXPECT_EQ(values("eddm"), (V{30, 0.95, 0.9}));  // warm_start, alpha, beta
  // drift_confidence, warning_confidence, (lambda_val,) two_sided_test
  EXPECT_EQ(values("hddm_a"), (V{0.001, 0.005, 0}));
  EXPECT_EQ(values("hddm_w"), (V{0.001, 0.005, 0.05, 0}));
  // min_instances, delta, threshold, alpha, mode (both)
  EXPECT_EQ(values("page_hinkley"), (V{30, 0.005, 50, 1 - 0.0001, 0}));
  EXPECT_EQ(values("kswin"), (V{0.005, 100, 30, 1}));  // alpha, window_size, stat_size, seed
  // A spec sets a parameter, and the rest keep their defaults.
  EXPECT_EQ(values("adwin(delta=0.01, clock=1)"), (V{0.01, 1, 5, 5, 10}));
  EXPECT_EQ(values("page_hinkley(mode=down)")[4], 2);
}

TEST(DriftRegistry, BadParametersAreNamed) {
  // Each spec, and words its message must hold.
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"adwin(delta=0)", {"adwin", "'delta'", "(0, 1)"}},
      {"adwin(delta=1)", {"'delta'"}},
      {"adwin(clock=0)", {"'clock'"}},
      {"adwin(clock=1.5)", {"'clock'", "whole number"}},
      {"adwin(min_window_length=0)", {"'min_window_length'"}},
      {"adwin(max_buckets=0)", {"'max_buckets'"}},
      {"ddm(warning_threshold=3)", {"ddm", "warning_threshold (3)", "drift_threshold (3)"}},
      {"ddm(warning_threshold=4, drift_threshold=3.5)", {"warning_threshold", "below"}},
      {"ddm(drift_threshold=-1)", {"'drift_threshold'"}},
      {"eddm(beta=0.95)", {"eddm", "beta (0.95", "alpha (0.95"}},
      {"eddm(alpha=1.5)", {"'alpha'"}},
      {"hddm_a(warning_confidence=0.001)",
       {"hddm_a", "warning_confidence (0.001)", "drift_confidence (0.001)"}},
      {"hddm_w(drift_confidence=0.01)", {"hddm_w", "warning_confidence", "drift_confidence"}},
      {"hddm_a(drift_confidence=1)", {"'drift_confidence'"}},
      {"hddm_w(lambda_val=0)", {"'lambda_val'"}},
      {"hddm_w(two_sided_test=maybe)", {"'two_sided_test'", "true or false"}},
      {"page_hinkley(threshold=0)", {"'threshold'"}},
      {"page_hinkley(alpha=1.5)", {"'alpha'"}},
      {"page_hinkley(mode=sideways)", {"'mode'", "both, up, down"}},
      {"page_hinkley(min_instances=0)", {"'min_instances'"}},
      {"kswin(stat_size=51)", {"kswin", "stat_size (51)", "window_size (100)"}},
      {"kswin(window_size=30)", {"stat_size (30)", "window_size (30)"}},
      {"kswin(alpha=0)", {"'alpha'"}},
      {"kswin(seed=-1)", {"'seed'"}},
      {"adwin(foo=1)", {"unknown parameter 'foo'", "delta, clock"}},
      {"adwin(delta=0.1, delta=0.2)", {"'delta' is given twice"}},
      {"adwn",
       {"unknown drift detector 'adwn'", "adwin, ddm, eddm, hddm_a, hddm_w, page_hinkley, kswin"}},
      {"adwin | ddm", {"one detector"}},
      {"adwin(", {"drift detector spec"}},
  };
  for (const auto& [spec, words] : cases) {
    auto d = parse_detector(spec);
    ASSERT_FALSE(d) << spec;
    for (const std::string& w : words)
      EXPECT_NE(d.message().find(w), std::string::npos) << spec << ": " << d.message();
  }
  // At the edges: stat_size may be half the window; a warning level just below the drift level.
  EXPECT_TRUE(parse_detector("kswin(window_size=60, stat_size=30)"));
  EXPECT_TRUE(parse_detector("ddm(warning_threshold=2.99)"));
  EXPECT_TRUE(make_detector("hddm_w", {{"warning_confidence", "0.0011"}}));
}

// ---- inputs ----

TEST(DriftInputs, OutsideValuesAreSkippedAndCounted) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto ddm = detector("ddm");  // [0, 1]
  for (double x : {nan, 1.5, -0.1, inf}) EXPECT_EQ(ddm->update(x), DriftSignal::none);
  EXPECT_EQ(ddm->ignored(), 4u);
  EXPECT_EQ(ddm->rows(), 0u);
  ddm->update(0.25);  // a loss in [0, 1] is read
  EXPECT_EQ(ddm->rows(), 1u);
  auto eddm = detector("eddm");  // 0 or 1
  EXPECT_FALSE(eddm->accepts(0.5));
  EXPECT_TRUE(eddm->accepts(1));
  auto adwin = detector("adwin");  // any number up to 1e100 in magnitude
  EXPECT_TRUE(adwin->accepts(-1e100));
  EXPECT_TRUE(adwin->accepts(7.5));
  for (double x : {nan, inf, -inf, 1.1e100}) EXPECT_FALSE(adwin->accepts(x)) << x;
}

// ---- state ----

// 4000 rows of Bernoulli errors whose rate changes every 700 rows.
std::vector<double> changing_stream() {
  SeededRandom random(99);
  const double rates[] = {0.1, 0.6, 0.3, 0.8, 0.2, 0.9};
  std::vector<double> xs;
  for (int row = 0; row < 4000; ++row) xs.push_back(testing::bernoulli(random, rates[row / 700]));
  return xs;
}

// Parameters that make each detector signal often, so that resuming has much to agree on.
const char* const kBusy[] = {"adwin(clock=1)",
                             "ddm",
                             "eddm",
                             "hddm_a(two_sided_test=true)",
                             "hddm_w(two_sided_test=true)",
                             "page_hinkley(threshold=5)",
                             "kswin(seed=7)"};

TEST(DriftState, SavedMidStreamResumesExactly) {
  const std::vector<double> xs = changing_stream();
  for (const char* spec : kBusy) {
    for (std::size_t cut :
         {std::size_t{0}, std::size_t{333}, std::size_t{1500}, std::size_t{2999}}) {
      auto whole = detector(spec);
      for (std::size_t i = 0; i < cut; ++i) whole->update(xs[i]);
      auto resumed = detector(spec);
      ASSERT_TRUE(resumed->load(whole->save())) << spec;
      EXPECT_EQ(resumed->save(), whole->save()) << spec;
      EXPECT_EQ(resumed->rows(), whole->rows());
      EXPECT_EQ(resumed->drifts(), whole->drifts());
      std::string a, b;
      for (std::size_t i = cut; i < xs.size(); ++i) {
        a += static_cast<char>('0' + static_cast<int>(whole->update(xs[i])));
        b += static_cast<char>('0' + static_cast<int>(resumed->update(xs[i])));
      }
      EXPECT_EQ(a, b) << spec << " cut at " << cut;
      EXPECT_NE(a.find('2'), std::string::npos) << spec << ": no drift after " << cut;
      EXPECT_EQ(resumed->save(), whole->save()) << spec;
    }
  }
}

TEST(DriftState, LoadRefusesWhatDoesNotFitAndChangesNothing) {
  const std::vector<double> xs = changing_stream();
  for (const char* spec : kBusy) {
    auto d = detector(spec);
    for (std::size_t i = 0; i < 1234; ++i) d->update(xs[i]);
    const std::vector<double> good = d->save();
    auto target = detector(spec);
    for (std::size_t i = 0; i < 100; ++i) target->update(xs[i]);
    const std::vector<double> before = target->save();

    std::vector<std::pair<std::string, std::vector<double>>> bad;
    bad.push_back({"empty", {}});
    bad.push_back({"short", std::vector<double>(good.begin(), good.end() - 1)});
    std::vector<double> longer = good;
    longer.push_back(0);
    bad.push_back({"long", longer});
    std::vector<double> nan = good;
    nan.back() = std::nan("");
    bad.push_back({"NaN", nan});
    std::vector<double> other = good;
    other[0] = other[0] == 1 ? 2 : 1;  // another family's code
    bad.push_back({"other detector", other});
    std::vector<double> param = good;
    param[2] += 1;  // the first parameter's value
    bad.push_back({"other parameters", param});
    for (const auto& [what, state] : bad) {
      const Status st = target->load(state);
      EXPECT_FALSE(st) << spec << ": " << what;
      EXPECT_EQ(st.message().rfind(std::string(target->name()) + ": ", 0), 0u) << st.message();
      EXPECT_EQ(target->save(), before) << spec << ": " << what;
    }
  }
}

TEST(DriftState, MessagesSayWhatDoesNotFit) {
  auto ddm = detector("ddm");
  const Status other = ddm->load(detector("adwin")->save());
  EXPECT_NE(other.message().find("it is adwin's"), std::string::npos) << other.message();
  auto adwin = detector("adwin");
  const Status param = adwin->load(detector("adwin(delta=0.01)")->save());
  EXPECT_NE(param.message().find("delta=0.01, this detector delta=0.002"), std::string::npos)
      << param.message();
  // Values out of place: DDM's error rate of 2, EDDM's warning flag of 0.5, a KSWIN window
  // longer than window_size.
  std::vector<double> s = ddm->save();
  s[9] = 2;  // code, 3 parameters and their count, 3 counters, n, then p
  EXPECT_FALSE(ddm->load(s));
  auto eddm = detector("eddm");
  s = eddm->save();
  s.back() = 0.5;
  EXPECT_FALSE(eddm->load(s));
  auto kswin = detector("kswin(window_size=4, stat_size=2)");
  s = kswin->save();  // ..., rng high, rng low, statistic, p-value, count 0
  s.back() = 5;
  s.insert(s.end(), 5, 0.0);
  EXPECT_FALSE(kswin->load(s));
  s.pop_back();
  EXPECT_FALSE(kswin->load(s));  // the count says 5, 4 values follow
}

TEST(DriftState, ResetGivesAFreshDetector) {
  const std::vector<double> xs = changing_stream();
  for (const char* spec : kBusy) {
    auto d = detector(spec);
    for (double x : xs) d->update(x);
    d->update(std::nan(""));
    EXPECT_GT(d->drifts(), 0u) << spec;
    d->reset();
    EXPECT_EQ(d->save(), detector(spec)->save()) << spec;
    EXPECT_EQ(d->rows() + d->ignored() + d->drifts(), 0u);
    // And it runs as a fresh one does.
    auto fresh = detector(spec);
    std::string a, b;
    for (double x : xs) {
      a += static_cast<char>('0' + static_cast<int>(d->update(x)));
      b += static_cast<char>('0' + static_cast<int>(fresh->update(x)));
    }
    EXPECT_EQ(a, b) << spec;
  }
}

TEST(DriftState, CountersFollowTheStream) {
  auto ddm = detector("ddm(warm_start=2)");
  testing::signals(*ddm, {1, 0, 0, 0, 0, 1, 1, 1, 1, 1});  // a drift on the 10th (traces_test)
  EXPECT_EQ(ddm->drifts(), 1u);
  EXPECT_EQ(ddm->rows(), 0u);
  testing::signals(*ddm, {0, 0, 0});
  EXPECT_EQ(ddm->rows(), 3u);
}

TEST(DriftState, KswinDrawsAreSeeded) {
  const std::vector<double> xs = changing_stream();
  auto a = detector("kswin(seed=3)"), b = detector("kswin(seed=3)"), c = detector("kswin(seed=4)");
  std::string sa, sb, sc;
  for (double x : xs) {
    sa += static_cast<char>('0' + static_cast<int>(a->update(x)));
    sb += static_cast<char>('0' + static_cast<int>(b->update(x)));
    sc += static_cast<char>('0' + static_cast<int>(c->update(x)));
  }
  EXPECT_EQ(sa, sb);
  EXPECT_EQ(a->save(), b->save());
  EXPECT_NE(a->save(), c->save());  // other draws, so another generator state
}

}  // namespace
}  // namespace onepass
