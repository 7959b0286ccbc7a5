// Merging models (docs/algorithms.md 3.4): weighted by rows, per coordinate by a learner's
// confidence, scalers pooled, associative; the plain mean and explicit weights; the errors.
#include <cmath>

#include "io/csv_reader.hpp"
#include "models/model_json.hpp"
#include "models/model_test_util.hpp"
#include "onepass/api/command_line.hpp"
#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::expect_close;

ModelSchema schema_of(std::size_t dims) {
  ModelSchema schema;
  for (std::size_t j = 0; j < dims; ++j) schema.features.push_back("f" + std::to_string(j));
  return schema;
}

// The model of `spec` trained on rows [from, to) of `rows`.
std::string trained(const std::string& spec, const RowBlock& rows, std::size_t from,
                    std::size_t to) {
  auto p = Pipeline::build(spec).take();
  for (std::size_t i = from; i < to; ++i)
    EXPECT_TRUE(p->learn_one(rows.row(i), rows.dims, rows.y[i]));
  return model_to_json(*p, schema_of(rows.dims));
}

// Two models of two features: A learned 3 rows, B 1 row.
const double kRows[4][2] = {{1, 2}, {3, -1}, {-2, 0.5}, {4, 4}};
const double kLabels[4] = {1, -1, -1, 1};

std::string small(const std::string& spec, std::size_t from, std::size_t to) {
  auto p = Pipeline::build(spec).take();
  for (std::size_t i = from; i < to; ++i) EXPECT_TRUE(p->learn_one(kRows[i], 2, kLabels[i]));
  return model_to_json(*p, schema_of(2));
}

PipelineState state_of(const std::string& text) {
  auto m = model_from_json(text);
  EXPECT_TRUE(m) << m.message();
  return m ? m.value().pipeline->save() : PipelineState{};
}

PipelineState merged(const std::vector<std::string>& texts, const MergeOptions& options = {}) {
  auto m = merge_models(texts, options);
  EXPECT_TRUE(m) << m.message();
  return m ? state_of(m.value()) : PipelineState{};
}

// (MERGE-a) by hand: logreg's weights and counter are the rows' weighted mean, (3 a + 1 b)/4, and
// the zscore in front holds what one pass over all four rows gives (MERGE-n, -m, -s).
TEST(ModelMerge, WeighsEachModelByItsRows) {
  const std::string spec = "zscore | logreg";
  const PipelineState a = state_of(small(spec, 0, 3)), b = state_of(small(spec, 3, 4));
  const PipelineState m = merged({small(spec, 0, 3), small(spec, 3, 4)});
  std::vector<double> want;
  for (std::size_t i = 0; i < a.learner.params.size(); ++i)
    want.push_back((3 * a.learner.params[i] + b.learner.params[i]) / 4);
  testing::expect_near_all(m.learner.params, want, 1e-15);
  EXPECT_NEAR(m.learner.state[0], (3 * a.learner.state[0] + b.learner.state[0]) / 4, 1e-15);
  const PipelineState all = state_of(small(spec, 0, 4));
  testing::expect_near_all(m.scalers[0], all.scalers[0], 1e-12);  // [k, mean, S, binary]
  EXPECT_EQ(m.scalers[0][0], 4);
  EXPECT_EQ(Progressive::saved_rows(m.progress), 4);
}

// (MERGE-w), (MERGE-c) by hand: AdaGrad weighs w_j by 3 G_aj and G_bj, its G is their mean by
// rows; AROW weighs mu_j by 1 / Sigma_jj, and its Sigma is 1 over the rows' mean of 1 / Sigma.
TEST(ModelMerge, WeighsEachCoordinateByTheLearnersConfidence) {
  for (const std::string spec : {"adagrad", "ftrl", "arow", "scw1"}) {
    SCOPED_TRACE(spec);
    const PipelineState a = state_of(small(spec, 0, 3)), b = state_of(small(spec, 3, 4));
    const PipelineState m = merged({small(spec, 0, 3), small(spec, 3, 4)});
    const bool variance = spec == "arow" || spec == "scw1";
    const std::size_t p = a.learner.params.size();  // [w_1, w_2, b]
    ASSERT_EQ(p, 3u);
    for (std::size_t i = 0; i < p; ++i) {
      // FTRL's state is [z_1, z_2, n_1, n_2, z_b, n_b].
      const std::size_t slot = spec != "ftrl" ? i : i < 2 ? 2 + i : 5;
      const double ca = variance ? 1 / a.learner.state[slot] : a.learner.state[slot];
      const double cb = variance ? 1 / b.learner.state[slot] : b.learner.state[slot];
      ASSERT_GT(ca + cb, 0);
      const double w = (3 * ca * a.learner.params[i] + cb * b.learner.params[i]) / (3 * ca + cb);
      EXPECT_NEAR(m.learner.params[i], w, 1e-15) << i;
      const double c = (3 * ca + cb) / 4;
      EXPECT_NEAR(m.learner.state[slot], variance ? 1 / c : c, 1e-15) << i;
      if (spec == "ftrl") {
        const std::size_t z = i < 2 ? i : 4;
        EXPECT_NEAR(m.learner.state[z],
                    (3 * ca * a.learner.state[z] + cb * b.learner.state[z]) / (3 * ca + cb), 1e-15);
      }
    }
  }
}

