#include "scalers/impute.hpp"

namespace onepass {

std::vector<RegistryEntry> impute_stages() {
  using C = Impute::Config;
  RegistryEntry impute =
      scaler_entry(Impute::kName, "fills missing cells: running mean, 0 or a constant", "5.10", "");
  bind_scaler<Impute>(impute, {choice_param(&C::strategy, "strategy",
                                            {{"mean", ImputeStrategy::mean},
                                             {"zero", ImputeStrategy::zero},
                                             {"constant", ImputeStrategy::constant}},
                                            "what a missing cell becomes"),
                               real_param(&C::value, "value", 0, -kInf, kInf,
                                          "the constant, with strategy=constant")});
  return one_entry(std::move(impute));
}

}  // namespace onepass
