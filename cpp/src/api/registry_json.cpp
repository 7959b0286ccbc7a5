#include "onepass/api/registry_json.hpp"

#include <nlohmann/json.hpp>

#include "api/params_json.hpp"
#include "drift/detector.hpp"
#include "pipeline/drift_watch.hpp"
#include "pipeline/registry.hpp"
#include "pipeline/stage_titles.hpp"

namespace onepass {

namespace {

// +drift (docs/algorithms.md 6.10) is a modifier of the pipeline, not a stage the registry
// builds (it is read before the registry's modifiers, pipeline/pipeline.cpp), so its entry is
// written here: its own parameters (drift_modifier_params) and, under detectors, each detector
// with the parameters it takes in the same parentheses, from the detectors' registry
// (docs/algorithms.md 6.8). The detectors' parameters share names (delta, alpha) with other
// defaults, so they are listed per detector, not merged into one list.
nlohmann::json drift_entry() {
  using nlohmann::json;
  json detectors = json::array();
  for (const DetectorEntry& d : detector_registry())
    detectors.push_back({{"name", d.name},
                         {"title", detector_title(d.name)},
                         {"summary", d.summary},
                         {"spec", d.spec},
                         {"source", d.source},
                         {"params", params_json(d.params)}});
  return {{"name", "drift"},
          {"title", stage_title("drift")},
          {"kind", kind_name(StageKind::modifier)},
          {"summary",
           "a drift detector beside the learner: report a drift, or start the learner afresh, or "
           "swap in one trained since the warning"},
          {"spec", "6.10"},
          {"source", "River's DriftRetrainingClassifier"},
          {"probability", false},
          {"needs", ""},
          {"task", ""},
          {"takesModifiers", false},
          {"params", params_json(drift_modifier_params())},
          {"detectors", detectors}};
}

}  // namespace

// Built from initializer lists, unlike the documents whose size grows with the data, dims,
// classes or folds (core/json_release.hpp): this one's is fixed when onepass is compiled (the
// registry's entries with their parameters and the detectors', about 50 KB), whatever was read:
// none of its allocations grows with a data set.
std::string registry_json() {
  using nlohmann::json;
  json out = json::array();
  for (const RegistryEntry& e : registry()) {
    out.push_back({{"name", e.name},
                   {"title", e.title},
                   {"kind", kind_name(e.kind)},
                   {"summary", e.summary},
                   {"spec", e.spec},
                   {"source", e.source},
                   {"probability", e.probability},
                   {"needs", input_need_text(e.needs)},
                   // A learner's task (docs/algorithms.md 1.8); "" for the other stages.
                   {"task", e.kind == StageKind::learner ? task_name(e.task) : ""},
                   {"takesModifiers", e.kind == StageKind::learner && e.takes_modifiers},
                   {"params", params_json(e.params)}});
  }
  out.push_back(drift_entry());
  return out.dump();
}

}  // namespace onepass
