// docs/algorithms.md 4.28: class weights, from the option's text to each learner's weighted
// step, the balanced rule's counts, and their place in a saved model and a resumed run.
#include <cmath>

#include "learners/averaged.hpp"
#include "models/model_json.hpp"
#include "onepass/api/dataset.hpp"
#include "pipeline/class_weights.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_near_all;
using testing::kNoBias;
using testing::kX1;
using testing::make_learner;
using testing::with;

TEST(ClassWeightOption, ParsesBalancedAndPairs) {
  EXPECT_TRUE(parse_class_weights("").value().empty());
  EXPECT_TRUE(parse_class_weights(" balanced ").value().balanced);
  const ClassWeightRequest r = parse_class_weights("yes=5, no = 0.5,a=b=2").value();
  ASSERT_EQ(r.given.size(), 3u);
  EXPECT_EQ(r.given[0], (std::pair<std::string, double>{"yes", 5}));
  EXPECT_EQ(r.given[1], (std::pair<std::string, double>{"no", 0.5}));
  EXPECT_EQ(r.given[2], (std::pair<std::string, double>{"a=b", 2}));  // the last '=' parts
  EXPECT_EQ(class_weight_text(r), "yes=5,no=0.5,a=b=2");
}

TEST(ClassWeightOption, BadWeightsAreClearErrors) {
  const std::string tail = " (expected 'balanced' or class=weight pairs, e.g. 'yes=5,no=1')";
  EXPECT_EQ(parse_class_weights("yes=0").status().message(),
            "option classWeight: the weight of class 'yes' must be from 0.01 to 100, got 0" + tail);
  EXPECT_EQ(
      parse_class_weights("yes=-1").status().message(),
      "option classWeight: the weight of class 'yes' must be from 0.01 to 100, got -1" + tail);
  EXPECT_EQ(parse_class_weights("yes=many").status().message(),
            "option classWeight: the weight of class 'yes' is not a number: 'many'" + tail);
  EXPECT_EQ(parse_class_weights("yes").status().message(),
            "option classWeight: 'yes' has no '='" + tail);
  EXPECT_EQ(parse_class_weights("=3").status().message(),
            "option classWeight: a weight '3' names no class" + tail);
  EXPECT_EQ(parse_class_weights("yes=2,yes=3").status().message(),
            "option classWeight: class 'yes' is weighted twice" + tail);
  CsvOptions o;
  EXPECT_FALSE(set_csv_option(o, "classWeight", "yes=1e9"));
  EXPECT_TRUE(set_csv_option(o, "classWeight", "balanced"));
  EXPECT_EQ(o.class_weight, "balanced");
}

TEST(ClassWeights, BalancedFollowsTheCountsBeforeEachRow) {  // docs/algorithms.md 4.28
  ClassWeights w = ClassWeights::balanced();
  // w_c = (n + K) / (K (n_c + 1)), K = 2, counted before the row.
  EXPECT_DOUBLE_EQ(w.weigh(0), 1.0);          // (0 + 2) / (2 * 1)
  EXPECT_DOUBLE_EQ(w.weigh(0), 3.0 / 4);      // (1 + 2) / (2 * 2)
  EXPECT_DOUBLE_EQ(w.weigh(0), 4.0 / 6);      // (2 + 2) / (2 * 3)
  EXPECT_DOUBLE_EQ(w.weigh(1), 5.0 / 2);      // (3 + 2) / (2 * 1)
  EXPECT_DOUBLE_EQ(w.weight_of(2), 7.0 / 3);  // a third class: K = 3, (4 + 3) / (3 * 1)
  EXPECT_EQ(w.counts(), (std::vector<double>{3, 1}));
  for (int i = 0; i < 1000; ++i) w.weigh(0);
  EXPECT_EQ(w.weight_of(1), kMaxClassWeight);  // (1004 + 2) / (2 * 2) = 251.5, bounded
  EXPECT_GE(w.weight_of(0), 1 / kMaxClassWeight);
}

