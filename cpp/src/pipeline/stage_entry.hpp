// What the registry holds for one named stage (learner, scaler, modifier), and the few helpers
// more than one family uses to declare theirs. Each family declares its entries next to its
// class (e.g. logistic_sgd_stages() in learners/logistic_sgd.hpp) and registry.cpp only
// collects them (a stage's name, parameters, check and traits are written once). A
// family binds each parameter to the field of its stage's Config (core/bound_params.hpp) and
// builds the stage from that Config (bind_learner, bind_scaler below).
#pragma once

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/bound_params.hpp"
#include "core/params.hpp"
#include "core/task.hpp"
#include "learners/learner.hpp"
#include "learners/task_learner.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

enum class StageKind { learner, scaler, modifier };

const char* kind_name(StageKind kind);

// What a learner's input must be for it to learn (docs/algorithms.md 4.11,
// 4.5, 4.9): anything; non-negative values (the Winnow family normalises rows by their L1 norm
// and never updates a negative input, D-WIN-1); or scaled values (steps that grow with the
// features' size diverge on raw ones).
enum class InputNeed { any, non_negative, scaled };
// "" for any; otherwise what to give the learner, as `onepass list` and the demo show it.
std::string input_need_text(InputNeed need);

struct RegistryEntry {
  std::string name;
  StageKind kind;
  std::string title;    // the short name people read ("PA-II"; pipeline/stage_titles.hpp)
  std::string summary;  // one line
  std::string spec;     // its section of docs/algorithms.md, e.g. "4.1" (algorithms_ref)
  std::string source;   // the paper it comes from
  std::vector<ParamSpec> params;
  // Traits that hold for every value of the parameters. The others (sparse_native,
  // sparse_params_linear, keeps_zeros) are the built stage's virtual methods: they can depend on
  // its values (logreg's lambda) or on the learner it wraps (+avg), which only the stage knows.
  bool probability = false;          // learners: gives probabilities
  InputNeed needs = InputNeed::any;  // learners: what their input must be
  // Learners: the task they learn (docs/algorithms.md 1.8). A binary learner also learns a
  // multiclass label, one copy per class (one-vs-rest, docs/algorithms.md 4.21); the others are
  // built by make_task_learner.
  Task task = Task::binary;
  // Learners: whether '+avg', '+vote', '+platt' and '+temperature' may wrap it. Not a learner
  // whose members carry their own (leader, docs/algorithms.md 4.32).
  bool takes_modifiers = true;
  // What the parameters' ranges cannot say (robust: lower < upper): a message, checked before
  // anything is built (as LIBLINEAR's check_parameter). None: every value in range is fine.
  std::function<Status(const ParamValues&)> check;
  std::function<std::unique_ptr<Learner>(const ParamValues&)> make_learner;
  std::function<std::unique_ptr<Scaler>(const ParamValues&)> make_scaler;
  std::function<std::unique_ptr<TaskLearner>(const ParamValues&)> make_task_learner;
  std::function<std::unique_ptr<Learner>(std::unique_ptr<Learner>, const ParamValues&)> wrap;
  // The fields the parameters set, and the bytes of the stage's Config{} (bind_learner,
  // bind_scaler): registry_bindings_test checks a Config starts at the declared defaults
  // (drifted_fields). Data, not a function: a function object per entry cost the wasm 27 KB.
  std::vector<BoundField> fields;
  std::vector<char> initial_config;
};

