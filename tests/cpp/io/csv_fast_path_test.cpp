// The reader's fast path on files with categorical and text columns and blank-padded cells (raw
// Adult's ", State-gov, 77516"): every row must come out as the careful path reads it (what
// one-byte chunks force, since no record is then whole in a chunk): values, labels, lines,
// encoded features in the order they appeared, missing counts and bad rows.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/csv_reader.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

struct Read {
  RowBlock rows;
  Status status = Status::ok();
  std::vector<std::string> features;
  std::uint64_t missing = 0, skipped = 0;
};

Read read(const std::string& text, const CsvOptions& opt, std::size_t chunk) {
  CsvReader r(opt);
  Read out;
  out.status = testing::feed_in_chunks(r, text, chunk, out.rows);
  out.features = r.feature_names();
  out.missing = r.missing_cells();
  out.skipped = r.skipped();
  return out;
}

bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

// Reads `text` whole and byte by byte and checks that both give the same everything.
Read expect_paths_agree(const std::string& text, const CsvOptions& opt) {
  const Read whole = read(text, opt, 0), bytes = read(text, opt, 1);
  EXPECT_EQ(whole.status.message(), bytes.status.message());
  EXPECT_EQ(whole.features, bytes.features);
  EXPECT_EQ(whole.rows.y, bytes.rows.y);
  EXPECT_EQ(whole.rows.line, bytes.rows.line);
  EXPECT_EQ(whole.rows.tail_offset, bytes.rows.tail_offset);
  EXPECT_EQ(whole.rows.tail_index, bytes.rows.tail_index);
  EXPECT_EQ(whole.rows.tail_value, bytes.rows.tail_value);
  EXPECT_EQ(whole.missing, bytes.missing);
  EXPECT_EQ(whole.skipped, bytes.skipped);
  EXPECT_EQ(whole.rows.width, bytes.rows.width);
  EXPECT_EQ(whole.rows.x.size(), bytes.rows.x.size());
  for (std::size_t i = 0; i < whole.rows.x.size() && i < bytes.rows.x.size(); ++i)
    EXPECT_TRUE(same_bits(whole.rows.x[i], bytes.rows.x[i])) << "value " << i;
  return whole;
}

// Roles given by name, and no sample held (every row after the header may take the fast path).
CsvOptions roles(std::vector<RoleOverride> given) {
  CsvOptions opt;
  opt.sample_rows = 0;
  opt.roles = std::move(given);
  opt.positive = ">50K";
  return opt;
}

TEST(CsvFastPath, EncodedColumnsAndBlanksReadAsTheCarefulPathReadsThem) {
  const std::string text =
      "age,work,hours,notes,income\n"
      "39, State-gov, 40, likes long walks, <=50K\n"
      "50, Self-emp,13, , >50K\r\n"
      " 38 ,Private,  40  ,Walks walks,<=50K\n"
      "53, ?, 40, NA, >50K\n"             // missing tokens in both encoded columns
      "28, \"Private\", 40, x, <=50K\n"   // a quoted cell: the careful way
      "37, Local-gov, , quiet, >50K\n"    // an empty numeric cell: missing
      "49,Federal-gov,40,\tshy\t,<=50K";  // tabs trimmed; no final line break
  const CsvOptions opt = roles({{"work", ColumnRole::categorical}, {"notes", ColumnRole::text}});
  const Read r = expect_paths_agree(text, opt);
  ASSERT_TRUE(r.status) << r.status.message();
  ASSERT_EQ(r.rows.size(), 7u);
  EXPECT_EQ(r.rows.x[2 * 2], 38);  // " 38 " and "  40  " are numbers
  EXPECT_EQ(r.rows.x[2 * 2 + 1], 40);
  EXPECT_TRUE(std::isnan(r.rows.x[5 * 2 + 1]));
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{-1, 1, -1, 1, -1, 1, -1}));
  // Levels and words in the order they first appeared; "walks" twice counts 2 in row 3.
  EXPECT_EQ(r.features[2], "work=State-gov");
  EXPECT_EQ(r.features[3], "notes:likes");
  const std::size_t b = r.rows.tail_offset[2], e = r.rows.tail_offset[3];
  ASSERT_EQ(e - b, 2u);  // notes:walks (found in row 1), then the new work=Private
  EXPECT_EQ(r.features[r.rows.tail_index[b]], "notes:walks");
  EXPECT_EQ(r.rows.tail_value[b], 2.0);
  EXPECT_EQ(r.features[r.rows.tail_index[b + 1]], "work=Private");
  EXPECT_EQ(r.missing, 4u);  // "Self-emp"'s blank note, "?", "NA" and the empty hours
}

