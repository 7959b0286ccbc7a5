#include "io/csv_reader.hpp"
#include "core/parse_number.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "test_util.hpp"

namespace onepass {
namespace {

struct Parsed {
  RowBlock rows;
  Status status = Status::ok();
};

// Feeds `text` in chunks of `chunk` bytes (0: one chunk), then finishes.
Parsed parse(const std::string& text, CsvOptions opt = {}, std::size_t chunk = 0,
             CsvReader* keep = nullptr) {
  CsvReader local(opt);
  CsvReader& r = keep ? *keep : local;
  Parsed out;
  out.status = testing::feed_in_chunks(r, text, chunk, out.rows);
  return out;
}

// The reader as before column roles: every column but the label numeric, numeric labels, only
// an empty cell missing (sample_rows = 0 turns inference off).
CsvOptions strict() {
  CsvOptions opt;
  opt.sample_rows = 0;
  opt.missing = {""};
  return opt;
}

std::vector<double> values(const RowBlock& rows) {
  return {rows.x.begin(), rows.x.end()};
}

const char* kSmall =
    "a,\"b, quoted\",label\r\n"
    "1.5,-2,1\r\n"
    "\"3\",4e1,0\n"
    "\n"
    ",7,1\r\n"
    "8,\"9\",0";  // last line without a break; "0" is the negative class

TEST(CsvReader, ParsesHeaderQuotesCrlfMissingAndLastLine) {
  CsvReader r({});
  Parsed p = parse(kSmall, {}, 0, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  ASSERT_EQ(r.feature_names(), (std::vector<std::string>{"a", "b, quoted"}));
  EXPECT_EQ(r.label_name(), "label");
  ASSERT_EQ(p.rows.size(), 4u);
  EXPECT_EQ(p.rows.x[0], 1.5);
  EXPECT_EQ(p.rows.x[1], -2);
  EXPECT_EQ(p.rows.x[2], 3);
  EXPECT_EQ(p.rows.x[3], 40);
  EXPECT_TRUE(std::isnan(p.rows.x[4]));
  EXPECT_EQ(p.rows.x[5], 7);
  EXPECT_EQ(p.rows.y, (std::vector<std::int8_t>{1, -1, 1, -1}));
  EXPECT_EQ(p.rows.line, (std::vector<std::uint64_t>{2, 3, 5, 6}));
  EXPECT_EQ(r.missing_cells(), 1u);
  EXPECT_EQ(r.negative_label(), "0");
}

TEST(CsvReader, EveryChunkBoundaryGivesTheSameRows) {
  const Parsed whole = parse(kSmall);
  ASSERT_TRUE(whole.status);
  const std::string text = kSmall;
  // Two chunks split at every byte offset, and every chunk size from 1 byte up.
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    CsvReader r({});
    RowBlock rows;
    ASSERT_TRUE(r.feed(text.data(), cut, rows));
    ASSERT_TRUE(r.feed(text.data() + cut, text.size() - cut, rows));
    ASSERT_TRUE(r.finish(rows));
    EXPECT_EQ(rows.y, whole.rows.y) << "cut at " << cut;
    EXPECT_EQ(rows.line, whole.rows.line) << "cut at " << cut;
    ASSERT_EQ(rows.x.size(), whole.rows.x.size());
    for (std::size_t i = 0; i < rows.x.size(); ++i)
      EXPECT_TRUE(rows.x[i] == whole.rows.x[i] ||
                  (std::isnan(rows.x[i]) && std::isnan(whole.rows.x[i])))
          << "cut at " << cut << " value " << i;
  }
  for (std::size_t chunk = 1; chunk <= text.size(); ++chunk) {
    Parsed p = parse(text, {}, chunk);
    ASSERT_TRUE(p.status) << p.status.message();
    EXPECT_EQ(p.rows.y, whole.rows.y) << "chunk " << chunk;
    EXPECT_EQ(p.rows.line, whole.rows.line) << "chunk " << chunk;
  }
}

// The reader's inline number scan (Clinger's fast path) must give fast_float's bits, and hand
// everything it does not read itself to fast_float.
TEST(ScanNumber, GivesTheBitsOfFastFloatAndFindsTheEnd) {
  std::vector<std::string> cases = {
      "0", "-0", "-0.000000", "1.5", "123456789", "0.1", "-2.000001", "9007199254740992",
      "9007199254740993", "12345678901234567890", "0.30000000000000004", "1e5", "-2.5E-3", "1.",
      ".5", "00012.50", "3.14159265358979323846",
      // exponents: the inline path (a power of at most 22) and past it
      "-3.240074e-05", "1.5e-07", "1.234568e+08", "1E+3", "5e0", "-0e-0", "1e22", "1e23", "12e-22",
      "1e-23", "9007199254740993e-5", "9007199254740992e6", "4.9e-324", "1e0005", "2.5e+307"};
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {  // random plain decimals of 1 to 21 digits
    std::string t = rng() % 2 ? "-" : "";
    const int digits = 1 + static_cast<int>(rng() % 21), point = static_cast<int>(rng() % digits);
    for (int k = 0; k < digits; ++k) {
      if (k == point && k > 0) t += '.';
      t += static_cast<char>('0' + rng() % 10);
    }
    cases.push_back(t);
  }
  for (int i = 0; i < 20000; ++i) {  // %g-like numbers: 1 to 17 digits, an exponent of 1 to 3
    std::string t = rng() % 2 ? "-" : "";
    const int digits = 1 + static_cast<int>(rng() % 17);
    t += static_cast<char>('1' + rng() % 9);
    if (digits > 1) t += '.';
    for (int k = 1; k < digits; ++k) t += static_cast<char>('0' + rng() % 10);
    t += rng() % 2 ? "e" : "E";
    const int kind = static_cast<int>(rng() % 3);
    if (kind) t += kind == 1 ? "-" : "+";
    const int width = 1 + static_cast<int>(rng() % 3);
    const int exponent = static_cast<int>(rng() % (width == 1 ? 10 : width == 2 ? 40 : 300));
    std::string e = std::to_string(exponent);
    while (static_cast<int>(e.size()) < width) e = "0" + e;
    cases.push_back(t + e);
  }
  // What follows the number: the end of the buffer, or more bytes (digits after a delimiter,
  // the non-digits next to '0' and '9', high bytes), scanned with and without a newline ahead.
  const std::string tails[] = {",",
                               ",12345678,9\n",
                               ":99999999999",
                               "/00000000000",
                               "\xfa\xff\xff\xff\xff\xff\xff\xff\xff\n",
                               " 7777777777\n"};
  for (const std::string& text : cases) {
    double careful = -2;
    ASSERT_EQ(parse_number(text, careful), NumberParse::ok) << text;
    for (const std::string& tail : tails) {
      const std::string cell = text + tail;
      const char* const last = cell.data() + cell.size();
      double fast = -1, ahead = -3;
      const char* end = scan_number(cell.data(), last, fast);
      ASSERT_NE(end, nullptr) << text;
      EXPECT_EQ(end - cell.data(), static_cast<std::ptrdiff_t>(text.size())) << text;
      EXPECT_EQ(std::memcmp(&fast, &careful, sizeof fast), 0) << text << ": " << fast;
      if (tail.back() != '\n') continue;
      EXPECT_EQ(scan_number<true>(cell.data(), last, ahead), end) << text;
      EXPECT_EQ(std::memcmp(&ahead, &careful, sizeof ahead), 0) << text << ": " << ahead;
    }
  }
  // With a decimal comma (design.md 10.1): the same bits, the point now a separator like any.
  for (const std::string& text : cases) {
    std::string comma = text;
    std::replace(comma.begin(), comma.end(), '.', ',');
    double careful = -2, with_comma = -3, fast = -1;
    ASSERT_EQ(parse_number(text, careful), NumberParse::ok) << text;
    ASSERT_EQ(parse_number(comma, with_comma, ','), NumberParse::ok) << comma;
    EXPECT_EQ(std::memcmp(&with_comma, &careful, sizeof careful), 0) << comma;
    const std::string cell = comma + ";7.5\n";
    const char* end = scan_number<true, ','>(cell.data(), cell.data() + cell.size(), fast);
    ASSERT_NE(end, nullptr) << comma;
    EXPECT_EQ(end - cell.data(), static_cast<std::ptrdiff_t>(comma.size())) << comma;
    EXPECT_EQ(std::memcmp(&fast, &careful, sizeof fast), 0) << comma << ": " << fast;
  }
  double v = 0;
  for (const std::string bad : {"", "-", "abc", "inf", "nan", "1e999", ",1"})
    EXPECT_EQ(scan_number(bad.data(), bad.data() + bad.size(), v), nullptr) << bad;
  EXPECT_EQ(parse_number("1.5", v, ','), NumberParse::not_a_number);
}

// The one-pass fast path and the careful path (what one-byte chunks force, since no record is
// whole in a chunk) give the same rows, lines, values and counts on every kind of record.
TEST(CsvReader, FastPathAndCarefulPathAgree) {
  const std::string text =
      "x,y,z,label\n"
      "1.25,-3,0.5,1\n"
      "2e3,4,5,0\r\n"
      "1.5,\"2\",3,1\n"
      "\n"
      "7,,9,0\n"
      ",5,6,1\n"
      "3,4,,0\n"
      "1.5e-07,-3.240074e-05,2E+3,1\n"
      "0.000001,-0.0,12345678901234567890,1\n"
      " 1,2,3,0\n"
      "4,5,6 ,1\n"
      "-7.5,8.25,9,0";
  // Default options hold the first rows as a sample (read the careful way); strict() has no
  // sample, so the whole-chunk parse reads every plain row by the fast path.
  for (const CsvOptions& opt : {CsvOptions{}, strict()}) {
    CsvReader whole_reader(opt), bytes_reader(opt);
    const Parsed whole = parse(text, opt, 0, &whole_reader),
                 bytes = parse(text, opt, 1, &bytes_reader);
    ASSERT_TRUE(whole.status) << whole.status.message();
    ASSERT_TRUE(bytes.status) << bytes.status.message();
    EXPECT_EQ(whole.rows.y, bytes.rows.y);
    EXPECT_EQ(whole.rows.line, bytes.rows.line);
    ASSERT_EQ(whole.rows.x.size(), 11u * 3);
    EXPECT_EQ(whole_reader.missing_cells(), 3u);  // the empty cells, on either path
    EXPECT_EQ(bytes_reader.missing_cells(), 3u);
    ASSERT_EQ(whole.rows.x.size(), bytes.rows.x.size());
    for (std::size_t i = 0; i < whole.rows.x.size(); ++i)
      EXPECT_TRUE(std::memcmp(&whole.rows.x[i], &bytes.rows.x[i], sizeof(double)) == 0 ||
                  (std::isnan(whole.rows.x[i]) && std::isnan(bytes.rows.x[i])))
          << i;
    EXPECT_TRUE(std::isnan(whole.rows.x[4 * 3]));  // ",5,6"
    EXPECT_EQ(whole.rows.x[6 * 3 + 1], -3.240074e-05);
    EXPECT_TRUE(std::signbit(whole.rows.x[7 * 3 + 1]));  // "-0.0"
  }
  // Bad rows are named the same way from either path.
  const std::string bad = "a,label\n1,1\n2,x\n";
  const Parsed b1 = parse(bad, strict()), b2 = parse(bad, strict(), 1);
  EXPECT_FALSE(b1.status);
  EXPECT_EQ(b1.status.message(), b2.status.message());
  EXPECT_NE(b1.status.message().find("line 3"), std::string::npos) << b1.status.message();
}

// The fast path reads the leading feature columns in a loop of their own; the label first,
// features chosen by name (reordered, or a column skipped) and bad rows in either part must
// still come out as the careful path reads them.
TEST(CsvReader, FastPathAndCarefulPathAgreeOnEveryLayout) {
  const std::string text =
      "x,y,z,label\n"
      "1.25,-3,0.5,1\n"
      "2,4\n"        // short: ends among the leading features
      "1,2,3,4,1\n"  // one cell too many
      "1.5,x,3,0\n"  // a bad number among the leading features
      "7,8,9,-1\n"   // a third label value
      "-7.5,8.25,9,0\n"
      "0.5,1e3,2,1\n";
  CsvOptions label_first = strict(), reordered = strict(), skipped = strict();
  label_first.label = "0";
  reordered.features = {"z", "x"};
  skipped.features = {"x", "y"};
  // Rows read: "x" is no label, and no number only where y is read.
  const std::pair<CsvOptions, std::size_t> layouts[] = {
      {strict(), 3}, {label_first, 0}, {reordered, 4}, {skipped, 3}};
  for (auto [opt, rows] : layouts) {
    opt.on_error = ErrorPolicy::skip;
    CsvReader whole_reader(opt), bytes_reader(opt);
    const Parsed whole = parse(text, opt, 0, &whole_reader),
                 bytes = parse(text, opt, 1, &bytes_reader);
    ASSERT_TRUE(whole.status) << whole.status.message();
    ASSERT_TRUE(bytes.status) << bytes.status.message();
    EXPECT_EQ(values(whole.rows), values(bytes.rows));
    EXPECT_EQ(whole.rows.y, bytes.rows.y);
    EXPECT_EQ(whole.rows.line, bytes.rows.line);
    ASSERT_EQ(whole_reader.errors().size(), bytes_reader.errors().size());
    for (std::size_t i = 0; i < whole_reader.errors().size(); ++i)
      EXPECT_EQ(whole_reader.errors()[i].message, bytes_reader.errors()[i].message);
    EXPECT_EQ(whole.rows.size(), rows);
  }
}

// A short row must not borrow cells from the next line, even where a column is only skipped
// (a model's schema names the features; "note" is read by no one).
TEST(CsvReader, AShortRowIsReportedNotJoinedToTheNextLine) {
  CsvOptions by_name;
  by_name.features = {"a"};
  const std::string text = "a,note,label\n1,x,1\n2,y\n5,1\n";  // "y\n5" is no cell
  for (std::size_t chunk : {0, 1}) {
    const Parsed p = parse(text, by_name, chunk);
    EXPECT_FALSE(p.status);
    EXPECT_NE(p.status.message().find("line 3"), std::string::npos) << p.status.message();
    EXPECT_EQ(p.rows.size(), 1u);
  }
}

TEST(CsvReader, QuotedFieldsMayHoldDelimitersQuotesAndLineBreaks) {
  CsvReader r({});
  Parsed p = parse("\"x \"\"1\"\"\",\"y\nz\",label\n1,2,1\n3,4,-1\n", {}, 3, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"x \"1\"", "y\nz"}));
  EXPECT_EQ(p.rows.line, (std::vector<std::uint64_t>{3, 4}));  // the header spans lines 1-2
}

