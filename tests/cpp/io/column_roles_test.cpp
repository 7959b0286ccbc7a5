// Column roles (design.md 10.1): what the sampled cells of a column make it, numbers as
// spreadsheets format them, and the delimiter detected from the first records.
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

using testing::with;

InferredColumn infer(const std::vector<std::string>& cells) {
  std::vector<std::string_view> views(cells.begin(), cells.end());
  return infer_role(views, default_missing_tokens());
}

TEST(ColumnRoles, InferenceRules) {
  EXPECT_EQ(infer({"1", "2.5", "?", "-3e2", ""}).role, ColumnRole::numeric);
  EXPECT_EQ(infer({"1", "2.5", "?", "-3e2", ""}).reason, "all 3 sampled values are numbers");
  // One stray string in 200 numbers (0.5%) is a bad cell of a numeric column.
  std::vector<std::string> mostly(200, "4");
  mostly[7] = "four";
  EXPECT_EQ(infer(mostly).role, ColumnRole::numeric);
  // So is one stray string among three or more numbers in a small file; two are strings.
  EXPECT_EQ(infer({"2", "4", "oops", "8"}).role, ColumnRole::numeric);
  EXPECT_EQ(infer({"2", "4", "oops", "eek", "4", "2"}).role, ColumnRole::categorical);
  // Few distinct strings: categorical.
  std::vector<std::string> cats;
  for (int i = 0; i < 60; ++i) cats.push_back(i % 3 ? "Private" : "State-gov");
  EXPECT_EQ(infer(cats).role, ColumnRole::categorical);
  EXPECT_EQ(infer(cats).reason, "2 distinct strings in 60 values");
  // Words: text.
  EXPECT_EQ(infer({"great phone, fast shipping", "broke after a week", "would not buy again"}).role,
            ColumnRole::text);
  // Every value distinct: an identifier, ignored.
  EXPECT_EQ(infer({"id-1", "id-2", "id-3", "id-4"}).role, ColumnRole::ignore);
  // Nothing but missing cells: numeric (all missing).
  EXPECT_EQ(infer({"?", "", "NA"}).role, ColumnRole::numeric);
  // Numbers stay numbers, even all distinct (an id column of numbers needs --ignore).
  EXPECT_EQ(infer({"1", "2", "3", "4", "5"}).role, ColumnRole::numeric);
}

TEST(ColumnRoles, DelimiterDetection) {
  using Records = std::vector<std::string_view>;
  EXPECT_EQ(detect_delimiter(Records{"a;b;c"}), ';');
  EXPECT_EQ(detect_delimiter(Records{"a\tb\tc,d"}), '\t');     // 3 fields against 2
  EXPECT_EQ(detect_delimiter(Records{"\"x;y;z\",b,c"}), ',');  // quoted delimiters do not count
  EXPECT_EQ(detect_delimiter(Records{"abc"}), ',');
  EXPECT_EQ(detect_delimiter(Records{}), ',');
  // A title line above the table: '|' gives 2, 1, 1 fields (fewer than two on average), ','
  // 1, 3, 3.
  EXPECT_EQ(detect_delimiter(
                Records{"|1x3 Cross validator", "25, Private, <=50K.", "38, Private, >50K."}),
            ',');
  // Decimal commas: ';' splits every record into 3, ',' into 1, 3, 2 (a change of 3).
  EXPECT_EQ(detect_delimiter(Records{"a;b;y", "1,5;2,25;1", "3;4,5;0"}), ';');
  // The steadiest wins over the most frequent: a tab file with commas in its text.
  EXPECT_EQ(detect_delimiter(Records{"id\tnote\ty", "1\ta, b, c, d\t1", "2\te\t0"}), '\t');
  // On a tie in steadiness, the most fields: ',' splits each record into 2, ';' into 3.
  EXPECT_EQ(detect_delimiter(Records{"a,b;c;d", "1,2;3;4"}), ';');
}

