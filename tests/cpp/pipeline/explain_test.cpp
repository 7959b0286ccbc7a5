// A frozen prediction split into contributions (pipeline/explain.hpp, docs/algorithms.md 1.9):
// w_j z_j in the learner's own input, the largest first, the rest summed, and with the bias
// they make the score: of a yes/no model, of a multiclass model's predicted class, of a
// regression model in the target's units. Learners without a linear form are refused.
#include <cmath>

#include "models/model_json.hpp"
#include "onepass/api/scorer.hpp"
#include "pipeline/explain.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::scored;

TEST(Explain, TheLargestContributionsFirstATieToTheLowerIndexTheRestSummed) {
  // c = (2, -3, 2, 0): -3 first, then 2 and 2 in index order; 0 is never listed.
  const std::vector<double> w = {2, -3, 0.5, 0};
  const double z[] = {1, 1, 4, 7}, raw[] = {10, 20, 30, 40};
  const Explanation two = top_contributions(w, 0.25, z, raw, 2);
  ASSERT_EQ(two.top.size(), 2u);
  EXPECT_EQ(two.top[0].feature, 1u);
  EXPECT_EQ(two.top[0].value, 20);
  EXPECT_EQ(two.top[0].contribution, -3);
  EXPECT_EQ(two.top[1].feature, 0u);
  EXPECT_EQ(two.top[1].contribution, 2);
  EXPECT_EQ(two.rest, 2);  // feature 2's, and 3's 0
  EXPECT_EQ(two.bias, 0.25);
  const Explanation all = top_contributions(w, 0.25, z, raw, 5);
  ASSERT_EQ(all.top.size(), 3u);  // the non-zero ones only
  EXPECT_EQ(all.top[2].feature, 2u);
  EXPECT_EQ(all.rest, 0);
}

// A model of features a and b trained by hand on two rows, as a model file.
std::string model_of(const std::string& spec) {
  auto p = Pipeline::build(spec).take();
  const double rows[2][2] = {{2, 1}, {1, -3}};
  EXPECT_TRUE(p->learn_one(rows[0], 2, 1));
  EXPECT_TRUE(p->learn_one(rows[1], 2, -1));
  ModelSchema schema;
  schema.features = {"a", "b"};
  schema.label = "y";
  schema.positive = "yes";
  schema.negative = "no";
  return model_to_json(*p, schema);
}

TEST(Explain, APerceptronByHand) {
  // docs/algorithms.md 4.10 with a bias: (2, 1) +1 at margin 0 gives w = (2, 1), b = 1;
  // (1, -3) -1 at margin 2 - 3 + 1 = 0 gives w = (1, 4), b = 0. The row (3, -1) then
  // scores 3 - 4 = -1: b's contribution 4 * -1 = -4 first, a's 3 the rest.
  auto s = Scorer::csv(model_of("perceptron"), {}).take();
  ASSERT_TRUE(s->explain(1));
  const ScoredRows r = scored(*s, "a,b\n3,-1\n");
  ASSERT_EQ(r.explanations.size(), 1u);
  const Explanation& e = r.explanations[0];
  ASSERT_EQ(e.top.size(), 1u);
  EXPECT_EQ(e.top[0].feature, 1u);
  EXPECT_EQ(e.top[0].value, -1);
  EXPECT_EQ(e.top[0].contribution, -4);
  EXPECT_EQ(e.rest, 3);
  EXPECT_EQ(e.bias, 0);
  EXPECT_EQ(r.scores[0], -1);
  // The CSV: a group a contribution, then the rest and the bias.
  EXPECT_EQ(s->csv_header(), "line,prediction,score,feature1,value1,contribution1,rest,bias\n");
  EXPECT_EQ(s->csv_lines(r), "2,no,-1,b,-1,-4,3,0\n");
}

