#include "learners/passive_aggressive.hpp"

namespace onepass {

namespace {

const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";

using PaConfig = PassiveAggressive::Config;

// PA, PA-I and PA-II (spec 4.7): C for the two with a cap, and the bias.
RegistryEntry pa_entry(PaVariant variant, const char* summary) {
  RegistryEntry e = learner_entry(PassiveAggressive::name_of(variant), summary, "4.7", kCrammer);
  bind_learner<PassiveAggressive>(
      e, pa_params(&PaConfig::c, &PaConfig::bias, variant != PaVariant::pa), variant);
  return e;
}

}  // namespace

std::vector<RegistryEntry> passive_aggressive_stages() {
  RegistryEntry cpa = learner_entry(
      PassiveAggressive::name_of(PaVariant::carvalho),
      "PA as in the Single Pass paper: tau = (eps - y s)/(|x|^2 + gamma)", "4.8", kS4);
  bind_learner<PassiveAggressive>(
      cpa,
      {real_param(&PaConfig::eps, "eps", 1, 0, kInf, "insensitivity epsilon: update when y s < eps",
                  true),
       real_param(&PaConfig::gamma, "gamma", 0.1, 0, kInf, "relaxation gamma added to |x|^2", true),
       bias_param(&PaConfig::bias)},
      PaVariant::carvalho);
  return entry_list(pa_entry(PaVariant::pa, "Passive-Aggressive: tau = loss/|x|^2"),
                    pa_entry(PaVariant::pa1, "PA-I: tau = min(C, loss/|x|^2)"),
                    pa_entry(PaVariant::pa2, "PA-II: tau = loss/(|x|^2 + 1/(2C))"), std::move(cpa));
}

}  // namespace onepass
