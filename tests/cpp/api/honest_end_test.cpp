// A run that learned nothing never reports success, and nothing crashes on the way:
// a file with only a header, a file whose every row is skipped, a header
// that fails; every pipeline can still be snapshotted and saved.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "models/model_json.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/svmlight_runner.hpp"

namespace onepass {
namespace {

// Every accessor a front end calls on a runner's pipelines after a run.
void touch_everything(const CsvRunner& runner) {
  for (std::size_t i = 0; i < runner.size(); ++i) {
    const Pipeline& p = runner.pipeline(i);
    EXPECT_EQ(p.learner().snapshot().arrays.empty(), false) << p.spec();
    for (std::size_t s = 0; s < p.scaler_count(); ++s) (void)p.scaler(s).snapshot();
    (void)p.save();
    const std::string model = model_to_json(p, model_schema_of(runner.reader()));
    // What is written loads back (a header-only file wrote 0 inputs with 2 feature names; found
    // by tests/fuzz/csv_fuzz).
    if (runner.reader().schema_ready()) EXPECT_TRUE(model_from_json(model)) << p.spec();
  }
}

Status run(const std::string& text, CsvOptions opt = {}) {
  auto runner = CsvRunner::create(opt, {"zscore | logreg", "perceptron +avg", "lp | pa1"}).take();
  Status st = runner->push(text.data(), text.size());
  if (st) st = runner->finish();
  touch_everything(*runner);
  return st;
}

// The first data row bad: the stream stops there, and a model saved then loads back (it named
// the header's 2 features for 0 inputs; found by tests/fuzz/csv_fuzz).
TEST(HonestEnd, AModelSavedAfterABadFirstRowLoadsBack) {
  CsvOptions opt;
  opt.sample_rows = 0;  // roles from the header alone: the bad row fails in push, no finish
  opt.delimiter = ',';  // (to detect it, the reader would hold the header and this short row)
  auto runner = CsvRunner::create(opt, {"zscore | logreg +avg"}).take();
  const std::string text = "a,b,label\n-1,0.5\n";
  EXPECT_EQ(runner->push(text.data(), text.size()).message(),
            "line 2, column 3 (label): expected 3 fields, found 2");
  touch_everything(*runner);
}

TEST(HonestEnd, AHeaderOnlyFileIsAnErrorNotACrash) {
  EXPECT_EQ(run("a,b,label\n").message(),
            "nothing was learned: the input has a header but no data rows");
}

TEST(HonestEnd, EveryRowSkippedIsAnErrorWithTheFirstErrors) {
  CsvOptions opt;
  opt.on_error = ErrorPolicy::skip;
  opt.sample_rows = 0;
  const Status st = run("a,b,label\nx,1,1\n2,y,0\n", opt);
  EXPECT_EQ(st.message(),
            "nothing was learned: all 2 data rows were bad and skipped; the first: line 2, "
            "column 1 (a): 'x' is not a number (if it marks a missing value: option missing, CLI "
            "--na); line 3, column 2 (b): 'y' is not a number (if it marks a missing value: "
            "option missing, CLI --na)");
  // One good row is enough to learn: no error.
  EXPECT_TRUE(run("a,b,label\nx,1,1\n2,3,0\n", opt)) << "one row learned";
}

TEST(HonestEnd, AFailedHeaderLeavesEveryPipelineUsable) {
  // A byte-order-mark-like prefix cut short, ';' rows, an empty cell (a fuzzer's input).
  EXPECT_FALSE(
      run("\xEF\xBB"
          "a\n1;;2\n3;4;5\n"));
  EXPECT_FALSE(run("only\n"));
}

TEST(HonestEnd, AnSvmlightStreamWithNoRowIsAnError) {
  SvmlightOptions opt;
  opt.dims = 3;
  auto runner = SvmlightRunner::create(opt, {"logreg"}).take();
  const std::string text = "# a comment only\n";
  EXPECT_TRUE(runner->push(text.data(), text.size()));
  EXPECT_EQ(runner->finish().message(), "nothing was learned: the input has no data lines");
}

// What anyone can do to a model file: edit it and sign it again (FNV-1a over the
// canonical JSON: every number a double, keys sorted), as models/model_document.cpp does.
nlohmann::json canonical(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>() == 0 ? 0.0 : j.get<double>();
  if (j.is_array()) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& x : j) a.push_back(canonical(x));
    return a;
  }
  if (j.is_object()) {
    nlohmann::json o = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) o[it.key()] = canonical(it.value());
    return o;
  }
  return j;
}

std::string resign(nlohmann::json j) {
  j.erase("checksum");
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : canonical(j).dump()) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  j["checksum"] = buf;
  return j.dump();
}

// A model file claiming a huge width made the loader allocate until it died.
TEST(HonestEnd, AModelClaimingAHugeWidthIsRefusedBeforeAllocating) {
  auto p = Pipeline::build("zscore | logreg").take();
  const double x[] = {1, 2};
  ASSERT_TRUE(p->learn_one(x, 2, 1));
  std::string text = model_to_json(*p, ModelSchema{{"a", "b"}, "label", "1", "0", {}, {}});
  ASSERT_TRUE(model_from_json(resign(nlohmann::json::parse(text)))) << "the re-signing is right";
  nlohmann::json edited = nlohmann::json::parse(text);
  edited["dims"] = 1000000000000ull;
  EXPECT_EQ(model_from_json(resign(edited)).message(),
            "not a valid onepass model: its dims (1000000000000) are more than onepass takes "
            "(16777216)");
  EXPECT_EQ(p->learn_one(x, 1u << 25, 1).message(),
            "the row has 33554432 features, the pipeline 2");
  auto fresh = Pipeline::build("logreg").take();
  EXPECT_EQ(fresh->learn_one(x, std::size_t{1} << 25, 1).message(),
            "the row has 33554432 features; at most 16777216");
}

// A model with an Infinity or NaN weight loaded and predicted Infinity / NaN.
TEST(HonestEnd, AModelWithANonFiniteValueIsRefusedNamingIt) {
  auto p = Pipeline::build("zscore | logreg +avg").take();
  const double x[] = {1, 2};
  ASSERT_TRUE(p->learn_one(x, 2, 1));
  const std::string text = model_to_json(*p, ModelSchema{{"a", "b"}, "label", "1", "0", {}, {}});
  nlohmann::json weight = nlohmann::json::parse(text);
  weight["learner"]["params"][1] = "Infinity";
  EXPECT_EQ(model_from_json(resign(weight)).message(),
            "not a valid onepass model: the learner's parameter value 2 is Infinity");
  nlohmann::json inner = nlohmann::json::parse(text);
  inner["learner"]["inner"]["params"][0] = "NaN";
  EXPECT_EQ(model_from_json(resign(inner)).message(),
            "not a valid onepass model: the learner's parameter value 1 is NaN");
  nlohmann::json scaler = nlohmann::json::parse(text);
  scaler["scalers"][0]["state"][2] = "-Infinity";
  EXPECT_EQ(model_from_json(resign(scaler)).message(),
            "not a valid onepass model: scaler 1 state value 3 is -Infinity");
  // merge refuses it too.
  EXPECT_FALSE(merge_models({text, resign(weight)}));
}

}  // namespace
}  // namespace onepass