// io/csv_quoting.hpp: a quote opens a quoted field only at the field's start, as Python's csv,
// pandas and papaparse read it. A `5" screen` cell (an inch mark) joined the lines after it into
// one record, silently: 6 rows were read as 4.
TEST(CsvReader, AQuoteInsideAFieldIsACharacter) {
  const std::string text =
      "a,size,y\n1,5\" screen,1\n2,ok,0\n3,7\" screen,1\n4,ok,0\n5,ok,0\n6,ok,1\n";
  for (std::size_t chunk : {0, 1, 2, 3, 5, 7, 64}) {
    CsvReader r({});
    RowBlock rows;
    ASSERT_TRUE(testing::feed_in_chunks(r, text, chunk, rows)) << chunk;
    EXPECT_EQ(rows.size(), 6u) << chunk;
    EXPECT_EQ(r.feature_names(),
              (std::vector<std::string>{"a", "size=5\" screen", "size=ok", "size=7\" screen"}))
        << chunk;
  }
  // A quoted field's "" is a quote; after its closing quote the rest of the field is read as it
  // is; quotes inside an unquoted field are characters, "" too.
  for (std::size_t chunk : {0, 1, 2, 3}) {
    CsvReader r({});
    RowBlock rows;
    ASSERT_TRUE(testing::feed_in_chunks(r, "\"ab\"c,x\"\"y,\"p\"\"q\",y\n1,2,3,1\n", chunk, rows));
    EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"abc", "x\"\"y", "p\"q"})) << chunk;
  }
}

