// Online Platt scaling, +platt (docs/algorithms.md 4.29): the calibrator's first steps by hand,
// the bound of its step, its place in a pipeline (the margin is the calibrated logit, learned
// from the score the row was predicted with), and what it is worth on the heart data.
#include "learners/platt.hpp"

#include <cmath>

#include "core/numerics.hpp"
#include "core/seeded_random.hpp"
#include "learners/averaged.hpp"
#include "models/model_json.hpp"
#include "models/model_test_util.hpp"
#include "pipeline/pipeline.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::unique_ptr<Platt> fresh_platt() {
  auto p = std::make_unique<Platt>(testing::make_learner("perceptron", 1));
  p->reset(1);
  return p;
}

double slot(const Platt& p, Platt::Slot s) {
  return p.save().state[s];
}

// docs/algorithms.md 4.29, worked by hand from a = b = 0 (kPrior = 1):
// row 1, s = 0, y = +1: N+ = 1, t = 2/3, z = 0, p = 1/2, h = 1/4; every score so far is 0, so
//   only b moves: S_bb = 1/4 + 1, db = (1/2 - 2/3) / (5/4) = -2/15, b = 2/15.
// row 2, s = 2, y = -1: N- = 1, t = 1/3, z = b = 2/15, p = sigma(2/15), h = p(1 - p);
//   r^2 = (0 + 4)/2 = 2, S = [[4h + 2, 2h], [2h, 1/4 + h + 1]], g = (p - 1/3)(2, 1),
//   (a, b) -= S^-1 g.
TEST(Platt, FirstStepsByHand) {
  const auto held = fresh_platt();
  Platt& p = *held;
  EXPECT_EQ(p.calibrated(5), 0.0);  // a = 0, b = 0: probability 1/2 before any row
  p.calibrate(0, 1, 1);
  EXPECT_EQ(slot(p, Platt::kA), 0.0);
  EXPECT_NEAR(slot(p, Platt::kB), 2.0 / 15, 1e-15);
  EXPECT_EQ(slot(p, Platt::kPos), 1.0);
  EXPECT_EQ(slot(p, Platt::kRows), 1.0);

  p.calibrate(2, -1, 1);
  const double pr = sigmoid(2.0 / 15), h = pr * (1 - pr), g = pr - 1.0 / 3;
  const double saa = 4 * h + 2, sab = 2 * h, sbb = 1.25 + h, det = saa * sbb - sab * sab;
  const double a = -(sbb * 2 * g - sab * g) / det;
  const double b = 2.0 / 15 - (saa * g - sab * 2 * g) / det;
  EXPECT_NEAR(slot(p, Platt::kA), a, 1e-15);
  EXPECT_NEAR(slot(p, Platt::kB), b, 1e-15);
  EXPECT_NEAR(a, -0.11783306659530124, 1e-15);  // the same numbers in Python
  EXPECT_NEAR(b, 0.0390668800570923, 1e-15);
  EXPECT_NEAR(p.calibrated(2), a * 2 + b, 1e-15);

  p.calibrate(-1, -1, 1);  // N- = 2: t = 1/4
  EXPECT_NEAR(slot(p, Platt::kA), -0.002916374288119694, 1e-15);
  EXPECT_NEAR(slot(p, Platt::kB), -0.14280484959021852, 1e-15);
  p.calibrate(50, 1, 1);  // N+ = 2: t = 3/4
  EXPECT_NEAR(slot(p, Platt::kA), 0.009195656191031175, 1e-15);
  EXPECT_NEAR(slot(p, Platt::kB), -0.05729803700407475, 1e-15);
}

// docs/algorithms.md 4.28 and 4.29: a row of weight 2 counts as two rows, in the target's counts
// and in the step: N+ = 2, t = 3/4, g = 2 (1/2 - 3/4) = -1/2, S_bb = 2/4 + 1, b = 1/3.
TEST(Platt, AWeightedRowCountsAsThatManyRows) {
  const auto held = fresh_platt();
  Platt& p = *held;
  p.calibrate(0, 1, 2);
  EXPECT_EQ(slot(p, Platt::kPos), 2.0);
  EXPECT_NEAR(slot(p, Platt::kB), 1.0 / 3, 1e-15);
  // Through the learner's weight, as a pipeline with class weights sets it.
  const auto held_q = fresh_platt();
  Platt& q = *held_q;
  q.set_weight(2);
  const double x[] = {0};
  q.learn(x, 1);
  EXPECT_EQ(q.save().state, p.save().state);
}

// A score that is not finite (or whose square is not) teaches the calibrator nothing.
TEST(Platt, ScoresThatAreNotFiniteAreLeftOut) {
  const auto held = fresh_platt();
  Platt& p = *held;
  const std::vector<double> before = p.save().state;
  for (double s : {HUGE_VAL, -HUGE_VAL, std::nan(""), 1e200}) p.calibrate(s, 1, 1);
  EXPECT_EQ(p.save().state, before);
}

