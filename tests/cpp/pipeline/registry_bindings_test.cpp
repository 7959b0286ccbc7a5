// Every parameter an entry declares is bound to what its stage does (each parameter
// is declared once, bound to a field of the stage's Config). Built with that one parameter off
// its default, the stage behaves otherwise on a small stream than with every default: a
// parameter bound to a field its variant never reads, or to no field, fails here.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>

#include "pipeline/pipeline.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using Given = std::vector<std::pair<std::string, std::string>>;

// What a parameter needs beside it to make any difference.
const std::map<std::string, Given> kNeeds = {
    {"p", {{"k", "2"}}},                    // EFS's share of the k kept (spec 4.15): EFS on
    {"value", {{"strategy", "constant"}}},  // impute's constant
    {"refit", {{"online", "true"}}},        // the adaptive scalings' online re-solve (D-AS-6)
};

// Declared, and by the rule no step can tell: PATER-I steps with K = alpha_y l only when K > 0
// (D-PATER-2), that is l > 0, where clipping l at 0 or not (D-PATER-1) is the same l. And
// leader's width (docs/algorithms.md 4.32) tells only below the stream's 3 features, which no
// value tried here is (tests/cpp/learners/leader_test.cpp sets it below the width).
const std::set<std::string> kNoEffect = {"pater1.linear_k", "wpater1.linear_k", "leader.width"};

// Values other than the default, in the order tried (the first the entry accepts is used): a
// flag flipped, another choice, or a number moved (half, double, +1, towards a bound).
std::vector<std::string> other_values(const ParamSpec& p) {
  if (p.kind == ParamKind::boolean) return {p.default_value != 0 ? "false" : "true"};
  if (p.kind == ParamKind::choice) return {p.choices.begin() + 1, p.choices.end()};
  const double d = p.default_value;
  std::vector<std::string> out;
  for (double v : {d / 2, d * 2, d + 1, (d + p.min) / 2, (d + p.max) / 2})
    if (std::isfinite(v) && v != d) out.push_back(format_number(v));
  return out;
}

// 1500 rows of 3 non-negative features (the Winnows need them): one informative, one zero on
// half the rows, one missing on every 7th; enough rows to fit every warm-up scaler.
struct Row {
  double x[3];
  int y;
};
std::vector<Row> stream() {
  std::vector<Row> rows;
  std::uint64_t s = 12345;
  auto uniform = [&] {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  };
  for (int r = 0; r < 1500; ++r) {
    const double a = uniform(), noise = uniform();
    const double b = r % 2 ? 0.0 : 3 * uniform();
    const double c = r % 7 == 0 ? std::nan("") : 10 * uniform();
    rows.push_back({{a, b, c}, a + 0.3 * noise > 0.6 ? 1 : -1});
  }
  return rows;
}

// A row's label for a task: the binary one, or three classes (a third for rows missing c), or
// a number (docs/algorithms.md 1.8).
double label_for(Task task, const Row& row) {
  if (task == Task::regression) return 2 * row.x[0] + row.y;
  if (task == Task::multiclass) return (row.y > 0 ? 1 : 0) + (std::isnan(row.x[2]) ? 1 : 0);
  return row.y;
}

// The frozen scores of a row: the margin, or a multiclass or regression pipeline's first score.
double score_of(const Pipeline& p, const Row& row) {
  if (!p.learns_task()) {
    Result<double> s = p.score_one(row.x, 3);
    return s ? s.value() : -7.0;  // none while a warm-up scaler holds its rows
  }
  std::vector<double> scores, probabilities;
  return p.predict_target(row.x, {}, scores, probabilities) ? scores.back() : -7.0;
}

// What a pipeline does, bit for bit: each row's margin before it is learned and the label
// predicted, the learner's parameters and state at the end, and each row's margin then.
std::vector<std::uint64_t> behaviour(const std::string& spec, Task task = Task::binary) {
  std::vector<std::uint64_t> out;
  auto put = [&](double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    out.push_back(bits);
  };
  auto built = Pipeline::build(spec, 0, 0, task);
  if (!built) return out;
  Pipeline& p = *built.value();
  const std::vector<Row> rows = stream();
  for (const Row& row : rows) {
    put(score_of(p, row));
    Result<int> predicted = p.learn_one(row.x, 3, label_for(task, row));
    put(predicted ? predicted.value() : -7.0);
  }
  p.finish();
  const LearnerState state = p.learns_task() ? p.task_learner().save() : p.learner().save();
  for (double v : state.params) put(v);
  for (double v : state.state) put(v);
  for (const Row& row : rows) put(score_of(p, row));
  if (p.learns_task()) put(p.task_progress().rows() ? p.task_progress().rmse() : 0);
  return out;
}

// A learner alone (after zscore if it needs scaled input: on raw rows PATER-I overflows, and
// its non-finite margins make linear_k matter only through the guard); a scaler in front of
// logreg, which learns what it makes of the rows.
std::string pipeline(const RegistryEntry& e, const Given& given) {
  std::string stage = e.name;
  if (!given.empty()) {
    stage += "(";
    for (std::size_t i = 0; i < given.size(); ++i)
      stage += (i ? "," : "") + given[i].first + "=" + given[i].second;
    stage += ")";
  }
  if (e.kind == StageKind::scaler) return stage + " | logreg";
  return e.needs == InputNeed::scaled ? "zscore | " + stage : stage;
}

TEST(RegistryBindings, EveryParameterChangesWhatItsStageDoes) {
  std::size_t checked = 0;
  for (const RegistryEntry& e : registry()) {
    if (e.kind == StageKind::modifier) continue;  // avg and vote declare none
    for (const ParamSpec& p : e.params) {
      const std::string what = e.name + "." + p.name;
      Given base;
      if (kNeeds.count(p.name)) base = kNeeds.at(p.name);
      const std::vector<std::uint64_t> with_default = behaviour(pipeline(e, base), e.task);
      ASSERT_FALSE(with_default.empty()) << pipeline(e, base);
      std::string changed;
      for (const std::string& v : other_values(p)) {
        Given given = base;
        given.emplace_back(p.name, v);
        if (Pipeline::build(pipeline(e, given), 0, 0, e.task)) {
          changed = pipeline(e, given);
          break;
        }
      }
      ASSERT_FALSE(changed.empty()) << what << ": no other value accepted";
      const bool same = behaviour(changed, e.task) == with_default;
      EXPECT_EQ(same, kNoEffect.count(what) > 0)
          << changed << (same ? " does what the default does" : " now matters: list it no more");
      ++checked;
    }
  }
  EXPECT_GE(checked, 80u);
}

// A Config's initial values are the declared defaults (tests build stages from Config{}
// directly): where a default differs by variant, only the declaration can hold it.
TEST(RegistryBindings, ConfigsStartAtTheDeclaredDefaults) {
  // SCW-II's eta and GAS's gamma default otherwise than SCW-I's and ASH's, which share the
  // Config (docs/algorithms.md 4.17, 5.3).
  const std::map<std::string, std::vector<std::string>> by_variant = {{"scw2", {"eta"}},
                                                                      {"gas", {"gamma"}}};
  for (const RegistryEntry& e : registry()) {
    if (e.fields.empty()) continue;
    const auto known = by_variant.find(e.name);
    EXPECT_EQ(drifted_fields(e.fields, e.initial_config.data()),
              known == by_variant.end() ? std::vector<std::string>{} : known->second)
        << e.name;
  }
}

}  // namespace
}  // namespace onepass
