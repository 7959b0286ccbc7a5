// What each column of a CSV file is for (design.md 10.1): the label, a number, a category, free
// text, a date, or nothing. Roles are inferred from a sample of the stream's first rows (the rules
// are below) and can be set by name. The delimiter can be detected from the first records too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_number.hpp"
#include "io/date_cells.hpp"

namespace onepass {

enum class ColumnRole { label, numeric, categorical, text, ignore, date };

const char* role_name(ColumnRole role);
// "numeric", "categorical", "text", "ignore", "date" (the label is chosen by its own option).
bool parse_role(std::string_view name, ColumnRole& role);

// The roles a user set by column name (CLI --numeric a,b; JS option roles: {a: 'numeric'}).
struct RoleOverride {
  std::string column;
  ColumnRole role;
};

// How a numeric column's cells are written, as its sampled values showed (design.md 10.1):
// numbers formatted as spreadsheets show them, and words that stand for a missing value there.
struct NumberForm {
  // The sample held numbers formatted so ("$1,200", "12%", "1.234,5"): said in the column's
  // reason and kept in models. Every numeric column reads them (parse_formatted_number).
  bool formatted = false;
  std::vector<std::string> missing;  // "-", "#N/A", "n/a": missing in this column
  bool operator==(const NumberForm& o) const {
    return formatted == o.formatted && missing == o.missing;
  }
};

// What the sample said about one column, and why.
struct InferredColumn {
  ColumnRole role = ColumnRole::numeric;
  std::string reason;  // "all 1000 sampled values are numbers", "9 distinct strings", ...
  bool overridden = false;
  NumberForm form;  // numeric columns
  DateForm date;    // date columns
  // A numeric column whose sampled values are distinct and increasing (10 or more): a row
  // number or an identifier? (said in a notice; the column stays numeric)
  bool increasing = false;
};

// The default missing-value tokens: an empty cell, "?", "NA", "N/A", "n/a", "NaN", "nan",
// "-NaN", "-nan", "null", "NULL", "None", "<NA>", "#NA", "#N/A", "#N/A N/A", and a
// spreadsheet's error values ("#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!",
// "#SPILL!", "#CALC!"). A cell equal to one (after trimming blanks) is missing in every role.
std::vector<std::string> default_missing_tokens();
bool is_missing_token(std::string_view cell, const std::vector<std::string>& tokens);

// The same question asked of every cell of a row: most cells start with a byte that no token
// starts with (a digit), or have a length that no token with their first byte has
// ("Never-married" against "NA", "NaN", "NULL"), and are answered by one table lookup, not by
// comparing with each of the two dozen default tokens: compared one by one, they cost the
// careful path 15% more instructions on the bench's file of numbers, categories and text
// (callgrind, 4 MB of it: 568 million against 494 before the list grew; 482 with this table).
class MissingTokens {
 public:
  explicit MissingTokens(const std::vector<std::string>& tokens) : tokens_(tokens) {
    for (const std::string& t : tokens_) {
      if (t.empty())
        empty_ = true;
      else
        lengths_[static_cast<unsigned char>(t[0])] |= length_bit(t.size());
    }
  }
  bool contains(std::string_view cell) const {
    if (cell.empty()) return empty_;
    return (lengths_[static_cast<unsigned char>(cell[0])] & length_bit(cell.size())) != 0 &&
           is_missing_token(cell, tokens_);
  }

 private:
  // Bit min(length, 63): lengths past 62 share the last bit (and are then compared).
  static std::uint64_t length_bit(std::size_t length) {
    return std::uint64_t{1} << (length < 63 ? length : 63);
  }
  std::vector<std::string> tokens_;
  // Per first byte: the lengths of the tokens that start with it.
  std::array<std::uint64_t, 256> lengths_{};
  bool empty_ = false;
};

// Whether s has a digit: a cell without one in a numeric column is a word ("-", "#N/A") that may
// mark a missing value there.
bool has_digit(std::string_view s);

// A number as a spreadsheet formats it: a currency sign ($ € £ ¥) before or after it, '%' after
// it (12% and 12 % are 12), or its integer digits grouped in threes by ',' (by '.' with a
// decimal comma), a space or a no-break space ("1,234.5", "1.234,5", "1 234,5"); a sign before
// it all, or parentheses around it all for a negative ("(1,200)" is -1200, and so is "(1200)").
// ok with the number; not_a_number for a plain number (parse_number's) and anything else.
NumberParse parse_formatted_number(std::string_view cell, double& out, char decimal);

// Infers the role of one column from its sampled cells (trimmed; the missing ones included):
//   every non-missing value a number, plain or formatted (parse_formatted_number), but for
//   at most 10% of them that are one of at most 5 words without a digit ("-", "#N/A": read as
//   missing in this column, named in the reason) -> numeric;
//   all but at most 1%, or all but one among three or more numbers -> numeric (the others are
//   bad cells, reported row by row);
//   every value a date (io/date_cells.hpp), or all but at most 1%, or all but one among three
//   or more -> date (the others are bad cells);
//   values of three or more words on average (or 40+ characters with a space) -> text;
//   every value distinct (or more than half of 50+ values) -> ignore (an identifier);
//   otherwise -> categorical. A column with no value at all -> numeric (all missing).
InferredColumn infer_role(const std::vector<std::string_view>& cells,
                          const std::vector<std::string>& missing_tokens, char decimal = '.');

// The delimiter among ',', ';', '\t', '|' that splits the records (the first few of a file)
// into the steadiest number of fields (the least change from record to record), at least two
// on average; on a tie the most fields, then tab, ';', '|' before ',' (a decimal comma splits
// alike too). ',' when none gives two. Delimiters inside quotes do not count. The decimal
// separator given (',') is no candidate (';' is then the default).
char detect_delimiter(const std::vector<std::string_view>& records, char decimal = 0);
// The fields of `record` split at `delimiter` outside quotes.
std::size_t count_fields(std::string_view record, char delimiter);

}  // namespace onepass
