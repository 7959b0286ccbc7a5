// Merging models of the multiclass and regression tasks (docs/algorithms.md 3.4): the weighted
// rules by hand, a tree of merges as a flat one, classes united by name, the base of a round,
// and the models that do not merge.
#include <cmath>

#include "models/model_json.hpp"
#include "models/model_test_util.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_close;

struct Row {
  double x0, x1;
  std::string label;  // a class's name, or a regression target as text
};

// Three classes apart in the plane, with a little noise that the row's index decides.
Row row_of(const std::string& cls, int i) {
  const double noise0 = 0.3 * std::sin(12.9898 * i), noise1 = 0.3 * std::cos(78.233 * i);
  if (cls == "a") return {2 + noise0, noise1, cls};
  if (cls == "b") return {noise0, 2 + noise1, cls};
  return {-2 + noise0, -2 + noise1, cls};
}

// `count` rows of the classes in `order`, in turn, from index `from`.
std::vector<Row> rows_of(const std::vector<std::string>& order, int count, int from = 0) {
  std::vector<Row> rows;
  for (int i = 0; i < count; ++i) rows.push_back(row_of(order[i % order.size()], from + i));
  return rows;
}

ModelSchema schema_of(Task task, const std::vector<std::string>& classes,
                      const std::string& label = "y") {
  ModelSchema schema;
  schema.features = {"f0", "f1"};
  schema.label = label;
  schema.task = task;
  schema.classes = classes;
  return schema;
}

// A multiclass model of `spec` that learned `rows`, its classes numbered in the order they first
// appear (docs/algorithms.md 1.8); it continues the model `from` when one is given. `weights`:
// given class weights by name.
std::string multiclass(const std::string& spec, const std::vector<Row>& rows,
                       const std::string& from = "",
                       const std::vector<std::pair<std::string, double>>& weights = {}) {
  std::unique_ptr<Pipeline> p;
  std::vector<std::string> classes;
  if (from.empty()) {
    p = Pipeline::build(spec, 0, 0, Task::multiclass).take();
    if (!weights.empty()) EXPECT_TRUE(p->set_class_weights(ClassWeights::given()));
  } else {
    auto m = model_from_json(from);
    EXPECT_TRUE(m) << m.message();
    p = std::move(m.value().pipeline);
    classes = m.value().schema.classes;
  }
  for (const Row& r : rows) {
    auto at = std::find(classes.begin(), classes.end(), r.label);
    if (at == classes.end()) {
      classes.push_back(r.label);
      at = classes.end() - 1;
      for (const auto& [name, w] : weights)
        if (name == r.label) p->weigh_class(classes.size() - 1, w);
    }
    const double x[] = {r.x0, r.x1};
    EXPECT_TRUE(p->learn_one(x, 2, static_cast<double>(at - classes.begin())));
  }
  return model_to_json(*p, schema_of(Task::multiclass, classes));
}

// A regression model of `spec` that learned y = 3 x0 - 2 x1 + shift (with noise) on `count`
// rows from index `from`.
std::string regression(const std::string& spec, int count, int from, double shift,
                       const std::string& label = "y") {
  auto p = Pipeline::build(spec, 0, 0, Task::regression).take();
  for (int i = from; i < from + count; ++i) {
    const Row r = row_of(i % 2 ? "a" : "b", i);
    const double x[] = {r.x0, r.x1};
    EXPECT_TRUE(p->learn_one(x, 2, 3 * r.x0 - 2 * r.x1 + shift + std::sin(3.7 * i)));
  }
  return model_to_json(*p, schema_of(Task::regression, {}, label));
}

LoadedModel loaded(const std::string& text) {
  auto m = model_from_json(text);
  EXPECT_TRUE(m) << m.message();
  return m.take();
}

std::string merged_text(const std::vector<std::string>& texts, const MergeOptions& options = {}) {
  auto m = merge_models(texts, options);
  EXPECT_TRUE(m) << m.message();
  return m ? m.value() : std::string();
}