TEST(ClassWeights, GivenWeightsAndTheirSavedForm) {
  ClassWeights w = ClassWeights::given();
  w.set_given(1, 5);
  EXPECT_EQ(w.weigh(1), 5);
  EXPECT_EQ(w.weigh(0), 1);  // not named: 1
  EXPECT_EQ(w.weigh(3), 1);
  const std::vector<double> saved = w.save();
  EXPECT_EQ(saved, (std::vector<double>{2, 4, 1, 5, 1, 1, 1, 1, 0, 1}));
  ClassWeights back;
  ASSERT_TRUE(back.load(saved));
  EXPECT_EQ(back.save(), saved);
  for (std::vector<double> bad : {std::vector<double>{3, 0},
                                  {2, 1, 0.001, 0},
                                  {2, 1, 1, -1},
                                  {2, 2, 1, 1, 1},
                                  {1, 1, 1, 0.5}})
    EXPECT_FALSE(back.load(bad));
  EXPECT_EQ(back.save(), saved);  // nothing changed on an error
  EXPECT_TRUE(ClassWeights().save().empty());
}

// Each rule's weighted step, by hand (docs/algorithms.md 4.28), on kX1 = (1, 2), y = +1, no bias.
TEST(WeightedSteps, EachRuleCountsTheRowWTimes) {
  auto perceptron = make_learner("perceptron", 2, {kNoBias});
  perceptron->set_weight(3);
  perceptron->learn(kX1, +1);
  expect_near_all(perceptron->params(), {3, 6});  // w = 3 y x

  auto pa1 = make_learner("pa1", 2, {{"c", "0.1"}, kNoBias});
  pa1->set_weight(2);
  pa1->learn(kX1, +1);  // the margin 2: tau = min(w C, loss / |x|^2) = min(0.2, 2/5) = 0.2
  expect_near_all(pa1->params(), {0.2, 0.4});

  auto pa2 = make_learner("pa2", 2, {{"c", "0.5"}, kNoBias});
  pa2->set_weight(2);
  pa2->learn(kX1, +1);  // the margin 2: tau = 2 / (5 + 1/(2 w C)) = 2 / 5.5
  expect_near_all(pa2->params(), {2 / 5.5, 4 / 5.5});

  auto pa = make_learner("pa", 2, {kNoBias});
  pa->set_weight(3);
  pa->learn(kX1, +1);  // the margin 3: tau = (3 - 0) / 5
  expect_near_all(pa->params(), {0.6, 1.2});

  auto romma = make_learner("romma", 2, {kNoBias});
  romma->set_weight(3);
  romma->learn(kX1, +1);  // w = 0: w <- (t / |x|^2) x with t = 3 y
  expect_near_all(romma->params(), {0.6, 1.2});

  auto arow = make_learner("arow", 2, {{"r", "1"}, kNoBias});
  arow->set_weight(4);
  arow->learn(kX1, +1);  // v = 5, beta = 1 / (v + r / w) = 1 / 5.25, alpha = beta
  expect_near_all(arow->params(), {1 / 5.25, 2 / 5.25});

  // logreg: w times the gradient; with lambda = 0 the same as eta0 times w.
  auto logreg = make_learner("logreg", 2, {{"eta0", "0.1"}, {"lambda", "0"}});
  auto doubled = make_learner("logreg", 2, {{"eta0", "0.2"}, {"lambda", "0"}});
  logreg->set_weight(2);
  logreg->learn(kX1, +1);
  doubled->learn(kX1, +1);
  expect_near_all(logreg->params(), doubled->params());

  auto winnow = make_learner("winnow", 2);
  auto twice = make_learner("winnow", 2);
  winnow->set_weight(2);
  const double x[] = {1, 0};
  winnow->learn(x, +1);
  twice->learn(x, +1);
  const double w1 = twice->params()[0];
  EXPECT_NEAR(winnow->params()[0], w1 * w1, 1e-12);  // the factor alpha taken twice
}

