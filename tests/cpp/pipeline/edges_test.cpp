// Every stage at the edges of double: every learner of the registry alone,
// +avg and +vote, and behind every scaler, on streams whose features run from 1e-300 to 1e150,
// with a constant column, an all-missing column, and one class only. Nothing a front end shows
// (prediction, weight, statistic, log-loss, snapshot value) may be NaN or infinite unless the
// learner reports that it diverged (docs/algorithms.md 2.6). Up to 1e300 nothing is NaN, and a
// learner's parameters stay finite.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

struct Stream {
  std::string what;
  std::vector<std::vector<double>> rows;
  std::vector<int> labels;
  // Beyond 1e154 a square overflows: the moment scalers' sums of squares and a raw learner's
  // margin may become infinite there (docs/limits.md); still never NaN.
  bool finite = true;
};

std::vector<Stream> streams() {
  const double nan = std::nan("");
  std::vector<Stream> out;
  Stream wide{"features from 1e-300 to 1e150", {}, {}};
  for (int r = 0; r < 60; ++r) {
    const double s = r % 3 == 0 ? -1 : 1;
    wide.rows.push_back({s * 1e-300 * (r + 1), s * 1e150 / (r + 1), 5.0, nan, 1e75 * (r % 7)});
    wide.labels.push_back(r % 2 ? 1 : -1);
  }
  out.push_back(wide);
  Stream one{"one class, huge and tiny values", {}, {}};
  for (int r = 0; r < 40; ++r) {
    one.rows.push_back({1e150 * ((r % 5) - 2) / 2, 4.9e-324 * r, 0.0, nan, -1e-308});
    one.labels.push_back(1);
  }
  out.push_back(one);
  Stream huge{"features up to 1e300", {}, {}, false};
  for (int r = 0; r < 40; ++r) {
    const double s = r % 3 == 0 ? -1 : 1;
    huge.rows.push_back({s * 1e300 / (r + 1), -s * 1e300, 1e-300 * r, 7.0});
    huge.labels.push_back(r % 2 ? 1 : -1);
  }
  out.push_back(huge);
  return out;
}

// Finite, or at least not NaN where the stream allows infinities.
bool fine(double v, bool finite) {
  return finite ? std::isfinite(v) : !std::isnan(v);
}

void expect_finite(const std::vector<double>& v, const std::string& what, bool finite) {
  for (std::size_t i = 0; i < v.size(); ++i)
    EXPECT_TRUE(fine(v[i], finite)) << what << "[" << i << "] = " << v[i];
}

void expect_finite(const Snapshot& s, const std::string& what, bool finite) {
  for (const auto& a : s.arrays)
    expect_finite(a.values, what + " " + s.name + "." + a.name, finite);
  for (const auto& [name, v] : s.scalars)
    EXPECT_TRUE(fine(v, finite)) << what << " " << s.name << "." << name << " = " << v;
}

TEST(Edges, NoStageShowsANonFiniteNumberUnlessItReportsDivergence) {
  std::vector<std::string> specs;
  std::vector<std::string> scalers;
  for (const RegistryEntry& e : registry())
    if (e.kind == StageKind::scaler) scalers.push_back(e.name);
  for (const RegistryEntry& e : registry()) {
    if (!testing::binary_learner(e)) continue;
    for (const char* mod : {"", " +avg", " +vote", " +avg +platt"})
      if (!*mod || e.takes_modifiers) specs.push_back(e.name + mod);
    for (const std::string& s : scalers) specs.push_back(s + "(warmup=10) | " + e.name);
  }
  std::size_t checked = 0;
  for (const Stream& stream : streams())
    for (const std::string& spec : specs) {
      auto built = Pipeline::build(spec);
      if (!built) {  // a scaler without warm-up has no such parameter: build it plainly
        const std::string plain = spec.substr(0, spec.find('(')) + spec.substr(spec.find(')') + 1);
        built = Pipeline::build(plain);
      }
      ASSERT_TRUE(built) << spec << ": " << built.message();
      Pipeline& p = *built.value();
      const std::string what = spec + " on " + stream.what;
      for (std::size_t r = 0; r < stream.rows.size(); ++r) {
        ASSERT_TRUE(p.learn_one(stream.rows[r].data(), stream.rows[r].size(), stream.labels[r]))
            << what;
      }
      p.finish();
      const bool finite = stream.finite;
      for (std::size_t i = 0; i < p.scaler_count(); ++i)
        expect_finite(p.scaler(i).snapshot(), what, finite);
      const double ll = p.progress().log_loss();
      if (!p.learner().diverged()) {
        expect_finite(p.learner().params(), what + " params", true);  // the guard (2.6)
        expect_finite(p.learner().snapshot(), what, true);
        EXPECT_TRUE(std::isnan(ll) || fine(ll, finite)) << what << " log-loss " << ll;
        for (const auto& row : stream.rows) {
          Result<double> s = p.score_one(row.data(), row.size());
          ASSERT_TRUE(s) << what << ": " << s.message();
          EXPECT_TRUE(fine(s.value(), finite)) << what << " score " << s.value();
        }
      }
      ++checked;
    }
  EXPECT_GT(checked, 500u);
}