PipelineState merged(const std::vector<std::string>& texts, const MergeOptions& options = {}) {
  return loaded(merged_text(texts, options)).pipeline->save();
}

// The class a model predicts for a row, by name.
std::string predicted(const LoadedModel& m, const Row& r) {
  const double x[] = {r.x0, r.x1};
  std::vector<double> scores, p;
  auto k = m.pipeline->predict_target(x, SparseRow{}, scores, p);
  EXPECT_TRUE(k) << k.message();
  return k ? m.schema.classes.at(static_cast<std::size_t>(k.value())) : std::string();
}

double predicted_value(const LoadedModel& m, double x0, double x1) {
  const double x[] = {x0, x1};
  std::vector<double> scores, p;
  auto v = m.pipeline->predict_target(x, SparseRow{}, scores, p);
  EXPECT_TRUE(v) << v.message();
  return v ? v.value() : NAN;
}

// docs/algorithms.md 3.4 by hand: softmax's weights, biases and update count are the rows'
// weighted mean, (3 a + 2 b) / 5; its row count T is the merged model's rows.
TEST(TaskMerge, SoftmaxWeighsEachModelByItsRows) {
  const std::string a = multiclass("softmax", rows_of({"a", "b"}, 3));
  const std::string b = multiclass("softmax", rows_of({"a", "b"}, 2, 10));
  const PipelineState sa = loaded(a).pipeline->save(), sb = loaded(b).pipeline->save();
  const PipelineState m = merged({a, b});
  ASSERT_EQ(m.outputs, 2u);
  ASSERT_EQ(m.learner.params.size(), 6u);  // [w_a (2), w_b (2), b_a, b_b]
  std::vector<double> want;
  for (std::size_t i = 0; i < 6; ++i)
    want.push_back((3 * sa.learner.params[i] + 2 * sb.learner.params[i]) / 5);
  expect_close(m.learner.params, want, 1e-15);
  ASSERT_EQ(m.learner.state.size(), 2u);  // [T, updates]
  EXPECT_EQ(m.learner.state[0], 5);
  EXPECT_NEAR(m.learner.state[1], (3 * 3 + 2 * 2) / 5.0, 1e-15);
  TaskProgress progress(Task::multiclass);
  ASSERT_TRUE(progress.load(m.progress));
  EXPECT_EQ(progress.rows(), 5u);
}

// docs/algorithms.md 3.4 by hand: pareg2's target statistics pool as a z-score's (MERGE-n, -m,
// -s), and its weights merge in the target's units, so that the merged model predicts the
// models' predictions weighted by their rows.
TEST(TaskMerge, RegressionPoolsItsTargetAndMergesInTheTargetsUnits) {
  const std::string a = regression("pareg2", 3, 0, 10), b = regression("pareg2", 2, 3, 40);
  const LoadedModel la = loaded(a), lb = loaded(b);
  const PipelineState sa = la.pipeline->save(), sb = lb.pipeline->save();
  const LoadedModel lm = loaded(merged_text({a, b}));
  const PipelineState m = lm.pipeline->save();
  // [w_0, w_1, b]; [T, n, mean, M2].
  ASSERT_EQ(m.learner.params.size(), 3u);
  ASSERT_EQ(m.learner.state.size(), 4u);
  const std::vector<double>& ta = sa.learner.state;
  const std::vector<double>& tb = sb.learner.state;
  const double mean = (3 * ta[2] + 2 * tb[2]) / 5;
  const double m2 =
      ta[3] + tb[3] + 3 * (ta[2] - mean) * (ta[2] - mean) + 2 * (tb[2] - mean) * (tb[2] - mean);
  expect_close(m.learner.state, {5, 5, mean, m2}, 1e-14);
  const double sd_a = std::sqrt(ta[3] / 3), sd_b = std::sqrt(tb[3] / 2), sd = std::sqrt(m2 / 5);
  for (std::size_t j = 0; j < 2; ++j)
    EXPECT_NEAR(m.learner.params[j],
                (0.6 * sd_a * sa.learner.params[j] + 0.4 * sd_b * sb.learner.params[j]) / sd,
                1e-14);
  EXPECT_NEAR(m.learner.params[2],
              (0.6 * (ta[2] + sd_a * sa.learner.params[2]) +
               0.4 * (tb[2] + sd_b * sb.learner.params[2]) - mean) /
                  sd,
              1e-14);
  for (const auto& [x0, x1] : {std::pair{1.0, 2.0}, {-3.0, 0.5}, {0.0, 0.0}})
    EXPECT_NEAR(predicted_value(lm, x0, x1),
                0.6 * predicted_value(la, x0, x1) + 0.4 * predicted_value(lb, x0, x1), 1e-12);
}