// +avg: the average merges by rows, T is the rows' mean and u makes w - u/T the merged average
// (AVG-2); +vote keeps the merged vote in acc with c = 0.
TEST(ModelMerge, AveragedAndVotedLearnersMergeTheirAverageByRows) {
  for (const std::string spec : {"pa2 +avg", "adagrad +avg", "pa1 +vote"}) {
    SCOPED_TRACE(spec);
    const PipelineState a = state_of(small(spec, 0, 3)), b = state_of(small(spec, 3, 4));
    const PipelineState m = merged({small(spec, 0, 3), small(spec, 3, 4)});
    const std::size_t p = a.learner.params.size();
    for (std::size_t j = 0; j < p; ++j)
      EXPECT_NEAR(m.learner.params[j], (3 * a.learner.params[j] + b.learner.params[j]) / 4, 1e-15);
    const std::vector<double>& s = m.learner.state;
    const std::vector<double>& inner = m.learner.inner[0].params;
    if (spec.find("avg") != std::string::npos) {
      const double t = s[0];
      EXPECT_NEAR(t, (3 * a.learner.state[0] + b.learner.state[0]) / 4, 1e-15);
      for (std::size_t j = 0; j < p; ++j) {
        EXPECT_EQ(s[1 + j], inner[j]);
        EXPECT_NEAR(inner[j] - s[1 + p + j] / t, m.learner.params[j], 1e-14);
      }
    } else {
      EXPECT_EQ(s[0], 0);
      EXPECT_EQ(s[1], (3 * (a.learner.state[0] + a.learner.state[1]) + b.learner.state[0] +
                       b.learner.state[1]) /
                          4);
      for (std::size_t j = 0; j < p; ++j) EXPECT_NEAR(s[2 + j], s[1] * m.learner.params[j], 1e-14);
    }
    // The merged model learns on: a row after the merge moves it as it would any model.
    auto loaded = model_from_json(merge_models({small(spec, 0, 3), small(spec, 3, 4)}).value());
    ASSERT_TRUE(loaded) << loaded.message();
    EXPECT_TRUE(loaded.value().pipeline->learn_one(kRows[0], 2, kLabels[0]));
  }
}

// docs/algorithms.md 4.29, 4.30: +platt's and +temperature's calibrator takes the rows'
// weighted mean of each of its values, the learner it wraps merges by its own rule, and the
// progressive probabilities' reliability bins (6.5) add up as the counts do.
TEST(ModelMerge, CalibratorsMergeByRowsAndTheirReliabilityBinsAddUp) {
  for (const std::string spec : {"pa2 +avg +platt", "pa2 +avg +temperature"}) {
    SCOPED_TRACE(spec);
    const PipelineState a = state_of(small(spec, 0, 3)), b = state_of(small(spec, 3, 4));
    const PipelineState m = merged({small(spec, 0, 3), small(spec, 3, 4)});
    EXPECT_TRUE(m.learner.params.empty());
    ASSERT_EQ(m.learner.state.size(), a.learner.state.size());
    for (std::size_t i = 0; i < m.learner.state.size(); ++i)
      EXPECT_NEAR(m.learner.state[i], (3 * a.learner.state[i] + b.learner.state[i]) / 4, 1e-15);
    const PipelineState inner = merged({small("pa2 +avg", 0, 3), small("pa2 +avg", 3, 4)});
    EXPECT_EQ(m.learner.inner[0].params, inner.learner.params);
    Progressive pa, pb, pm;
    ASSERT_TRUE(pa.load(a.progress) && pb.load(b.progress) && pm.load(m.progress));
    EXPECT_EQ(pm.reliability().rows(), 4);
    for (std::size_t i = 0; i < ReliabilityBins::kBins; ++i) {
      EXPECT_EQ(pm.reliability().count[i], pa.reliability().count[i] + pb.reliability().count[i]);
      EXPECT_EQ(pm.reliability().positives[i],
                pa.reliability().positives[i] + pb.reliability().positives[i]);
    }
    EXPECT_NEAR(pm.log_loss(), (3 * pa.log_loss() + pb.log_loss()) / 4, 1e-15);
  }
}

