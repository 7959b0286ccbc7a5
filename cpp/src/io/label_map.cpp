#include "io/label_map.hpp"

#include <limits>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "core/parse_number.hpp"

namespace onepass {

namespace {

bool same_label(std::string_view a, std::string_view b) {
  if (a == b) return true;
  double x, y;
  return parse_number(a, x) == NumberParse::ok && parse_number(b, y) == NumberParse::ok && x == y;
}

}  // namespace

std::string printable(std::string_view s) {
  // Bytes of a binary file must not reach a terminal as they are (escape sequences).
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = b[i];
    std::size_t len = c < 0x80           ? 1
                      : (c >> 5) == 0x6  ? 2
                      : (c >> 4) == 0xE  ? 3
                      : (c >> 3) == 0x1E ? 4
                                         : 0;
    bool valid = len > 0 && i + len <= n && !(len == 2 && c < 0xC2);
    for (std::size_t k = 1; valid && k < len; ++k) valid = (b[i + k] & 0xC0) == 0x80;
    if (valid && len == 1 && (c < 0x20 || c == 0x7F)) valid = false;
    if (!valid) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
      ++i;
      continue;
    }
    out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

std::string quote_cell(std::string_view s) {
  constexpr std::size_t kMax = 40;
  if (s.size() > kMax) {
    std::size_t cut = kMax;  // not inside a UTF-8 sequence
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    return "'" + printable(s.substr(0, cut)) + "...'";
  }
  return "'" + printable(s) + "'";
}

std::string binary_input_reason(std::string_view head) {
  if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1F &&
      static_cast<unsigned char>(head[1]) == 0x8B)
    return "this looks like a gzip-compressed file, not CSV text: decompress it first";
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
  if (head.size() >= 2 &&
      ((byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF)))
    return "this is UTF-16 text (it starts with the byte order mark " +
           std::string(byte(0) == 0xFF ? "FF FE" : "FE FF") +
           ", as Excel saves \"Unicode Text\"), not UTF-8: save it as \"CSV UTF-8\", or "
           "convert it (iconv -f UTF-16 -t UTF-8)";
  const std::string_view start = head.substr(0, 1024);
  if (start.find('\0') != std::string_view::npos) {
    // UTF-16 without a byte order mark: every other byte of ASCII text is 0.
    std::size_t zero[2] = {0, 0};
    for (std::size_t i = 0; i < start.size(); ++i) zero[i % 2] += start[i] == '\0';
    if (start.size() >= 8 && (zero[0] == 0 || zero[1] == 0) &&
        (zero[0] + zero[1]) * 2 >= start.size() - 1)
      return "this looks like UTF-16 text (every other byte is 0), not UTF-8: save it as "
             "\"CSV UTF-8\", or convert it (iconv -f UTF-16LE -t UTF-8)";
    return "this looks like a binary file, not CSV text (it has NUL bytes)";
  }
  // Line breaks of a carriage return alone (classic Mac OS, some exporters): the whole file
  // would be one line.
  const std::size_t cr = start.find('\r');
  if (cr != std::string_view::npos && cr + 1 < start.size() && start[cr + 1] != '\n' &&
      start.find('\n') == std::string_view::npos)
    return "the lines end with a carriage return alone (old Mac line endings), which this "
           "reader does not take for line breaks: convert them (tr '\\r' '\\n')";
  return "";
}

bool LabelMap::map(std::string_view cell, int& y, std::string& error) {
  if (cell.empty()) {
    error = "the label is missing";
    return false;
  }
  if (positive_.empty()) {
    double v = 0;
    const bool digit = cell.size() == 1 && (cell[0] == '0' || cell[0] == '1');  // the usual
    if (digit)
      v = cell[0] - '0';
    else if (parse_number(cell, v) != NumberParse::ok || (v != 1 && v != 0 && v != -1)) {
      error = "label " + quote_cell(cell) +
              " is not 1, 0 or -1; name the positive class (option 'positive', CLI "
              "--positive) to use other label values";
      return false;
    }
    return map_number(v, y, error);
  }
  if (same_label(cell, positive_)) {
    y = 1;
    positive_seen_ = true;
    return true;
  }
  if (negative_seen_ && !rest_ && !same_label(cell, negative_text_)) {
    // A positive class that no row has had is the likelier mistake than a third label (a
    // message that blamed the file's second value misled).
    error =
        positive_seen_ || !named_
            ? "a third label value " + quote_cell(cell) + ": this file's labels so far are " +
                  quote_cell(positive_) +
                  (named_ ? " (positive) and " : " (positive, chosen from the first rows) and ") +
                  quote_cell(negative_text_) +
                  "; a label of more than two classes learns with the task multiclass (option "
                  "task, CLI --task multiclass), or one class against the rest with that class "
                  "named positive"
            : "a second label value " + quote_cell(cell) + " besides " +
                  quote_cell(negative_text_) + ", and no row so far has " + quote_cell(positive_) +
                  ", the positive class named (option 'positive', CLI "
                  "--positive): is it one of the file's labels?";
    return false;
  }
  if (!negative_seen_) {
    negative_seen_ = true;
    negative_text_ = std::string(cell);
    negative_apart_ = true;  // not same_label as the positive class, tested above
  }
  y = -1;
  return true;
}

