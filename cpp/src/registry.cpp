#include "onepass/registry.hpp"

#include <limits>

#include "onepass/learners/averaged.hpp"
#include "onepass/learners/logistic_sgd.hpp"
#include "onepass/learners/passive_aggressive.hpp"
#include "onepass/learners/perceptron.hpp"
#include "onepass/scalers/minmax.hpp"
#include "onepass/scalers/zscore.hpp"

namespace onepass {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const char* kS0 = "Bollegala & Iba, Feature Scaling for Online Learning of Binary Classifiers";
const char* kS4 = "Carvalho & Cohen, Single-Pass Online Learning (KDD 2006)";
const char* kS3 = "Li et al., Adaptive Scaling (appendix scalers)";
const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";

ParamSpec bias_param() {
  return ParamSpec::boolean("bias", false,
                            "append a constant feature 1.0 so the model learns a bias (D-BIAS)");
}
ParamSpec c_param() {
  return ParamSpec::real("c", 1, 0, kInf, "aggressiveness C: larger C takes larger steps (D-PA-1)",
                         true);
}

RegistryEntry pa_entry(const char* name, PaVariant variant, const char* summary) {
  RegistryEntry e{name, StageKind::learner, summary, "4.7", kCrammer, {}, false, {}, {}, {}};
  if (variant != PaVariant::pa) e.params.push_back(c_param());
  e.params.push_back(bias_param());
  e.make_learner = [variant](const ParamValues& p) {
    return std::make_unique<PassiveAggressive>(
        variant, variant == PaVariant::pa ? 0 : p.number("c"), p.flag("bias"));
  };
  return e;
}

std::vector<RegistryEntry> build_registry() {
  std::vector<RegistryEntry> r;

  RegistryEntry logreg{"logreg",
                       StageKind::learner,
                       "SGD logistic regression with the rate eta0/(1 + k/n)",
                       "4.1",
                       kS0,
                       {},
                       true,
                       {},
                       {},
                       {}};
  logreg.params = {
      ParamSpec::real("eta0", 0.1, 0, kInf, "initial learning rate eta0 (S0: 0.1)", true),
      ParamSpec::real("lambda", 0, 0, kInf, "L2 weight, divided by n (grid 0, 0.01 ... 100)"),
      ParamSpec::integer(
          "n", 10000, 1, 1e15,
          "horizon N: rows in the stream; sets the rate decay and lambda/N (D-LR-2)"),
  };
  logreg.make_learner = [](const ParamValues& p) {
    return std::make_unique<LogisticSgd>(p.number("eta0"), p.number("lambda"), p.number("n"));
  };
  r.push_back(std::move(logreg));

  RegistryEntry perceptron{"perceptron",
                           StageKind::learner,
                           "Rosenblatt's perceptron: w += y x when y w.x <= 0",
                           "4.10",
                           kS4,
                           {},
                           false,
                           {},
                           {},
                           {}};
  perceptron.params = {bias_param()};
  perceptron.make_learner = [](const ParamValues& p) {
    return std::make_unique<Perceptron>(p.flag("bias"));
  };
  r.push_back(std::move(perceptron));

  r.push_back(pa_entry("pa", PaVariant::pa, "Passive-Aggressive: tau = loss/|x|^2"));
  r.push_back(pa_entry("pa1", PaVariant::pa1, "PA-I: tau = min(C, loss/|x|^2)"));
  r.push_back(pa_entry("pa2", PaVariant::pa2, "PA-II: tau = loss/(|x|^2 + 1/(2C))"));

  RegistryEntry zscore{"zscore",
                       StageKind::scaler,
                       "online z-score (Welford mean and sample deviation), S0's GN",
                       "5.1",
                       kS0,
                       {},
                       false,
                       {},
                       {},
                       {}};
  zscore.make_scaler = [](const ParamValues&) { return std::make_unique<ZScore>(); };
  r.push_back(std::move(zscore));

  RegistryEntry minmax{"minmax",
                       StageKind::scaler,
                       "online range scaling (x - min)/(max - min)",
                       "5.2",
                       kS3,
                       {},
                       false,
                       {},
                       {},
                       {}};
  minmax.params = {ParamSpec::boolean(
      "clip", false, "clip values outside the running range to [0, 1] (D-SC-3: off)")};
  minmax.make_scaler = [](const ParamValues& p) {
    return std::make_unique<MinMax>(p.flag("clip"));
  };
  r.push_back(std::move(minmax));

  RegistryEntry avg{"avg",
                    StageKind::modifier,
                    "uniform average of the parameters (lazy trick); predicts in training and test",
                    "3.1",
                    kS0,
                    {},
                    false,
                    {},
                    {},
                    {}};
  avg.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Averaged>(std::move(inner));
  };
  r.push_back(std::move(avg));
  return r;
}

}  // namespace

const char* kind_name(StageKind kind) {
  switch (kind) {
    case StageKind::learner:
      return "learner";
    case StageKind::scaler:
      return "scaler";
    default:
      return "modifier";
  }
}

const std::vector<RegistryEntry>& registry() {
  static const std::vector<RegistryEntry> entries = build_registry();
  return entries;
}

const RegistryEntry* find_entry(const std::string& name) {
  for (const auto& e : registry())
    if (e.name == name) return &e;
  return nullptr;
}

std::string names_of(StageKind kind) {
  std::string s;
  for (const auto& e : registry())
    if (e.kind == kind) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

}  // namespace onepass
