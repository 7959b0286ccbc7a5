#include "onepass/io/column_roles.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "onepass/core/parse_number.hpp"
#include "onepass/io/csv_quoting.hpp"

namespace onepass {

const char* role_name(ColumnRole role) {
  switch (role) {
    case ColumnRole::label:
      return "label";
    case ColumnRole::numeric:
      return "numeric";
    case ColumnRole::categorical:
      return "categorical";
    case ColumnRole::text:
      return "text";
    case ColumnRole::ignore:
      return "ignore";
  }
  return "numeric";
}

bool parse_role(std::string_view name, ColumnRole& role) {
  for (ColumnRole r :
       {ColumnRole::numeric, ColumnRole::categorical, ColumnRole::text, ColumnRole::ignore})
    if (name == role_name(r)) {
      role = r;
      return true;
    }
  return false;
}

std::vector<std::string> default_missing_tokens() {
  return {"", "?", "NA", "N/A", "NaN", "nan", "null", "NULL", "None"};
}

bool is_missing_token(std::string_view cell, const std::vector<std::string>& tokens) {
  for (const std::string& t : tokens)
    if (cell == t) return true;
  return false;
}

namespace {

std::size_t count_words(std::string_view s) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : s) {
    const bool blank = c == ' ' || c == '\t';
    if (!blank && !in_word) ++words;
    in_word = !blank;
  }
  return words;
}

std::string plural(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

InferredColumn infer_role(const std::vector<std::string_view>& cells,
                          const std::vector<std::string>& missing_tokens, char decimal) {
  std::size_t present = 0, numbers = 0, words = 0, long_spaced = 0;

  std::unordered_set<std::string_view> distinct;
  for (std::string_view cell : cells) {
    if (is_missing_token(cell, missing_tokens)) continue;
    ++present;
    double v = 0;
    if (parse_number(cell, v, decimal) == NumberParse::ok) ++numbers;
    words += count_words(cell);
    if (cell.size() >= 40 && cell.find(' ') != std::string_view::npos) ++long_spaced;
    distinct.insert(cell);
  }
  InferredColumn out;
  if (present == 0) {
    out.reason = "no value in the sampled rows";
    return out;
  }
  const std::size_t strings = present - numbers;
  // At most 1% of the values, or one value among three or more numbers: bad cells of a
  // numeric column (reported row by row), not a column of strings.
  if (strings == 0 || strings * 100 <= present || (strings == 1 && numbers >= 3)) {
    out.reason = strings == 0 ? "all " + plural(present, "sampled value") + " are numbers"
                              : std::to_string(numbers) + " of " + std::to_string(present) +
                                    " sampled values are numbers; the others are bad cells";
    return out;
  }
  if (words >= 3 * present || long_spaced * 2 > present) {
    out.role = ColumnRole::text;
    out.reason = "long strings of words (" + std::to_string(words / present) +
                 " words per value on average)";
    return out;
  }
  if (present >= 2 &&
      (distinct.size() == present || (present >= 50 && distinct.size() * 2 > present))) {
    out.role = ColumnRole::ignore;
    out.reason =
        (distinct.size() == present
             ? "every one of " + plural(present, "value") + " is distinct"
             : plural(distinct.size(), "distinct value") + " in " + std::to_string(present)) +
        ": an identifier or a name? (set its role to use it)";
    return out;
  }
  out.role = ColumnRole::categorical;
  out.reason = plural(distinct.size(), "distinct string") + " in " + plural(present, "value");
  return out;
}

std::size_t count_fields(std::string_view record, char delimiter) {
  std::size_t fields = 1;
  QuoteState q;
  for (const char c : record)
    if (q.step(c, c == delimiter) == CsvChar::delimiter) ++fields;
  return fields;
}

// As papaparse guesses (its guessDelimiter): the delimiter that splits the records into the
// steadiest number of fields, from two on average; a title line ("|1x3 Cross validator" above
// Adult's test file) or a stray character in the header then cannot decide alone.
char detect_delimiter(const std::vector<std::string_view>& records, char decimal) {
  // On a tie, ',' last: it is also a decimal comma ("1,5;2,5" splits alike at both) and
  // punctuation in text.
  const char candidates[] = {'\t', ';', '|', ','};
  char best = decimal == ',' ? ';' : ',';
  double best_change = 0, best_mean = 0;
  bool found = false;
  for (char d : candidates) {
    if (d == decimal) continue;
    double change = 0, total = 0;
    std::size_t previous = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      const std::size_t n = count_fields(records[i], d);
      if (i > 0) change += n > previous ? n - previous : previous - n;
      total += static_cast<double>(n);
      previous = n;
    }
    const double mean = records.empty() ? 0 : total / static_cast<double>(records.size());
    if (mean < 2) continue;
    if (!found || change < best_change || (change == best_change && mean > best_mean)) {
      best = d;
      best_change = change;
      best_mean = mean;
      found = true;
    }
  }
  return best;
}

}  // namespace onepass