// w = (1e300, 1e300) after the first row; the second row's margin is 1e600 - 1e600 = inf - inf.
// Scored frozen or learned, it is a tie (margin 0, predicting +1 by D-TIE), counted and said.
TEST(Edges, AnUndefinedMarginIsATieAndIsSaid) {
  auto p = Pipeline::build("perceptron(bias=false)").take();
  const double a[] = {1e300, 1e300}, b[] = {1e300, -1e300};
  ASSERT_TRUE(p->learn_one(a, 2, 1));
  EXPECT_EQ(p->score_one(b, 2).value(), 0.0);  // frozen: a tie too, and counted
  EXPECT_EQ(p->learn_one(b, 2, -1).value(), 1);
  EXPECT_EQ(p->progress().mistakes(), 1u);
  ASSERT_EQ(p->warnings().size(), 1u);
  EXPECT_EQ(p->warnings()[0].rfind("2 rows had an undefined margin (inf - inf", 0), 0u);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// 200 rows of 6 features (a noisy linear rule), multiplied by `k`.
void linear_rows(double k, std::vector<std::vector<double>>& rows, std::vector<int>& labels) {
  rows.clear();
  labels.clear();
  unsigned s = 7;
  auto next = [&] { return (s = s * 1103515245u + 12345u) / 4294967296.0 * 2 - 1; };
  for (int r = 0; r < 200; ++r) {
    std::vector<double> x(6);
    double z = 0;
    for (int j = 0; j < 6; ++j) {
      x[j] = next();
      z += x[j] * (j % 3 - 1);
    }
    labels.push_back(z + 0.2 * next() > 0 ? 1 : -1);
    for (double& v : x) v *= k;
    rows.push_back(x);
  }
}

struct Learned {
  std::uint64_t mistakes;
  std::vector<double> params;
  std::vector<std::string> warnings;
};

Learned learn_all(const std::string& spec, double k, bool sparse = false) {
  std::vector<std::vector<double>> rows;
  std::vector<int> labels;
  linear_rows(k, rows, labels);
  auto p = Pipeline::build(spec).take();
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (sparse) {
      std::vector<std::uint32_t> index = {0, 1, 2, 3, 4, 5};
      EXPECT_TRUE(p->learn_sparse({index.data(), rows[r].data(), 6}, 6, labels[r]));
    } else {
      EXPECT_TRUE(p->learn_one(rows[r].data(), 6, labels[r]));
    }
  }
  return {p->progress().mistakes(), p->learner().params(), p->warnings()};
}

// docs/algorithms.md 2.9: PA, ROMMA, aggressive ROMMA and PATER are scale-equivariant (rows k
// times larger give the same predictions and weights 1/k as large); with features of 1e300 the
// squared norms overflow, and the scaled rule must learn exactly what the rows of 1 learn
// (before, every weight stayed 0).
TEST(Edges, HugeMagnitudesLearnWhatTheSameRowsScaledDownLearn) {
  for (const char* spec : {"pa(bias=false)", "romma(bias=false)", "aromma(bias=false)", "pater1",
                           "pa(bias=false) +avg", "romma(bias=false) +avg"}) {
    for (bool sparse : {false, true}) {
      const Learned unit = learn_all(spec, 1.0, sparse);
      const Learned huge = learn_all(spec, 1e300, sparse);
      EXPECT_EQ(huge.mistakes, unit.mistakes) << spec;
      EXPECT_LT(unit.mistakes, 60u) << spec;
      ASSERT_EQ(huge.params.size(), unit.params.size());
      for (std::size_t j = 0; j < unit.params.size(); ++j)
        EXPECT_NEAR(huge.params[j] * 1e300, unit.params[j], 1e-9 * (1 + std::fabs(unit.params[j])))
            << spec << " w[" << j << "]";
    }
  }
  // With a bias, C or gamma the rule is not scale-free, but it still learns, finitely.
  for (const char* spec :
       {"pa1", "pa2", "carvalho_pa", "romma", "aromma", "l2 | pa1", "wpater1", "pater2"}) {
    const Learned huge = learn_all(spec, 1e300);
    EXPECT_LT(huge.mistakes, 80u) << spec;
    bool moved = false;
    for (double w : huge.params) {
      EXPECT_TRUE(std::isfinite(w)) << spec;
      moved |= w != 0;
    }
    EXPECT_TRUE(moved) << spec;
  }
  // l2 normalises the rows: the same rows at 1 and at 1e300 become the same.
  EXPECT_EQ(learn_all("l2 | pa1", 1e300).mistakes, learn_all("l2 | pa1", 1.0).mistakes);
}

