// A record is bounded: one stray quote no longer makes the rest of the stream one
// record that grows without end; the error names the quote's line and column, and under skip
// the reader goes on after the bound.
#include <gtest/gtest.h>

#include <string>

#include "io/csv_reader.hpp"
#include "io/label_map.hpp"
#include "onepass/api/csv_options.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::string stray_quote_then_good_rows(int good) {
  std::string text = "a,b,label\n1,2,1\n\"3,4,-1\n";
  for (int i = 0; i < good; ++i) text += std::to_string(i) + "," + std::to_string(i % 7) + ",1\n";
  return text;
}

CsvOptions bounded(const char* policy) {
  CsvOptions o;
  EXPECT_TRUE(set_csv_option(o, "maxRecordBytes", "64"));
  EXPECT_TRUE(set_csv_option(o, "onError", policy));
  return o;
}

const char* kMessage =
    "line 3, column 1 (a): a record longer than 64 bytes (option maxRecordBytes, CLI "
    "--max-record-bytes): the quoted "
    "field that opens here is not closed within them";

TEST(RecordBound, AStrayQuoteStopsAtTheBoundNamingWhereItOpened) {
  const std::string text = stray_quote_then_good_rows(1000);
  for (std::size_t chunk : {std::size_t{0}, std::size_t{7}, std::size_t{4096}}) {
    CsvReader r(bounded("stop"));
    RowBlock rows;
    const Status st = testing::feed_in_chunks(r, text, chunk, rows);
    EXPECT_EQ(st.message(), kMessage) << chunk;
    EXPECT_EQ(rows.size(), 1u) << "the row before it is read (and learned)";
  }
}

// The quote named is the one that opened a field, not a quote inside one (io/csv_quoting.hpp).
TEST(RecordBound, TheQuoteNamedIsTheOneThatOpenedTheField) {
  std::string text = "a,b,label\n1,2,1\n5\" x,\"3,-1\n";
  for (int i = 0; i < 100; ++i) text += std::to_string(i) + ",1,1\n";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{7}}) {
    CsvReader r(bounded("stop"));
    RowBlock rows;
    EXPECT_EQ(testing::feed_in_chunks(r, text, chunk, rows).message(),
              "line 3, column 2 (b): a record longer than 64 bytes (option maxRecordBytes, CLI "
              "--max-record-bytes): the "
              "quoted field that opens here is not closed within them")
        << chunk;
  }
}

TEST(RecordBound, UnderSkipReadingGoesOnAtTheLineAfterTheQuote) {
  const std::string text = stray_quote_then_good_rows(1000);
  for (std::size_t chunk : {std::size_t{0}, std::size_t{7}, std::size_t{4096}}) {
    CsvReader r(bounded("skip"));
    RowBlock rows;
    ASSERT_TRUE(testing::feed_in_chunks(r, text, chunk, rows)) << chunk;
    EXPECT_EQ(r.skipped(), 1u);
    ASSERT_FALSE(r.errors().empty());
    EXPECT_EQ(r.errors()[0].message,
              std::string(kMessage) + "; read on at line 4, 1 line passed over");
    // Only the quote's line is lost (io/csv_resync.hpp).
    EXPECT_EQ(r.rows(), 1u + 1000u) << chunk;
  }
}

TEST(RecordBound, AFileWithTooManyColumnsIsRefused) {
  CsvOptions o;
  ASSERT_TRUE(set_csv_option(o, "maxFields", "3"));
  CsvReader r(o);
  RowBlock rows;
  const std::string text = "a,b,c,label\n1,2,3,1\n";
  EXPECT_EQ(testing::feed_in_chunks(r, text, 0, rows).message(),
            "line 1: the first record has 4 fields; at most 3 (option maxFields)");
}

// A binary file's bytes reached the terminal as they were, escape sequences included.
TEST(RecordBound, MessagesNeverCarryRawControlBytes) {
  EXPECT_EQ(quote_cell("a\x1b[31mb"), "'a\\x1b[31mb'");
  EXPECT_EQ(quote_cell("caf\xc3\xa9 \xff"), "'caf\xc3\xa9 \\xff'");  // UTF-8 stays, 0xff not
  EXPECT_EQ(quote_cell("\xc3"), "'\\xc3'");                          // a cut sequence
  CsvOptions strict;
  strict.sample_rows = 0;
  CsvReader r(strict);
  RowBlock rows;
  const std::string text = "a,label\n\x1b]0;owned\x07,1\n";
  EXPECT_EQ(testing::feed_in_chunks(r, text, 0, rows).message(),
            "line 2, column 1 (a): '\\x1b]0;owned\\x07' is not a number");
  CsvReader gz(CsvOptions{});
  EXPECT_EQ(testing::feed_in_chunks(gz, std::string("\x1f\x8b\x08\x00", 4), 0, rows).message(),
            "this looks like a gzip-compressed file, not CSV text: decompress it first");
}

// Text this reader does not take gets a message that says what it is and what to do.
TEST(RecordBound, UtfSixteenAndCarriageReturnLinesAreNamed) {
  const auto error = [](const std::string& text) {
    CsvReader r(CsvOptions{});
    RowBlock rows;
    return testing::feed_in_chunks(r, text, 0, rows).message();
  };
  const std::string ascii = "a\tb\ty\r\n1\t2\t1\r\n2\t1\t0\r\n";
  std::string le, be;
  for (char c : ascii) {
    le += {c, '\0'};
    be += {'\0', c};
  }
  EXPECT_EQ(error("\xFF\xFE" + le),
            "this is UTF-16 text (it starts with the byte order mark FF FE, as Excel saves "
            "\"Unicode Text\"), not UTF-8: save it as \"CSV UTF-8\", or convert it (iconv -f "
            "UTF-16 -t UTF-8)");
  EXPECT_NE(error("\xFE\xFF" + be).find("byte order mark FE FF"), std::string::npos);
  EXPECT_EQ(error(le),
            "this looks like UTF-16 text (every other byte is 0), not UTF-8: save it as \"CSV "
            "UTF-8\", or convert it (iconv -f UTF-16LE -t UTF-8)");
  EXPECT_EQ(error(std::string("a,b\0c,y\n1,2,1\n", 14)),
            "this looks like a binary file, not CSV text (it has NUL bytes)");
  EXPECT_EQ(error("a,b,y\r1,2,1\r2,1,0\r"),
            "the lines end with a carriage return alone (old Mac line endings), which this "
            "reader does not take for line breaks: convert them (tr '\\r' '\\n')");
}

}  // namespace
}  // namespace onepass
