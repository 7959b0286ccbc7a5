// Real-world CSVs read end to end (design.md section 10): files with text and categorical
// columns, the header, decimal comma, formatted numbers, missing values and labels, chunked
// alike; models that keep their encoder.
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

using testing::ChunkedRead;
using testing::read_alike_in_every_chunking;
using testing::read_in_chunks;
using testing::with;

std::string titanic() {
  return "PassengerId,Survived,Pclass,Name,Sex,Age,Cabin,Embarked\n"
         "1,0,3,\"Braund, Mr. Owen Harris\",male,22,,S\n"
         "2,1,1,\"Cumings, Mrs. John Bradley (Florence Briggs Thayer)\",female,38,C85,C\n"
         "3,1,3,\"Heikkinen, Miss. Laina\",female,26,,S\n"
         "4,1,1,\"Futrelle, Mrs. Jacques Heath (Lily May Peel)\",female,35,C123,S\n"
         "5,0,3,\"Allen, Mr. William Henry\",male,35,,S\n"
         "6,0,3,\"Moran, Mr. James\",male,,,Q\n";
}

TEST(TabularCsv, TitanicStyleFileIsReadWithInferredRoles) {
  CsvOptions o = with({{"label", "Survived"}});
  Result<std::unique_ptr<CsvRunner>> runner =
      CsvRunner::create(o, {"zscore | logreg", "perceptron +avg"});
  ASSERT_TRUE(runner) << runner.message();
  const std::string text = titanic();
  for (std::size_t at = 0; at < text.size(); at += 7)
    ASSERT_TRUE(runner.value()->push(text.data() + at, std::min<std::size_t>(7, text.size() - at)));
  ASSERT_TRUE(runner.value()->finish());
  const CsvReader& r = runner.value()->reader();
  EXPECT_EQ(r.rows(), 6u);
  std::vector<std::string> roles;
  for (const ColumnInfo& c : r.columns()) roles.push_back(role_name(c.role));
  EXPECT_EQ(roles, (std::vector<std::string>{"numeric", "label", "numeric", "text", "categorical",
                                             "numeric", "ignore", "categorical"}));
  const std::vector<std::string> names = r.feature_names();
  EXPECT_EQ(names[0], "PassengerId");
  EXPECT_EQ(names[1], "Pclass");
  EXPECT_EQ(names[2], "Age");
  EXPECT_NE(std::find(names.begin(), names.end(), "Sex=male"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "Embarked=Q"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "Name:mrs"), names.end());
  EXPECT_EQ(runner.value()->pipeline(0).width(), names.size());
  EXPECT_EQ(runner.value()->pipeline(0).dims(), 3u);  // the scaler sees the numbers only
  EXPECT_EQ(runner.value()->pipeline(1).progress().rows(), 6u);
  EXPECT_EQ(r.missing_cells(), 1u);  // one Age; Cabin is ignored (all values distinct)
}

TEST(TabularCsv, RolesOverridesNoHeaderDelimiterAndLabelMapping) {
  const std::string text =
      "|a first line to skip\n"
      "5; red; yes.\n"
      "7; blue; no.\n"
      "?; red; yes.\n";
  CsvOptions o =
      with({{"header", "false"}, {"comment", "|"}, {"labelTrim", "."}, {"categorical", "c1"}});
  CsvReader r(o);
  RowBlock rows;
  ASSERT_TRUE(r.feed(text.data(), text.size(), rows));
  ASSERT_TRUE(r.finish(rows));
  EXPECT_EQ(r.delimiter(), ';');
  EXPECT_EQ(rows.size(), 3u);
  EXPECT_EQ(r.positive_label(), "yes");  // a value named like the positive class
  EXPECT_EQ(rows.y, (std::vector<std::int8_t>{1, -1, 1}));
  // Features in the order they appear.
  EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"c1=5", "c2=red", "c1=7", "c2=blue"}));
  EXPECT_EQ(r.missing_cells(), 1u);
  // Errors name the option.
  CsvOptions bad;
  EXPECT_EQ(set_csv_option(bad, "textBits", "40").message(),
            "option textBits (CLI --text-bits) must be a whole number from 1 to 24, got '40'");
  EXPECT_EQ(set_csv_option(bad, "delimiter", "ab").message(),
            "option delimiter must be one character (not a quote or a line break), or 'tab'; "
            "got 'ab'");
  EXPECT_FALSE(set_csv_option(bad, "colour", "x"));
  CsvOptions twice = with({{"numeric", "a"}, {"text", "a"}});
  EXPECT_EQ(check_csv_options(twice).message(),
            "the column 'a' is given two roles: numeric and text");
  CsvOptions unknown = with({{"text", "nope"}});
  CsvReader u(unknown);
  RowBlock none;
  const std::string two = "a,b\n1,1\n";
  u.feed(two.data(), two.size(), none);
  EXPECT_NE(u.finish(none).message().find("a role is set for the column 'nope'"),
            std::string::npos);
}

