#include "scalers/ewzscore.hpp"

namespace onepass {

std::vector<RegistryEntry> ewzscore_stages() {
  RegistryEntry ew =
      scaler_entry(EwZScore::kName,
                   "exponentially weighted z-score for drifting streams (a running z-score until "
                   "1/k falls to the weight)",
                   "5.8", "");
  bind_scaler<EwZScore>(ew,
                        {real_param(&EwZScore::Config::halflife, "halflife", 1000, 0, kInf,
                                    "rows after which an old value weighs half as much", true)});
  return one_entry(std::move(ew));
}

}  // namespace onepass