TEST(CsvReader, ByteOrderMarkAndBlanksAroundCellsAreIgnored) {
  CsvReader r({});
  Parsed p = parse("\xEF\xBB\xBFpos, label\n 1 , 1\n", {}, 1, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  EXPECT_EQ(r.feature_names(), std::vector<std::string>{"pos"});
  EXPECT_EQ(values(p.rows), std::vector<double>{1});
}

TEST(CsvReader, LabelByNameOrIndexAndPositiveString) {
  CsvOptions opt;
  opt.label = "cls";
  opt.positive = "M";
  CsvReader r(opt);
  Parsed p = parse("cls,f1,f2\nM,1,2\nR,3,4\nM,5,6\n", opt, 0, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"f1", "f2"}));
  EXPECT_EQ(p.rows.y, (std::vector<std::int8_t>{1, -1, 1}));
  EXPECT_EQ(values(p.rows), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(r.negative_label(), "R");

  opt.label = "0";
  p = parse("cls,f1,f2\nM,1,2\nR,3,4\n", opt);
  ASSERT_TRUE(p.status);
  EXPECT_EQ(p.rows.y, (std::vector<std::int8_t>{1, -1}));
  opt.label = "-3";
  p = parse("cls,f1,f2\nM,1,2\n", opt);
  ASSERT_TRUE(p.status) << p.status.message();
}

