// The streams made by code as the front ends ask for them (api/streams.hpp; docs/algorithms.md
// 6.9): the catalog as JSON and as `generate --list` prints it, the CSV the core's writer gives
// (whole or a piece at a time), and each mistake refused with the core's message, before anything
// is written.
#include "onepass/api/streams.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "onepass/api/command_line.hpp"
#include "onepass/api/registry_json.hpp"

namespace onepass {
namespace {

std::string core_csv(const std::string& name, const StreamParams& params, std::uint64_t rows,
                     std::uint64_t seed) {
  std::ostringstream out;
  const Status st = write_stream_csv(name, params, rows, seed, out);
  EXPECT_TRUE(st) << st.message();
  return out.str();
}

std::string written(const StreamRequest& request) {
  std::ostringstream out;
  const Status st = write_stream(request, out);
  EXPECT_TRUE(st) << st.message();
  return out.str();
}

// Every piece of a StreamCsv, joined; `pieces` counts them.
std::string pieces_of(const StreamRequest& request, std::size_t& pieces) {
  auto csv = StreamCsv::open(request);
  EXPECT_TRUE(csv) << csv.message();
  std::string out;
  pieces = 0;
  while (!csv.value()->done()) {
    const std::string piece = csv.value()->next();
    EXPECT_FALSE(piece.empty());
    EXPECT_EQ(piece.back(), '\n') << "a piece ends with a whole line";
    out += piece;
    ++pieces;
  }
  EXPECT_EQ(csv.value()->rows(), request.rows);
  EXPECT_EQ(csv.value()->next(), "") << "nothing after the last row";
  return out;
}

std::string refused(const StreamRequest& request) {
  const Status st = check_stream(request);
  EXPECT_FALSE(st) << request.name;
  std::ostringstream out;
  EXPECT_EQ(write_stream(request, out).message(), st.message());
  EXPECT_EQ(out.str(), "") << "nothing is written for a refused stream";
  auto csv = StreamCsv::open(request);
  EXPECT_FALSE(csv);
  EXPECT_EQ(csv ? "" : csv.message(), st.message());
  return st.message();
}

TEST(Streams, TheCatalogAsJsonIsTheCoresWithParamsAsTheRegistryGivesThem) {
  const auto doc = nlohmann::json::parse(streams_json());
  ASSERT_TRUE(doc.is_array());
  ASSERT_EQ(doc.size(), stream_catalog().size());
  const auto registry = nlohmann::json::parse(registry_json());
  for (std::size_t i = 0; i < doc.size(); ++i) {
    const StreamInfo& info = stream_catalog()[i];
    const auto& e = doc[i];
    EXPECT_EQ(e["name"], info.name);
    EXPECT_EQ(e["summary"], info.summary);
    EXPECT_EQ(e["section"], info.section);
    ASSERT_EQ(e["params"].size(), info.params.size()) << info.name;
    for (std::size_t k = 0; k < info.params.size(); ++k) {
      const ParamSpec& p = info.params[k];
      const auto& j = e["params"][k];
      EXPECT_EQ(j["name"], p.name);
      EXPECT_EQ(j["default"], p.default_text());
      EXPECT_EQ(j["range"], p.range_text());
      EXPECT_EQ(j["help"], p.help);
      // The keys a stage's parameter has in the registry, so a front end reads both alike.
      std::vector<std::string> keys, stage_keys;
      for (const auto& [key, value] : j.items()) keys.push_back(key);
      for (const auto& [key, value] : registry[0]["params"][0].items()) stage_keys.push_back(key);
      EXPECT_EQ(keys, stage_keys);
    }
  }
  EXPECT_EQ(doc[0]["name"], "sea");
  EXPECT_EQ(doc[0]["section"], "6.9.1");
  EXPECT_EQ(doc[0]["params"][2]["name"], "noise");
  EXPECT_EQ(doc[0]["params"][2]["max"], 1.0);
  EXPECT_EQ(doc[4]["params"][0]["kind"], "choice");  // concept_drift's stream
}

TEST(Streams, TheListNamesEachStreamAndItsParameters) {
  const std::string text = streams_text();
  for (const StreamInfo& info : stream_catalog()) {
    EXPECT_NE(text.find("  " + info.name + " "), std::string::npos) << info.name;
    EXPECT_NE(text.find(info.summary + " (docs/algorithms.md \xC2\xA7" + info.section + ")\n"),
              std::string::npos)
        << info.name;
    for (const ParamSpec& p : info.params)
      EXPECT_NE(text.find(p.range_text() + ": " + p.help + "\n"), std::string::npos) << p.name;
  }
  EXPECT_NE(text.find("\n    noise          default 0       a number in [0, 1]: "),
            std::string::npos)
      << text;
}

TEST(Streams, TheCsvIsTheCoreWritersForTheSeedGiven) {
  StreamRequest sea{"sea", {{"noise", "0.1"}, {"every", "40"}}, 200, 7};
  EXPECT_EQ(written(sea), core_csv("sea", {{"noise", "0.1"}, {"every", "40"}}, 200, 7));
  // No seed given: the default one, 1.
  StreamRequest agrawal{"agrawal", {{"function", "3"}}, 50};
  EXPECT_EQ(agrawal.seed, kDefaultStreamSeed);
  EXPECT_EQ(written(agrawal), core_csv("agrawal", {{"function", "3"}}, 50, 1));
  // Another seed, other rows; the same header.
  StreamRequest other = sea;
  other.seed = 8;
  EXPECT_NE(written(other), written(sea));
  EXPECT_EQ(written(other).substr(0, 15), "x1,x2,x3,label\n");
}

TEST(Streams, ThePiecesJoinedAreTheWholeCsv) {
  std::size_t pieces = 0;
  for (const StreamRequest& r :
       {StreamRequest{"sea", {}, 1, 3}, StreamRequest{"stagger", {}, 300, 3},
        StreamRequest{"concept_drift", {{"position", "100"}, {"width", "20"}}, 400, 5}}) {
    EXPECT_EQ(pieces_of(r, pieces), written(r)) << r.name;
    EXPECT_EQ(pieces, 1u) << r.name;
  }
  // Past a megabyte: several pieces, each of whole lines, joined as the writer writes them.
  const StreamRequest wide{"hyperplane", {{"features", "100"}}, 2000, 2};
  const std::string whole = written(wide);
  ASSERT_GT(whole.size(), 2 * StreamCsv::kPieceBytes);
  EXPECT_EQ(pieces_of(wide, pieces), whole);
  EXPECT_GE(pieces, 3u);
  EXPECT_LE(pieces, whole.size() / StreamCsv::kPieceBytes + 1);
}

TEST(Streams, ParametersAreReadFromNameEqualsValue) {
  auto params = stream_params({"noise=0.1", "every=100", "stream=a=b"});
  ASSERT_TRUE(params) << params.message();
  EXPECT_EQ(params.value(), (StreamParams{{"noise", "0.1"}, {"every", "100"}, {"stream", "a=b"}}));
  EXPECT_EQ(stream_params({"noise"}).message(),
            "a stream's parameter is written name=value, as noise=0.1 (got 'noise')");
  EXPECT_EQ(stream_params({"=0.1"}).message(),
            "a stream's parameter is written name=value, as noise=0.1 (got '=0.1')");
  EXPECT_TRUE(stream_params({}));
}

TEST(Streams, MistakesAreRefusedWithTheCoresMessageBeforeAnythingIsWritten) {
  EXPECT_EQ(refused({"nope", {}, 10}),
            "unknown stream 'nope'; known: sea, hyperplane, agrawal, stagger, concept_drift");
  EXPECT_EQ(refused({"sea", {}, 0}), "rows must be a whole number in [1, 1000000000] (got 0)");
  EXPECT_EQ(refused({"sea", {}, kMaxStreamRows + 1}),
            "rows must be a whole number in [1, 1000000000] (got 1000000001)");
  EXPECT_EQ(refused({"sea", {{"noise", "2"}}, 10}),
            "sea: parameter 'noise' must be a number in [0, 1] (got '2')");
  EXPECT_EQ(refused({"sea", {{"noise", "x"}}, 10}).find("sea: parameter 'noise'"), 0u);
  EXPECT_EQ(refused({"sea", {{"theta", "8"}}, 10}),
            "sea: unknown parameter 'theta'; accepted: concept, every, noise");
  EXPECT_EQ(refused({"sea", {{"noise", "0.1"}, {"noise", "0.2"}}, 10}),
            "sea: parameter 'noise' is given twice");
  EXPECT_TRUE(check_stream({"sea", {}, kMaxStreamRows}));
}

// The error of a command line, or "" when it is accepted.
std::string mistake(const std::vector<std::string>& words) {
  auto line = parse_command_line(words);
  return line ? "" : line.message();
}

TEST(Streams, TheCommandLineAsksForAStream) {
  auto line = parse_command_line({"generate", "sea", "--rows", "500", "--seed", "9", "--param",
                                  "noise=0.1", "--param=every=100", "-o", "sea.csv"});
  ASSERT_TRUE(line) << line.message();
  EXPECT_EQ(line.value().value("--out"), "sea.csv");
  auto request = stream_request_of(line.value());
  ASSERT_TRUE(request) << request.message();
  EXPECT_EQ(request.value().name, "sea");
  EXPECT_EQ(request.value().rows, 500u);
  EXPECT_EQ(request.value().seed, 9u);
  EXPECT_EQ(request.value().params, (StreamParams{{"noise", "0.1"}, {"every", "100"}}));
  auto plain = parse_command_line({"generate", "stagger", "--rows", "3"});
  ASSERT_TRUE(plain) << plain.message();
  EXPECT_EQ(stream_request_of(plain.value()).value().seed, kDefaultStreamSeed);
  EXPECT_EQ(mistake({"generate", "--list"}), "");
  EXPECT_EQ(mistake({"generate", "--list", "--json"}), "");
}

TEST(Streams, TheCommandLinesMistakesAreTheCoresMessages) {
  EXPECT_EQ(mistake({"generate", "--rows", "10"}),
            "generate needs a stream's name (generate --list names them)");
  EXPECT_EQ(mistake({"generate", "sea"}), "generate needs --rows N, the rows to write");
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "0"}),
            "--rows takes a whole number from 1 to 1000000000 (got '0')");
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "1000000001"}),
            "--rows takes a whole number from 1 to 1000000000 (got '1000000001')");
  EXPECT_EQ(mistake({"generate", "nope", "--rows", "10"}),
            "unknown stream 'nope'; known: sea, hyperplane, agrawal, stagger, concept_drift");
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "10", "--param", "noise=3"}),
            "sea: parameter 'noise' must be a number in [0, 1] (got '3')");
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "10", "--param", "noise"}),
            "a stream's parameter is written name=value, as noise=0.1 (got 'noise')");
  EXPECT_EQ(mistake({"generate", "sea", "stagger", "--rows", "10"}),
            "unexpected argument 'stagger'");
  EXPECT_EQ(mistake({"generate", "--list", "sea"}), "unexpected argument 'sea'");
  EXPECT_EQ(mistake({"generate", "--list", "--rows", "5"}),
            "--list names the streams; it takes no --rows");
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "5", "--json"}),
            "--json goes with --list: a stream is written as CSV");
  // The reading flags are run's, evaluate's and predict's, not generate's.
  EXPECT_EQ(mistake({"generate", "sea", "--rows", "5", "--label", "y"}),
            "unknown option '--label'");
}

}  // namespace
}  // namespace onepass