bool LabelMap::map_number(double v, int& y, std::string& error) {
  if (v != 1 && v != 0 && v != -1) {
    error = "the label must be 1 (positive), or 0 or -1 (negative) (got " + format_number(v) + ")";
    return false;
  }
  if (v == 1) {
    y = 1;
    return true;
  }
  if (negative_seen_ && v != negative_number_) {
    error = "a third label value '" + format_number(v) + "': the negative class so far is " +
            format_negative() + " (labels are 1 and 0, or 1 and -1)";
    return false;
  }
  negative_seen_ = true;
  negative_number_ = v;
  y = -1;
  return true;
}

void LabelMap::know_negative(const std::string& text) {
  if (text.empty() || rest_) return;
  if (!positive_.empty()) {
    negative_text_ = text;
    negative_seen_ = true;
    negative_apart_ = !same_label(text, positive_);
    return;
  }
  double v = 0;
  if (parse_number(text, v) == NumberParse::ok && (v == 0 || v == -1)) {
    negative_number_ = v;
    negative_seen_ = true;
  }
}

std::string LabelMap::negative_label() const {
  if (rest_) return "not " + positive_;
  if (!negative_seen_) return "";
  return positive_.empty() ? format_negative() : negative_text_;
}

bool ClassMap::known(std::string_view cell, std::size_t& k) const {
  const auto it = index_.find(std::string(cell));
  if (it == index_.end()) return false;
  k = it->second;
  return true;
}

bool ClassMap::map(std::string_view cell, std::size_t& k, std::string& error) {
  if (cell.empty()) {
    error = "the label is missing";
    return false;
  }
  if (known(cell, k)) return true;
  if (names_.size() >= kMaxClasses) {
    error = "a class beyond the " + std::to_string(kMaxClasses) + " a label may have (" +
            quote_cell(cell) + "): is the label column an id or free text?";
    return false;
  }
  k = names_.size();
  names_.emplace_back(cell);
  index_.emplace(names_.back(), k);
  return true;
}

void ClassMap::set(const std::vector<std::string>& names) {
  names_.clear();
  index_.clear();
  std::size_t k = 0;
  std::string error;
  for (const std::string& n : names) map(n, k, error);
}

bool parse_target(std::string_view cell, double& target, std::string& error) {
  if (cell.empty()) {
    error = "the target is missing";
    return false;
  }
  double v = 0;
  if (parse_number(cell, v) != NumberParse::ok || !std::isfinite(v)) {
    error = "the target " + quote_cell(cell) + " is not a finite number (the task is regression)";
    return false;
  }
  target = v;
  return true;
}

TaskDecision detect_task(const std::vector<std::string_view>& labels, std::size_t rows,
                         const std::string& column) {
  std::set<std::string_view> values(labels.begin(), labels.end());
  TaskDecision d;
  if (values.size() <= 2) return d;  // binary, as docs/algorithms.md 1.1
  const std::string first = "in the first " + std::to_string(rows) + " rows";
  const std::string label = "the label " + quote_cell(column);
  bool numbers = true, whole = true;
  std::string fraction;
  double lo = 0, hi = 0;
  for (std::string_view v : values) {
    double x = 0;
    if (parse_number(v, x) != NumberParse::ok || !std::isfinite(x)) {
      numbers = false;
      break;
    }
    if (x != std::floor(x) && whole) {
      whole = false;
      fraction = std::string(v);
    }
    lo = v == *values.begin() ? x : std::min(lo, x);
    hi = v == *values.begin() ? x : std::max(hi, x);
  }
  const std::string n = std::to_string(values.size());
  if (!numbers) {
    d.task = Task::multiclass;
    d.reason = label + " has " + n + " values " + first + ", not all numbers";
  } else if (!whole) {
    d.task = Task::regression;
    d.reason = label + " has numbers with a fraction (" + quote_cell(fraction) + ") " + first;
  } else if (values.size() <= kMaxWholeNumberClasses) {  // D-TASK-1
    d.task = Task::multiclass;
    d.reason = label + " has " + n + " whole-number values (" + format_number(lo) + " to " +
               format_number(hi) + ") " + first + ", at most " +
               std::to_string(kMaxWholeNumberClasses);
  } else {
    d.task = Task::regression;
    d.reason = label + " has " + n + " whole-number values (" + format_number(lo) + " to " +
               format_number(hi) + ") " + first + ", more than " +
               std::to_string(kMaxWholeNumberClasses);
  }
  return d;
}