// A tree of merges is the flat merge (the rows add up, and every rule is a weighted mean by them).
TEST(ModelMerge, IsAssociative) {
  const RowBlock rows = testing::heart_rows();
  const std::size_t cuts[] = {0, 30, 80, 150, 270};
  for (const std::string spec :
       {"zscore | logreg", "zscore | adagrad", "zscore | arow", "zscore | ftrl",
        "zscore | pa2 +avg", "minmax | pa1 +vote", "ewzscore | scw2", "impute | maxabs | nag",
        "zscore | pa2 +avg +platt", "zscore | pa2 +avg +temperature"}) {
    SCOPED_TRACE(spec);
    std::vector<std::string> shard;
    for (int s = 0; s < 4; ++s) shard.push_back(trained(spec, rows, cuts[s], cuts[s + 1]));
    const auto pair = [](const std::string& x, const std::string& y) {
      auto m = merge_models({x, y});
      EXPECT_TRUE(m) << m.message();
      return m ? m.value() : std::string();
    };
    const PipelineState flat = merged(shard);
    const PipelineState trees[] = {
        state_of(pair(pair(shard[0], shard[1]), pair(shard[2], shard[3]))),
        state_of(pair(pair(pair(shard[0], shard[1]), shard[2]), shard[3])),
        state_of(pair(shard[3], pair(shard[1], pair(shard[2], shard[0]))))};
    for (const PipelineState& tree : trees) {
      expect_close(tree.learner, flat.learner, 1e-12);
      for (std::size_t i = 0; i < flat.scalers.size(); ++i)
        expect_close(tree.scalers[i], flat.scalers[i], 1e-12);
      expect_close(tree.progress, flat.progress, 1e-12);  // the log-loss sums in another order
    }
    EXPECT_EQ(Progressive::saved_rows(flat.progress), 270);
  }
}

// MergeOptions::mean is the element-wise mean merge gave before it weighed the models: of every
// stage's state, counts included, whatever the rows.
TEST(ModelMerge, ThePlainMeanIsTheElementWiseMean) {
  const RowBlock rows = testing::heart_rows();
  const std::string spec = "zscore | adagrad +avg";
  const std::vector<std::string> shard = {trained(spec, rows, 0, 30), trained(spec, rows, 30, 100),
                                          trained(spec, rows, 100, 270)};
  MergeOptions mean;
  mean.mean = true;
  const PipelineState m = merged(shard, mean);
  std::vector<PipelineState> s;
  for (const auto& t : shard) s.push_back(state_of(t));
  const auto mean_of = [](const std::vector<double>& a, const std::vector<double>& b,
                          const std::vector<double>& c) {
    std::vector<double> out;
    for (std::size_t i = 0; i < a.size(); ++i) out.push_back((a[i] + b[i] + c[i]) / 3);
    return out;
  };
  expect_close(m.learner.params,
               mean_of(s[0].learner.params, s[1].learner.params, s[2].learner.params), 1e-15);
  expect_close(m.learner.state, mean_of(s[0].learner.state, s[1].learner.state, s[2].learner.state),
               1e-15);
  expect_close(m.learner.inner[0].state,
               mean_of(s[0].learner.inner[0].state, s[1].learner.inner[0].state,
                       s[2].learner.inner[0].state),
               1e-15);
  expect_close(m.scalers[0], mean_of(s[0].scalers[0], s[1].scalers[0], s[2].scalers[0]), 1e-15);
  EXPECT_EQ(m.scalers[0][0], 90);  // the mean count
  EXPECT_EQ(Progressive::saved_rows(m.progress), 270);
  // By rows the shards weigh 30, 70 and 170: not the mean.
  const PipelineState by_rows = merged(shard);
  EXPECT_EQ(by_rows.scalers[0][0], 270);
  EXPECT_GT(std::fabs(by_rows.learner.params[0] - m.learner.params[0]), 1e-6);
}

