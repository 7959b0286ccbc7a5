// The delimiter detected from the first records (design.md 10.1), whatever the chunks the
// input comes in, and records held for it read before an error that ends the input.
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

TEST(TabularCsv, TheDelimiterIsDetectedFromTheFirstRecordsWhateverTheChunks) {
  // Adult's raw test file: a title line, then rows. Detected from the title alone, the
  // delimiter was '|' and the next line "expected 2 fields, found 1".
  std::string adult = "|1x3 Cross validator\n";
  for (int i = 0; i < 12; ++i)
    adult += std::to_string(20 + i) + ", Private, " + (i % 3 ? "<=50K." : ">50K.") + "\n";
  const std::string hint =
      "a title line above the table? pass it over with option skipLines (CLI --skip-lines) or "
      "comment (CLI --comment)";
  ChunkedRead r = read_alike_in_every_chunking(adult, with({{"header", "false"}}));
  EXPECT_EQ(r.delimiter, ',');
  EXPECT_EQ(r.error,
            "line 1: the first row has 1 column; expected at least one feature and a label (is "
            "the delimiter ','? " +
                hint + ")");
  r = read_alike_in_every_chunking(
      adult, with({{"header", "false"}, {"comment", "|"}, {"labelTrim", "."}}));
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.rows, 12u);
  EXPECT_EQ(r.delimiter, ',');

  // Fewer records than the detection holds: decided at the end of the input.
  r = read_alike_in_every_chunking("a;b;y\n1;2;1\n3;4;0", CsvOptions());
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.rows, 2u);
  EXPECT_EQ(r.delimiter, ';');

  // A title of two fields: the first row, longer, says what it may be.
  r = read_alike_in_every_chunking("Report, 2024\na,b,y\n1,2,1\n", CsvOptions());
  EXPECT_EQ(r.error,
            "line 2, column 3: expected 2 fields (as the header on line 1 has), found 3: " + hint);
  // The first row not split at all: the delimiter given may be wrong.
  r = read_alike_in_every_chunking("a;b;y\n1,2,1\n", with({{"delimiter", ";"}}));
  EXPECT_EQ(
      r.error,
      "line 2, column 2 (b): expected 3 fields (as the header on line 1 has), found 1: is the "
      "delimiter ';'? (option delimiter, CLI --delimiter)");
  // A header and a first row that split alike settle it: the rows come out as they are read.
  CsvReader stream(with({{"sampleRows", "0"}}));
  RowBlock rows;
  const std::string head = "a;b;y\n1;2;1\n";
  ASSERT_TRUE(stream.feed(head.data(), head.size(), rows));
  EXPECT_EQ(stream.delimiter(), ';');
  EXPECT_EQ(rows.size(), 1u);
}

TEST(TabularCsv, RecordsHeldForTheDelimiterAreReadBeforeAnErrorThatEndsTheInput) {
  // A record too long, and a quote never closed, among the records held to detect the
  // delimiter: the rows before are read, then the error (or, skipping, the rows after too).
  const std::string too_long = "a,b,y\n1,2,1\n\"" + std::string(100, 'x') + "\n3,4,0\n5,6,1\n";
  CsvOptions bounded = with({{"maxRecordBytes", "64"}});
  ChunkedRead r = read_alike_in_every_chunking(too_long, bounded);
  EXPECT_EQ(r.rows, 1u);
  EXPECT_EQ(r.error.rfind("line 3, column 1", 0), 0u) << r.error;
  bounded.on_error = ErrorPolicy::skip;
  r = read_alike_in_every_chunking(too_long, bounded);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.rows, 3u);
  EXPECT_EQ(r.skipped, 1u);
  r = read_alike_in_every_chunking("a,b,y\n1,2,1\n\"3,4,0\n", CsvOptions());
  EXPECT_EQ(r.rows, 1u);
  EXPECT_EQ(r.error,
            "line 3, column 1 (a): a quoted field is not closed before the end of the input");
}

}  // namespace
}  // namespace onepass