TEST(CsvReader, UnknownLabelColumnListsTheColumns) {
  CsvOptions opt;
  opt.label = "target";
  Parsed p = parse("a,b\n1,1\n", opt);
  ASSERT_FALSE(p.status);
  EXPECT_EQ(p.status.message(),
            "label column 'target' not found: give a column name or a 0-based index (-1 = last); "
            "the columns are: a, b");
}

TEST(CsvReader, BadRowsNameLineAndColumn) {
  const std::string head = "age,chol,label\n1,2,1\n";
  struct Case {
    std::string row;
    std::string message;
  } cases[] = {
      {"3,abc,1\n",
       "line 3, column 2 (chol): 'abc' is not a number (if it marks a missing value: option "
       "missing, CLI --na)"},
      {"3,inf,1\n", "line 3, column 2 (chol): 'inf' is not a finite number"},
      {"3,nan,1\n", "line 3, column 2 (chol): 'nan' is not a finite number"},
      {"3,1e999,1\n", "line 3, column 2 (chol): '1e999' is not a finite number"},
      {"3,4\n", "line 3, column 3 (label): expected 3 fields, found 2"},
      {"3,4,1,5\n", "line 3, column 4: expected 3 fields, found 4"},
      {"3,4,\n", "line 3, column 3 (label): the label is missing"},
      {"3,4,2\n",
       "line 3, column 3 (label): label '2' is not 1, 0 or -1; name the positive class (option "
       "'positive', CLI --positive) to use other label values"},
      {"3,4,-1\n5,6,0\n",
       "line 4, column 3 (label): a third label value '0': the negative class so far is -1 "
       "(labels are 1 and 0, or 1 and -1)"},
      {"3,\"4,1\n",
       "line 3, column 2 (chol): a quoted field is not closed before the end of the input"},
  };
  for (const auto& c : cases) {
    CsvReader r(strict());
    Parsed p = parse(head + c.row, strict(), 0, &r);
    ASSERT_FALSE(p.status) << c.row;
    EXPECT_EQ(p.status.message(), c.message);
    // Where the row is travels as values too (Status::at), as the message says it.
    const std::string where =
        "line " + std::to_string(p.status.line()) +
        (p.status.column() ? ", column " + std::to_string(p.status.column()) : std::string(":"));
    EXPECT_EQ(c.message.rfind(where, 0), 0u) << c.message;
    EXPECT_GE(p.status.line(), 3u);
    EXPECT_EQ(p.rows.size(), c.row.find("\n5") != std::string::npos ? 2u : 1u)
        << "rows before the bad one are kept: " << c.row;
    // Once stopped, the reader keeps reporting the same error.
    RowBlock more;
    EXPECT_EQ(r.feed("1,1,1\n", 6, more).message(), c.message);
  }
}