TEST(WeightedSteps, WeightOneChangesNothingAndWrappersPassItOn) {
  for (const char* spec : {"pa2", "aromma", "scw1", "adagrad", "ftrl", "nag", "pater1", "fs1"}) {
    auto plain = make_learner(spec, 2);
    auto weighed = make_learner(spec, 2);
    weighed->set_weight(1);
    const double x[] = {0.5, -1};
    plain->learn(x, -1);
    weighed->learn(x, -1);
    EXPECT_EQ(plain->params(), weighed->params()) << spec;
  }
  // +avg passes the weight to its inner learner: the average of one weighted step is the step.
  auto avg = std::make_unique<Averaged>(make_learner("perceptron", 2, {kNoBias}));
  avg->reset(2);
  avg->set_weight(3);
  avg->learn(kX1, +1);
  expect_near_all(avg->params(), {3, 6});
}

std::unique_ptr<Pipeline> weighted_pipeline(const std::string& spec, const ClassWeights& w) {
  auto p = Pipeline::build(spec).take();
  EXPECT_TRUE(p->set_class_weights(w));
  return p;
}

// A stream with one positive in ten: balanced weights make the rare class's steps larger, and
// a run saved halfway and resumed weighs and learns exactly as the whole run.
TEST(ClassWeightedPipeline, ResumesExactlyWithTheCounts) {
  auto whole = weighted_pipeline("zscore | pa2 +avg", ClassWeights::balanced());
  auto first = weighted_pipeline("zscore | pa2 +avg", ClassWeights::balanced());
  std::unique_ptr<Pipeline> second;
  for (int i = 0; i < 200; ++i) {
    const double y = i % 10 == 3 ? 1 : -1;
    const double x[] = {std::sin(i * 0.7) + (y > 0 ? 0.8 : 0), std::cos(i * 1.3)};
    ASSERT_TRUE(whole->learn_one(x, 2, y));
    if (i < 100) {
      ASSERT_TRUE(first->learn_one(x, 2, y));
      if (i == 99) {
        second = Pipeline::build("zscore | pa2 +avg").take();
        ASSERT_TRUE(second->load(first->save()));
        EXPECT_EQ(second->class_weights().counts(), (std::vector<double>{90, 10}));
      }
    } else {
      ASSERT_TRUE(second->learn_one(x, 2, y));
    }
  }
  EXPECT_EQ(whole->save().learner.params, second->save().learner.params);
  EXPECT_EQ(whole->class_weights().counts(), (std::vector<double>{180, 20}));
  // The run state (the threads' form) carries them too.
  auto again = Pipeline::build("zscore | pa2 +avg").take();
  ASSERT_TRUE(again->load_run_state(whole->run_state()));
  EXPECT_EQ(again->class_weights().save(), whole->class_weights().save());
  // Without weights the same stream learns other weights.
  auto plain = Pipeline::build("zscore | pa2 +avg").take();
  for (int i = 0; i < 200; ++i) {
    const double y = i % 10 == 3 ? 1 : -1;
    const double x[] = {std::sin(i * 0.7) + (y > 0 ? 0.8 : 0), std::cos(i * 1.3)};
    plain->learn_one(x, 2, y);
  }
  EXPECT_NE(plain->save().learner.params, whole->save().learner.params);
}

TEST(ClassWeightedPipeline, RegressionHasNoClasses) {
  auto p = Pipeline::build("pareg2", 0, 0, Task::regression).take();
  EXPECT_EQ(p->set_class_weights(ClassWeights::balanced()).message(),
            "class weights weigh the classes of a label; a regression label is a number and has "
            "none");
  EXPECT_TRUE(p->set_class_weights(ClassWeights()));
}

