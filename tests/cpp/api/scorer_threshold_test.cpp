// A scorer's decision threshold (api/scorer.hpp set_threshold, docs/algorithms.md 6.5): on the
// probability of a model that gives one, else on its margin; a row at the threshold is
// positive; refused out of range and for the models of other tasks.
#include <cmath>

#include "models/model_json.hpp"
#include "onepass/api/scorer.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::scored;

// A model of one feature x named "x" trained on a few rows.
std::string model_of(const std::string& spec, Task task = Task::binary) {
  auto p = Pipeline::build(spec, 0, 0, task).take();
  const double rows[4] = {-2, -1, 1, 2};
  for (int i = 0; i < 4; ++i)
    EXPECT_TRUE(p->learn_one(&rows[i], 1, task == Task::binary ? (rows[i] > 0 ? 1 : -1) : i % 2));
  ModelSchema schema;
  schema.features = {"x"};
  schema.label = "y";
  if (task == Task::multiclass) schema.classes = {"a", "b"};
  return model_to_json(*p, schema);
}

TEST(ScorerThreshold, OnTheProbabilityOrTheMarginAndAtItPositive) {
  const std::string rows = "x\n-0.5\n0\n0.25\n3\n";
  auto logistic = Scorer::csv(model_of("logreg"), {}).take();
  const ScoredRows plain = scored(*logistic, rows);
  // Each row's own probability as the threshold: that row and those above it say yes.
  for (std::size_t i = 0; i < plain.probabilities.size(); ++i) {
    auto s = Scorer::csv(model_of("logreg"), {}).take();
    ASSERT_TRUE(s->set_threshold(plain.probabilities[i]));
    const ScoredRows r = scored(*s, rows);
    for (std::size_t j = 0; j < r.predictions.size(); ++j)
      EXPECT_EQ(r.predictions[j], plain.probabilities[j] >= plain.probabilities[i] ? 1 : -1)
          << i << " " << j;
    EXPECT_EQ(r.probabilities, plain.probabilities);  // the scores are the model's, unmoved
  }
  // A perceptron has no probability: its margin is compared.
  auto margins = Scorer::csv(model_of("perceptron"), {}).take();
  ASSERT_TRUE(margins->set_threshold(1e9));
  for (const auto p : scored(*margins, rows).predictions) EXPECT_EQ(p, -1);
  auto low = Scorer::csv(model_of("perceptron"), {}).take();
  ASSERT_TRUE(low->set_threshold(-1e9));
  for (const auto p : scored(*low, rows).predictions) EXPECT_EQ(p, 1);
}

TEST(ScorerThreshold, OutOfRangeAndOtherTasksAreRefused) {
  auto s = Scorer::csv(model_of("logreg"), {}).take();
  for (double t : {0.0, 1.0, 1.5, -0.2, std::nan("")})
    EXPECT_NE(s->set_threshold(t).message().find(
                  "the threshold of a model that gives probabilities is a probability between 0 "
                  "and 1 (exclusive)"),
              std::string::npos)
        << t;
  auto m = Scorer::csv(model_of("perceptron"), {}).take();
  EXPECT_EQ(m->set_threshold(INFINITY).message(),
            "the threshold of this model's margin is a finite number, not Infinity");
  auto k = Scorer::csv(model_of("zscore | softmax", Task::multiclass), {}).take();
  EXPECT_EQ(k->set_threshold(0.5).message(),
            "a threshold decides between two classes; this model learns multiclass labels");
}

}  // namespace
}  // namespace onepass