// design.md 10.1: numbers as spreadsheets format them.
TEST(ColumnRoles, FormattedNumbersAreReadAsSpreadsheetsWriteThem) {
  const auto value = [](const char* cell, char decimal) {
    double v = 0;
    return parse_formatted_number(cell, v, decimal) == NumberParse::ok
               ? v
               : std::numeric_limits<double>::quiet_NaN();
  };
  struct Case {
    const char* cell;
    char decimal;
    double value;
  };
  const Case cases[] = {
      {"$1,200", '.', 1200},
      {"-$1,200.50", '.', -1200.5},
      {"$-3", '.', -3},
      {"12%", '.', 12},
      {"-0.5%", '.', -0.5},
      {"1,234,567.25", '.', 1234567.25},
      {"1.234,5", ',', 1234.5},
      {"1 234,5", ',', 1234.5},
      {"1\xC2\xA0"
       "234,5",
       ',', 1234.5},  // a no-break space between thousands
      {"1.234.567", ',', 1234567},
      {"12,50 \xE2\x82\xAC", ',', 12.5},  // 12,50 €
      {"\xC2\xA3"
       "7",
       '.', 7},  // £7
      {"4,8 %", ',', 4.8},
      {"12 %", '.', 12},
      {"(1,200)", '.', -1200},  // an accountant's negative
      {"($1,200.50)", '.', -1200.5},
      {"(12%)", '.', -12},
      {"(1200)", '.', -1200},
      {"(2.679,58 \xE2\x82\xAC)", ',', -2679.58},
      {"$(1,200.00)", '.', -1200},   // Excel's currency negative
      {"12,5\xC2\xA0%", ',', 12.5},  // a no-break space before '%'
      {"1\xE2\x80\xAF"
       "234,50\xC2\xA0\xE2\x82\xAC",
       ',', 1234.5},  // narrow, no-break
  };
  for (const Case& c : cases) EXPECT_EQ(value(c.cell, c.decimal), c.value) << c.cell;
  for (const char* bad :
       {"1234", "1.5",  "1,23",  "12,3456", "1,,234", ",123",  "1,234,",     "$",
        "%",    "-",    "$-",    "12%%",    "1e5%",   "12:30", "2024-01-05", "$1,2345",
        "()",   "(-1)", "((1))", "(1",      "1)",     "(abc)", "($-12)",     "$($1)"})
    EXPECT_TRUE(std::isnan(value(bad, '.'))) << bad;
  EXPECT_TRUE(std::isnan(value("1,234", ','))) << "a decimal comma: not grouped";
}

TEST(ColumnRoles, ANumericColumnKeepsAFewWordsForMissingValues) {
  std::vector<std::string> cells;
  for (int i = 0; i < 40; ++i) cells.push_back(std::to_string(i) + ".5");
  cells.insert(cells.end(), {"-", "n.a.", "-"});
  InferredColumn c = infer(cells);
  EXPECT_EQ(c.role, ColumnRole::numeric);
  EXPECT_EQ(c.form.missing, (std::vector<std::string>{"-", "n.a."}));
  EXPECT_FALSE(c.form.formatted);
  EXPECT_EQ(c.reason, "40 of 43 sampled values are numbers; '-', 'n.a.' are read as missing");
  // Past 10% of the values, the words are the column's: an identifier, a category.
  cells.insert(cells.end(), {"low", "low"});
  EXPECT_NE(infer(cells).role, ColumnRole::numeric);
  // Cells with digits are no missing words ("12 kg"): bad cells, or strings.
  c = infer({"1", "2", "3", "12 kg", "4", "5", "6", "7", "8", "9", "10", "11"});
  EXPECT_EQ(c.role, ColumnRole::numeric);
  EXPECT_TRUE(c.form.missing.empty());
  c = infer({"$1,200", "$900", "$15,000.50", "unknown"});
  EXPECT_NE(c.role, ColumnRole::numeric) << "one word in four values is too many";
  c = infer({"$1,200", "$900", "$15,000.50", "$3"});
  EXPECT_EQ(c.role, ColumnRole::numeric);
  EXPECT_TRUE(c.form.formatted);
  EXPECT_EQ(c.reason,
            "all 4 sampled values are numbers, 4 written with a currency sign, '%' or thousands "
            "separators");
}

}  // namespace
}  // namespace onepass