TEST(TabularCsv, ModelsKeepTheEncoderAndScoreRawRowsTheSame) {
  auto runner = CsvRunner::create(with({{"label", "Survived"}}), {"zscore | logreg +avg"}).take();
  const std::string text = titanic();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  const std::string json = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  Result<LoadedModel> loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.message();
  const LoadedModel& m = loaded.value();
  EXPECT_EQ(m.pipeline->width(), runner->pipeline(0).width());
  EXPECT_EQ(m.pipeline->dims(), 3u);
  EXPECT_EQ(m.schema.features, runner->reader().feature_names());
  EXPECT_EQ(m.schema.encoded.columns.size(), 3u);  // Name (text), Sex, Embarked
  EXPECT_EQ(m.pipeline->learner().params(), runner->pipeline(0).learner().params());
  // Scoring the training file with the loaded model: a frozen encoder, the same features.
  CsvOptions o;
  ASSERT_TRUE(read_as_model(m.schema, true, o));
  EXPECT_TRUE(o.freeze_encoder);
  CsvScorer scorer(o, *m.pipeline);
  ASSERT_TRUE(scorer.push(text.data(), text.size()));
  ASSERT_TRUE(scorer.finish());
  ASSERT_EQ(scorer.scores.size(), 6u);
  EXPECT_EQ(scorer.reader().feature_names(), m.schema.features);
}

TEST(TabularCsv, FormattedNumbersAndMissingWordsAreReadAndModelsKeepThem) {
  std::string text = "price,share,y\n";
  for (int i = 0; i < 40; ++i)
    text += "\"$" + std::to_string(1 + i % 3) + ",000\"," + std::to_string(i % 7) + "%," +
            std::to_string(i % 2) + "\n";
  text += "-,n.a.,1\n";
  for (std::size_t chunk : {0, 1, 3, 64}) {
    CsvReader r({});
    RowBlock rows;
    ASSERT_TRUE(testing::feed_in_chunks(r, text, chunk, rows)) << chunk;
    ASSERT_EQ(rows.size(), 41u);
    EXPECT_EQ(rows.x[0], 1000);
    EXPECT_EQ(rows.x[1], 0);
    EXPECT_EQ(rows.x[2 * 2], 3000);
    EXPECT_EQ(rows.x[2 * 2 + 1], 2);
    EXPECT_TRUE(std::isnan(rows.x[80]) && std::isnan(rows.x[81]));
    EXPECT_EQ(r.missing_cells(), 2u);
    ASSERT_EQ(r.notices().size(), 2u);
    EXPECT_EQ(r.notices()[0],
              "column 'price' is numeric: 40 of 41 sampled values are numbers, 40 written with a "
              "currency sign, '%' or thousands separators; '-' is read as missing");
  }
  // A word the sample did not show stops at its cell and says what to do.
  const std::string later = text + "oops,1%,1\n";
  EXPECT_EQ(read_in_chunks(later, with({{"sampleRows", "41"}}), 0).error,
            "line 43, column 1 (price): 'oops' is not a number (if it marks a missing value: "
            "option missing, CLI --na)");
  // A model keeps the forms: its scorer reads the cells as the training did.
  auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  Result<LoadedModel> loaded =
      model_from_json(model_to_json(runner->pipeline(0), model_schema_of(runner->reader())));
  ASSERT_TRUE(loaded) << loaded.message();
  ASSERT_EQ(loaded.value().schema.number_forms.size(), 2u);
  EXPECT_EQ(loaded.value().schema.number_forms[1].second.missing, std::vector<std::string>{"n.a."});
  CsvOptions o;
  ASSERT_TRUE(read_as_model(loaded.value().schema, true, o));
  o.label_optional = true;  // as predict reads
  CsvScorer scorer(o, *loaded.value().pipeline);
  const std::string fresh = "share,price\nn.a.,\"$2,000\"\n5%,-\n";
  const Status pushed = scorer.push(fresh.data(), fresh.size());
  ASSERT_TRUE(pushed) << pushed.message();
  ASSERT_TRUE(scorer.finish());
  EXPECT_EQ(scorer.scores.size(), 2u);
}

