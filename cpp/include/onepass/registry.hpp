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

struct RegistryEntry {
  std::string name;
  StageKind kind;
  std::string summary;  // one line
  std::string spec;     // section of spec/ALGORITHMS.md, e.g. "4.1"
  std::string source;   // the paper it comes from
  std::vector<ParamSpec> params;
  bool probability = false;  // learners: gives probabilities
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

}  // namespace onepass
