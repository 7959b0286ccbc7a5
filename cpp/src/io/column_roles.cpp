#include "io/column_roles.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "core/parse_number.hpp"
#include "io/csv_quoting.hpp"
#include "io/label_map.hpp"

namespace onepass {

const char* role_name(ColumnRole role) {
  static constexpr const char* kNames[] = {"label", "numeric", "categorical",
                                           "text",  "ignore",  "date"};
  return kNames[static_cast<int>(role)];  // by ColumnRole
}

bool parse_role(std::string_view name, ColumnRole& role) {
  for (ColumnRole r : {ColumnRole::numeric, ColumnRole::categorical, ColumnRole::text,
                       ColumnRole::ignore, ColumnRole::date})
    if (name == role_name(r)) {
      role = r;
      return true;
    }
  return false;
}

std::vector<std::string> default_missing_tokens() {
  // pandas' defaults (read_csv's na_values) but for its rarer C-runtime spellings, and the
  // error values a spreadsheet writes in a cell whose formula failed.
  return {"",        "?",       "NA",    "N/A",    "n/a",   "NaN",    "nan",     "-NaN",
          "-nan",    "null",    "NULL",  "None",   "<NA>",  "#NA",    "#N/A",    "#N/A N/A",
          "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!"};
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

namespace {

constexpr std::string_view kCurrencySigns[] = {"$", "\xE2\x82\xAC", "\xC2\xA3",
                                               "\xC2\xA5"};  // $ € £ ¥

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// s starts with one of the currency signs: its length, else 0.
std::size_t currency_prefix(std::string_view s) {
  for (std::string_view sign : kCurrencySigns)
    if (s.substr(0, sign.size()) == sign) return sign.size();
  return 0;
}

// The blanks at the end of s, a space, a no-break space or a narrow no-break space (as a
// spreadsheet writes "12 %" and "1 234,50 €" in French): their length.
std::size_t trailing_blanks(std::string_view s) {
  std::size_t cut = 0;
  for (;;) {
    const std::string_view rest = s.substr(0, s.size() - cut);
    if (!rest.empty() && rest.back() == ' ')
      cut += 1;
    else if (rest.size() >= 2 && rest.substr(rest.size() - 2) == "\xC2\xA0")
      cut += 2;
    else if (rest.size() >= 3 && rest.substr(rest.size() - 3) == "\xE2\x80\xAF")
      cut += 3;
    else
      return cut;
  }
}

// s ends with one of the currency signs (after blanks or not): the length to cut, else 0.
std::size_t currency_suffix(std::string_view s) {
  for (std::string_view sign : kCurrencySigns)
    if (s.size() > sign.size() && s.substr(s.size() - sign.size()) == sign)
      return sign.size() + trailing_blanks(s.substr(0, s.size() - sign.size()));
  return 0;
}

// A thousands separator at s: its length (',' or '.', whichever is not the decimal; a space,
// a no-break space, a narrow no-break space), else 0.
std::size_t group_separator(std::string_view s, char decimal) {
  if (s.empty()) return 0;
  if (s[0] == (decimal == ',' ? '.' : ',') || s[0] == ' ') return 1;
  if (s.substr(0, 2) == "\xC2\xA0") return 2;
  if (s.substr(0, 3) == "\xE2\x80\xAF") return 3;
  return 0;
}

}  // namespace

bool has_digit(std::string_view s) {
  return std::any_of(s.begin(), s.end(), is_digit);
}

NumberParse parse_formatted_number(std::string_view cell, double& out, char decimal) {
  // An accountant's negative: "(1,200)", "($1,200.50)", "(12%)", and "$(1,200.00)" as Excel's
  // currency format writes it.
  const std::size_t sign = currency_prefix(cell);
  if (cell.size() > sign + 2 && cell[sign] == '(' && cell.back() == ')') {
    const std::string_view inner = cell.substr(sign + 1, cell.size() - sign - 2);
    if (inner.front() == '-' || inner.front() == '+' || inner.front() == '(' ||
        (sign > 0 && currency_prefix(inner) > 0))
      return NumberParse::not_a_number;
    double v = 0;
    NumberParse r = parse_number(inner, v, decimal);
    if (r != NumberParse::ok) r = parse_formatted_number(inner, v, decimal);
    if (r == NumberParse::ok && v < 0) return NumberParse::not_a_number;  // "($-12)"
    if (r == NumberParse::ok) out = -v;
    return r;
  }
  std::string_view s = cell;
  std::string plain;
  const auto take_sign = [&] {
    if (s.empty() || (s[0] != '-' && s[0] != '+')) return;
    if (s[0] == '-') plain += '-';
    s.remove_prefix(1);
  };
  take_sign();
  bool formatted = false;
  if (const std::size_t n = currency_prefix(s)) {
    s.remove_prefix(n);
    if (plain.empty()) take_sign();  // "$-12"
    formatted = true;
  } else if (const std::size_t cut = currency_suffix(s)) {
    s.remove_suffix(cut);
    formatted = true;
  }
  if (!formatted && !s.empty() && s.back() == '%') {
    s.remove_suffix(1);  // "12%", "4,8 %"
    s.remove_suffix(trailing_blanks(s));
    formatted = true;
  }
  // The integer digits: one group of 1 to 3, then groups of 3 after separators, or ungrouped.
  std::size_t i = 0, group = 0, groups = 0;
  while (i < s.size()) {
    if (is_digit(s[i])) {
      plain += s[i++];
      if (++group > 3 && groups > 0) return NumberParse::not_a_number;
      continue;
    }
    const std::size_t sep = group_separator(s.substr(i), decimal);
    if (sep == 0) break;
    if (group == 0 || (groups > 0 && group != 3) || group > 3) return NumberParse::not_a_number;
    ++groups;
    group = 0;
    i += sep;
  }
  if (plain.empty() || plain == "-" || (groups > 0 && group != 3)) return NumberParse::not_a_number;
  if (i < s.size() && s[i] == decimal) {
    plain += decimal;
    for (++i; i < s.size() && is_digit(s[i]); ++i) plain += s[i];
  }
  if (i != s.size() || (!formatted && groups == 0)) return NumberParse::not_a_number;
  return parse_number(plain, out, decimal);
}

InferredColumn infer_role(const std::vector<std::string_view>& cells,
                          const std::vector<std::string>& missing_tokens, char decimal) {
  std::size_t present = 0, numbers = 0, formatted = 0, words = 0, long_spaced = 0;
  std::size_t wordlike = 0;  // cells without a digit: missing-value words of a numeric column?
  std::vector<std::string_view> missing_words;
  std::unordered_set<std::string_view> distinct;
  bool increasing = true;  // every present value a number above the one before
  double previous = -HUGE_VAL;
  for (std::string_view cell : cells) {
    if (is_missing_token(cell, missing_tokens)) continue;
    ++present;
    double v = 0;
    if (parse_number(cell, v, decimal) == NumberParse::ok) {
      ++numbers;
      increasing = increasing && v > previous;
      previous = v;
    } else if (parse_formatted_number(cell, v, decimal) == NumberParse::ok) {
      ++formatted;
    } else if (!has_digit(cell)) {
      ++wordlike;
      if (std::find(missing_words.begin(), missing_words.end(), cell) == missing_words.end())
        missing_words.push_back(cell);
    }
    words += count_words(cell);
    if (cell.size() >= 40 && cell.find(' ') != std::string_view::npos) ++long_spaced;
    distinct.insert(cell);
  }
  InferredColumn out;
  if (present == 0) {
    out.reason = "no value in the sampled rows";
    return out;
  }
  // design.md 10.1: numbers, some formatted, and a few words that mark a missing value there.
  const std::size_t numeric = numbers + formatted;
  if (numeric > 0 && numeric + wordlike == present && wordlike * 10 <= present &&
      missing_words.size() <= 5 && (wordlike == 0 || numeric >= 3)) {
    out.form.formatted = formatted > 0;
    out.reason = wordlike == 0 ? "all " + plural(present, "sampled value") + " are numbers"
                               : std::to_string(numeric) + " of " + std::to_string(present) +
                                     " sampled values are numbers";
    if (formatted > 0)
      out.reason += ", " + std::to_string(formatted) +
                    " written with a currency sign, '%' or "
                    "thousands separators";
    for (std::size_t k = 0; k < missing_words.size(); ++k) {
      out.form.missing.emplace_back(missing_words[k]);
      out.reason += (k == 0 ? "; " : ", ") + quote_cell(missing_words[k]);
    }
    if (!missing_words.empty())
      out.reason += missing_words.size() == 1 ? " is read as missing" : " are read as missing";
    // design.md 10.1: plain numbers that only ever go up (1, 2, 3, ...) number the rows.
    out.increasing = numbers == present && present >= 10 && increasing;
    if (out.increasing)
      out.reason +=
          ", distinct and each above the one before: a row number or an identifier? "
          "If so, leave it out";
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
  // docs/algorithms.md 1.10: dates, in forms the sample proves, with as few bad cells as a
  // numeric column may have.
  const DateSample dates = sample_dates(cells, missing_tokens);
  const std::size_t not_dates = present - dates.dates;
  if (dates.dates > 0 && (not_dates * 100 <= present || (not_dates == 1 && dates.dates >= 3))) {
    out.role = ColumnRole::date;
    out.date = dates.form;
    out.reason = (not_dates == 0 ? "all " + plural(present, "sampled value") + " are dates"
                                 : std::to_string(dates.dates) + " of " + std::to_string(present) +
                                       " sampled values are dates; the others are bad cells") +
                 ", " + describe_date_form(dates.form) +
                 (dates.proof.empty() || dates.form.order == DateOrder::ymd
                      ? ""
                      : " (" + quote_cell(dates.proof) + " has a day past 12)");
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
    if (dates.undecided) out.reason += "; " + std::string(kUndecidedDates);
    return out;
  }
  out.role = ColumnRole::categorical;
  out.reason = plural(distinct.size(), "distinct string") + " in " + plural(present, "value");
  if (dates.undecided) out.reason += "; " + std::string(kUndecidedDates);
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
