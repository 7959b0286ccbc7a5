// Every named thing (learner, scaler, modifier) with its parameters, defaults, ranges and help
// text, so that the CLI, the JS API, the demo's controls and the docs come from one list.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "onepass/core/params.hpp"
#include "onepass/learners/learner.hpp"
#include "onepass/scalers/scaler.hpp"

namespace onepass {

enum class StageKind { learner, scaler, modifier };

const char* kind_name(StageKind kind);

// What a learner's input must be for it to learn (issue 16, item 6; docs/algorithms.md 4.11,
// 4.5, 4.9): anything; non-negative values (the Winnow family normalises rows by their L1 norm
// and never updates a negative input, D-WIN-1); or scaled values (steps that grow with the
// features' size diverge on raw ones).
enum class InputNeed { any, non_negative, scaled };
// "" for any; otherwise what to give the learner, as `onepass list` and the demo show it.
std::string input_need_text(InputNeed need);

struct RegistryEntry {
  std::string name;
  StageKind kind;
  std::string summary;  // one line
  std::string spec;     // its section of docs/algorithms.md, e.g. "4.1" (algorithms_ref)
  std::string source;   // the paper it comes from
  std::vector<ParamSpec> params;
  bool probability = false;          // learners: gives probabilities
  InputNeed needs = InputNeed::any;  // learners: what their input must be
  // What the parameters' ranges cannot say (robust: lower < upper): a message, checked before
  // anything is built (as LIBLINEAR's check_parameter). None: every value in range is fine.
  std::function<Status(const ParamValues&)> check;
  std::function<std::unique_ptr<Learner>(const ParamValues&)> make_learner;
  std::function<std::unique_ptr<Scaler>(const ParamValues&)> make_scaler;
  std::function<std::unique_ptr<Learner>(std::unique_ptr<Learner>, const ParamValues&)> wrap;
};

const std::vector<RegistryEntry>& registry();
const RegistryEntry* find_entry(const std::string& name);
// "logreg, pa, ..." for error messages.
std::string names_of(StageKind kind);
// Where a section is described, as users see it: "docs/algorithms.md §4.1" for "4.1" (the one
// place the C++ side spells it; the TypeScript side has algorithmsRef).
std::string algorithms_ref(const std::string& section);

}  // namespace onepass
