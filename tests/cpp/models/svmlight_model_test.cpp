// svmlight rows beyond learning: models that read them (format version 3),
// the scorer, training further, and the evaluation protocols on a data set of sparse rows.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "eval/protocols.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"
#include "pipeline/svmlight_runner.hpp"

namespace onepass {
namespace {

// 60 rows of 5 features, the label the sign of x1 - x3 (some rows with a feature left out).
std::string sparse_text(std::size_t rows, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < from + rows; ++i) {
    const double a = static_cast<double>((i * 7) % 11) - 5,
                 c = static_cast<double>((i * 3) % 7) - 3;
    out += (a - c > 0 ? "+1" : "-1");
    out += " 1:" + std::to_string(a);
    if (i % 3 != 0) out += " 2:" + std::to_string(static_cast<double>(i % 5));
    out += " 3:" + std::to_string(c) + " 5:1\n";
  }
  return out;
}

SvmlightOptions five_wide() {
  SvmlightOptions o;
  o.dims = 5;
  return o;
}

std::unique_ptr<SvmlightRunner> trained(const std::string& text, const std::string& spec) {
  auto runner = SvmlightRunner::create(five_wide(), {spec});
  EXPECT_TRUE(runner) << runner.message();
  EXPECT_TRUE(runner.value()->push(text.data(), text.size()));
  EXPECT_TRUE(runner.value()->finish());
  return runner.take();
}

TEST(SvmlightModel, SavesWhatItReadsAndScoresAsThePipeline) {
  const std::string text = sparse_text(60);
  auto runner = trained(text, "maxabs | logreg");
  const std::string json = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  EXPECT_NE(json.find("\"version\": 3"), std::string::npos);
  EXPECT_NE(json.find("\"input\": \"svmlight\""), std::string::npos);
  Result<LoadedModel> loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.message();
  const ModelSchema& schema = loaded.value().schema;
  EXPECT_TRUE(schema.svmlight);
  EXPECT_EQ(schema.index_base, 1);
  EXPECT_TRUE(schema.features.empty());

  SvmlightOptions opt;
  ASSERT_TRUE(read_as_model(schema, loaded.value().pipeline->dims(), opt));
  EXPECT_EQ(opt.dims, 5u);
  SvmlightScorer scorer(opt, *loaded.value().pipeline);
  ASSERT_TRUE(scorer.push(text.data(), 100));  // a line split between chunks
  ASSERT_TRUE(scorer.push(text.data() + 100, text.size() - 100));
  ASSERT_TRUE(scorer.finish());
  ASSERT_EQ(scorer.scores.size(), 60u);
  SparseBlock block;
  SvmlightReader reader(five_wide());
  ASSERT_TRUE(reader.feed(text.data(), text.size(), block));
  for (std::size_t i = 0; i < 60; ++i) {
    EXPECT_EQ(scorer.scores[i], runner->pipeline(0).score_sparse(block.row(i), 5).value());
    EXPECT_EQ(scorer.labels[i], block.y[i]);
    EXPECT_EQ(scorer.lines[i], i + 1);
  }
  // A CSV read of a model of svmlight rows, and the other way round, are refused.
  CsvOptions csv;
  EXPECT_EQ(read_as_model(schema, true, csv).message(),
            "the model was trained on svmlight rows; it reads svmlight input (format svmlight), "
            "not a CSV file");
  ModelSchema tabular;
  tabular.features = {"a"};
  EXPECT_EQ(read_as_model(tabular, 1, opt).message(),
            "the model was trained on a CSV file; it reads CSV rows, not svmlight ones");
}

TEST(SvmlightModel, DamagedSchemasAreRefused) {
  auto runner = trained(sparse_text(20), "pa");
  ModelSchema schema = model_schema_of(runner->reader());
  schema.index_base = 0;
  const std::string zero_based = model_to_json(runner->pipeline(0), schema);
  ASSERT_TRUE(model_from_json(zero_based));
  EXPECT_EQ(model_from_json(zero_based).value().schema.index_base, 0);
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = zero_based;
    text.replace(text.find(from), from.size(), to);
    Result<std::string> signed_again = resign_model(text);
    EXPECT_TRUE(signed_again);
    return model_from_json(signed_again.value()).message();
  };
  EXPECT_EQ(edited("\"index_base\": 0", "\"index_base\": 2"),
            "not a valid onepass model: the index base of its svmlight input is not 0 or 1");
  EXPECT_EQ(edited("\"input\": \"svmlight\"", "\"input\": \"arff\""),
            "not a valid onepass model: its input \"arff\" is neither csv nor svmlight");
  EXPECT_EQ(edited("\"features\": []", "\"features\": [\"a\", \"b\", \"c\", \"d\", \"e\"]"),
            "not a valid onepass model: a model of svmlight rows has no named or encoded features");
}