// (PLATT-c): whatever the rows (scores of very different scales, weights), a step moves the
// row's own logit towards its target's logit and never past it. Without the bound, a confident
// score far beyond the others' oversteps (the 51st of these sequences, at its fifth row).
TEST(Platt, AStepNeverTakesTheRowsLogitPastItsTarget) {
  SeededRandom rng(7);
  const double scales[] = {1e-3, 1, 1, 1, 1e2, 1e4};
  const double weights[] = {1, 1, 3, 0.2};
  for (int sequence = 0; sequence < 300; ++sequence) {
    const auto held = fresh_platt();
    Platt& p = *held;
    for (int row = 0; row < 60; ++row) {
      const double s = (rng.uniform() * 2 - 1) * scales[rng.below(6)];
      const bool agrees = rng.uniform() < sigmoid(2 * s), kept = rng.uniform() < 0.9;
      const int y = agrees == kept ? 1 : -1;
      const double w = weights[rng.below(4)];
      const std::vector<double> st = p.save().state;
      const double n = (y > 0 ? st[Platt::kPos] : st[Platt::kNeg]) + w;
      const double t = y > 0 ? (n + 1) / (n + 2) : 1 / (n + 2);
      const double target = std::log(t / (1 - t)), before = p.calibrated(s);
      p.calibrate(s, y, w);
      const double after = p.calibrated(s);
      const double tol = 1e-9 * std::max(1.0, std::fabs(target));
      if (before >= target)
        ASSERT_GE(after, target - tol) << sequence << " row " << row;
      else
        ASSERT_LE(after, target + tol) << sequence << " row " << row;
    }
  }
}

// In a pipeline the margin is the calibrated logit of the wrapped learner's score, the
// calibrator learns from the score each row was predicted with, before the learner learns it,
// and the learner learns exactly what it learns without +platt.
TEST(Platt, InAPipelineTheMarginIsTheCalibratedScore) {
  const RowBlock rows = testing::heart_rows();
  auto plain = Pipeline::build("zscore | pa2 +avg").take();
  auto platt = Pipeline::build("zscore | pa2 +avg +platt").take();
  EXPECT_TRUE(platt->has_probability());
  EXPECT_FALSE(plain->has_probability());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_TRUE(plain->learn_one(rows.row(i), rows.dims, rows.y[i]));
    ASSERT_TRUE(platt->learn_one(rows.row(i), rows.dims, rows.y[i]));
  }
  const auto& wrapper = dynamic_cast<const Platt&>(platt->learner());
  EXPECT_EQ(wrapper.inner().params(), plain->learner().params());
  EXPECT_EQ(platt->learner().snapshot().name, "pa2+avg+platt");
  EXPECT_EQ(wrapper.save().state[Platt::kRows], static_cast<double>(rows.size()));
  for (std::size_t i = 0; i < 20; ++i) {
    const double s = plain->score_one(rows.row(i), rows.dims).value();
    EXPECT_NEAR(platt->score_one(rows.row(i), rows.dims).value(), wrapper.calibrated(s), 1e-12);
  }
  // The linear form is the calibrated one: a w, a c + b.
  std::vector<double> w, w0;
  double b = 0, c = 0;
  ASSERT_TRUE(platt->learner().linear_form(w, b));
  ASSERT_TRUE(plain->learner().linear_form(w0, c));
  const double a = wrapper.save().state[Platt::kA];
  for (std::size_t j = 0; j < w.size(); ++j) EXPECT_DOUBLE_EQ(w[j], a * w0[j]);
  EXPECT_DOUBLE_EQ(b, wrapper.calibrated(c));
}

// What +platt is for: on the heart data, `zscore | pa2 +avg` read as logits (the naive sigmoid
// of its progressive margins) has a log-loss that +platt's progressive probabilities beat.
TEST(Platt, BeatsTheNaiveSigmoidOfTheMarginOnHeart) {
  const RowBlock rows = testing::heart_rows();
  // The naive figure: the pipeline's own steps (z-score, then the averaged PA-II on the scaled
  // row), each row's margin read as a logit before the row is learned.
  const RegistryEntry* e = find_entry("zscore");
  auto zscore = e->make_scaler(resolve_params("zscore", e->params, {}).value());
  zscore->reset(rows.dims);
  Averaged learner(testing::make_learner("pa2", rows.dims));
  learner.reset(rows.dims);
  std::vector<double> z(rows.dims);
  double naive = 0;
  std::uint64_t mistakes = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    zscore->update_transform(rows.row(i), z.data());
    for (double& v : z)
      if (std::isnan(v)) v = 0;
    const int y = rows.y[i] > 0 ? 1 : -1;
    const double s = learner.train_score(z.data());
    naive += log_loss_from_margin(y > 0 ? 1 : 0, s);
    mistakes += (s >= 0 ? 1 : -1) != y;
    learner.learn(z.data(), y, s);
  }
  naive /= static_cast<double>(rows.size());
  auto plain = Pipeline::build("zscore | pa2 +avg").take();
  auto platt = Pipeline::build("zscore | pa2 +avg +platt").take();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_TRUE(plain->learn_one(rows.row(i), rows.dims, rows.y[i]));
    ASSERT_TRUE(platt->learn_one(rows.row(i), rows.dims, rows.y[i]));
  }
  EXPECT_EQ(plain->progress().mistakes(), mistakes);  // the same margins as the pipeline's
  EXPECT_TRUE(std::isnan(plain->progress().log_loss()));
  const double calibrated = platt->progress().log_loss();
  EXPECT_TRUE(std::isfinite(calibrated));
  EXPECT_LT(calibrated, naive);
  EXPECT_LT(calibrated, std::log(2.0));  // better than saying 1/2 for every row
  // The reliability bins count every row once.
  EXPECT_EQ(platt->progress().reliability().rows(), static_cast<double>(rows.size()));
}

