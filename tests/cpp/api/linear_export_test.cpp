// A trained pipeline as a linear model (api/linear_export.hpp, docs/algorithms.md 1.7): the
// linear form scores every row as the pipeline does (missing cells included), the folded
// weights of the JSON export too, and pipelines without an exact form are refused by name.
#include "onepass/api/linear_export.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "test_util.hpp"

namespace onepass {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kDims = 4;

// Rows of 4 features of different scales (feature 3 binary, feature 4 sometimes missing) and
// a label that depends on them.
std::vector<std::vector<double>> rows_of(int n, unsigned seed, std::vector<int>& labels) {
  std::vector<std::vector<double>> rows;
  labels.clear();
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    const double u = ((seed >> 8) % 10000) / 10000.0;
    seed = seed * 1103515245u + 12345u;
    const double v = ((seed >> 8) % 10000) / 10000.0;
    std::vector<double> x = {1000 * u + 50, v - 0.5, (seed >> 20) % 2 ? 1.0 : 0.0,
                             i % 7 == 3 ? kNaN : 3 * u - 2 * v};
    labels.push_back(u + 0.3 * x[2] - v > 0.4 ? 1 : -1);
    rows.push_back(x);
  }
  return rows;
}

std::unique_ptr<Pipeline> trained(const std::string& spec) {
  auto built = Pipeline::build(spec);
  EXPECT_TRUE(built) << spec << ": " << built.message();
  auto p = built.take();
  std::vector<int> y;
  const auto rows = rows_of(300, 7, y);
  for (std::size_t i = 0; i < rows.size(); ++i)
    EXPECT_TRUE(p->learn_one(rows[i].data(), kDims, y[i]));
  return p;
}

// The margin of the linear form as the ONNX graph computes it.
double margin_of(const LinearModel& m, std::vector<double> z) {
  for (const auto& s : m.steps)
    for (std::size_t j = 0; j < z.size(); ++j) z[j] = (z[j] - s.shift[j]) * s.factor[j];
  double out = m.b;
  for (std::size_t j = 0; j < z.size(); ++j) out += m.w[j] * (std::isnan(z[j]) ? 0.0 : z[j]);
  return out;
}

TEST(LinearExport, ScoresEveryRowAsThePipelineDoes) {
  for (const std::string spec : {"zscore | logreg",
                                 "minmax | pa1 +avg",
                                 "maxabs | perceptron",
                                 "pareto | romma",
                                 "vast | pa",
                                 "level | arow",
                                 "twosd | logreg +vote",
                                 "zscore | fs2",
                                 "zscore | fs3",
                                 "zscore | pater1",
                                 "zscore | minmax | scw1",
                                 "adagrad",
                                 "zscore | ftrl",
                                 "zscore | aromma +avg",
                                 "maxabs | carvalho_pa",
                                 "robust | logreg",
                                 "ewzscore | pa1",
                                 "zscore | pa2 +avg +platt",
                                 "minmax | perceptron +platt",
                                 "zscore | pa2 +avg +temperature"}) {
    SCOPED_TRACE(spec);
    const auto p = trained(spec);
    ModelSchema schema;
    schema.features = {"a", "b", "c", "d"};
    schema.positive = "yes";
    schema.negative = "no";
    auto exported = linear_model(*p, schema);
    ASSERT_TRUE(exported) << exported.message();
    const LinearModel& m = exported.value();
    EXPECT_EQ(m.features, schema.features);
    EXPECT_EQ(m.logistic, p->has_probability());
    const auto json = nlohmann::json::parse(linear_model_json(m));
    EXPECT_EQ(json["format"], "onepass-linear");
    EXPECT_EQ(json["positive"], "yes");
    std::vector<int> y;
    for (const auto& x : rows_of(100, 99, y)) {
      const double want = p->score_one(x.data(), kDims).value();
      EXPECT_NEAR(margin_of(m, x), want, 1e-9 * (1 + std::fabs(want)));
      // The folded weights: coef . x + intercept, a missing cell given its `missing` value.
      double folded = json["intercept"].get<double>();
      for (std::size_t j = 0; j < kDims; ++j) {
        const double xj =
            std::isnan(x[j])
                ? (json["missing"][j].is_null() ? 0.0 : json["missing"][j].get<double>())
                : x[j];
        folded += json["coef"][j].get<double>() * xj;
      }
      EXPECT_NEAR(folded, want, 1e-7 * (1 + std::fabs(want)));
    }
  }
}