// A column set numeric by option (as the demo gives back the roles its preview showed) reads
// the words its sample shows as missing, as the same column inferred numeric does: the preview
// says "'n/a?x' is read as missing", and the run reads it so instead of stopping at its row.
TEST(TabularCsv, AColumnSetNumericReadsTheSampledMissingWordsAsInferred) {
  std::string text = "a,b,y\n";
  for (int i = 0; i < 20; ++i)
    text +=
        std::to_string(i % 5) + "," + std::to_string(i % 3) + "," + std::to_string(i % 2) + "\n";
  text += "n/a?x,1,1\n";
  const Result<CsvPreview> preview = preview_csv(text, true, {}, 5);
  ASSERT_TRUE(preview) << preview.message();
  EXPECT_EQ(preview.value().columns[0].reason,
            "20 of 21 sampled values are numbers; 'n/a?x' is read as missing");
  for (const CsvOptions& o : {CsvOptions{}, with({{"numeric", "a,b"}})}) {
    CsvReader r(o);
    RowBlock rows;
    const Status st = testing::feed_in_chunks(r, text, 0, rows);
    ASSERT_TRUE(st) << st.message();
    ASSERT_EQ(rows.size(), 21u);
    EXPECT_TRUE(std::isnan(rows.x[40]));
    EXPECT_EQ(rows.x[41], 1);
    EXPECT_EQ(r.missing_cells(), 1u);
  }
  // A column set numeric whose words are more than a numeric column's few stays strict: its
  // first word is a bad cell, named by line and column.
  std::string wordy = "a,y\n1,1\n2,0\nyes,1\nno,0\n";
  EXPECT_EQ(read_in_chunks(wordy, with({{"numeric", "a"}}), 0).error,
            "line 4, column 1 (a): 'yes' is not a number (if it marks a missing value: option "
            "missing, CLI --na)");
}

// A decimal comma goes with a '.' between thousands: "1.500" is no decimal point.
TEST(TabularCsv, ThousandsGroupedByPointsBesideADecimalComma) {
  const std::string text = "a;b;y\n1.500;0,5;1\n2.300;0,1;0\n800;0,7;1\n1.250;0,2;0\n950;0,9;1\n";
  CsvReader r({});
  RowBlock rows;
  ASSERT_TRUE(testing::feed_in_chunks(r, text, 0, rows));
  EXPECT_EQ(r.decimal(), ',');
  EXPECT_EQ(std::vector<double>(rows.x.begin(), rows.x.end()),
            (std::vector<double>{1500, 0.5, 2300, 0.1, 800, 0.7, 1250, 0.2, 950, 0.9}));
}

