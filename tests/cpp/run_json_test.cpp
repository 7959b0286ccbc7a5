// A run's result as JSON (api/run_json.hpp), the one writer behind `onepass run --json`,
// `onepass-native run` and resultJSON(i): its keys and values, and a name that is not UTF-8.
#include "onepass/api/run_json.hpp"

#include <nlohmann/json.hpp>

#include "test_util.hpp"

namespace onepass {
namespace {

TEST(RunJson, SaysWhatThePipelineLearnedAndTheReaderSkipped) {
  auto built = Pipeline::build("zscore | pa");
  ASSERT_TRUE(built) << built.message();
  auto p = built.take();
  const double rows[3][2] = {{1, 2}, {3, -1}, {-2, 0.5}};
  const int labels[3] = {1, -1, 1};
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(p->learn_one(rows[i], 2, labels[i]));
  // "x\xe9" is Latin-1 (no UTF-8): replaced, never a thrown exception (the native CLI aborted).
  const auto j = nlohmann::json::parse(run_result_json(*p, {"x\xe9", "b"}, 4));
  EXPECT_EQ(j["pipeline"], "zscore | pa");
  EXPECT_EQ(j["rows"], 3);
  EXPECT_EQ(j["mistakes"], p->progress().mistakes());
  EXPECT_EQ(j["skipped"], 4);
  EXPECT_EQ(j["features"][0], "x\xEF\xBF\xBD");  // U+FFFD
  EXPECT_TRUE(j["logLoss"].is_null());           // pa gives no probability
  const Snapshot s = p->learner().snapshot();
  EXPECT_EQ(j["weights"].get<std::vector<double>>(), *s.array("w"));
  EXPECT_EQ(j["bias"].get<double>(), *s.scalar("b"));
  ASSERT_EQ(j["scalers"].size(), 1u);
  EXPECT_EQ(j["scalers"][0]["name"], "zscore");
  EXPECT_EQ(j["scalers"][0]["arrays"]["mean"].get<std::vector<double>>(),
            *p->scaler(0).snapshot().array("mean"));
  EXPECT_NEAR(j["scalers"][0]["arrays"]["mean"][0].get<double>(), 2.0 / 3, 1e-15);
  EXPECT_FALSE(j["diverged"].get<bool>());
}

}  // namespace
}  // namespace onepass