// The rare class of an imbalanced file is found with balanced weights (recall of the positive
// class above the unweighted run's), through the runner as the CLIs use it.
std::string rare_positive_csv() {
  std::string csv = "a,b,y\n";
  for (int i = 0; i < 2000; ++i) {
    const bool pos = (i * 7919) % 20 == 0;  // 5% positives
    const double a = std::sin(i * 0.37) + (pos ? 1.2 : 0), b = std::cos(i * 0.91);
    csv += std::to_string(a) + "," + std::to_string(b) + "," + (pos ? "yes" : "no") + "\n";
  }
  return csv;
}

double positive_recall(const CsvOptions& o, const std::string& csv) {
  auto runner = CsvRunner::create(o, {"zscore | pa2 +avg"}).take();
  EXPECT_TRUE(runner->push(csv.data(), csv.size()));
  EXPECT_TRUE(runner->finish());
  const Progressive& p = runner->pipeline(0).progress();
  return p.confusion().recall();
}

TEST(ClassWeightedRunner, BalancedFindsTheRareClass) {
  const std::string csv = rare_positive_csv();
  const double plain = positive_recall(with({{"positive", "yes"}}), csv);
  const double balanced =
      positive_recall(with({{"positive", "yes"}, {"classWeight", "balanced"}}), csv);
  const double given = positive_recall(with({{"positive", "yes"}, {"classWeight", "yes=19"}}), csv);
  EXPECT_GT(balanced, plain + 0.2) << plain << " " << balanced;
  EXPECT_GT(given, plain + 0.2) << plain << " " << given;
}

TEST(ClassWeightedRunner, NamesAreTheLabelsValues) {
  const std::string csv = rare_positive_csv();
  auto runner =
      CsvRunner::create(with({{"positive", "yes"}, {"classWeight", "maybe=3"}}), {"pa"}).take();
  EXPECT_EQ(runner->push(csv.data(), csv.size()).message(),
            "option classWeight names class 'maybe', which is not a value of the label (its "
            "values: yes, no)");

  const std::string three = "x,y\n1,a\n2,b\n3,c\n1,a\n2,b\n";
  auto multi = CsvRunner::create(with({{"classWeight", "d=2,b=3"}}), {}).take();
  ASSERT_TRUE(multi->push(three.data(), three.size()));
  EXPECT_EQ(multi->finish().message(),
            "option classWeight names class 'd', which no row of the label has (its classes: a, "
            "b, c)");
  EXPECT_EQ(multi->pipeline(0).class_weights().given_weights(), (std::vector<double>{1, 3, 1}));

  const std::string prices = "x,y\n1,1.5\n2,2.25\n3,3.5\n";
  auto regression = CsvRunner::create(with({{"classWeight", "balanced"}}), {}).take();
  ASSERT_TRUE(regression->push(prices.data(), prices.size()));  // the first rows, held
  EXPECT_EQ(regression->finish().message(),
            "option classWeight: the label is a number (regression), so it has no classes to "
            "weigh");
  // The refusal ends the stream before any row, and the pipelines take the header's width: a
  // model saved now reads back (found by tests/fuzz/csv_fuzz).
  EXPECT_EQ(regression->pipeline(0).dims(), 1u);
  EXPECT_TRUE(model_from_json(
      model_to_json(regression->pipeline(0), model_schema_of(regression->reader()))));
}