TEST(Explain, TheScaledInputNotTheRawOne) {
  // maxabs (docs/algorithms.md 5.7, factor 1/max|x| seen, updated before it transforms):
  // (2, 1) -> z (1, 1), margin 0, w = (1, 1), b = 1; (1, -3) -> max (2, 3), z (0.5, -1),
  // margin 0.5, so -1 updates: w = (0.5, 2), b = 0. Frozen, (4, -1.5) -> z (2, -0.5): a gives
  // 0.5 * 2 = 1 and b 2 * -0.5 = -1 (a tie: a first), the raw values as read.
  auto s = Scorer::csv(model_of("maxabs | perceptron"), {}).take();
  ASSERT_TRUE(s->explain(5));
  const ScoredRows r = scored(*s, "a,b\n4,-1.5\n");
  const Explanation& e = r.explanations.at(0);
  ASSERT_EQ(e.top.size(), 2u);  // 5 asked, 2 features
  EXPECT_EQ(e.top[0].feature, 0u);
  EXPECT_EQ(e.top[0].value, 4);
  EXPECT_DOUBLE_EQ(e.top[0].contribution, 1);
  EXPECT_EQ(e.top[1].feature, 1u);
  EXPECT_EQ(e.top[1].value, -1.5);
  EXPECT_DOUBLE_EQ(e.top[1].contribution, -1);
  EXPECT_EQ(e.rest, 0);
  EXPECT_EQ(s->csv_header(),
            "line,prediction,score,feature1,value1,contribution1,feature2,value2,contribution2,"
            "rest,bias\n");
  // A missing cell reaches the learner as 0: it contributes nothing and is not listed.
  auto t = Scorer::csv(model_of("maxabs | perceptron"), {}).take();
  ASSERT_TRUE(t->explain(5));
  const ScoredRows m = scored(*t, "a,b\n,-1.5\n");
  ASSERT_EQ(m.explanations.at(0).top.size(), 1u);
  EXPECT_EQ(m.explanations[0].top[0].feature, 1u);
  EXPECT_EQ(t->csv_lines(m), "2,no,-1,b,-1.5,-1,,,,0,0\n");
}

// The contributions, the rest and the bias add up to each row's score.
void expect_sums(const ScoredRows& r) {
  ASSERT_EQ(r.explanations.size(), r.scores.size());
  for (std::size_t i = 0; i < r.scores.size(); ++i) {
    const Explanation& e = r.explanations[i];
    double sum = e.bias + e.rest;
    for (const auto& c : e.top) sum += c.contribution;
    EXPECT_NEAR(sum, r.scores[i], 1e-9 * (1 + std::fabs(r.scores[i]))) << "row " << i;
  }
}

// Rows of three features whose label is `label(x0, x1, x2)`, as CSV text.
template <class Label>
std::string rows_csv(int n, Label label) {
  std::string out = "x0,x1,x2,y\n";
  for (int i = 0; i < n; ++i) {
    const double x0 = std::sin(i * 0.7) * 3, x1 = std::cos(i * 1.3) + 2, x2 = (i % 7) - 3;
    out += std::to_string(x0) + "," + std::to_string(x1) + "," + std::to_string(x2) + "," +
           label(x0, x1, x2) + "\n";
  }
  return out;
}

// A model trained on `csv` through a pipeline fed its rows, features named as the file does.
std::string trained(const std::string& spec, Task task, const std::string& csv) {
  CsvOptions o;
  o.task = task;
  CsvReader reader(o);
  RowBlock rows;
  EXPECT_TRUE(reader.feed(csv.data(), csv.size(), rows));
  EXPECT_TRUE(reader.finish(rows));
  auto p = Pipeline::build(spec, 0, 0, task).take();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double y = task == Task::binary ? rows.y[i] : rows.target[i];
    EXPECT_TRUE(p->learn_one(rows.row(i), rows.dims, y));
  }
  return model_to_json(*p, model_schema_of(reader));
}

