// The registry as the front ends read it (api/registry_json.hpp): `onepass list`, op.registry()
// and the demo's builder. +drift (docs/algorithms.md 6.10) is listed as a modifier with its own
// parameters and each detector's (docs/algorithms.md 6.8), all from the core's declarations,
// and every listed default builds.
#include "onepass/api/registry_json.hpp"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "drift/detector.hpp"
#include "pipeline/drift_watch.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "pipeline/stage_titles.hpp"

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

// Every stage and detector has a title (pipeline/stage_titles.hpp), no two of one kind the same,
// and the tables of titles name nothing else: the demo calls pipelines by these titles.
TEST(RegistryJson, GivesEveryEntryATitleUniqueWithinItsKind) {
  const auto doc = nlohmann::json::parse(registry_json());
  std::map<std::string, std::set<std::string>> seen;  // kind -> titles
  for (const auto& e : doc) {
    const std::string title = e["title"];
    EXPECT_FALSE(title.empty()) << e["name"];
    EXPECT_TRUE(seen[e["kind"].get<std::string>()].insert(title).second) << title;
  }
  EXPECT_EQ(stage_title_count(), doc.size());
  std::set<std::string> detectors;
  for (const auto& d : doc.back()["detectors"]) {
    const std::string title = d["title"];
    EXPECT_FALSE(title.empty()) << d["name"];
    EXPECT_TRUE(detectors.insert(title).second) << title;
  }
  EXPECT_EQ(detector_title_count(), detectors.size());
  // As the demo shows them: pa2 is "PA-II", zscore "z-score", avg "averaging".
  EXPECT_EQ(find_entry("pa2")->title, "PA-II");
  EXPECT_EQ(find_entry("zscore")->title, "z-score");
  EXPECT_EQ(find_entry("avg")->title, "averaging");
  EXPECT_EQ(doc.back()["detectors"][0]["title"], "ADWIN");
  EXPECT_EQ(stage_title("no_such_stage"), "");
}

}  // namespace
}  // namespace onepass