TEST(TabularCsv, ADecimalCommaIsReadWhenTheSampledRowsWriteNumbersSo) {
  // As spreadsheets in much of Europe save a CSV: ';' between cells, ',' in numbers. Read
  // with a decimal point, every value was a distinct string: no column a feature.
  const std::string european = "a;b;y\n1,5;2,25;1\n3,1;4,5;0\n2,2;1;1\n-0,5;3,3e2;0\n";
  CsvReader r{CsvOptions()};
  RowBlock rows;
  ASSERT_TRUE(r.feed(european.data(), european.size(), rows));
  ASSERT_TRUE(r.finish(rows));
  EXPECT_EQ(r.delimiter(), ';');
  EXPECT_EQ(r.decimal(), ',');
  EXPECT_EQ(std::vector<double>(rows.x.begin(), rows.x.end()),
            (std::vector<double>{1.5, 2.25, 3.1, 4.5, 2.2, 1, -0.5, 330}));
  EXPECT_EQ(r.columns()[0].role, ColumnRole::numeric);
  EXPECT_NE(std::find(r.notices().begin(), r.notices().end(),
                      "numbers are read with a decimal comma, as the sampled rows write them "
                      "('1,5'; option decimal, CLI --decimal)"),
            r.notices().end());
  // Every chunking alike, headerless too (';' and ',' split "1,5;1" alike: ';' wins the tie).
  ChunkedRead c = read_alike_in_every_chunking(european, CsvOptions());
  EXPECT_EQ(c.rows, 4u);
  c = read_alike_in_every_chunking("1,5;1\n2,5;0\n3,5;1\n", with({{"header", "false"}}));
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.delimiter, ';');
  EXPECT_EQ(c.rows, 3u);
  // A decimal point anywhere in the sample: '.' stays, and a cell with a comma is no number.
  CsvReader point{CsvOptions()};
  const std::string mixed = "a;b;y\n1.5;2;1\n3;4,5;0\n";
  point.feed(mixed.data(), mixed.size(), rows);
  point.finish(rows);
  EXPECT_EQ(point.decimal(), '.');
  // Read with a decimal point (given, or no sample to decide on), a comma number says why.
  c = read_alike_in_every_chunking("a;b;y\n1;2;1\n1,5;2;1\n",
                                   with({{"sampleRows", "0"}, {"decimal", "."}}));
  EXPECT_EQ(c.error,
            "line 3, column 1 (a): '1,5' is not a number (a decimal comma? option decimal, CLI "
            "--decimal ,)");
  CsvOptions any;
  EXPECT_EQ(set_csv_option(any, "decimal", ";").message(),
            "option decimal must be '.' or ',', got ';'");
  EXPECT_EQ(check_csv_options(with({{"decimal", ","}, {"delimiter", ","}})).message(),
            "the delimiter and the decimal separator are both ','");
  // Given, ',' is no delimiter candidate: "1,5;2" splits at ';' alone.
  c = read_alike_in_every_chunking("1,5;2;1\n", with({{"header", "false"}, {"decimal", ","}}));
  EXPECT_EQ(c.delimiter, ';');

  // A model remembers it, and scores the file it was trained on as it was read.
  auto runner = CsvRunner::create(CsvOptions(), {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(european.data(), european.size()));
  ASSERT_TRUE(runner->finish());
  const std::string json = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  EXPECT_NE(json.find("\"decimal\""), std::string::npos);
  Result<LoadedModel> loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(loaded.value().schema.decimal, ',');
  CsvOptions o;
  ASSERT_TRUE(read_as_model(loaded.value().schema, true, o));
  EXPECT_EQ(o.decimal, ',');
  CsvScorer scorer(o, *loaded.value().pipeline);
  ASSERT_TRUE(scorer.push(european.data(), european.size()));
  ASSERT_TRUE(scorer.finish());
  EXPECT_EQ(scorer.scores.size(), 4u);
}

