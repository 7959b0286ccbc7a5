// A stray quote at a field's start that never closes (io/csv_resync.hpp): under skip, the lines
// up to the quote's are one bad row and reading goes on at the next line, whole or fed a byte at
// a time; under stop, the error names where the quote opened; cutting a file into parts follows
// the same rule.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/csv_reader.hpp"
#include "onepass/api/csv_cuts.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

// "a,b,label" and rows i,i%3,i%2 on lines 2..rows+1; `stray` replaces line `at`.
std::string rows_with(std::size_t rows, std::size_t at, const std::string& stray) {
  std::string text = "a,b,label\n";
  for (std::size_t i = 1; i <= rows; ++i)
    text += i + 1 == at ? stray + "\n"
                        : std::to_string(i) + "," + std::to_string(i % 3) + "," +
                              std::to_string(i % 2) + "\n";
  return text;
}

struct Read {
  std::string error;
  std::size_t rows = 0;
  std::uint64_t skipped = 0, lines = 0;
  std::vector<std::uint64_t> row_lines;
  std::vector<std::string> messages;
};

Read read(const std::string& text, CsvOptions opt, std::size_t chunk) {
  CsvReader r(opt);
  RowBlock rows;
  Read out;
  const Status st = testing::feed_in_chunks(r, text, chunk, rows);
  out.error = st ? "" : st.message();
  out.rows = rows.size();
  out.skipped = r.skipped();
  out.lines = r.lines();
  out.row_lines = rows.line;
  for (const RowError& e : r.errors()) out.messages.push_back(e.message);
  return out;
}

CsvOptions bounded(ErrorPolicy policy, std::size_t sample_rows) {
  CsvOptions opt;
  opt.max_record_bytes = 64;
  opt.on_error = policy;
  opt.sample_rows = sample_rows;
  return opt;
}

TEST(CsvStrayQuote, SkipReadsOnAtTheLineAfterTheQuotes) {
  // Line 5 opens a quote that never closes: 64 bytes later the bound stops it.
  const std::string text = rows_with(40, 5, "\"4,1,0");
  for (const std::size_t sample : {2, 1000})
    for (const std::size_t chunk : {0, 1, 7, 13, 64}) {
      const Read r = read(text, bounded(ErrorPolicy::skip, sample), chunk);
      SCOPED_TRACE("chunk " + std::to_string(chunk) + ", sample " + std::to_string(sample));
      EXPECT_EQ(r.error, "");
      EXPECT_EQ(r.rows, 39u);
      EXPECT_EQ(r.skipped, 1u);
      EXPECT_EQ(r.lines, 41u);
      ASSERT_EQ(r.messages.size(), 1u);
      EXPECT_EQ(r.messages[0],
                "line 5, column 1 (a): a record longer than 64 bytes (option maxRecordBytes, CLI "
                "--max-record-bytes): the quoted field that opens here is not closed within "
                "them; read on at line 6, 1 line passed over");
      ASSERT_EQ(r.row_lines.size(), 39u);
      EXPECT_EQ(r.row_lines[2], 4u);
      EXPECT_EQ(r.row_lines[3], 6u);
    }
}

TEST(CsvStrayQuote, TheLinesBeforeTheQuotesInItsRecordAreCountedToo) {
  // Line 4 opens a quoted field that closes on line 5, whose third field opens a stray quote:
  // lines 4 and 5 are passed over, counted as two skipped rows.
  std::string text = rows_with(40, 4, "3,\"two");
  text.replace(text.find("\n4,1,0\n") + 1, 5, "line\",\"0");
  for (const std::size_t chunk : {0, 1, 5}) {
    const Read r = read(text, bounded(ErrorPolicy::skip, 2), chunk);
    SCOPED_TRACE("chunk " + std::to_string(chunk));
    EXPECT_EQ(r.rows, 38u);
    EXPECT_EQ(r.skipped, 2u);
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(r.messages[0],
              "line 5, column 3 (label): a record longer than 64 bytes (option maxRecordBytes, "
              "CLI --max-record-bytes): the quoted field that opens here is not closed within "
              "them; read on at line 6, 2 lines passed over");
  }
}

TEST(CsvStrayQuote, AtTheEndOfTheInputTooAndStopNamesTheQuote) {
  const std::string text = rows_with(8, 6, "5,\"2,1");  // within the default bound of the end
  for (const std::size_t chunk : {0, 1}) {
    CsvOptions skip;
    skip.on_error = ErrorPolicy::skip;
    const Read r = read(text, skip, chunk);
    EXPECT_EQ(r.rows, 7u);
    EXPECT_EQ(r.skipped, 1u);
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(r.messages[0],
              "line 6, column 2 (b): a quoted field is not closed before the end of the input; "
              "read on at line 7, 1 line passed over");
    const Read stop = read(text, CsvOptions{}, chunk);
    EXPECT_EQ(stop.error,
              "line 6, column 2 (b): a quoted field is not closed before the end of the input");
    EXPECT_EQ(stop.rows, 4u);
  }
  const Read stop = read(rows_with(40, 5, "\"4,1,0"), bounded(ErrorPolicy::stop, 2), 0);
  EXPECT_EQ(stop.error.substr(0, 22), "line 5, column 1 (a): ");
  EXPECT_EQ(stop.rows, 3u);
}

TEST(CsvStrayQuote, CutsStartWhereTheReaderReadsOn) {
  const std::string text = rows_with(40, 5, "\"4,1,0");
  CsvOptions opt = bounded(ErrorPolicy::skip, 2);
  opt.delimiter = ',';
  const std::size_t quote = text.find('"');
  // Four parts: the second starts past the quote's line, at a line the reader reads.
  const CsvCuts cuts = csv_cuts(text, opt, 4).take();
  ASSERT_EQ(cuts.starts.size(), 5u);
  for (std::size_t k = 1; k < 4; ++k) {
    EXPECT_EQ(text[cuts.starts[k] - 1], '\n');
    EXPECT_GT(cuts.starts[k], quote);
  }
  // The parts read apart give the rows the whole file gives.
  std::size_t rows = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    const std::string part = text.substr(0, cuts.head_end) +
                             text.substr(cuts.starts[k], cuts.starts[k + 1] - cuts.starts[k]);
    rows += read(part, opt, 0).rows;
  }
  EXPECT_EQ(rows, 39u);
  // Stopping at bad rows, the reader would not read on: the record runs to the end.
  opt.on_error = ErrorPolicy::stop;
  EXPECT_EQ(csv_cuts(text, opt, 4).take().starts[2], text.size());
}

}  // namespace
}  // namespace onepass
