#include "api/params_json.hpp"

#include <cmath>

namespace onepass {

nlohmann::json params_json(const std::vector<ParamSpec>& params) {
  using nlohmann::json;
  const auto bound = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
  json out = json::array();
  for (const ParamSpec& p : params) {
    const char* kinds[] = {"real", "integer", "boolean", "choice"};
    out.push_back({{"name", p.name},
                   {"kind", kinds[static_cast<int>(p.kind)]},
                   {"default", p.default_text()},
                   {"range", p.range_text()},
                   {"min", bound(p.min)},
                   {"max", bound(p.max)},
                   {"minExclusive", p.min_exclusive},
                   {"maxExclusive", p.max_exclusive},
                   {"choices", p.choices},
                   {"help", p.help}});
  }
  return out;
}

}  // namespace onepass
