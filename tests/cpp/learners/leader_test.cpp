// The leader of three, leader (docs/algorithms.md 4.32): its members learn exactly as they do
// alone, its sums are their progressive log-losses by hand, the member of least sum answers
// (the default on a tie), past the width the default goes on alone, and save, load and merge
// keep all of it.
#include "learners/leader.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/numerics.hpp"
#include "core/seeded_random.hpp"
#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"
#include "same_bits.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::bits;
using testing::make_learner;

void expect_same_bits(double a, double b) {
  EXPECT_EQ(bits(a), bits(b)) << a << " vs " << b;
}
void expect_same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  testing::expect_same_bits(a, b, "values");
}

// Member k of the leader built alone from the registry, as a user would write it, reset to d.
std::unique_ptr<Learner> member_alone(std::size_t k, std::size_t d) {
  std::unique_ptr<Learner> l = k == 0 ? make_learner("pa2", d, {{"c", "0.1"}})
                                      : make_learner("arow_full", d, {{"r", k == 1 ? "1" : "100"}});
  std::vector<std::string> modifiers = {"temperature"};
  if (k == 0) modifiers.insert(modifiers.begin(), "avg");
  for (const std::string& name : modifiers) {
    const RegistryEntry* e = find_entry(name);
    l = e->wrap(std::move(l), resolve_params(name, e->params, {}).value());
  }
  l->reset(d);
  return l;
}

std::unique_ptr<Leader> leader(std::size_t d, std::size_t width = 64) {
  std::unique_ptr<Learner> l = make_learner("leader", d, {{"width", std::to_string(width)}});
  return std::unique_ptr<Leader>(static_cast<Leader*>(l.release()));
}

// Rows of three correlated features, the label a noisy sign of their sum.
struct Rows {
  std::vector<std::vector<double>> x;
  std::vector<int> y;
};
Rows correlated_rows(std::size_t n, std::uint64_t seed) {
  SeededRandom random(seed);
  Rows r;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = random.uniform() * 2 - 1, b = random.uniform() * 2 - 1;
    r.x.push_back({a, a + 0.1 * b, 2 * b - a});
    r.y.push_back(a + 0.3 * b + 0.4 * (random.uniform() - 0.5) > 0 ? 1 : -1);
  }
  return r;
}

// The first row: every member scores 0 before it has learned anything, so each sum is ln 2
// and the tie goes to the default.
TEST(Leader, FirstRowCostsEachMemberLn2AndTheDefaultLeads) {
  auto l = leader(2);
  EXPECT_EQ(l->racing(), 3u);
  EXPECT_EQ(l->leading(), 0u);
  const double x[] = {1, 2};
  EXPECT_EQ(l->train_score(x), 0.0);
  l->learn(x, +1, 0.0);
  const double ln2 = std::log(2.0);
  ASSERT_EQ(l->state().size(), 3u);
  for (double sum : l->state()) EXPECT_DOUBLE_EQ(sum, ln2);
  EXPECT_EQ(l->leading(), 0u);
}

// Each member learns what it learns alone, bit for bit; the sums are the members' progressive
// log-losses (each row scored before it is learned, LEAD-S); the member of least sum answers.
TEST(Leader, MembersLearnAsAloneAndTheLeastLogLossAnswers) {
  const std::size_t d = 3;
  auto l = leader(d);
  std::vector<std::unique_ptr<Learner>> alone;
  for (std::size_t k = 0; k < Leader::kMembers; ++k) alone.push_back(member_alone(k, d));
  std::vector<double> sums(Leader::kMembers, 0.0);
  std::set<std::size_t> leaders;
  const Rows rows = correlated_rows(400, 11);
  for (std::size_t i = 0; i < rows.x.size(); ++i) {
    const double* x = rows.x[i].data();
    const int y = rows.y[i];
    std::size_t lead = 0;
    for (std::size_t k = 1; k < Leader::kMembers; ++k)
      if (sums[k] < sums[lead]) lead = k;
    ASSERT_EQ(l->leading(), lead) << "row " << i;
    leaders.insert(lead);
    std::vector<double> s(Leader::kMembers);
    for (std::size_t k = 0; k < Leader::kMembers; ++k) s[k] = alone[k]->train_score(x);
    const double margin = l->train_score(x);
    expect_same_bits(margin, s[lead]);
    EXPECT_EQ(l->score(x), alone[lead]->score(x));
    l->learn(x, y, margin);
    for (std::size_t k = 0; k < Leader::kMembers; ++k) {
      sums[k] += std::min(Leader::kMaxRowLoss, log_loss_from_margin(y > 0 ? 1 : 0, s[k]));
      alone[k]->learn(x, y, s[k]);
    }
    for (std::size_t k = 0; k < Leader::kMembers; ++k) expect_same_bits(l->state()[k], sums[k]);
  }
  for (std::size_t k = 0; k < Leader::kMembers; ++k) {
    expect_same_bits(l->member(k).params(), alone[k]->params());
    expect_same_bits(l->member(k).state(), alone[k]->state());
  }
  // On these correlated rows the lead changes hands: the test sees a full covariance answer.
  EXPECT_GE(leaders.size(), 2u);
  // It answers, explains and exports as its leading member.
  std::vector<double> w, w_alone;
  double b = 0, b_alone = 0;
  ASSERT_TRUE(l->linear_form(w, b));
  ASSERT_TRUE(alone[l->leading()]->linear_form(w_alone, b_alone));
  expect_same_bits(w, w_alone);
  expect_same_bits(b, b_alone);
  const Snapshot snap = l->snapshot();
  EXPECT_EQ(snap.name, "leader");
  ASSERT_NE(snap.array("w"), nullptr);
  expect_same_bits(*snap.array("w"), *alone[l->leading()]->snapshot().array("w"));
  ASSERT_NE(snap.scalar("leading"), nullptr);
  EXPECT_EQ(*snap.scalar("leading"), static_cast<double>(l->leading()));
  ASSERT_NE(snap.scalar("log_loss_2"), nullptr);
  expect_same_bits(*snap.scalar("log_loss_2"), sums[1]);
}