TEST(LinearExport, RanksTheFeaturesByTheirEffectOnTheScaledInput) {
  // docs/algorithms.md 1.7: the effect is |w_j| on the scaled input, |coef_j| times the
  // spread the scalers divide by (|coef_j| without a scaler), the largest first.
  ModelSchema schema;
  schema.features = {"a", "b", "c", "d"};
  for (const std::string spec : {"zscore | logreg", "logreg"}) {
    SCOPED_TRACE(spec);
    const auto p = trained(spec);
    const LinearModel m = linear_model(*p, schema).take();
    const auto json = nlohmann::json::parse(linear_model_json(m));
    const auto& ranking = json["ranking"];
    ASSERT_EQ(ranking.size(), kDims);
    double last = INFINITY;
    for (const auto& r : ranking) {
      const std::size_t j = std::find(schema.features.begin(), schema.features.end(),
                                      r["feature"].get<std::string>()) -
                            schema.features.begin();
      ASSERT_LT(j, kDims);
      const double effect = r["effect"].get<double>(), coef = json["coef"][j].get<double>();
      EXPECT_EQ(effect, std::fabs(m.w[j]));
      double factor = 1;
      for (const auto& step : m.steps) factor *= step.factor[j];
      EXPECT_NEAR(effect, std::fabs(coef) / std::fabs(factor), 1e-9 * (1 + effect));
      EXPECT_LE(effect, last);  // the largest first
      last = effect;
    }
  }
}

TEST(LinearExport, RefusesWhatHasNoExactLinearForm) {
  const std::pair<const char*, const char*> refused[] = {
      {"impute | logreg", "scaler 1 (impute) is not an affine map per feature"},
      {"zscore | lp | logreg", "scaler 2 (lp) is not an affine map"},
      {"minmax(clip=true) | pa", "scaler 1 (minmax) is not an affine map"},
      {"l2 | pa", "scaler 1 (l2) is not an affine map"},
      {"zscore | nag", "the learner (nag) has no margin of the form w.x + b"},
      {"maxabs | bwinnow", "the learner (bwinnow) has no margin"},
      {"zscore | fs", "the learner (fs) has no margin"},
  };
  for (const auto& [spec, message] : refused) {
    SCOPED_TRACE(spec);
    const auto p = trained(spec);
    auto exported = linear_model(*p, ModelSchema{});
    ASSERT_FALSE(exported);
    EXPECT_NE(exported.message().find(message), std::string::npos) << exported.message();
  }
  auto empty = Pipeline::build("zscore | logreg").take();
  EXPECT_EQ(linear_model(*empty, ModelSchema{}).message(),
            "the model has no features (it has learned no row)");
}

TEST(LinearExport, NamesFeaturesAndLabelsWhenTheSchemaHasNone) {
  const auto p = trained("zscore | logreg");
  const LinearModel m = linear_model(*p, ModelSchema{}).take();
  EXPECT_EQ(m.features, (std::vector<std::string>{"x1", "x2", "x3", "x4"}));
  EXPECT_EQ(m.positive, "1");
  EXPECT_EQ(m.negative, "-1");
  // An ONNX ModelProto: ir_version 7 first (field 1, varint), the producer next.
  const std::string onnx = onnx_model(m);
  EXPECT_EQ(onnx.substr(0, 2), std::string("\x08\x07", 2));
  EXPECT_EQ(onnx.substr(2, 9), std::string("\x12\x07onepass", 9));
}

}  // namespace
}  // namespace onepass
