#include "scalers/maxabs.hpp"

namespace onepass {

std::vector<RegistryEntry> maxabs_stages() {
  RegistryEntry maxabs =
      scaler_entry(MaxAbs::kName, "online max-abs scaling x/max|x| (keeps zeros)", "5.7", "");
  maxabs.make_scaler = [](const ParamValues&) { return std::make_unique<MaxAbs>(); };
  return one_entry(std::move(maxabs));
}

}  // namespace onepass