// Past the sampled rows (which showed two values: binary, docs/algorithms.md 1.8), a third value
// is an error that says what learns it.
TEST(CsvReader, ThirdStringLabelIsAnError) {
  CsvOptions opt;
  opt.positive = "yes";
  opt.sample_rows = 2;
  Parsed p = parse("a,y\n1,yes\n2,no\n3,maybe\n", opt);
  ASSERT_FALSE(p.status);
  EXPECT_EQ(p.status.message(),
            "line 4, column 2 (y): a third label value 'maybe': this file's labels so far are "
            "'yes' (positive) and 'no'"
            "; a label of more than two classes learns with the task multiclass (option task, CLI "
            "--task multiclass), or one class against the rest with that class named positive");
  // Seen in the sample, a third value with a positive class named: that class against the rest.
  opt.sample_rows = 1000;
  Parsed rest = parse("a,y\n1,yes\n2,no\n3,maybe\n", opt);
  ASSERT_TRUE(rest.status) << rest.status.message();
  EXPECT_EQ(rest.rows.y, (std::vector<std::int8_t>{1, -1, -1}));
}

// A positive class that no row has: the message says so, instead of blaming the second value
// seen as a third one; a file of negatives only says it too.
TEST(CsvReader, APositiveClassNoRowHasIsNamed) {
  CsvOptions opt;
  opt.positive = "yes";
  Parsed p = parse("a,y\n1,1\n2,0\n", opt);
  ASSERT_FALSE(p.status);
  EXPECT_EQ(p.status.message(),
            "line 3, column 2 (y): a second label value '0' besides '1', and no row so far has "
            "'yes', the positive class named (option 'positive', CLI --positive): is it one of "
            "the file's labels?");
  CsvReader r(opt);
  Parsed all_negative = parse("a,y\n1,no\n2,no\n", opt, 0, &r);
  ASSERT_TRUE(all_negative.status);
  ASSERT_FALSE(r.warnings().empty());
  EXPECT_EQ(r.warnings()[0],
            "no row has 'yes', the positive class named (option 'positive', CLI --positive): "
            "all 2 rows are 'no', so the model cannot separate classes");
}

