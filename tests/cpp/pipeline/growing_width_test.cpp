// A pipeline whose input grows mid-stream (design.md 10.5): every learner and scaler learns what
// it would have learned with the final width from the start.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"
#include "io/feature_encoder.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

// design.md 10.5: a learner that grows from width k to d mid-stream learns what it learns with
// width d from the start when the new features were 0 until then: the same parameters. The
// exceptions are rules under which a 0 feature still learns: the FS feature maps (a 0 maps
// to sigmoid(-beta) or beta, not 0, so its weight moves) and PATER-II's accumulated class
// means of the losses. For every learner, growing changes no prediction on the rows so far.
TEST(GrowingWidth, EveryLearnerAloneAveragedAndVotedAgreesWithTheFinalWidth) {
  const std::size_t k = 3, d = 6, rows = 80;
  std::vector<std::vector<double>> xs;
  std::vector<int> ys;
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<double> x(d, 0.0);
    for (std::size_t j = 0; j < d; ++j)
      if (j < k || r >= rows / 2) x[j] = std::sin(1.7 * r + 0.9 * j) + (j % 2 ? 0.3 : 0.0);
    xs.push_back(x);
    ys.push_back(std::sin(0.37 * r) > 0 ? 1 : -1);
  }
  const std::set<std::string> zero_learns = {"fs", "fs1", "fs3", "pater2", "wpater2"};
  std::vector<std::uint32_t> index;
  for (std::uint32_t j = k; j < d; ++j) index.push_back(j);
  std::size_t exact = 0;
  for (const RegistryEntry& e : registry()) {
    if (!testing::binary_learner(e)) continue;
    for (const char* mod : {"", " +avg", " +vote", " +avg +platt"}) {
      if (*mod && !e.takes_modifiers) continue;
      const std::string spec = e.name + mod;
      auto grown = Pipeline::build(spec).take(), full = Pipeline::build(spec).take();
      grown->set_dims(k, k);
      full->set_dims(d, d);
      for (std::size_t r = 0; r < rows; ++r) {
        if (r == rows / 2) {
          std::vector<double> before;
          for (std::size_t i = 0; i < r; ++i)
            before.push_back(grown->score_one(xs[i].data(), k).value());
          grown->grow(d);
          const SparseRow none{};
          for (std::size_t i = 0; i < r; ++i)
            EXPECT_NEAR(grown->score_encoded(xs[i].data(), none).value(), before[i],
                        1e-12 * std::max(1.0, std::fabs(before[i])))
                << spec;
          // score_one of a wide pipeline: the numeric values, encoded features absent (it read
          // past x before; found by tests/fuzz/model_fuzz).
          for (std::size_t i = 0; i < r; ++i)
            EXPECT_EQ(grown->score_one(xs[i].data(), k).value(),
                      grown->score_encoded(xs[i].data(), none).value())
                << spec;
        }
        if (r < rows / 2)  // the first k values while narrow, then the others as encoded ones
          grown->learn_checked(xs[r].data(), ys[r]);
        else
          grown->learn_encoded(xs[r].data(), {index.data(), xs[r].data() + k, d - k}, ys[r]);
        full->learn_checked(xs[r].data(), ys[r]);
      }
      if (zero_learns.count(e.name)) continue;
      const auto& a = grown->learner().params();
      const auto& b = full->learner().params();
      ASSERT_EQ(a.size(), b.size()) << spec;
      // Relative: ROMMA's weights reach ~1e3 and its norms sum in another order once grown.
      for (std::size_t j = 0; j < a.size(); ++j)
        EXPECT_NEAR(a[j], b[j], 1e-12 * std::max(1.0, std::fabs(b[j]))) << spec << " " << j;
      EXPECT_EQ(grown->progress().mistakes(), full->progress().mistakes()) << spec;
      // docs/algorithms.md 4.29: the calibrator saw the same scores (up to their order of
      // summation, as the weights).
      const auto& c = grown->save().learner.state;
      const auto& f = full->save().learner.state;
      ASSERT_EQ(c.size(), f.size()) << spec;
      if (std::string(mod).find("platt") != std::string::npos)
        for (std::size_t j = 0; j < c.size(); ++j)
          EXPECT_NEAR(c[j], f[j], 1e-10 * std::max(1.0, std::fabs(f[j]))) << spec << " " << j;
      ++exact;
    }
  }
  EXPECT_GE(exact, 30u);
}

// design.md 10.5, scalers: with scaling of encoded features on, every online scaler grows so
// that its statistics are those of the final width from the start with the new features
// missing until they appear; a warm-up scaler refuses, naming itself.
TEST(GrowingWidth, EveryScalerGrowsAsIfTheNewFeaturesWereMissing) {
  const std::size_t k = 3, d = 6, rows = 80;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::vector<double>> xs;
  std::vector<int> ys;
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<double> x(d, nan);
    for (std::size_t j = 0; j < d; ++j)
      if (j < k || r >= rows / 2) x[j] = std::sin(1.3 * r + 0.7 * j) * (j + 1) + (j % 2 ? 2 : 0);
    xs.push_back(x);
    ys.push_back(std::cos(0.41 * r) > 0 ? 1 : -1);
  }
  std::vector<std::uint32_t> index;
  for (std::uint32_t j = k; j < d; ++j) index.push_back(j);
  std::size_t grown_checked = 0, refused = 0;
  for (const RegistryEntry& e : registry()) {
    if (e.kind != StageKind::scaler) continue;
    const std::string spec = e.name + " | logreg";
    auto grown = Pipeline::build(spec).take(), full = Pipeline::build(spec).take();
    const Status st = grown->scale_encoded(true);
    if (!grown->scaler(0).can_grow()) {
      EXPECT_NE(st.message().find("scaler '" + e.name), std::string::npos) << st.message();
      ++refused;
      continue;
    }
    ASSERT_TRUE(st) << spec;
    grown->set_dims(k, k);
    full->set_dims(d, d);
    for (std::size_t r = 0; r < rows; ++r) {
      if (r == rows / 2) grown->grow(d);
      if (r < rows / 2)
        grown->learn_encoded(xs[r].data(), SparseRow{}, ys[r]);
      else
        grown->learn_encoded(xs[r].data(), {index.data(), xs[r].data() + k, d - k}, ys[r]);
      full->learn_checked(xs[r].data(), ys[r]);
    }
    const auto near = [&](const std::vector<double>& a, const std::vector<double>& b) {
      ASSERT_EQ(a.size(), b.size()) << spec;
      for (std::size_t i = 0; i < a.size(); ++i)
        EXPECT_NEAR(a[i], b[i], 1e-12 * std::max(1.0, std::fabs(b[i]))) << spec << " " << i;
    };
    // impute also counts each feature's missing cells, and a feature that did not exist yet
    // was never missing: its statistics used for imputing (observed count, mean) agree.
    const auto a = grown->save().scalers[0], b = full->save().scalers[0];
    if (e.name == "impute")
      near({a.begin(), a.begin() + 2 * d}, {b.begin(), b.begin() + 2 * d});
    else
      near(a, b);
    near(grown->learner().params(), full->learner().params());
    EXPECT_EQ(grown->progress().mistakes(), full->progress().mistakes()) << spec;
    ++grown_checked;
  }
  EXPECT_GE(grown_checked, 8u);
  EXPECT_GE(refused, 4u);
}

}  // namespace
}  // namespace onepass