TEST(CsvFastPath, ABadRowAddsNoLevelOnEitherPath) {
  // Row 3 has a new level and then a bad number: skipped, it must leave no feature behind,
  // and the next row's new level takes the next index.
  const std::string text =
      "age,work,hours,income\n"
      "39, State-gov, 40, <=50K\n"
      "50, Never-seen, x, >50K\n"
      "38, Private, 40, <=50K\n"
      "41, Private, 40, a third\n"  // a bad label after a known level
      "42, Self-emp, 40, >50K\n";
  CsvOptions opt = roles({{"work", ColumnRole::categorical}});
  opt.on_error = ErrorPolicy::skip;
  const Read r = expect_paths_agree(text, opt);
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.skipped, 2u);
  EXPECT_EQ(r.features, (std::vector<std::string>{"age", "hours", "work=State-gov", "work=Private",
                                                  "work=Self-emp"}));
}

TEST(CsvFastPath, TabSeparatedCellsKeepTheirEmptyCells) {
  // With tabs between cells, a blank to trim is a space only: "\t\t" is an empty cell.
  const std::string text =
      "a\tcolour\tb\tlabel\n"
      "1\t red \t2\t1\n"
      "3\t\t4\t0\n"
      " 5 \tblue\t\t1\n";
  CsvOptions opt;
  opt.sample_rows = 0;
  opt.roles = {{"colour", ColumnRole::categorical}};
  const Read r = expect_paths_agree(text, opt);
  ASSERT_TRUE(r.status) << r.status.message();
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(r.rows.x[4], 5);
  EXPECT_TRUE(std::isnan(r.rows.x[5]));
  EXPECT_EQ(r.missing, 2u);  // row 2's colour, row 3's b
  EXPECT_EQ(r.features, (std::vector<std::string>{"a", "b", "colour=red", "colour=blue"}));
}

TEST(CsvFastPath, ACellTooManyIsABadRowWhateverTheLastColumnIs) {
  // The last column encoded, or ignored (a model's features by name leave it out): "b,c" in
  // it is a row of one field too many on both paths, skipped and counted.
  const std::string text =
      "x,label,colour\n"
      "1,1,red\n"
      "2,0,blue,green\n"
      "3,1,red\n";
  CsvOptions encoded;
  encoded.sample_rows = 0;
  encoded.label = "label";
  encoded.roles = {{"colour", ColumnRole::categorical}};
  encoded.on_error = ErrorPolicy::skip;
  CsvOptions ignored = encoded;
  ignored.roles = {{"colour", ColumnRole::ignore}};
  for (const CsvOptions& opt : {encoded, ignored}) {
    const Read r = expect_paths_agree(text, opt);
    ASSERT_TRUE(r.status) << r.status.message();
    EXPECT_EQ(r.rows.size(), 2u);
    EXPECT_EQ(r.skipped, 1u);
  }
}

