// What the registry holds for one named stage (learner, scaler, modifier), and the few helpers
// more than one family uses to declare theirs. Each family declares its entries next to its
// class (e.g. logistic_sgd_stages() in learners/logistic_sgd.hpp) and registry.cpp only
// collects them (issue 14: a stage's name, parameters, check and traits are written once).
#pragma once

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
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

// An entry of the given kind with its name, summary, section of docs/algorithms.md and source
// paper; the family then adds its parameters, traits and builder.
RegistryEntry stage_entry(StageKind kind, std::string name, const char* summary, const char* spec,
                          const char* source, bool probability = false);
inline RegistryEntry learner_entry(std::string name, const char* summary, const char* spec,
                                   const char* source, bool probability = false) {
  return stage_entry(StageKind::learner, std::move(name), summary, spec, source, probability);
}
inline RegistryEntry scaler_entry(std::string name, const char* summary, const char* spec,
                                  const char* source) {
  return stage_entry(StageKind::scaler, std::move(name), summary, spec, source);
}
inline RegistryEntry modifier_entry(std::string name, const char* summary, const char* spec,
                                    const char* source) {
  return stage_entry(StageKind::modifier, std::move(name), summary, spec, source);
}

// What a family's *_stages() returns: its one entry, or its several in order. Each is moved in,
// not listed in braces: a braced list is a std::initializer_list of const entries, which the
// vector would copy, std::functions and all.
std::vector<RegistryEntry> one_entry(RegistryEntry entry);
template <typename... Entries>
std::vector<RegistryEntry> entry_list(Entries&&... entries) {
  std::vector<RegistryEntry> out;
  out.reserve(sizeof...(entries));
  (out.push_back(std::forward<Entries>(entries)), ...);
  return out;
}

// A parameter range without that bound (its max, or -kInf its min).
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// The papers that more than one family comes from (docs/algorithms.md 0.1).
inline constexpr const char* kS0 =
    "Bollegala & Iba, Feature Scaling for Online Learning of Binary Classifiers";
inline constexpr const char* kS1 =
    "Forman, Scholz & Rajaram, Feature Shaping for Linear SVM Classifiers (KDD 2009)";
inline constexpr const char* kS3 = "Li et al., Adaptive Scaling (appendix scalers)";
inline constexpr const char* kS4 = "Carvalho & Cohen, Single-Pass Online Learning (KDD 2006)";

// On by default (D-BIAS): after a centring scaler such as zscore a model without a bias cannot
// express the base rate (issue 16: zscore | pa1 erred on 41.5% of an imbalanced file, 9.0% with
// the bias). The papers ran these learners without one; their presets say bias=false.
ParamSpec bias_param();

// S0's schedule and L2 weights (spec 4.1, 4.3), shared by logreg and the FS family: eta0, then
// the named L2 weights (name, help), then the horizon n.
std::vector<ParamSpec> logistic_params(const std::vector<std::pair<const char*, const char*>>& l2);
// The L2 weight of w that logreg and FS, FS-1, FS-2 take.
inline constexpr std::pair<const char*, const char*> kLambda{
    "lambda", "L2 weight of w, divided by n (grid 0, 0.01 ... 100)"};

}  // namespace onepass
