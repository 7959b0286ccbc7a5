// The registry: each family declares its entries next to its class and registry()
// collects them. What an entry says must be what the stage it builds is: the name a learner's or
// a scaler's snapshot carries (saved models and `onepass run` show it) is its entry's name, a
// modifier appends "+" and its own, and a learner gives probabilities when its entry says so.
// That every parameter is bound to what its stage does: registry_bindings_test.cpp.
#include <cmath>
#include <set>

#include "test_util.hpp"

namespace onepass {
namespace {

// The entry's defaults, checked as a pipeline checks them before building.
ParamValues defaults_of(const RegistryEntry& e) {
  auto values = resolve_params(e.name, e.params, {});
  EXPECT_TRUE(values) << e.name << ": " << values.message();
  if (e.check) EXPECT_TRUE(e.check(values.value())) << e.name;
  return values.value();
}

TEST(Registry, NamesAreUniqueAndEachKindHasItsBuilder) {
  std::set<std::string> names;
  std::size_t count[3] = {};
  for (const RegistryEntry& e : registry()) {
    EXPECT_TRUE(names.insert(e.name).second) << "two entries named " << e.name;
    EXPECT_FALSE(e.name.empty());
    ++count[static_cast<int>(e.kind)];
    EXPECT_EQ(bool(e.make_learner) + bool(e.make_task_learner), e.kind == StageKind::learner)
        << e.name;
    EXPECT_EQ(bool(e.make_task_learner), e.task != Task::binary) << e.name;
    EXPECT_EQ(bool(e.make_scaler), e.kind == StageKind::scaler) << e.name;
    EXPECT_EQ(bool(e.wrap), e.kind == StageKind::modifier) << e.name;
    EXPECT_EQ(find_entry(e.name), &e) << e.name;
  }
  EXPECT_GE(count[static_cast<int>(StageKind::learner)], 25u);
  EXPECT_GE(count[static_cast<int>(StageKind::scaler)], 18u);
  EXPECT_EQ(count[static_cast<int>(StageKind::modifier)], 4u);  // avg, vote, platt, temperature
}

TEST(Registry, EveryLearnerAndScalerBuiltWithItsDefaultsCarriesItsName) {
  std::size_t checked = 0;
  for (const RegistryEntry& e : registry()) {
    if (e.make_task_learner) {  // docs/algorithms.md 4.22-4.26
      auto learner = e.make_task_learner(defaults_of(e));
      learner->reset(3, e.task == Task::regression ? 1 : 2);
      EXPECT_EQ(learner->snapshot().name, e.name);
    } else if (e.kind == StageKind::learner) {
      auto learner = e.make_learner(defaults_of(e));
      learner->reset(3);
      EXPECT_EQ(learner->snapshot().name, e.name);
      EXPECT_EQ(learner->has_probability(), e.probability) << e.name;
      ++checked;
    } else if (e.kind == StageKind::scaler) {
      auto scaler = e.make_scaler(defaults_of(e));
      scaler->reset(3);
      EXPECT_EQ(scaler->snapshot().name, e.name);
      ++checked;
    }
  }
  EXPECT_GE(checked, 43u);
}

TEST(Registry, AParameterNobodyDeclaredReadsAsNeverOn) {
  const ParamValues values = resolve_params("pa", find_entry("pa")->params, {}).value();
  EXPECT_TRUE(values.flag("bias"));
  EXPECT_FALSE(values.flag("bais"));  // misspelt: off, not NaN's "true"
  EXPECT_TRUE(std::isnan(values.number("c")));
  EXPECT_EQ(values.text("init"), "");
}

// A wrapped learner's snapshot names both: "perceptron+vote" (spec 3.1, 3.2); it gives
// probabilities when the learner or the modifier does (+platt, docs/algorithms.md 4.29).
TEST(Registry, AModifierAppendsItsNameToTheLearnersName) {
  for (const RegistryEntry& m : registry()) {
    if (m.kind != StageKind::modifier) continue;
    for (const RegistryEntry& e : registry()) {
      if (!testing::binary_learner(e) || !e.takes_modifiers) continue;
      auto wrapped = m.wrap(e.make_learner(defaults_of(e)), defaults_of(m));
      wrapped->reset(3);
      EXPECT_EQ(wrapped->snapshot().name, e.name + "+" + m.name);
      EXPECT_EQ(wrapped->has_probability(), e.probability || m.probability)
          << e.name << "+" << m.name;
    }
  }
}

}  // namespace
}  // namespace onepass