TEST(TabularCsv, ADelimiterAtTheEndOfEveryLineLeavesTheLabelWhereItWas) {
  // "a,b,y," then "1.5,2,1,": the empty last column was the default label, and the first row
  // stopped at "the label is missing".
  std::string text = "a,b,y,\n";
  for (int i = 0; i < 12; ++i)
    text += std::to_string(i) + ".5," + std::to_string(i % 5) + "," + std::to_string(i % 2) + ",\n";
  CsvReader r{CsvOptions()};
  RowBlock rows;
  ASSERT_TRUE(r.feed(text.data(), text.size(), rows));
  ASSERT_TRUE(r.finish(rows));
  EXPECT_EQ(r.label_name(), "y");
  EXPECT_EQ(r.numeric_names(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r.columns()[3].role, ColumnRole::ignore);
  EXPECT_EQ(rows.size(), 12u);
  EXPECT_EQ(rows.y[1], 1);
  ChunkedRead c = read_alike_in_every_chunking(text, CsvOptions());
  EXPECT_EQ(c.error, "");
  // No header: the label is c3.
  CsvReader bare(with({{"header", "false"}}));
  const std::string body = text.substr(text.find('\n') + 1);
  ASSERT_TRUE(bare.feed(body.data(), body.size(), rows));
  ASSERT_TRUE(bare.finish(rows));
  EXPECT_EQ(bare.label_name(), "c3");
  // A last column with a name, or a value, is still the label (and its empty cells errors).
  c = read_alike_in_every_chunking("a,b,y,z\n1,2,1,\n", CsvOptions());
  EXPECT_EQ(c.error, "line 2, column 4 (z): the label is missing");
  c = read_alike_in_every_chunking("a,b,y,\n1,2,1,\n3,4,0,1\n", CsvOptions());
  EXPECT_EQ(c.error, "line 2, column 4 (c4): the label is missing");
}

// design.md 10.4: a missing-value token in the label column is a missing label. Read as a
// class, NA (first) became the negative class, and under skip every true negative was skipped.
TEST(TabularCsv, AMissingValueTokenIsAMissingLabel) {
  const std::string text = "a,y\n1,NA\n2,0\n3,1\n4,1\n5,0\n6,?\n";
  CsvReader r(with({{"onError", "skip"}}));
  RowBlock rows;
  ASSERT_TRUE(testing::feed_in_chunks(r, text, 0, rows));
  EXPECT_EQ(rows.y, (std::vector<std::int8_t>{-1, 1, 1, -1}));
  EXPECT_EQ(r.negative_label(), "0");
  ASSERT_EQ(r.errors().size(), 2u);
  EXPECT_EQ(r.errors()[0].message,
            "line 2, column 2 (y): the label is missing ('NA' is a missing-value token, option "
            "missing, CLI --na)");
  EXPECT_EQ(read_in_chunks(text, {}, 0).error, r.errors()[0].message);
  // Short names of the positive class; a class chosen, not named, is not blamed on the option.
  CsvReader yn({});
  const std::string yes_no = "a,y\n1,N\n2,Y\n3,N\n";
  ASSERT_TRUE(testing::feed_in_chunks(yn, yes_no, 0, rows));
  EXPECT_EQ(yn.positive_label(), "Y");
  // Read as binary (three values would make it multiclass, docs/algorithms.md 1.8).
  EXPECT_EQ(read_in_chunks("a,y\n1,B\n2,A\n3,C\n4,B\n5,A\n", with({{"task", "binary"}}), 0).error,
            "line 3, column 2 (y): a third label value 'A': this file's labels so far are 'C' "
            "(positive, chosen from the first rows) and 'B'"
            "; a label of more than two classes learns with the task multiclass (option task, CLI "
            "--task multiclass), or one class against the rest with that class named positive");
}

// design.md 10.1: a file without a header, read as having one, lost its first row silently.
TEST(TabularCsv, AHeaderOfNumbersIsSaidToLookLikeData) {
  CsvReader r({});
  RowBlock rows;
  ASSERT_TRUE(testing::feed_in_chunks(r, "1.288,1.449,1\n0.5,2,0\n1.5,1,1\n", 0, rows));
  ASSERT_EQ(r.notices().size(), 1u);
  EXPECT_EQ(r.notices()[0],
            "the header row is all numbers ('1.288', '1.449', ...): if the file has no header, "
            "give --no-header (JS header: false, or 'auto' to decide), or its first row is not "
            "learned from");
  CsvReader named({});
  ASSERT_TRUE(testing::feed_in_chunks(named, "2019,2020,y\n0.5,2,0\n1.5,1,1\n", 0, rows));
  EXPECT_TRUE(named.notices().empty());
}

TEST(TabularCsv, HeaderDetectedFromTheFirstRows) {
  const auto read = [](const std::string& text, CsvReader& r) {
    RowBlock rows;
    EXPECT_TRUE(r.feed(text.data(), text.size(), rows));
    EXPECT_TRUE(r.finish(rows));
    return rows.size();
  };
  // Numbers in the numeric columns of the first line: data, columns c1..cN.
  CsvReader adult(with({{"header", "auto"}}));
  EXPECT_EQ(
      read("39, State-gov, 77516, <=50K\n50, Private, 83311, >50K\n38, Private, 1, <=50K\n", adult),
      3u);
  EXPECT_FALSE(adult.has_header());
  EXPECT_EQ(adult.label_name(), "c4");
  EXPECT_EQ(adult.feature_names()[0], "c1");
  // Names above numbers: a header.
  CsvReader heart(with({{"header", "auto"}}));
  EXPECT_EQ(read("age,chol,label\n63,233,1\n67,286,0\n", heart), 2u);
  EXPECT_TRUE(heart.has_header());
  EXPECT_EQ(heart.feature_names(), (std::vector<std::string>{"age", "chol"}));
  // Only strings: assumed a header.
  CsvReader words(with({{"header", "auto"}}));
  EXPECT_EQ(read("color,label\nred,yes\nblue,no\nred,no\n", words), 3u);
  EXPECT_TRUE(words.has_header());
}

TEST(TabularCsv, ScalingEncodedFeaturesIsAChoiceThatModelsKeep) {
  auto runner = CsvRunner::create(with({{"label", "Survived"}, {"scaleEncoded", "true"}}),
                                  {"zscore | logreg"})
                    .take();
  const std::string text = titanic();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  const Pipeline& p = runner->pipeline(0);
  EXPECT_TRUE(p.scales_encoded());
  EXPECT_EQ(p.dims(), p.width());  // the z-score sees every feature
  EXPECT_EQ(p.numeric_dims(), 3u);
  EXPECT_EQ(p.scaler(0).snapshot().arrays[0].values.size(), p.width());
  const std::string json = model_to_json(p, model_schema_of(runner->reader()));
  Result<LoadedModel> loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.message() << json.substr(0, 400);
  EXPECT_TRUE(loaded.value().pipeline->scales_encoded());
  EXPECT_EQ(loaded.value().pipeline->save().scalers, p.save().scalers);
  CsvOptions o;
  ASSERT_TRUE(read_as_model(loaded.value().schema, true, o));
  CsvScorer scorer(o, *loaded.value().pipeline);
  ASSERT_TRUE(scorer.push(text.data(), text.size()));
  ASSERT_TRUE(scorer.finish());
  EXPECT_EQ(scorer.scores.size(), 6u);
  // A warm-up scaler cannot: the run is refused before anything is read.
  EXPECT_NE(CsvRunner::create(with({{"scaleEncoded", "true"}}), {"lp | pa1"})
                .message()
                .find("is fitted on its first rows and cannot scale categorical or text features"),
            std::string::npos);
}

// Duplicate header names swapped columns when a model matched them by name.
TEST(TabularCsv, RepeatedAndEmptyHeaderNamesAreMadeUnique) {
  CsvReader r(CsvOptions{});
  RowBlock rows;
  const std::string text = "a,a,,label\n1,2,3,1\n4,5,6,0\n7,8,9,1\n";
  ASSERT_TRUE(r.feed(text.data(), text.size(), rows));
  ASSERT_TRUE(r.finish(rows));
  EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"a", "a.2", "c3"}));
  EXPECT_EQ(r.notices()[0], "column 2 repeats the name 'a': it is read as 'a.2'");
  EXPECT_EQ(r.notices()[1], "column 3 has no name: it is read as 'c3'");
  // A model trained on it finds each column again by its unique name.
  CsvOptions by_name;
  by_name.features = {"a.2", "a"};
  CsvReader again(by_name);
  RowBlock picked;
  ASSERT_TRUE(again.feed(text.data(), text.size(), picked));
  ASSERT_TRUE(again.finish(picked));
  EXPECT_EQ(std::vector<double>(picked.x.begin(), picked.x.begin() + 2),
            (std::vector<double>{2, 1}));
}