TEST(SvmlightModel, TrainedFurtherAsOneRun) {
  const std::string first = sparse_text(30), second = sparse_text(30, 30);
  for (const char* spec : {"maxabs | pa1 +avg", "zscore | logreg", "arow"}) {
    auto whole = trained(first + second, spec);
    auto half = trained(first, spec);
    Result<LoadedModel> loaded =
        model_from_json(model_to_json(half->pipeline(0), model_schema_of(half->reader())));
    ASSERT_TRUE(loaded);
    SvmlightOptions opt;
    ASSERT_TRUE(read_as_model(loaded.value().schema, loaded.value().pipeline->dims(), opt));
    std::vector<std::unique_ptr<Pipeline>> pipelines;
    pipelines.push_back(std::move(loaded.value().pipeline));
    auto resumed = SvmlightRunner::resume(opt, std::move(pipelines));
    ASSERT_TRUE(resumed) << resumed.message();
    ASSERT_TRUE(resumed.value()->push(second.data(), second.size()));
    ASSERT_TRUE(resumed.value()->finish());
    EXPECT_EQ(resumed.value()->pipeline(0).save().learner.params,
              whole->pipeline(0).save().learner.params)
        << spec;
    EXPECT_EQ(resumed.value()->pipeline(0).progress().mistakes(),
              whole->pipeline(0).progress().mistakes());
  }
  // A width that differs from the model's is named.
  auto half = trained(first, "pa");
  std::vector<std::unique_ptr<Pipeline>> one;
  one.push_back(model_from_json(model_to_json(half->pipeline(0), model_schema_of(half->reader())))
                    .take()
                    .pipeline);
  SvmlightOptions wider;
  wider.dims = 6;
  EXPECT_EQ(SvmlightRunner::resume(wider, std::move(one)).message(),
            "the model has 5 features; the rows are read 6 wide");
}

TEST(SvmlightModel, ProtocolsOnSparseRowsAgreeWithTheSameRowsDense) {
  const std::string text = sparse_text(60);
  SparseBlock block;
  SvmlightReader reader(five_wide());
  ASSERT_TRUE(reader.feed(text.data(), text.size(), block));
  RowBlock sparse, dense;
  append_rows(sparse, block, 5);
  EXPECT_TRUE(sparse.sparse);
  EXPECT_EQ(sparse.size(), 60u);
  dense.dims = 5;
  for (std::size_t i = 0; i < block.size(); ++i) {
    std::vector<double> row(5, 0.0);
    const SparseRow r = block.row(i);
    for (std::size_t k = 0; k < r.nnz; ++k) row[r.index[k]] = r.value[k];
    dense.x.append(row.data(), row.data() + row.size());
    dense.y.push_back(block.y[i]);
    dense.line.push_back(block.line[i]);
  }
  EvalOptions opt;
  for (const char* spec : {"maxabs | logreg", "zscore | pa1 +avg", "robust | perceptron"}) {
    auto cv_sparse = cross_validate(sparse, spec, 4, opt);
    auto cv_dense = cross_validate(dense, spec, 4, opt);
    ASSERT_TRUE(cv_sparse) << cv_sparse.message();
    ASSERT_TRUE(cv_dense);
    for (std::size_t f = 0; f < 4; ++f)
      for (std::size_t m = 0; m < cv_dense.value().folds[f].test.size(); ++m) {
        const double a = cv_sparse.value().folds[f].test[m].second;
        const double b = cv_dense.value().folds[f].test[m].second;
        if (std::isnan(b))
          EXPECT_TRUE(std::isnan(a));
        else
          EXPECT_NEAR(a, b, 1e-12)
              << spec << " fold " << f << " " << cv_dense.value().folds[f].test[m].first;
      }
  }
}

}  // namespace
}  // namespace onepass