// (LEAD-L): a row's loss is capped, so that an overflowed score leaves the sums finite.
TEST(Leader, ARowCostsAtMostTheCap) {
  auto l = leader(1);
  const double huge[] = {1e300};
  l->learn(huge, -1);  // the members' first scores are 0: ln 2 each
  l->learn(huge, +1);  // the learned weights meet 1e300 on the wrong side
  for (double sum : l->state()) {
    EXPECT_TRUE(std::isfinite(sum));
    EXPECT_LE(sum, std::log(2.0) + Leader::kMaxRowLoss);
  }
}

// Past the width the default is alone from the start: the same bits as alone, sparse rows on
// their non-zeros.
TEST(Leader, AWideInputIsTheDefaultAlone) {
  const std::size_t d = 5;
  auto l = leader(d, 4);
  EXPECT_EQ(l->racing(), 1u);
  EXPECT_TRUE(l->sparse_native());
  auto alone = member_alone(0, d);
  SeededRandom random(3);
  for (int i = 0; i < 200; ++i) {
    const std::uint32_t index[] = {static_cast<std::uint32_t>(random.below(2)),
                                   static_cast<std::uint32_t>(2 + random.below(3))};
    const double value[] = {random.uniform() * 2 - 1, random.uniform() * 2 - 1};
    const SparseRow row{index, value, 2};
    const int y = value[0] + value[1] > 0 ? 1 : -1;
    const double s = l->train_score_sparse(row);
    expect_same_bits(s, alone->train_score_sparse(row));
    l->learn_sparse(row, y, s);
    alone->learn_sparse(row, y, s);
  }
  expect_same_bits(l->member(0).params(), alone->params());
  EXPECT_EQ(l->save().inner.size(), 1u);
}

// A leader that widens past its width drops the full covariance members and the default goes on
// alone, with everything it learned, as if it had been alone all along.
TEST(Leader, WideningPastTheWidthLeavesTheDefaultAlone) {
  auto l = leader(2, 2);
  auto alone = member_alone(0, 2);
  const Rows rows = correlated_rows(60, 5);
  for (std::size_t i = 0; i < rows.x.size(); ++i) {
    const double* x = rows.x[i].data();  // the first two features
    const double s = alone->train_score(x);
    l->learn(x, rows.y[i], l->train_score(x));
    alone->learn(x, rows.y[i], s);
  }
  l->grow(3);
  alone->grow(3);
  EXPECT_EQ(l->racing(), 1u);
  EXPECT_EQ(l->leading(), 0u);
  EXPECT_EQ(l->save().inner.size(), 1u);
  for (std::size_t i = 0; i < rows.x.size(); ++i) {
    const double* x = rows.x[i].data();
    const double s = alone->train_score(x);
    expect_same_bits(l->train_score(x), s);
    l->learn(x, rows.y[i], s);
    alone->learn(x, rows.y[i], s);
  }
  expect_same_bits(l->member(0).params(), alone->params());
  expect_same_bits(l->member(0).state(), alone->state());
}