// An entry of the given kind with its name, title (stage_title), summary, section of
// docs/algorithms.md and source paper; the family then adds its parameters, traits and builder.
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
// The entries of a family whose variants are the values 0..n-1 of an enum (indexing its kNames
// and summaries): entry(variant, index) for each, in that order.
template <typename Variant, typename Entry>
std::vector<RegistryEntry> variant_entries(int n, Entry entry) {
  std::vector<RegistryEntry> out;
  for (int i = 0; i < n; ++i) out.push_back(entry(static_cast<Variant>(i), i));
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

// Declares `params` as e's parameters and builds its stage from the Config they fill, after the
// arguments the entry fixes (its variant): Stage(fixed..., config).
// The builder holds the parameters through one shared pointer: a copy of them in each
// function object was 30 KB of copying code in the wasm module.
namespace detail {
template <typename Base, typename Stage, typename... Fixed>
std::function<std::unique_ptr<Base>(const ParamValues&)> bind_stage(
    RegistryEntry& e, BoundParams<typename Stage::Config> params, Fixed... fixed) {
  const auto bound = std::make_shared<const BoundParams<typename Stage::Config>>(std::move(params));
  e.params = bound->specs();
  bound->describe(e.fields, e.initial_config);
  return [bound, fixed...](const ParamValues& v) -> std::unique_ptr<Base> {
    return std::make_unique<Stage>(fixed..., bound->from(v));
  };
}
}  // namespace detail
template <typename Stage, typename... Fixed>
void bind_learner(RegistryEntry& e, BoundParams<typename Stage::Config> params, Fixed... fixed) {
  e.make_learner = detail::bind_stage<Learner, Stage>(e, std::move(params), fixed...);
}
template <typename Stage, typename... Fixed>
void bind_task_learner(RegistryEntry& e, BoundParams<typename Stage::Config> params,
                       Fixed... fixed) {
  e.make_task_learner = detail::bind_stage<TaskLearner, Stage>(e, std::move(params), fixed...);
}
template <typename Stage, typename... Fixed>
void bind_scaler(RegistryEntry& e, BoundParams<typename Stage::Config> params, Fixed... fixed) {
  e.make_scaler = detail::bind_stage<Scaler, Stage>(e, std::move(params), fixed...);
}
// e's check (what the ranges cannot say), on the Config the same parameters fill.
template <typename Config, typename Check>
void bind_check(RegistryEntry& e, const BoundParams<Config>& params, Check check) {
  e.check = [params, check](const ParamValues& v) { return check(params.from(v)); };
}

// On by default (D-BIAS): after a centring scaler such as zscore a model without a bias cannot
// express the base rate (zscore | pa1 erred on 41.5% of an imbalanced file, 9.0% with
// the bias). The papers ran these learners without one; their presets say bias=false.
template <typename Config>
BoundParam<Config> bias_param(bool Config::*bias) {
  return flag_param(bias, "bias", true,
                    "append a constant feature 1.0 so the model learns a bias (D-BIAS)");
}

// The parameters the PA rules share (docs/algorithms.md 4.7, 4.23, 4.25): the aggressiveness C
// of the capped variants (PA-I, PA-II; D-PA-1), then the bias.
template <typename Config>
BoundParams<Config> pa_params(double Config::*c, bool Config::*bias, bool capped) {
  BoundParams<Config> params;
  if (capped)
    params.add(real_param(c, "c", 1, 0, kInf,
                          "aggressiveness C: larger C takes larger steps (D-PA-1)", true));
  params.add(bias_param(bias));
  return params;
}

// An L2 weight (>= 0, 0 by default) given as its name and help, e.g. kLambda.
template <typename Config>
BoundParam<Config> l2_param(double Config::*field, std::pair<const char*, const char*> name_help) {
  return real_param(field, name_help.first, 0, 0, kInf, name_help.second);
}
// The L2 weight of w that logreg and FS, FS-1, FS-2 take.
inline constexpr std::pair<const char*, const char*> kLambda{
    "lambda", "L2 weight of w, divided by n (grid 0, 0.01 ... 100)"};

// S0's schedule and L2 weights (spec 4.1, 4.3), shared by logreg and the FS family: eta0, then
// the L2 weights (l2_param), then the horizon n.
template <typename Config>
BoundParams<Config> logistic_params(double Config::*eta0, std::vector<BoundParam<Config>> l2,
                                    double Config::*n) {
  BoundParams<Config> out{
      real_param(eta0, "eta0", 0.1, 0, kInf, "initial learning rate eta0 (S0: 0.1)", true)};
  for (auto& weight : l2) out.add(std::move(weight));
  out.add(
      integer_param(n, "n", 10000, 1, 1e15,
                    "horizon N: rows in the stream; sets the rate decay and lambda/N (D-LR-2)"));
  return out;
}

}  // namespace onepass
