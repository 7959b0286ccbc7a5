// The catalog of streams and its CSV (docs/algorithms.md 6.9): names and parameters as users give
// them, every bad value an error naming its parameter, the same bytes for the same seed, and the
// first lines of each stream pinned so that a change of the draws' order or arithmetic shows.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "streams/agrawal.hpp"
#include "streams/concept_drift.hpp"
#include "streams/hyperplane.hpp"
#include "streams/sea.hpp"
#include "streams/stagger.hpp"
#include "streams/stream_catalog.hpp"

namespace onepass {
namespace {

std::string csv(const std::string& name, std::uint64_t rows, std::uint64_t seed,
                const StreamParams& params = {}) {
  std::ostringstream out;
  const Status st = write_stream_csv(name, params, rows, seed, out);
  EXPECT_TRUE(st) << st.message();
  return out.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string error_of(const std::string& name, const StreamParams& params,
                     std::uint64_t rows = 100) {
  auto made = make_stream(name, params, rows, 1);
  EXPECT_FALSE(made) << name;
  return made ? "" : made.message();
}

TEST(StreamCatalog, NamesSummariesAndSections) {
  EXPECT_EQ(stream_names(),
            (std::vector<std::string>{"sea", "hyperplane", "agrawal", "stagger", "concept_drift"}));
  for (const auto& info : stream_catalog()) {
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_EQ(info.section.rfind("6.9.", 0), 0u) << info.name;
    EXPECT_FALSE(info.params.empty()) << info.name;
    // Every declared default is accepted as given.
    StreamParams defaults;
    for (const auto& p : info.params) defaults.push_back({p.name, p.default_text()});
    auto made = make_stream(info.name, defaults, 100, 1);
    EXPECT_TRUE(made) << made.message();
  }
}

TEST(StreamCatalog, ConfigsStartAtTheDeclaredDefaults) {
  std::vector<BoundField> fields;
  std::vector<char> initial;
  sea_params().describe(fields, initial);
  EXPECT_TRUE(drifted_fields(fields, initial.data()).empty());
  hyperplane_params().describe(fields, initial);
  EXPECT_TRUE(drifted_fields(fields, initial.data()).empty());
  agrawal_params().describe(fields, initial);
  EXPECT_TRUE(drifted_fields(fields, initial.data()).empty());
  stagger_params().describe(fields, initial);
  EXPECT_TRUE(drifted_fields(fields, initial.data()).empty());
  concept_drift_params().describe(fields, initial);
  EXPECT_TRUE(drifted_fields(fields, initial.data()).empty());
}

TEST(StreamCatalog, BadParametersNameTheParameter) {
  EXPECT_EQ(error_of("nope", {}),
            "unknown stream 'nope'; known: sea, hyperplane, agrawal, stagger, concept_drift");
  EXPECT_EQ(error_of("sea", {{"noise", "1.5"}}),
            "sea: parameter 'noise' must be a number in [0, 1] (got '1.5')");
  EXPECT_EQ(error_of("sea", {{"noise", "-0.1"}}),
            "sea: parameter 'noise' must be a number in [0, 1] (got '-0.1')");
  EXPECT_EQ(error_of("sea", {{"concept", "5"}}),
            "sea: parameter 'concept' must be a whole number in [1, 4] (got '5')");
  EXPECT_EQ(error_of("agrawal", {{"function", "0"}}),
            "agrawal: parameter 'function' must be a whole number in [1, 10] (got '0')");
  EXPECT_EQ(error_of("agrawal", {{"function", "11"}}),
            "agrawal: parameter 'function' must be a whole number in [1, 10] (got '11')");
  EXPECT_EQ(error_of("stagger", {{"concept", "4"}}),
            "stagger: parameter 'concept' must be a whole number in [1, 3] (got '4')");
  EXPECT_EQ(error_of("hyperplane", {{"noise_percentage", "0.1"}}),
            "hyperplane: unknown parameter 'noise_percentage'; accepted: features, "
            "drift_features, mag_change, sigma, noise");
  EXPECT_EQ(error_of("hyperplane", {{"features", "3"}, {"drift_features", "4"}}),
            "hyperplane: parameter 'drift_features' must be at most features (3) (got 4)");
  EXPECT_EQ(error_of("hyperplane", {{"sigma", "2"}}),
            "hyperplane: parameter 'sigma' must be a number in [0, 1] (got '2')");
  EXPECT_EQ(error_of("hyperplane", {{"features", "1001"}}),
            "hyperplane: parameter 'features' must be a whole number in [1, 1000] (got '1001')");
  EXPECT_EQ(error_of("concept_drift", {{"width", "0"}}),
            "concept_drift: parameter 'width' must be a whole number in [1, 1000000000] (got "
            "'0')");
  EXPECT_EQ(error_of("concept_drift", {{"stream", "sea"}, {"concept", "5"}}),
            "concept_drift: parameter 'concept' must be a whole number in [1, 4] for stream=sea "
            "(got 5)");
  EXPECT_EQ(error_of("concept_drift", {{"stream", "hyperplane"}}),
            "concept_drift: parameter 'stream' must be one of agrawal, sea, stagger (got "
            "'hyperplane')");
  EXPECT_EQ(error_of("sea", {}, 0), "rows must be a whole number in [1, 1000000000] (got 0)");
  EXPECT_EQ(error_of("sea", {}, kMaxStreamRows + 1),
            "rows must be a whole number in [1, 1000000000] (got 1000000001)");
  EXPECT_TRUE(make_stream("sea", {}, kMaxStreamRows, 1));  // the bound itself is built lazily
}

TEST(StreamCatalog, SameSeedSameBytesAndAnotherSeedOthers) {
  for (const auto& name : stream_names()) {
    const std::string a = csv(name, 300, 5), b = csv(name, 300, 5), c = csv(name, 300, 6);
    EXPECT_EQ(a, b) << name;
    EXPECT_NE(a, c) << name;
    EXPECT_EQ(lines(a).size(), 301u) << name;
  }
}

// The first two lines after the header for seed 1, pinned: SplitMix64, the draws' order and the
// shortest round-trip text give these bytes in every build (docs/algorithms.md 6.9).
TEST(StreamCatalog, FirstLinesOfEachStreamForSeedOne) {
  const auto sea = lines(csv("sea", 4, 1));
  EXPECT_EQ(sea[0], "x1,x2,x3,label");
  EXPECT_EQ(sea[1], "5.665615751722809,7.457817572627011,9.710027535867962,0");
  EXPECT_EQ(sea[2], "4.442647008263581,7.62894391911761,8.77348686764173,0");
  const auto hyper = lines(csv("hyperplane", 2, 1));
  EXPECT_EQ(hyper[0], "x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,label");
  EXPECT_EQ(hyper[1].substr(0, 38), "0.4041421690502257,0.6054203689753291,");
  const auto agrawal = lines(csv("agrawal", 2, 1));
  EXPECT_EQ(agrawal[0], "salary,commission,age,elevel,car,zipcode,hvalue,hyears,loan,label");
  EXPECT_EQ(
      agrawal[1],
      "93653.00477239651,0,65,level0,car16,zipcode4,757736.6351470567,16,261533.5899254907,1");
  EXPECT_EQ(agrawal[2],
            "57116.12897160566,61609.779368049865,62,level0,car5,zipcode2,748772.31985978,30,"
            "322667.320109753,1");
  // STAGGER over 4 rows: concept 1 (small and red) for rows 1-2, concept 2 (green or circle)
  // for rows 3-4.
  const auto stagger = lines(csv("stagger", 4, 1));
  EXPECT_EQ(stagger[0], "size,color,shape,label");
  EXPECT_EQ(stagger[1], "large,blue,circle,0");
  EXPECT_EQ(stagger[3], "small,red,circle,1");
}

TEST(StreamCatalog, TheCsvReadsBackAsTheGeneratorsRows) {
  const std::string text = csv("agrawal", 50, 9, {{"function", "10"}});
  auto gen = make_stream("agrawal", {{"function", "10"}}, 50, 9).take();
  const auto& cols = gen->columns();
  const auto rows = lines(text);
  StreamRow row;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    gen->next(row);
    std::istringstream cells(rows[i]);
    std::string cell;
    for (std::size_t j = 0; j < cols.size(); ++j) {
      ASSERT_TRUE(std::getline(cells, cell, ','));
      if (cols[j].categorical())
        EXPECT_EQ(cell, cols[j].levels[static_cast<std::size_t>(row.x[j])]);
      else
        EXPECT_EQ(std::strtod(cell.c_str(), nullptr), row.x[j]);  // exact
    }
    ASSERT_TRUE(std::getline(cells, cell, ','));
    EXPECT_EQ(cell, row.label ? "1" : "0");
  }
}

TEST(StreamCatalog, ParametersReachTheStream) {
  // every=2 on SEA: concepts 1, 1, 2, 2, 3, ... ; noise=1 flips every label.
  auto sea = make_stream("sea", {{"every", "2"}, {"noise", "1"}, {"concept", "4"}}, 10, 1).take();
  StreamRow row;
  const std::size_t expected[] = {4, 4, 1, 1, 2, 2, 3, 3, 4, 4};
  for (std::size_t c : expected) {
    sea->next(row);
    EXPECT_EQ(row.concept_id, c);
    EXPECT_EQ(row.label, SeaStream::label(c, row.x[0], row.x[1]) ^ 1);
  }
  auto hyper = make_stream("hyperplane", {{"features", "3"}, {"drift_features", "0"}}, 10, 1);
  ASSERT_TRUE(hyper);
  EXPECT_EQ(hyper.value()->columns().size(), 3u);
  auto stagger = make_stream("stagger", {{"concept", "3"}}, 9, 1).take();
  for (std::size_t c : {3, 3, 3, 1, 1, 1, 2, 2, 2}) {
    stagger->next(row);
    EXPECT_EQ(row.concept_id, c);
  }
  auto mix = make_stream("concept_drift",
                         {{"stream", "stagger"}, {"position", "1"}, {"width", "1"}}, 10, 1);
  ASSERT_TRUE(mix);
  EXPECT_EQ(mix.value()->columns()[0].name, "size");
}

}  // namespace
}  // namespace onepass
