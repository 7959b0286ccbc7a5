#include "onepass/learners/passive_aggressive.hpp"

namespace onepass {

namespace {

const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";

ParamSpec c_param() {
  return ParamSpec::real("c", 1, 0, kInf, "aggressiveness C: larger C takes larger steps (D-PA-1)",
                         true);
}

// PA, PA-I and PA-II (spec 4.7): C for the two with a cap, and the bias.
RegistryEntry pa_entry(const char* name, PaVariant variant, const char* summary) {
  RegistryEntry e = learner_entry(name, summary, "4.7", kCrammer);
  if (variant != PaVariant::pa) e.params.push_back(c_param());
  e.params.push_back(bias_param());
  e.make_learner = [variant](const ParamValues& p) {
    return std::make_unique<PassiveAggressive>(
        variant, variant == PaVariant::pa ? 0 : p.number("c"), p.flag("bias"));
  };
  return e;
}

}  // namespace

std::vector<RegistryEntry> passive_aggressive_stages() {
  RegistryEntry cpa = learner_entry(
      "carvalho_pa", "PA as in the Single Pass paper: tau = (eps - y s)/(|x|^2 + gamma)", "4.8",
      kS4);
  cpa.params = {
      ParamSpec::real("eps", 1, 0, kInf, "insensitivity epsilon: update when y s < eps", true),
      ParamSpec::real("gamma", 0.1, 0, kInf, "relaxation gamma added to |x|^2", true),
      bias_param()};
  cpa.make_learner = [](const ParamValues& p) {
    return std::make_unique<PassiveAggressive>(PaVariant::carvalho, p.number("gamma"),
                                               p.flag("bias"), p.number("eps"));
  };
  return entry_list(pa_entry("pa", PaVariant::pa, "Passive-Aggressive: tau = loss/|x|^2"),
                    pa_entry("pa1", PaVariant::pa1, "PA-I: tau = min(C, loss/|x|^2)"),
                    pa_entry("pa2", PaVariant::pa2, "PA-II: tau = loss/(|x|^2 + 1/(2C))"),
                    std::move(cpa));
}

}  // namespace onepass