// The model file keeps the calibrator (docs/algorithms.md 4.29): written, read and written again
// it is the same text, it scores the same probabilities, and it holds the wrapped learner's
// parameters once (the wrapper has none of its own). A calibrator's state of the wrong size is
// refused.
TEST(Platt, TheModelFileKeepsTheCalibrator) {
  const RowBlock rows = testing::heart_rows();
  auto p = Pipeline::build("zscore | pa2 +avg +platt").take();
  for (std::size_t i = 0; i < rows.size(); ++i)
    ASSERT_TRUE(p->learn_one(rows.row(i), rows.dims, rows.y[i]));
  ModelSchema schema;
  for (std::size_t j = 0; j < rows.dims; ++j) schema.features.push_back("f" + std::to_string(j));
  const std::string text = model_to_json(*p, schema);
  auto loaded = model_from_json(text);
  ASSERT_TRUE(loaded) << loaded.message();
  Pipeline& back = *loaded.value().pipeline;
  EXPECT_EQ(model_to_json(back, schema), text);
  EXPECT_TRUE(back.has_probability());
  EXPECT_EQ(back.learner().snapshot().name, "pa2+avg+platt");
  for (std::size_t i = 0; i < rows.size(); i += 17)
    EXPECT_EQ(back.score_one(rows.row(i), rows.dims).value(),
              p->score_one(rows.row(i), rows.dims).value());
  const PipelineState st = back.save();
  EXPECT_TRUE(st.learner.params.empty());
  EXPECT_EQ(st.learner.state.size(), static_cast<std::size_t>(Platt::kSlots));
  PipelineState damaged = st;
  damaged.learner.state.pop_back();
  EXPECT_EQ(back.load(damaged).message(), "the saved state is not that of +platt");
}

// A run state (how a pipeline learned on another thread comes back, docs/design.md "Every
// core") carries the calibrator: loaded into a fresh pipeline, it learns on as the original.
TEST(Platt, TheRunStateCarriesTheCalibrator) {
  const RowBlock rows = testing::heart_rows();
  const std::string spec = "zscore | pa2 +avg +platt";
  auto whole = Pipeline::build(spec, 10, 20).take();
  auto moved = Pipeline::build(spec, 10, 20).take();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_TRUE(whole->learn_one(rows.row(i), rows.dims, rows.y[i]));
    if (i == 150) ASSERT_TRUE(moved->load_run_state(whole->run_state()));
    if (i > 150) ASSERT_TRUE(moved->learn_one(rows.row(i), rows.dims, rows.y[i]));
  }
  EXPECT_EQ(moved->run_state(), whole->run_state());
  EXPECT_EQ(moved->progress().log_loss(), whole->progress().log_loss());
}

// A learner is calibrated once, last, and only for a yes/no task.
TEST(Platt, SpecsThatCannotBeCalibratedAreRefused) {
  EXPECT_EQ(Pipeline::build("pa2 +platt +platt").message(),
            "'+platt' is given twice; a learner is calibrated once");
  EXPECT_EQ(Pipeline::build("pa2 +platt +avg").message(),
            "'+platt' comes after '+avg': it calibrates the score of the learner as averaged or "
            "voted (e.g. 'pa2 +avg +platt')");
  EXPECT_TRUE(Pipeline::build("pa2 +avg +platt +drift"));
  EXPECT_TRUE(Pipeline::build("pa2 +platt +drift(action=reset)"));
  const std::string multiclass =
      Pipeline::build("zscore | pa2 +avg +platt", 0, 0, Task::multiclass).message();
  EXPECT_EQ(multiclass,
            "'+platt' calibrates the score of a yes/no learner, but the task is multiclass: its "
            "classes' probabilities come from softmax or +temperature (e.g. 'zscore | mpa2 +avg "
            "+temperature')");
  EXPECT_EQ(Pipeline::build("zscore | pareg +platt", 0, 0, Task::regression).message(),
            "'+platt' calibrates the score of a yes/no learner, but the task is regression: a "
            "number has no probability");
  EXPECT_EQ(Pipeline::build("zscore | pa2 +platt", 0, 0, Task::regression).message(),
            "'+platt' calibrates the score of a yes/no learner, but the task is regression: a "
            "number has no probability");
}

}  // namespace
}  // namespace onepass
