// Every stage at the edges of double (issue 20, item 4): every learner of the registry alone,
// +avg and +vote, and behind every scaler, on streams whose features run from 1e-300 to 1e150,
// with a constant column, an all-missing column, and one class only. Nothing a front end shows
// (prediction, weight, statistic, log-loss, snapshot value) may be NaN or infinite unless the
// learner reports that it diverged (docs/algorithms.md 2.6). Up to 1e300 nothing is NaN, and a
// learner's parameters stay finite.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "onepass/pipeline.hpp"
#include "onepass/registry.hpp"

namespace onepass {
namespace {

struct Stream {
  std::string what;
  std::vector<std::vector<double>> rows;
  std::vector<int> labels;
  // Beyond 1e154 a square overflows: the moment scalers' sums of squares and a raw learner's
  // margin may become infinite there (README.md "Limits"); still never NaN.
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
    if (e.kind != StageKind::learner) continue;
    for (const char* mod : {"", " +avg", " +vote"}) specs.push_back(e.name + mod);
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