// Explicit weights take the place of the rows, in the order the models are given; a model of
// weight 0 counts for nothing, and the scalers' counts stand for the models' shares of all rows.
TEST(ModelMerge, ExplicitWeightsReplaceTheRows) {
  const std::string spec = "zscore | logreg";
  const std::string a = small(spec, 0, 3), b = small(spec, 3, 4);
  const PipelineState sa = state_of(a), sb = state_of(b);
  MergeOptions w;
  w.weights = {1, 3};
  const PipelineState m = merged({a, b}, w);
  for (std::size_t i = 0; i < sa.learner.params.size(); ++i)
    EXPECT_NEAR(m.learner.params[i], (sa.learner.params[i] + 3 * sb.learner.params[i]) / 4, 1e-15);
  // f = (1/3, 3): the counts stand for 1 and 3 of the 4 rows.
  EXPECT_NEAR(m.scalers[0][0], 4, 1e-12);
  EXPECT_NEAR(m.scalers[0][2], (1.0 / 3 * 3 * sa.scalers[0][2] + 3 * sb.scalers[0][2]) / 4, 1e-12);
  EXPECT_EQ(Progressive::saved_rows(m.progress), 4);
  MergeOptions swapped;
  swapped.weights = {3, 1};
  EXPECT_EQ(merge_models({a, b}, w).value(), merge_models({b, a}, swapped).value());
  MergeOptions only_a;
  only_a.weights = {2, 0};
  const PipelineState just_a = merged({a, b}, only_a);
  EXPECT_EQ(just_a.learner.params, sa.learner.params);
  // Model A stands for all 4 rows (f = 4/3): its means, its counts and S times 4/3.
  for (std::size_t j = 0; j < 2; ++j) {
    EXPECT_NEAR(just_a.scalers[0][j], 4, 1e-12);
    EXPECT_EQ(just_a.scalers[0][2 + j], sa.scalers[0][2 + j]);
    EXPECT_NEAR(just_a.scalers[0][4 + j], sa.scalers[0][4 + j] * 4 / 3, 1e-12);
  }
  // Weights equal to the rows are the default merge.
  MergeOptions rows;
  rows.weights = {3, 1};
  EXPECT_EQ(merge_models({a, b}, rows).value(), merge_models({a, b}).value());
}

TEST(ModelMerge, RefusesBadWeightsAndModelsThatLearnedNothing) {
  const std::string a = small("pa1", 0, 3), b = small("pa1", 3, 4);
  const auto message = [&](std::vector<double> weights, bool mean = false) {
    MergeOptions o;
    o.weights = std::move(weights);
    o.mean = mean;
    return merge_models({a, b}, o).message();
  };
  EXPECT_EQ(message({1, 2, 3}),
            "merge was given 3 weights for 2 models: give one weight per model");
  EXPECT_EQ(message({1}), "merge was given 1 weight for 2 models: give one weight per model");
  EXPECT_EQ(message({1, -1}), "weight 2 is -1: weights are finite numbers >= 0");
  EXPECT_EQ(message({NAN, 1}), "weight 1 is NaN: weights are finite numbers >= 0");
  EXPECT_EQ(message({1, INFINITY}), "weight 2 is Infinity: weights are finite numbers >= 0");
  EXPECT_EQ(message({0, 0}), "the weights are all 0: give at least one model a weight above 0");
  EXPECT_EQ(message({1, 1}, true), "merge takes the plain mean or weights, not both");
  // A model of no rows counts for nothing; models of no rows at all are refused.
  auto empty = Pipeline::build("pa1").take();
  empty->set_dims(2);
  const std::string none = model_to_json(*empty, schema_of(2));
  const PipelineState with_none = merged({a, none});
  EXPECT_EQ(with_none.learner.params, state_of(a).learner.params);
  EXPECT_EQ(merge_models({none, none}).message(),
            "the models learned no rows: nothing was learned, so there is nothing to merge");
  MergeOptions given;
  given.weights = {1, 1};
  EXPECT_TRUE(merge_models({none, none}, given));
  // Models of other pipelines or features stay refused, whatever the options.
  EXPECT_EQ(merge_models({a, small("pa2", 0, 3)}, given).message(),
            "the models differ in their spec; only models of the same pipeline and features can "
            "be merged");
  auto other = Pipeline::build("pa1").take();
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(other->learn_one(kRows[i], 2, kLabels[i]));
  ModelSchema renamed = schema_of(2);
  renamed.features[1] = "g";
  EXPECT_EQ(merge_models({a, model_to_json(*other, renamed)}, given).message(),
            "the models differ in their schema; only models of the same pipeline and features "
            "can be merged");
}