TEST(Explain, SumsToTheScoreOfEachTask) {
  const auto binary = rows_csv(200, [](double a, double b, double c) {
    return a + 2 * b - c > 3 ? std::string("yes") : std::string("no");
  });
  for (const char* spec : {"zscore | logreg", "minmax | pa1 +avg", "zscore | arow +vote",
                           "zscore | logreg +platt", "robust | adagrad"}) {
    auto s = Scorer::csv(trained(spec, Task::binary, binary), {}).take();
    ASSERT_TRUE(s->explain(2)) << spec;
    SCOPED_TRACE(spec);
    expect_sums(scored(*s, binary));
  }
  // A multiclass model: the predicted class's score.
  const auto classes = rows_csv(300, [](double a, double b, double) {
    return a > 1 ? std::string("hi") : b > 2 ? std::string("mid") : std::string("lo");
  });
  for (const char* spec : {"zscore | softmax", "zscore | logreg", "zscore | mpa +avg"}) {
    auto s = Scorer::csv(trained(spec, Task::multiclass, classes), {}).take();
    ASSERT_TRUE(s->explain(1)) << spec;
    SCOPED_TRACE(spec);
    expect_sums(scored(*s, classes));
  }
  // A regression model: the number, in the target's units (docs/algorithms.md 4.27).
  const auto numbers = rows_csv(300, [](double a, double b, double c) {
    return std::to_string(1000 + 40 * a - 25 * b + 3 * c);
  });
  for (const char* spec : {"zscore | linreg", "zscore | huber +avg"}) {
    auto s = Scorer::csv(trained(spec, Task::regression, numbers), {}).take();
    ASSERT_TRUE(s->explain(3)) << spec;
    SCOPED_TRACE(spec);
    expect_sums(scored(*s, numbers));
  }
}

TEST(Explain, ARegressionModelInTheTargetsUnits) {
  // docs/algorithms.md 4.27: targets a y + c learn the same standardised targets, so each
  // contribution is a times the first model's, and the bias a b + c (to the 6 decimals the
  // targets are written with).
  const auto numbers = [](double a, double c) {
    return rows_csv(300, [a, c](double x0, double x1, double) {
      return std::to_string(a * (2 * x0 - x1) + c);
    });
  };
  auto small = Scorer::csv(trained("zscore | linreg", Task::regression, numbers(1, 0)), {}).take();
  auto large =
      Scorer::csv(trained("zscore | linreg", Task::regression, numbers(1000, 5)), {}).take();
  ASSERT_TRUE(small->explain(3));
  ASSERT_TRUE(large->explain(3));
  const ScoredRows a = scored(*small, numbers(1, 0)), b = scored(*large, numbers(1, 0));
  for (std::size_t i = 0; i < a.explanations.size(); i += 37) {
    const Explanation &e = a.explanations[i], &f = b.explanations[i];
    ASSERT_EQ(e.top.size(), f.top.size());
    for (std::size_t k = 0; k < e.top.size(); ++k) {
      EXPECT_EQ(e.top[k].feature, f.top[k].feature);
      EXPECT_NEAR(f.top[k].contribution, 1000 * e.top[k].contribution,
                  1e-4 * (1 + std::fabs(f.top[k].contribution)));
    }
    EXPECT_NEAR(f.bias, 1000 * e.bias + 5, 1e-4 * (1 + std::fabs(f.bias)));
  }
}

TEST(Explain, LearnersWithoutALinearFormAreRefusedAndCountsBounded) {
  for (const char* spec : {"winnow", "zscore | nag", "zscore | fs"}) {
    auto s = Scorer::csv(model_of(spec), {}).take();
    const std::string header = s->csv_header();
    const Status st = s->explain(5);
    EXPECT_NE(st.message().find("its predictions cannot be split into contributions"),
              std::string::npos)
        << spec << ": " << st.message();
    EXPECT_EQ(s->csv_header(), header);  // nothing changed
  }
  auto s = Scorer::csv(model_of("perceptron"), {}).take();
  EXPECT_EQ(s->explain(0).message(), "explain lists 1 to 1000 contributions a row, not 0");
  EXPECT_FALSE(s->explain(kMaxExplainCount + 1));
}

}  // namespace
}  // namespace onepass