// Memory stays bounded on a stream of fresh values in a categorical column: the width stops
// at max_levels + level_buckets.
TEST(TabularCsv, FreshCategoricalValuesKeepTheWidthBounded) {
  CsvOptions o = with({{"categorical", "id"}, {"maxLevels", "100"}, {"levelBuckets", "16"}});
  auto runner = CsvRunner::create(o, {"zscore | logreg"}).take();
  std::string chunk;
  for (int block = 0; block < 20; ++block) {
    chunk = block == 0 ? "x,id,label\n" : "";
    for (int i = 0; i < 5000; ++i) {
      const int n = block * 5000 + i;
      chunk +=
          std::to_string(n % 7) + ",user" + std::to_string(n) + "," + (n % 3 ? "1" : "0") + "\n";
    }
    ASSERT_TRUE(runner->push(chunk.data(), chunk.size()));
  }
  ASSERT_TRUE(runner->finish());
  EXPECT_EQ(runner->reader().rows(), 100000u);
  EXPECT_EQ(runner->pipeline(0).width(), 1u + 100u + 16u);
  EXPECT_EQ(runner->pipeline(0).learner().params().size(), 1u + 100u + 16u + 1u);
}

// Long text of ever new words stays within 2^textBits features per text column.
TEST(TabularCsv, FreshWordsKeepTheWidthBounded) {
  CsvOptions o = with({{"text", "note"}, {"textBits", "8"}});
  auto runner = CsvRunner::create(o, {"logreg"}).take();
  std::string chunk = "x,note,label\n";
  for (int i = 0; i < 20000; ++i) {
    chunk += std::to_string(i % 5) + ",";
    for (int w = 0; w < 12; ++w) chunk += "w" + std::to_string(i * 12 + w) + " ";
    chunk += std::string(",") + (i % 3 ? "1" : "0") + "\n";
  }
  ASSERT_TRUE(runner->push(chunk.data(), chunk.size()));
  ASSERT_TRUE(runner->finish());
  EXPECT_EQ(runner->reader().rows(), 20000u);
  EXPECT_LE(runner->pipeline(0).width(), 1u + 256u);
  EXPECT_GE(runner->pipeline(0).width(), 1u + 250u);  // 240,000 words fill nearly every bucket
}