TEST(ClassWeightedModel, SavedAndLoadedWithTheModel) {
  const std::string csv = rare_positive_csv();
  auto runner = CsvRunner::create(with({{"positive", "yes"}, {"classWeight", "balanced"}}),
                                  {"zscore | pa2 +avg"})
                    .take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  ASSERT_TRUE(runner->finish());
  ModelSchema schema;
  schema.features = {"a", "b"};
  schema.label = "y";
  schema.positive = "yes";
  schema.negative = "no";
  const std::string json = model_to_json(runner->pipeline(0), schema);
  EXPECT_NE(json.find("\"version\": 6"), std::string::npos);
  EXPECT_NE(json.find("\"mode\": \"balanced\""), std::string::npos);
  auto loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.status().message();
  EXPECT_EQ(loaded.value().pipeline->class_weights().save(),
            runner->pipeline(0).class_weights().save());
  EXPECT_EQ(loaded.value().pipeline->class_weights().counts(), (std::vector<double>{1900, 100}));
  // Trained further: the option is the model's own, not given again.
  std::vector<std::unique_ptr<Pipeline>> models;
  models.push_back(std::move(loaded.value().pipeline));
  EXPECT_EQ(
      CsvRunner::resume(with({{"classWeight", "balanced"}}), std::move(models)).status().message(),
      "option classWeight: a model trained further keeps the class weights it was trained "
      "with (its file says which)");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// evaluate's pipelines learn with the class weights the data set was read with: the holdout's
// test recall of the rare class rises, and a name that is no value of the label is refused.
double holdout_recall(const std::string& class_weight) {
  auto d = Dataset::csv(with({{"positive", "yes"}, {"classWeight", class_weight.c_str()}}));
  EXPECT_TRUE(d);
  const std::string csv = rare_positive_csv();
  EXPECT_TRUE(d.value()->push(csv.data(), csv.size()));
  EXPECT_TRUE(d.value()->finish());
  EvaluationOptions options;
  options.eval.shuffle = true;
  auto e = d.value()->holdout("zscore | pa2(c=0.1) +avg", options);
  EXPECT_TRUE(e) << e.status().message();
  for (const auto& [name, value] : e.value().run.test)
    if (name == "recall") return value;
  return -1;
}

// Shards merged: the weights must agree and the rows each counted add up.
TEST(ClassWeightedModel, MergedShardsAddTheirCounts) {
  const std::string csv = rare_positive_csv();
  const std::size_t half = csv.find('\n', csv.size() / 2) + 1;
  const std::string header = csv.substr(0, csv.find('\n') + 1);
  ModelSchema schema;
  schema.features = {"a", "b"};
  schema.label = "y";
  schema.positive = "yes";
  schema.negative = "no";
  std::vector<std::string> models;
  for (const std::string& part : {csv.substr(0, half), header + csv.substr(half)}) {
    auto r = CsvRunner::create(with({{"positive", "yes"}, {"classWeight", "balanced"}}),
                               {"zscore | pa2 +avg +drift(action=reset)"})
                 .take();
    ASSERT_TRUE(r->push(part.data(), part.size()));
    ASSERT_TRUE(r->finish());
    models.push_back(model_to_json(r->pipeline(0), schema));
  }
  auto merged = merge_models(models);
  ASSERT_TRUE(merged) << merged.status().message();
  auto loaded = model_from_json(merged.value()).take();
  EXPECT_EQ(loaded.pipeline->class_weights().counts(), (std::vector<double>{1900, 100}));
  EXPECT_EQ(loaded.pipeline->drift()->drifts(), 0u);  // the watch starts afresh
  auto other = CsvRunner::create(with({{"positive", "yes"}, {"classWeight", "yes=3"}}),
                                 {"zscore | pa2 +avg +drift(action=reset)"})
                   .take();
  ASSERT_TRUE(other->push(csv.data(), csv.size()));
  ASSERT_TRUE(other->finish());
  models[1] = model_to_json(other->pipeline(0), schema);
  EXPECT_EQ(merge_models(models).status().message(),
            "the models were trained with different class weights");
}

TEST(ClassWeightedEvaluation, HoldoutLearnsWithTheWeights) {
  const double plain = holdout_recall(""), balanced = holdout_recall("balanced");
  EXPECT_GE(plain, 0);
  EXPECT_GT(balanced, plain + 0.2) << plain << " " << balanced;
  auto d = Dataset::csv(with({{"positive", "yes"}, {"classWeight", "maybe=2"}}));
  const std::string csv = rare_positive_csv();
  ASSERT_TRUE(d.value()->push(csv.data(), csv.size()));
  EXPECT_EQ(d.value()->finish().message(),
            "option classWeight names class 'maybe', which is not a value of the label (its "
            "values: yes, no)");
}

}  // namespace
}  // namespace onepass
