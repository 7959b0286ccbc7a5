#include "onepass/api/registry_json.hpp"

#include <nlohmann/json.hpp>

#include "api/params_json.hpp"
#include "pipeline/registry.hpp"

namespace onepass {

std::string registry_json() {
  using nlohmann::json;
  json out = json::array();
  for (const RegistryEntry& e : registry()) {
    out.push_back({{"name", e.name},
                   {"kind", kind_name(e.kind)},
                   {"summary", e.summary},
                   {"spec", e.spec},
                   {"source", e.source},
                   {"probability", e.probability},
                   {"needs", input_need_text(e.needs)},
                   // A learner's task (docs/algorithms.md 1.8); "" for the other stages.
                   {"task", e.kind == StageKind::learner ? task_name(e.task) : ""},
                   {"params", params_json(e.params)}});
  }
  return out.dump();
}

}  // namespace onepass