// Found by a user's files (2026-11-27): a formatted number past the sampled rows, or in a column
// set numeric, is a number; the spreadsheet's error values are missing by default.
TEST(TabularCsv, FormattedNumbersPastTheSampleAndInColumnsSetNumericAreNumbers) {
  std::string text = "amount,y\n";
  for (int i = 0; i < 30; ++i) text += std::to_string(100 + i) + "," + std::to_string(i % 2) + "\n";
  text += "\"3,202\",1\n\"(1,200)\",0\n\"$1,000.50\",1\n#DIV/0!,0\n12 %,1\n";
  for (const CsvOptions& o : {with({{"sampleRows", "10"}}), with({{"numeric", "amount"}})}) {
    CsvReader r(o);
    RowBlock rows;
    const Status st = testing::feed_in_chunks(r, text, 7, rows);
    ASSERT_TRUE(st) << st.message();
    ASSERT_EQ(rows.size(), 35u);
    EXPECT_EQ(rows.x[30], 3202);
    EXPECT_EQ(rows.x[31], -1200);
    EXPECT_EQ(rows.x[32], 1000.5);
    EXPECT_TRUE(std::isnan(rows.x[33])) << "#DIV/0! is missing";
    EXPECT_EQ(rows.x[34], 12);
    EXPECT_EQ(r.missing_cells(), 1u);
  }
}

// A European spreadsheet's export: every number with a currency sign or '%', a decimal comma.
TEST(TabularCsv, ADecimalCommaIsDetectedInFormattedNumbers) {
  std::string text =
      "\xEF\xBB\xBF"
      "Betrag;Anteil;Kategorie;Ergebnis\r\n";
  for (int i = 0; i < 20; ++i)
    text += std::to_string(1 + i % 4) + "." + std::to_string(100 + i) + "," +
            std::to_string(10 + i) + " \xE2\x82\xAC;" + std::to_string(i % 9) + ",5 %;" +
            (i % 3 ? "A" : "B") + ";" + (i % 2 ? "Ja" : "Nein") + "\r\n";
  CsvReader r({});
  RowBlock rows;
  const Status st = testing::feed_in_chunks(r, text, 0, rows);
  ASSERT_TRUE(st) << st.message();
  EXPECT_EQ(r.decimal(), ',');
  ASSERT_EQ(rows.size(), 20u);
  EXPECT_EQ(r.feature_names().front(), "Betrag");
  EXPECT_EQ(rows.x[0], 1100.10);  // "1.100,10 €"
  EXPECT_EQ(rows.x[1], 0.5);      // "0,5 %"
  // With a point, "$1,200.50" and "12.5 %" keep the point.
  CsvReader us({});
  RowBlock us_rows;
  const std::string dollars = "a;b;y\n$1,200.50;12.5 %;1\n$2,000.25;1.5 %;0\n$300.75;3 %;1\n";
  ASSERT_TRUE(testing::feed_in_chunks(us, dollars, 0, us_rows));
  EXPECT_EQ(us.decimal(), '.');
  EXPECT_EQ(us_rows.x[0], 1200.5);
  EXPECT_EQ(us_rows.x[1], 12.5);
}