// A tree of merges is the flat merge (the rows add up; T and the target's statistics too).
TEST(TaskMerge, ATreeOfMergesIsTheFlatMerge) {
  const std::vector<std::string> order = {"a", "b", "c"};
  const std::pair<const char*, bool> specs[] = {
      {"zscore | softmax +avg", false}, {"zscore | logreg", false}, {"zscore | pareg2 +avg", true}};
  for (const auto& [spec, numbers] : specs) {
    SCOPED_TRACE(spec);
    std::string a, b, c;
    if (numbers) {
      a = regression(spec, 40, 0, 5), b = regression(spec, 25, 40, 8);
      c = regression(spec, 31, 65, 12);
    } else {
      a = multiclass(spec, rows_of(order, 40)), b = multiclass(spec, rows_of(order, 25, 40));
      c = multiclass(spec, rows_of(order, 31, 65));
    }
    const PipelineState flat = merged({a, b, c});
    const PipelineState tree = merged({merged_text({a, b}), c});
    const PipelineState other = merged({a, merged_text({c, b})});
    for (const PipelineState* t : {&tree, &other}) {
      expect_close(t->learner, flat.learner, 1e-12);
      expect_close(t->scalers[0], flat.scalers[0], 1e-12);
      expect_close(t->progress, flat.progress, 1e-12);
    }
    EXPECT_EQ(flat.outputs, numbers ? 1u : 3u);
  }
}

// docs/algorithms.md 3.4: classes merge by name, over their union in the first model's order;
// a class's output is weighed over the models that learned it.
TEST(TaskMerge, ClassesMergeByNameOverTheirUnion) {
  for (const std::string spec : {"zscore | softmax", "zscore | mpa1 +avg", "zscore | logreg"}) {
    SCOPED_TRACE(spec);
    // The same classes, in other orders.
    const std::string a = multiclass(spec, rows_of({"a", "b", "c"}, 60));
    const std::string b = multiclass(spec, rows_of({"c", "a", "b"}, 45, 60));
    const LoadedModel m = loaded(merged_text({a, b}));
    // The union in the first model's order (the canonical order's first: either).
    EXPECT_TRUE(m.schema.classes == loaded(a).schema.classes ||
                m.schema.classes == loaded(b).schema.classes);
    for (int i = 0; i < 30; ++i)
      for (const std::string cls : {"a", "b", "c"})
        EXPECT_EQ(predicted(m, row_of(cls, 500 + i)), cls);
    // Other classes: one of the models never saw "a", the other never saw "c".
    const std::string ab = multiclass(spec, rows_of({"b", "a"}, 40));
    const std::string bc = multiclass(spec, rows_of({"c", "b"}, 40, 40));
    const LoadedModel u = loaded(merged_text({ab, bc}));
    std::vector<std::string> sorted = u.schema.classes;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::string>{"a", "b", "c"}));
    for (int i = 0; i < 30; ++i)
      for (const std::string cls : {"a", "b", "c"})
        EXPECT_EQ(predicted(u, row_of(cls, 700 + i)), cls);
  }
}

// A CSV's model: its encoder's levels and its classes as the file shows them.
std::string csv_model(const std::string& spec, const std::string& csv) {
  auto runner = CsvRunner::create({}, {spec}).take();
  EXPECT_TRUE(runner->push(csv.data(), csv.size()));
  EXPECT_TRUE(runner->finish());
  return model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
}

