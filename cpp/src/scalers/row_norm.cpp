#include "scalers/row_norm.hpp"

namespace onepass {

std::vector<RegistryEntry> row_norm_stages() {
  std::vector<RegistryEntry> out;
  for (bool l1 : {true, false}) {
    RegistryEntry e =
        scaler_entry(RowNorm::kNames[l1],
                     l1 ? "row normalisation x/|x|_1" : "row normalisation x/|x|_2", "5.6", kS1);
    e.make_scaler = [l1](const ParamValues&) { return std::make_unique<RowNorm>(l1); };
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace onepass
