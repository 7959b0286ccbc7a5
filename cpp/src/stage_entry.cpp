#include "onepass/stage_entry.hpp"

namespace onepass {

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

std::string input_need_text(InputNeed need) {
  switch (need) {
    case InputNeed::non_negative:
      return "non-negative features (put minmax first)";
    case InputNeed::scaled:
      return "scaled features (put zscore first)";
    case InputNeed::any:
      break;
  }
  return "";
}

RegistryEntry stage_entry(StageKind kind, std::string name, const char* summary, const char* spec,
                          const char* source, bool probability) {
  RegistryEntry e;
  e.name = std::move(name);
  e.kind = kind;
  e.summary = summary;
  e.spec = spec;
  e.source = source;
  e.probability = probability;
  return e;
}

std::vector<RegistryEntry> one_entry(RegistryEntry entry) {
  std::vector<RegistryEntry> out;
  out.push_back(std::move(entry));
  return out;
}

ParamSpec bias_param() {
  return ParamSpec::boolean("bias", true,
                            "append a constant feature 1.0 so the model learns a bias (D-BIAS)");
}

std::vector<ParamSpec> logistic_params(const std::vector<std::pair<const char*, const char*>>& l2) {
  std::vector<ParamSpec> out = {
      ParamSpec::real("eta0", 0.1, 0, kInf, "initial learning rate eta0 (S0: 0.1)", true)};
  for (const auto& [name, help] : l2) out.push_back(ParamSpec::real(name, 0, 0, kInf, help));
  out.push_back(ParamSpec::integer(
      "n", 10000, 1, 1e15,
      "horizon N: rows in the stream; sets the rate decay and lambda/N (D-LR-2)"));
  return out;
}

}  // namespace onepass