TEST(CsvReader, SkipPolicyCountsBadRowsAndKeepsTheRest) {
  CsvOptions opt = strict();
  opt.on_error = ErrorPolicy::skip;
  CsvReader r(opt);
  Parsed p = parse("a,b,label\n1,2,1\nx,2,1\n3,4\n5,6,-1\n", opt, 4, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  EXPECT_EQ(p.rows.y, (std::vector<std::int8_t>{1, -1}));
  EXPECT_EQ(p.rows.line, (std::vector<std::uint64_t>{2, 5}));
  EXPECT_EQ(r.skipped(), 2u);
  ASSERT_EQ(r.errors().size(), 2u);
  EXPECT_EQ(r.errors()[0].line, 3u);
  EXPECT_EQ(r.errors()[0].column, 1u);
  EXPECT_EQ(r.errors()[1].message, "line 4, column 3 (label): expected 3 fields, found 2");
}

// Files joined into one repeat their header: the line is named as such (it was "a third label
// value 'label'"), stopping the run or, under skip, passed over and counted; whatever the chunks.
TEST(CsvReader, AHeaderRepeatedMidFileIsNamedAsSuch) {
  const std::string text = "a,b,label\n1,2,yes\n3,4,no\na, b ,label\n5,6,yes\n";
  const std::string said =
      "line 4: the line repeats the header row (files joined into one?); option onError: skip "
      "(CLI --skip-bad-rows) passes over such lines";
  for (std::size_t chunk : {0, 1, 5}) {
    Parsed stop = parse(text, {}, chunk);
    ASSERT_FALSE(stop.status);
    EXPECT_EQ(stop.status.message(), said) << chunk;
    EXPECT_EQ(stop.rows.size(), 2u) << chunk;  // the rows before it are read
    CsvOptions opt;
    opt.on_error = ErrorPolicy::skip;
    CsvReader r(opt);
    Parsed skip = parse(text, opt, chunk, &r);
    ASSERT_TRUE(skip.status) << skip.status.message();
    EXPECT_EQ(skip.rows.line, (std::vector<std::uint64_t>{2, 3, 5})) << chunk;
    ASSERT_EQ(r.errors().size(), 1u);
    EXPECT_EQ(r.errors()[0].message, said);
  }
  // A third class is still one: only the header's own names make a repeated header.
  CsvOptions two;
  two.sample_rows = 2;  // a third value after the sample: binary, and an error
  Parsed third = parse("a,b,label\n1,2,yes\n3,4,no\n5,6,label\n", two);
  ASSERT_FALSE(third.status);
  EXPECT_NE(third.status.message().find("a third label value 'label'"), std::string::npos)
      << third.status.message();
}

TEST(CsvReader, EmptyInputAndHeaderOnlyAndOneClass) {
  Parsed p = parse("");
  ASSERT_FALSE(p.status);
  EXPECT_EQ(p.status.message(), "the input is empty: expected a header row and data rows");

  CsvReader r({});
  p = parse("a,label\n", {}, 0, &r);
  ASSERT_TRUE(p.status);
  EXPECT_EQ(r.warnings(), std::vector<std::string>{"the input has a header but no data rows"});

  CsvReader one({});
  p = parse("a,label\n1,1\n2,1\n", {}, 0, &one);
  ASSERT_TRUE(p.status);
  ASSERT_EQ(one.warnings().size(), 1u);
  EXPECT_NE(one.warnings()[0].find("only one class in 2 rows"), std::string::npos);

  p = parse("justone\n1\n");
  ASSERT_FALSE(p.status);
  EXPECT_NE(p.status.message().find("the header has 1 column"), std::string::npos);
}

TEST(CsvReader, NoHeaderNamesFeaturesByPosition) {
  CsvOptions opt;
  opt.header = false;
  CsvReader r(opt);
  Parsed p = parse("1,2,1\n3,4,-1\n", opt, 0, &r);
  ASSERT_TRUE(p.status);
  EXPECT_EQ(r.feature_names(), (std::vector<std::string>{"c1", "c2"}));
  EXPECT_EQ(r.label_name(), "c3");
  EXPECT_EQ(p.rows.size(), 2u);
  EXPECT_EQ(p.rows.line[0], 1u);
}

TEST(CsvReader, BundledHeartFileReadsInFullInSmallChunks) {
  CsvReader r({});
  Parsed p = parse(testing::read_data_file("heart.csv"), {}, 7, &r);
  ASSERT_TRUE(p.status) << p.status.message();
  EXPECT_EQ(r.rows(), 270u);
  EXPECT_EQ(r.positives(), 120u);
  EXPECT_EQ(r.dims(), 13u);
  EXPECT_EQ(p.rows.x[4], 322);  // cholesterol of the first row
}

}  // namespace
}  // namespace onepass

