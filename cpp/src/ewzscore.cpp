#include "onepass/scalers/ewzscore.hpp"

namespace onepass {

std::vector<RegistryEntry> ewzscore_stages() {
  RegistryEntry ew =
      scaler_entry("ewzscore",
                   "exponentially weighted z-score for drifting streams (a running z-score until "
                   "1/k falls to the weight)",
                   "5.8", "");
  ew.params = {ParamSpec::real("halflife", 1000, 0, kInf,
                               "rows after which an old value weighs half as much", true)};
  ew.make_scaler = [](const ParamValues& p) {
    return std::make_unique<EwZScore>(p.number("halflife"));
  };
  return one_entry(std::move(ew));
}

}  // namespace onepass