// A raw learner on a constant column of 1e300 meets infinite margins; the run says so.
TEST(Edges, InfiniteMarginsAreSaid) {
  auto p = Pipeline::build("logreg").take();
  for (int r = 0; r < 20; ++r) {
    const double x[2] = {1e300, r % 2 ? 1.0 : -1.0};
    ASSERT_TRUE(p->learn_one(x, 2, r % 2 ? 1 : -1));
  }
  bool said = false;
  for (const auto& w : p->warnings()) said |= w.find("had an infinite margin") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_TRUE(learn_all("zscore | logreg", 1.0).warnings.empty());
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// One cell of 1e200 at row 100 (as found) or row 20 (inside the warm-up
// scalers' 50 rows) of a stream of 200 rows passed twice. Every scaler of the registry keeps its
// statistics and the learner's weights finite and ordinary, treats the cell as missing
// (docs/algorithms.md 2.9), counts it, and the run says so; and it learns about what the same
// stream without the cell learns (before, minmax and maxabs mapped every later value near 0,
// ewzscore's deviation became infinite, and the others handed the learner 1e200).
TEST(Edges, OneHugeCellSpoilsNoScaler) {
  for (const int at : {100, 20})
    for (const RegistryEntry& e : registry()) {
      if (e.kind != StageKind::scaler) continue;
      // A warm-up scaler fits on its first 50 rows, so that row 20 falls inside its window.
      const std::string spec =
          e.name + (testing::has_param(e, "warmup") ? "(warmup=50) | pa1" : " | pa1");
      auto built = Pipeline::build(spec);
      ASSERT_TRUE(built) << built.message();
      auto clean = built.take();
      auto spoiled = Pipeline::build(spec).take();
      std::vector<std::vector<double>> rows;
      std::vector<int> labels;
      linear_rows(1.0, rows, labels);
      for (int copy = 0; copy < 2; ++copy)
        for (std::size_t r = 0; r < rows.size(); ++r) {
          std::vector<double> x = rows[r];
          ASSERT_TRUE(clean->learn_one(x.data(), 6, labels[r]));
          if (r == static_cast<std::size_t>(at) && copy == 0) x[2] = 1e200;
          ASSERT_TRUE(spoiled->learn_one(x.data(), 6, labels[r]));
        }
      clean->finish();
      spoiled->finish();
      for (double w : spoiled->learner().params()) EXPECT_LT(std::fabs(w), 1e6) << spec;
      const PipelineState saved = spoiled->save();
      for (double v : saved.scalers[0]) EXPECT_FALSE(std::isinf(v)) << spec;
      const std::uint64_t a = clean->progress().mistakes(), b = spoiled->progress().mistakes();
      EXPECT_LE(b, a + 12) << spec;
      if (e.name == "l1" || e.name == "l2") continue;  // a row norm keeps no statistics to spoil
      EXPECT_EQ(spoiled->scaler(0).values_left_out(), 1u) << spec << " at row " << at;
      bool said = false;
      for (const auto& w : spoiled->warnings())
        said |= w.find("left 1 values out") != std::string::npos;
      EXPECT_TRUE(said) << spec;
    }
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A learner's saved values, its wrapped learner's included (+avg, +vote).
void expect_all_finite(const LearnerState& st, const std::string& what) {
  expect_finite(st.params, what + " saved params", true);
  expect_finite(st.state, what + " saved state", true);
  for (const LearnerState& inner : st.inner) expect_all_finite(inner, what + " inner");
}

// The fuzz inputs tests/fuzz/corpus/pipeline/run_state_regression_2 and _3: PATER's class
// means, kept as z += (x - z)/n, overflowed when a value of 1.7e308 followed a mean of -1e300
// (x - z = inf), then became NaN; the parameters stayed finite (the guard, docs/algorithms.md
// 2.6) but the saved state held inf and NaN, and its model file did not load back. Each class
// here sees +-1e300 and +-1.7e308 in turn between ordinary rows (4.9, 2.9): every value of the
// state stays finite, the model file loads back as it was and scores as it did.
TEST(Edges, PaterClassMeansStayFiniteNearTheLargestDouble) {
  const double big = 1.7e308, huge = 1e300;
  const std::vector<std::vector<double>> rows = {
      {0.5, -1.0, 2.0},  {-huge, huge, 0.25}, {-big, 1.0, -big},  {big, -big, 0.5},
      {huge, -2.0, big}, {-1.5, big, -huge},  {-big, -huge, 1.0}, {big, 0.75, -big},
      {1.0, -0.5, 3.0},  {-0.25, 2.0, -1.0},  {big, big, big},    {-big, -big, -big},
      {0.5, 1.5, -0.5},  {-huge, -big, big},  {huge, big, -big},  {2.0, -1.0, 0.5}};
  const std::vector<int> labels = {1, 1, 1, 1, -1, -1, -1, -1, 1, -1, 1, -1, 1, -1, 1, 1};
  std::size_t checked = 0;
  for (const char* learner : {"pater1", "pater2", "wpater1(alpha_neg=0.3)",
                              "wpater2(alpha_pos=0.5)", "pater2(linear_k=true)"})
    for (const char* mod : {"", " +avg", " +vote"}) {
      const std::string spec = std::string(learner) + mod;
      auto p = Pipeline::build(spec).take();
      for (int pass = 0; pass < 3; ++pass)
        for (std::size_t r = 0; r < rows.size(); ++r)
          ASSERT_TRUE(p->learn_one(rows[r].data(), 3, labels[r])) << spec;
      p->finish();
      // PATER-II's K is a mean of losses, kept finite: no step is reverted (before, the means'
      // inf and NaN made the guard revert 17 of its 48 rows). PATER-I's K is the row's own
      // loss, infinite where the margin is, and such a step is reverted as PA's is (2.6).
      if (spec.find("pater2") != std::string::npos)
        EXPECT_EQ(p->learner().reverted_steps(), 0u) << spec;
      expect_all_finite(p->save().learner, spec);
      expect_finite(p->learner().snapshot(), spec, true);
      const std::string json = model_to_json(*p, ModelSchema{{"a", "b", "c"}, "y", "1", "-1"});
      Result<LoadedModel> loaded = model_from_json(json);
      EXPECT_TRUE(loaded) << spec << ": " << loaded.message();
      if (!loaded) continue;
      Pipeline& back = *loaded.value().pipeline;
      EXPECT_EQ(back.save().learner.state, p->save().learner.state) << spec;
      for (const auto& row : rows) {
        const double s = p->score_one(row.data(), 3).value();
        EXPECT_EQ(back.score_one(row.data(), 3).value(), s) << spec;
        EXPECT_FALSE(std::isnan(s)) << spec;
        if (std::fabs(row[0]) < 10 && std::fabs(row[1]) < 10 && std::fabs(row[2]) < 10)
          EXPECT_TRUE(std::isfinite(s)) << spec << " score " << s;
      }
      ++checked;
    }
  EXPECT_EQ(checked, 15u);
}

// Class means of opposite signs near the largest double: z^a = z+ - z- overflows, and the step
// is taken in units of max|z| (docs/algorithms.md 2.9) rather than reverted as NaN.
TEST(Edges, PaterStepsWhenTheMeanDifferenceOverflows) {
  auto p = Pipeline::build("pater2").take();
  const double pos[] = {1.7e308}, neg[] = {-1.7e308};
  ASSERT_TRUE(p->learn_one(pos, 1, 1));
  const double w1 = p->learner().params()[0];
  EXPECT_GT(w1, 0);  // 1/1.7e308, PA's step on the positive mean
  ASSERT_TRUE(p->learn_one(neg, 1, -1));
  EXPECT_EQ(p->learner().reverted_steps(), 0u);
  EXPECT_EQ(p->save().learner.state[0], 1.0);  // n-: the row was kept
  // K = 1 (k+ = 1, k- = 0 up to rounding), z^a = 3.4e308: w moves by K/|z^a| = 1/3.4e308.
  EXPECT_NEAR(p->learner().params()[0] * 1.7e308, w1 * 1.7e308 + 0.5, 1e-6);
}

}  // namespace
}  // namespace onepass