namespace onepass {
namespace {

// A file sorted by class flatters progressive validation; the reader says so (the
// runs test of io/label_map.hpp), and says nothing of the same rows in a random order.
TEST(CsvReader, LabelsInLongRunsAreSaid) {
  std::string sorted = "x,label\n", mixed = "x,label\n";
  unsigned s = 11;
  for (int i = 0; i < 400; ++i) {
    sorted += std::to_string(i % 7) + "," + (i < 250 ? "0" : "1") + "\n";
    s = s * 1103515245u + 12345u;
    mixed += std::to_string(i % 7) + "," + ((s >> 16) % 8 < 5 ? "0" : "1") + "\n";
  }
  auto warnings_of = [](const std::string& text) {
    CsvReader r{CsvOptions{}};
    RowBlock b;
    EXPECT_TRUE(r.feed(text.data(), text.size(), b));
    EXPECT_TRUE(r.finish(b));
    std::string all;
    for (const auto& w : r.warnings()) all += w + "\n";
    return all;
  };
  EXPECT_NE(warnings_of(sorted).find(
                "the labels come in long runs: 400 rows change label 1 "
                "times where a random order of them would change it about 188 times"),
            std::string::npos)
      << warnings_of(sorted);
  EXPECT_EQ(warnings_of(mixed).find("long runs"), std::string::npos) << warnings_of(mixed);
  LabelRuns few;
  for (int i = 0; i < 99; ++i) few.add(i < 50 ? 1 : -1);
  EXPECT_EQ(few.warning(), "");  // fewer than 100 rows: no claim
}

}  // namespace
}  // namespace onepass