// Save and load resume exactly; a state that is not a leader's at this width is refused and
// nothing changes.
TEST(Leader, SaveAndLoadResumeExactly) {
  const Rows rows = correlated_rows(300, 17);
  auto a = leader(3);
  for (std::size_t i = 0; i < 150; ++i)
    a->learn(rows.x[i].data(), rows.y[i], a->train_score(rows.x[i].data()));
  const LearnerState saved = a->save();
  EXPECT_TRUE(saved.params.empty());
  ASSERT_EQ(saved.inner.size(), 3u);
  auto b = leader(3);
  const Status loaded = b->load(saved);
  ASSERT_TRUE(loaded) << loaded.message();
  for (std::size_t i = 150; i < rows.x.size(); ++i) {
    const double* x = rows.x[i].data();
    const double sa = a->train_score(x), sb = b->train_score(x);
    expect_same_bits(sa, sb);
    a->learn(x, rows.y[i], sa);
    b->learn(x, rows.y[i], sb);
  }
  expect_same_bits(a->state(), b->state());
  for (std::size_t k = 0; k < Leader::kMembers; ++k)
    expect_same_bits(a->member(k).params(), b->member(k).params());

  const std::vector<double> before = b->state();
  LearnerState negative = saved;
  negative.state[1] = -1;
  EXPECT_EQ(b->load(negative).message(), "the saved leader's summed log-losses are not all >= 0");
  LearnerState one_member = saved;
  one_member.inner.resize(1);
  EXPECT_EQ(b->load(one_member).message(),
            "the saved state is not that of a leader of 3 members at 3 features");
  LearnerState bad_member = saved;
  bad_member.inner[2].state.push_back(1);  // its calibrator's state, one value too many
  EXPECT_FALSE(b->load(bad_member));
  expect_same_bits(b->state(), before);
  auto wide = leader(3, 2);  // past its width: one member
  EXPECT_EQ(wide->load(saved).message(),
            "the saved state is not that of a leader of 1 members at 3 features");
}

// docs/algorithms.md 4.32: each member merges by its own rule, the sums take their weighted
// mean, and the merged leader is the member of least merged sum.
TEST(Leader, MergeTakesEachMembersRuleAndTheMeanSums) {
  const Rows rows = correlated_rows(200, 23);
  auto a = leader(3), b = leader(3);
  for (std::size_t i = 0; i < rows.x.size(); ++i) {
    Leader& l = i % 2 ? *a : *b;
    const double* x = rows.x[i].data();
    l.learn(x, rows.y[i], l.train_score(x));
  }
  const LearnerState sa = a->save(), sb = b->save();
  const MergeWeights w{{0.25, 0.75}, {1, 1}, {}};
  LearnerState merged;
  ASSERT_TRUE(a->merge({&sa, &sb}, w, merged));
  ASSERT_EQ(merged.state.size(), 3u);
  for (std::size_t k = 0; k < Leader::kMembers; ++k) {
    EXPECT_DOUBLE_EQ(merged.state[k], 0.25 * sa.state[k] + 0.75 * sb.state[k]);
    LearnerState member;
    ASSERT_TRUE(a->member(k).merge({&sa.inner[k], &sb.inner[k]}, w, member));
    expect_same_bits(merged.inner[k].params, member.params);
    expect_same_bits(merged.inner[k].state, member.state);
  }
  auto c = leader(3);
  ASSERT_TRUE(c->load(merged));
  // Parts of another shape do not merge.
  LearnerState short_part = sb;
  short_part.inner.pop_back();
  EXPECT_FALSE(a->merge({&sa, &short_part}, w, merged));
}

// Through a pipeline: past its width (0) the leader is the default bit for bit, a model file
// resumes it exactly, and one-vs-rest copies of it learn classes.
TEST(Leader, LearnsThroughAPipelineAndAModelFile) {
  auto lone = Pipeline::build("zscore | leader(width=0)").take();
  auto plain = Pipeline::build("zscore | pa2(c=0.1) +avg +temperature").take();
  auto racing = Pipeline::build("zscore | leader").take();
  const Rows rows = correlated_rows(300, 29);
  for (std::size_t i = 0; i < 200; ++i) {
    const double* x = rows.x[i].data();
    const Result<int> a = lone->learn_one(x, 3, rows.y[i]);
    const Result<int> b = plain->learn_one(x, 3, rows.y[i]);
    ASSERT_TRUE(a && b && racing->learn_one(x, 3, rows.y[i]));
    EXPECT_EQ(a.value(), b.value());
    expect_same_bits(lone->score_one(x, 3).value(), plain->score_one(x, 3).value());
  }
  Result<LoadedModel> loaded = model_from_json(model_to_json(*racing, ModelSchema{}));
  ASSERT_TRUE(loaded) << loaded.message();
  Pipeline& resumed = *loaded.value().pipeline;
  for (std::size_t i = 200; i < rows.x.size(); ++i) {
    const double* x = rows.x[i].data();
    expect_same_bits(resumed.score_one(x, 3).value(), racing->score_one(x, 3).value());
    EXPECT_EQ(resumed.learn_one(x, 3, rows.y[i]).value(),
              racing->learn_one(x, 3, rows.y[i]).value());
  }
  expect_same_bits(resumed.learner().state(), racing->learner().state());

  auto classes = Pipeline::build("zscore | leader", 0, 0, Task::multiclass).take();
  classes->set_dims(2);
  const SparseRow none{};
  std::uint64_t right = 0;
  for (int i = 0; i < 3000; ++i) {
    const double a = std::sin(i * 0.37), b = std::cos(i * 0.11);
    const double x[] = {a, b};
    const double cls = a > 0.3 ? 0 : (b > 0 ? 1 : 2);
    right += classes->learn_encoded(x, none, cls) == static_cast<int>(cls);
  }
  EXPECT_EQ(classes->rows(), 3000u);
  EXPECT_GT(right, 2400u);  // the majority class is about 35% of the rows
}

}  // namespace
}  // namespace onepass
