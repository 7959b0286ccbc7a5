// The registry as the front ends read it (api/registry_json.hpp): `onepass list`, op.registry()
// and the demo's builder. +drift (docs/algorithms.md 6.10) is listed as a modifier with its own
// parameters and each detector's (docs/algorithms.md 6.8), all from the core's declarations,
// and every listed default builds.
#include "onepass/api/registry_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "drift/detector.hpp"
#include "pipeline/drift_watch.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"

namespace onepass {
namespace {

TEST(RegistryJson, ListsDriftAsAModifierWithEachDetectorsParameters) {
  const auto doc = nlohmann::json::parse(registry_json());
  ASSERT_EQ(doc.size(), registry().size() + 1);
  const auto& drift = doc.back();
  EXPECT_EQ(drift["name"], "drift");
  EXPECT_EQ(drift["kind"], "modifier");
  EXPECT_EQ(drift["spec"], "6.10");
  const auto own = drift_modifier_params();
  ASSERT_EQ(drift["params"].size(), own.size());
  const char* names[] = {"detector", "action", "scalers"};
  const char* defaults[] = {"adwin", "report", "false"};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(drift["params"][k]["name"], names[k]);
    EXPECT_EQ(drift["params"][k]["default"], defaults[k]);
  }
  EXPECT_EQ(drift["params"][1]["choices"],
            nlohmann::json::parse(R"(["report","reset","background"])"));
  const auto& detectors = drift["detectors"];
  ASSERT_EQ(detectors.size(), detector_registry().size());
  EXPECT_EQ(drift["params"][0]["choices"].size(), detectors.size());
  for (std::size_t i = 0; i < detectors.size(); ++i) {
    const DetectorEntry& d = detector_registry()[i];
    EXPECT_EQ(detectors[i]["name"], d.name);
    EXPECT_EQ(drift["params"][0]["choices"][i], d.name);
    EXPECT_EQ(detectors[i]["spec"], d.spec);
    ASSERT_EQ(detectors[i]["params"].size(), d.params.size()) << d.name;
    std::string spelled;  // every parameter at its listed default
    for (const auto& p : detectors[i]["params"])
      spelled += "," + p["name"].get<std::string>() + "=" + p["default"].get<std::string>();
    const std::string spec = "logreg +drift(detector=" + d.name + spelled + ")";
    EXPECT_TRUE(Pipeline::build(spec)) << spec;
  }
  // ADWIN's delta as docs/algorithms.md 6.8 gives it: 0.002 in (0, 1); Page-Hinkley's delta is
  // its own (0.005), listed under its detector.
  const auto& delta = detectors[0]["params"][0];
  EXPECT_EQ(delta["name"], "delta");
  EXPECT_EQ(delta["default"], "0.002");
  EXPECT_EQ(delta["min"], 0);
  EXPECT_EQ(delta["max"], 1);
  EXPECT_TRUE(delta["minExclusive"].get<bool>());
  for (const auto& d : detectors) {
    if (d["name"] != "page_hinkley") continue;
    for (const auto& p : d["params"]) {
      if (p["name"] == "delta") {
        EXPECT_EQ(p["default"], "0.005");
      }
    }
  }
}

}  // namespace
}  // namespace onepass