// docs/algorithms.md 6.5: row t predicted by row t - 1's label, the first row a mistake. A row
// is right when its label is the one before it: the positives after a positive and the
// negatives after a negative.
LastLabelBaseline LabelRuns::last_label() const {
  if (rows_ == 0) return {};
  const std::uint64_t negatives = rows_ - positives_;
  const std::uint64_t same_negative = rows_ - 1 - changes_ - same_positive_;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double balanced = positives_ && negatives
                              ? (static_cast<double>(same_positive_) / positives_ +
                                 static_cast<double>(same_negative) / negatives) /
                                    2
                              : nan;
  return {rows_, changes_ + 1, balanced};
}

LastLabelBaseline ClassRuns::last_label() const {
  if (rows_ == 0) return {};
  double sum = 0;
  std::size_t present = 0;
  for (std::size_t k = 0; k < counts_.size(); ++k)
    if (counts_[k] > 0) {
      sum += static_cast<double>(same_[k]) / static_cast<double>(counts_[k]);
      ++present;
    }
  return {rows_, changes_ + 1, sum / static_cast<double>(present)};
}

std::string LabelRuns::warning(std::size_t shuffle_rows) const {
  const std::string counts = long_runs();
  if (counts.empty()) return "";
  if (shuffle_rows > 0)
    return "the labels still come in long runs after the shuffle buffer of " +
           std::to_string(shuffle_rows) + " rows: " + counts +
           " (the file's runs are longer than the buffer), so progressive validation says little "
           "of new rows; use a buffer longer than the runs or test on a holdout";
  // Within a run, a learner that follows the last label is right (flattered); an averaged one
  // lags behind each change (hurt): either way the figure is the order's, not the model's.
  return "the labels come in long runs: " + counts +
         " (the file looks sorted by class), so progressive validation in file order says " +
         "little of new rows (it flatters most pipelines, and hurts averaged ones); unless the " +
         "order is the stream's own (time), shuffle the rows (a shuffle buffer) or test on a " +
         "holdout";
}

std::string ClassRuns::warning() const {
  std::size_t present = 0;
  double same = 0;
  const double n = static_cast<double>(rows_);
  for (std::uint64_t c : counts_) {
    present += c > 0;
    same += static_cast<double>(c) * (static_cast<double>(c) - 1);
  }
  if (rows_ < 100 || present < 2) return "";
  const double expected = (n - 1) * (1 - same / (n * (n - 1)));
  if (!(static_cast<double>(changes_) < expected / 4)) return "";
  return "the classes come in long runs: " + std::to_string(rows_) + " rows change class " +
         std::to_string(changes_) + " times where a random order of them would change it about " +
         std::to_string(static_cast<std::uint64_t>(std::llround(expected))) +
         " times (the file looks sorted by class), so progressive validation in file order says "
         "little of new rows; unless the order is the stream's own (time), shuffle the rows (a "
         "shuffle buffer) or test on a holdout";
}

std::string LabelRuns::long_runs() const {
  const double n = static_cast<double>(rows_), n1 = static_cast<double>(positives_);
  const double n2 = n - n1;
  if (rows_ < 100 || n1 == 0 || n2 == 0) return "";
  const double runs = static_cast<double>(changes_) + 1;
  const double mean = 2 * n1 * n2 / n + 1;
  const double var = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1));
  if (!(var > 0)) return "";
  const double z = (runs - mean) / std::sqrt(var);
  if (!(z < -10 && runs < mean / 2)) return "";
  return std::to_string(rows_) + " rows change label " + std::to_string(changes_) +
         " times where a random order of them would change it about " +
         std::to_string(static_cast<std::uint64_t>(std::llround(mean - 1))) + " times";
}

}  // namespace onepass