// Both CLIs: merge --mean | --weights W1,W2 (api/command_line.hpp).
TEST(ModelMerge, TheCommandLineTakesMeanOrWeights) {
  const auto line = [](std::vector<std::string> words) { return parse_command_line(words); };
  auto weighted = line({"merge", "a.json", "b.json", "-o", "m.json", "--weights", "3, 1"});
  ASSERT_TRUE(weighted) << weighted.message();
  EXPECT_EQ(merge_options_of(weighted.value()).weights, (std::vector<double>{3, 1}));
  EXPECT_FALSE(merge_options_of(weighted.value()).mean);
  auto mean = line({"merge", "a.json", "b.json", "-o", "m.json", "--mean"});
  ASSERT_TRUE(mean) << mean.message();
  EXPECT_TRUE(merge_options_of(mean.value()).mean);
  EXPECT_TRUE(merge_options_of(mean.value()).weights.empty());
  EXPECT_EQ(line({"merge", "a.json", "-o", "m.json", "--weights", "3,x"}).message(),
            "--weights takes numbers separated by commas, one per model (got '3,x')");
  EXPECT_EQ(line({"merge", "a.json", "-o", "m.json", "--weights", "inf"}).message(),
            "--weights takes numbers separated by commas, one per model (got 'inf')");
  EXPECT_EQ(line({"merge", "a.json", "-o", "m.json", "--mean", "--weights", "1"}).message(),
            "choose --mean or --weights, not both");
  EXPECT_EQ(line({"merge", "a.json", "-o", "m.json", "--mean=yes"}).message(),
            "--mean takes no value (got '--mean=yes')");
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// The model of `base` trained further on rows [from, to) of `rows`.
std::string continued(const std::string& base, const RowBlock& rows, std::size_t from,
                      std::size_t to) {
  auto m = model_from_json(base);
  EXPECT_TRUE(m) << m.message();
  auto& p = *m.value().pipeline;
  for (std::size_t i = from; i < to; ++i)
    EXPECT_TRUE(p.learn_one(rows.row(i), rows.dims, rows.y[i]));
  return model_to_json(p, m.value().schema);
}

// docs/algorithms.md 6.12: models that continued from one base weigh as the rows each learned
// since, and the merged model counts the base's rows once (a round of parameter mixing).
TEST(ModelMerge, ModelsOfOneBaseWeighWhatEachLearnedSinceAndCountTheBaseOnce) {
  const RowBlock rows = testing::heart_rows();
  const std::string spec = "zscore | logreg";
  const std::string base = trained(spec, rows, 0, 100);
  const std::string a = continued(base, rows, 100, 190), b = continued(base, rows, 190, 220);
  MergeOptions options;
  options.base = base;
  const PipelineState m = merged({a, b}, options);
  EXPECT_EQ(Progressive::saved_rows(m.progress), 220);
  const PipelineState sa = state_of(a), sb = state_of(b);
  std::vector<double> want;
  for (std::size_t i = 0; i < sa.learner.params.size(); ++i)
    want.push_back(0.75 * sa.learner.params[i] + 0.25 * sb.learner.params[i]);  // 90 : 30
  expect_close(m.learner.params, want, 1e-14);
  // Without the base, the base's 100 rows are counted twice and weigh in the shares.
  EXPECT_EQ(Progressive::saved_rows(merged({a, b}).progress), 320);
  // A model that did not continue from the base, or a base of another pipeline, is refused.
  options.base = trained(spec, rows, 0, 250);
  EXPECT_NE(merge_models({a, b}, options).message().find("did not start from that base"),
            std::string::npos);
  options.base = trained("zscore | pa1", rows, 0, 10);
  EXPECT_NE(merge_models({a, b}, options).message().find("not of these models' pipeline"),
            std::string::npos);
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A shard of positive rows only saw no negative value: it merges with the shards that did, and
// the merged model names it; two different negative values are refused.
TEST(ModelMerge, AShardOfOneClassTakesTheOthersNegativeValue) {
  CsvOptions options;
  options.positive = "cat";
  const auto model_of = [&](const std::string& csv) {
    auto runner = CsvRunner::create(options, {"logreg"}).take();
    EXPECT_TRUE(runner->push(csv.data(), csv.size()));
    EXPECT_TRUE(runner->finish());
    return model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  };
  const std::string cats = model_of("a,label\n1,cat\n2,cat\n");
  const std::string both = model_of("a,label\n1,cat\n-1,dog\n");
  auto merged = merge_models({cats, both});
  ASSERT_TRUE(merged) << merged.message();
  EXPECT_EQ(model_from_json(merged.value()).value().schema.negative, "dog");
  const std::string birds = model_of("a,label\n1,cat\n-1,bird\n");
  EXPECT_EQ(merge_models({both, birds}).message(),
            "the models' negative classes differ ('bird' and 'dog'); only models of one label can "
            "be merged");
}

}  // namespace
}  // namespace onepass