TEST(TabularCsv, NoFeatureNamesTheIgnoredColumnsNotTheLabel) {
  std::string text = "id,label\n";
  for (int i = 0; i < 20; ++i) text += "x" + std::to_string(i) + "," + std::to_string(i % 2) + "\n";
  EXPECT_EQ(read_in_chunks(text, {}, 0).error,
            "no column is a feature: every column but the label is ignored (id); set a column's "
            "role");
}

// Found by a user's files (2026-11-27): what a reader says and refuses, in its own words.
TEST(TabularCsv, AHeaderlessFileTheLabelOnlyOfTheFirstRowsAndALastEmptyColumn) {
  // Raw Adult read with a header: the label column's name is one of its values.
  CsvReader adult({});
  RowBlock rows;
  const std::string raw = "39, State-gov, <=50K\n50, Private, <=50K\n38, Private, >50K\n";
  ASSERT_TRUE(testing::feed_in_chunks(adult, raw, 0, rows));
  EXPECT_NE(std::find(adult.notices().begin(), adult.notices().end(),
                      "the label column's name '<=50K' is also one of its values: if the file "
                      "has no header, give --no-header (JS header: false, or 'auto' to decide), "
                      "or its first row is not learned from"),
            adult.notices().end());
  // One label in the sampled rows: said as such, not as a minority.
  std::string sorted = "x,label\n";
  for (int i = 0; i < 20; ++i) sorted += std::to_string(i) + (i < 15 ? ",ham\n" : ",spam\n");
  CsvReader one(with({{"sampleRows", "10"}}));
  ASSERT_TRUE(testing::feed_in_chunks(one, sorted, 0, rows));
  EXPECT_EQ(one.notices().back(),
            "positive class 'ham': the only label of the first 10 rows (the file may be sorted "
            "by class): any other value is the negative class; set the positive class to choose "
            "another");
  // A delimiter at the end of every line: --label -1 is the last column with a value.
  const std::string trailing = "a,b,label,\n1,2,yes,\n3,4,no,\n5,6,yes,\n";
  CsvReader last(with({{"label", "-1"}}));
  RowBlock last_rows;
  const Status st = testing::feed_in_chunks(last, trailing, 0, last_rows);
  ASSERT_TRUE(st) << st.message();
  EXPECT_EQ(last.label_name(), "label");
  EXPECT_EQ(last_rows.size(), 3u);
}

TEST(TabularCsv, AModelsFeatureGivenAsTheLabelIsNamedSo) {
  const std::string text = "x1,x2,label\n1,2,1\n3,4,0\n5,6,1\n";
  auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  ModelSchema schema = model_schema_of(runner->reader());
  CsvOptions o = with({{"label", "x1"}});
  ASSERT_TRUE(read_as_model(schema, false, o));
  EXPECT_EQ(read_in_chunks(text, o, 0).error,
            "the column 'x1' is one of the model's features; it cannot be the label (option "
            "label, CLI --label)");
}

// A tiny eps made the robust scaler's sketch size itself out of range (UB).
TEST(TabularCsv, RobustEpsIsBoundedByTheRegistry) {
  EXPECT_EQ(Pipeline::build("robust(eps=0.0000000000000000000000011) | logreg").message(),
            "robust: parameter 'eps' must be a number in [0.0001, 0.5] (got "
            "'0.0000000000000000000000011')");
}

}  // namespace
}  // namespace onepass