// Models of a CSV with a categorical column merge over the union of their levels and of their
// classes at once (design.md 10.5, docs/algorithms.md 3.4).
TEST(TaskMerge, EncodedFeaturesAndClassesMergeOverTheirUnions) {
  std::string first = "x,color,kind\n", second = first;
  const char* colors[] = {"red", "green", "blue"};
  const char* kinds[] = {"ant", "bee", "cat"};
  for (int i = 0; i < 60; ++i) {
    const int k = i % 3;
    // The first file sees red and green with ant and bee; the second all three of each, in
    // another order.
    if (k < 2)
      first += std::to_string(k + 0.1 * std::sin(i)) + "," + colors[k] + "," + kinds[k] + "\n";
    const int j = 2 - k;
    second += std::to_string(j + 0.1 * std::cos(i)) + "," + colors[j] + "," + kinds[j] + "\n";
  }
  const std::string a = csv_model("zscore | softmax +avg", first);
  const std::string b = csv_model("zscore | softmax +avg", second);
  const LoadedModel m = loaded(merged_text({a, b}));
  std::vector<std::string> classes = m.schema.classes, features = m.schema.features;
  std::sort(classes.begin(), classes.end());
  EXPECT_EQ(classes, (std::vector<std::string>{"ant", "bee", "cat"}));
  EXPECT_EQ(features.size(), 4u);  // x and color's three levels
  EXPECT_EQ(m.pipeline->save().outputs, 3u);
}

// A class only one model learned keeps that model's output as it is (its share over the models
// that learned the class is 1); a class both learned takes the rows' weighted mean.
TEST(TaskMerge, AClassWeighsOverTheModelsThatLearnedIt) {
  const std::string ab = multiclass("softmax", rows_of({"a", "b"}, 30));
  const std::string cb = multiclass("softmax", rows_of({"c", "b"}, 10, 30));
  const LoadedModel lab = loaded(ab), lcb = loaded(cb);
  const LoadedModel m = loaded(merged_text({ab, cb}));
  const PipelineState s = m.pipeline->save(), sab = lab.pipeline->save(),
                      scb = lcb.pipeline->save();
  // softmax's params: [w_0 (2), w_1 (2), w_2 (2), b_0, b_1, b_2].
  const auto output = [](const PipelineState& st, const ModelSchema& schema,
                         const std::string& cls) {
    const std::size_t k = schema.classes.size(),
                      o = static_cast<std::size_t>(
                          std::find(schema.classes.begin(), schema.classes.end(), cls) -
                          schema.classes.begin());
    return std::vector<double>{st.learner.params[2 * o], st.learner.params[2 * o + 1],
                               st.learner.params[2 * k + o]};
  };
  EXPECT_EQ(output(s, m.schema, "a"), output(sab, lab.schema, "a"));
  EXPECT_EQ(output(s, m.schema, "c"), output(scb, lcb.schema, "c"));
  const std::vector<double> b_ab = output(sab, lab.schema, "b"),
                            b_cb = output(scb, lcb.schema, "b");
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_NEAR(output(s, m.schema, "b")[i], 0.75 * b_ab[i] + 0.25 * b_cb[i], 1e-15);
}

// docs/algorithms.md 4.28: given class weights match by name, and their counts follow the
// classes to the union.
TEST(TaskMerge, ClassWeightsMatchByName) {
  const std::string a = multiclass("softmax", rows_of({"a", "b"}, 20), "", {{"a", 2}});
  const std::string b = multiclass("softmax", rows_of({"b", "a"}, 10, 20), "", {{"a", 2}});
  const LoadedModel m = loaded(merged_text({a, b}));
  const ClassWeights& w = m.pipeline->class_weights();
  const std::size_t at = static_cast<std::size_t>(
      std::find(m.schema.classes.begin(), m.schema.classes.end(), "a") - m.schema.classes.begin());
  EXPECT_EQ(w.given_weights()[at], 2);
  EXPECT_EQ(w.given_weights()[1 - at], 1);
  EXPECT_EQ(w.counts()[at], 15);
  EXPECT_EQ(w.counts()[1 - at], 15);
  const std::string other = multiclass("softmax", rows_of({"b", "a"}, 10, 20), "", {{"a", 3}});
  auto refused = merge_models({a, other});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("different class weights (class 'a'"), std::string::npos)
      << refused.message();
}

