#include "onepass/scalers/impute.hpp"

namespace onepass {

std::vector<RegistryEntry> impute_stages() {
  RegistryEntry impute =
      scaler_entry("impute", "fills missing cells: running mean, 0 or a constant", "5.10", "");
  impute.params = {
      ParamSpec::choice("strategy", {"mean", "zero", "constant"}, "what a missing cell becomes"),
      ParamSpec::real("value", 0, -kInf, kInf, "the constant, with strategy=constant")};
  impute.make_scaler = [](const ParamValues& p) {
    const std::string& s = p.text("strategy");
    const ImputeStrategy st = s == "zero"       ? ImputeStrategy::zero
                              : s == "constant" ? ImputeStrategy::constant
                                                : ImputeStrategy::mean;
    return std::make_unique<Impute>(st, p.number("value"));
  };
  return one_entry(std::move(impute));
}

}  // namespace onepass