TEST(CsvFastPath, TheHeaderRepeatedIsNamedOnEitherPath) {
  const std::string text =
      "age,work,income\n"
      "39, State-gov, <=50K\n"
      "age, work, income\n"
      "38, Private, >50K\n";
  const Read r = expect_paths_agree(text, roles({{"work", ColumnRole::categorical}}));
  ASSERT_FALSE(r.status);
  EXPECT_NE(r.status.message().find("repeats the header"), std::string::npos) << r.status.message();
}

// Labels by name on the fast path, which compares a label with the positive class and the
// negative label in place: blanks, quotes, trimmed characters, a number written another way and
// a missing-value token must give what the careful path gives.
CsvOptions named_labels(std::string positive) {
  CsvOptions opt;
  opt.sample_rows = 0;
  opt.positive = std::move(positive);
  return opt;
}

TEST(CsvFastPath, NamedLabelsSeenBeforeReadAsTheCarefulPathReadsThem) {
  const std::string text =
      "x,label\n"
      "1,yes\n"
      "2, yes \n"  // blanks around the positive class
      "3,no\n"
      "4,\"yes\"\n"   // quoted: the careful way, still the positive class
      "5,\tno\n"      // a tab before the negative label
      "6,\" yes\"\n"  // quoted with a blank inside
      "7,yes\n";
  const Read r = expect_paths_agree(text, named_labels("yes"));
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{1, 1, -1, 1, -1, 1, 1}));
}

TEST(CsvFastPath, ALabelLikeTheSeenOnesButNotTheSameIsTheCarefulPathsToRefuse) {
  // "Yes" is neither "yes" nor "no": a third label value, refused at the same line either way.
  const std::string text = "x,label\n1,yes\n2,no\n3,Yes\n";
  const Read r = expect_paths_agree(text, named_labels("yes"));
  ASSERT_FALSE(r.status);
  EXPECT_NE(r.status.message().find("a third label value 'Yes'"), std::string::npos)
      << r.status.message();
  EXPECT_NE(r.status.message().find("line 4"), std::string::npos) << r.status.message();
}

TEST(CsvFastPath, TrimmedLabelCharactersApplyOnBothPaths) {
  CsvOptions opt = named_labels("yes");
  opt.label_trim = "'.";
  const std::string text = "x,label\n1,'yes'\n2,no.\n3,yes\n4,'no'\n";
  const Read r = expect_paths_agree(text, opt);
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{1, -1, 1, -1}));
}

TEST(CsvFastPath, ANumberWrittenAnotherWayIsTheSameLabel) {
  // Positive "1" named: "1.0" is it and "0.0" is the negative "0", by value, not by bytes.
  const std::string text = "x,label\n1,1\n2,0\n3,1.0\n4,0.0\n5,1\n6,0\n";
  const Read r = expect_paths_agree(text, named_labels("1"));
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{1, -1, 1, -1, 1, -1}));
}

TEST(CsvFastPath, AModelsNegativeLabelThatIsThePositiveByValueStaysPositive) {
  // A negative label known from the start ("1.0", a model's) that equals the positive class
  // by value: the careful path maps its rows by the positive class first, and so must the fast.
  CsvOptions opt = named_labels("1");
  opt.negative = "1.0";
  const Read r = expect_paths_agree("x,label\n1,1.0\n2,1\n3,1.0\n", opt);
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{1, 1, 1}));
}

TEST(CsvFastPath, AKnownNegativeLabelThatIsAMissingTokenIsStillRefused) {
  // "NA" known as the negative label (a model's) is also a missing-value token: the row is
  // refused as a missing label on both paths, not read as the negative class.
  CsvOptions opt = named_labels("yes");
  opt.negative = "NA";
  opt.on_error = ErrorPolicy::skip;
  const Read r = expect_paths_agree("x,label\n1,yes\n2,NA\n3,yes\n", opt);
  ASSERT_TRUE(r.status) << r.status.message();
  EXPECT_EQ(r.skipped, 1u);
  EXPECT_EQ(r.rows.y, (std::vector<std::int8_t>{1, 1}));
}

}  // namespace
}  // namespace onepass