// docs/algorithms.md 6.12: task models that continued from one base weigh as the rows each
// learned since, and the merged model counts the base's rows once.
TEST(TaskMerge, TheBaseCountsOnce) {
  const std::string base = multiclass("zscore | softmax +avg", rows_of({"a", "b"}, 20));
  const std::string a = multiclass("zscore | softmax +avg", rows_of({"a", "b", "c"}, 30, 20), base);
  const std::string b = multiclass("zscore | softmax +avg", rows_of({"b", "a"}, 10, 50), base);
  MergeOptions options;
  options.base = base;
  const PipelineState m = merged({a, b}, options);
  TaskProgress progress(Task::multiclass);
  ASSERT_TRUE(progress.load(m.progress));
  EXPECT_EQ(progress.rows(), 60u);
  EXPECT_EQ(m.learner.state[0], 60);        // T: the merged model's rows
  EXPECT_NEAR(m.scalers[0][0], 60, 1e-12);  // the zscore's count of feature 1
  EXPECT_EQ(m.outputs, 3u);
  // The shares are the rows learned since the base, 30 and 10.
  const std::string plain = merged_text({a, b}, MergeOptions{false, {30, 10}, ""});
  EXPECT_EQ(merged({a, b}, options).learner.params, loaded(plain).pipeline->save().learner.params);
  // A model that did not start from the base is refused.
  options.base = multiclass("zscore | softmax +avg", rows_of({"a", "b"}, 45));
  auto refused = merge_models({a, b}, options);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("did not start from that base"), std::string::npos)
      << refused.message();
}

// The plain mean of task models weighs every model alike through the learner's rule.
TEST(TaskMerge, ThePlainMeanWeighsEveryModelAlike) {
  const std::string a = multiclass("softmax +avg", rows_of({"a", "b"}, 3));
  const std::string b = multiclass("softmax +avg", rows_of({"a", "b"}, 2, 10));
  MergeOptions mean;
  mean.mean = true;
  const PipelineState m = merged({a, b}, mean);
  const PipelineState w = merged({a, b}, MergeOptions{false, {1, 1}, ""});
  EXPECT_EQ(m.learner.params, w.learner.params);
  EXPECT_EQ(m.learner.state[0], 5);
}

TEST(TaskMerge, RefusesModelsOfOtherTasksOrLabels) {
  const std::string classes = multiclass("logreg", rows_of({"a", "b", "c"}, 10));
  const std::string numbers = regression("pareg2", 10, 0, 1);
  auto mixed = merge_models({classes, numbers});
  ASSERT_FALSE(mixed);
  EXPECT_NE(mixed.message().find("the models learn different tasks"), std::string::npos)
      << mixed.message();
  const std::string price = regression("pareg2", 10, 0, 1, "price");
  const std::string cost = regression("pareg2", 10, 10, 1, "cost");
  auto labels = merge_models({price, cost});
  ASSERT_FALSE(labels);
  EXPECT_NE(labels.message().find("the models learn different labels"), std::string::npos)
      << labels.message();
  // A yes/no model of the same spec is of another task too.
  auto p = Pipeline::build("logreg").take();
  const double x[] = {1, 2};
  ASSERT_TRUE(p->learn_one(x, 2, 1));
  ModelSchema binary;
  binary.features = {"f0", "f1"};
  binary.label = "y";
  auto yes_no = merge_models({classes, model_to_json(*p, binary)});
  ASSERT_FALSE(yes_no);
  EXPECT_NE(yes_no.message().find("the models learn different tasks"), std::string::npos);
  // The base of another task.
  MergeOptions options;
  options.base = model_to_json(*p, binary);
  auto base = merge_models({classes, classes}, options);
  ASSERT_FALSE(base);
}

}  // namespace
}  // namespace onepass
