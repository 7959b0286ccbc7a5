#include "onepass/api/registry_json.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "pipeline/registry.hpp"

namespace onepass {

std::string registry_json() {
  using nlohmann::json;
  const auto bound = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
  json out = json::array();
  for (const RegistryEntry& e : registry()) {
    json params = json::array();
    for (const ParamSpec& p : e.params) {
      const char* kinds[] = {"real", "integer", "boolean", "choice"};
      params.push_back({{"name", p.name},
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
    out.push_back({{"name", e.name},
                   {"kind", kind_name(e.kind)},
                   {"summary", e.summary},
                   {"spec", e.spec},
                   {"source", e.source},
                   {"probability", e.probability},
                   {"needs", input_need_text(e.needs)},
                   // A learner's task (docs/algorithms.md 1.8); "" for the other stages.
                   {"task", e.kind == StageKind::learner ? task_name(e.task) : ""},
                   {"params", params}});
  }
  return out.dump();
}

}  // namespace onepass
