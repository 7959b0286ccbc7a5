#include "onepass/io/label_map.hpp"

#include "onepass/core/parse_number.hpp"

namespace onepass {

namespace {

bool same_label(std::string_view a, std::string_view b) {
  if (a == b) return true;
  double x, y;
  return parse_number(a, x) == NumberParse::ok && parse_number(b, y) == NumberParse::ok && x == y;
}

}  // namespace

std::string quote_cell(std::string_view s) {
  constexpr std::size_t kMax = 40;
  if (s.size() > kMax) return "'" + std::string(s.substr(0, kMax)) + "...'";
  return "'" + std::string(s) + "'";
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
    if (v == 1) {
      y = 1;
      return true;
    }
    if (negative_seen_ && v != negative_number_) {
      error = "a third label value " + quote_cell(cell) + ": this file's labels so far are 1 and " +
              format_negative();
      return false;
    }
    negative_seen_ = true;
    negative_number_ = v;
    y = -1;
    return true;
  }
  if (same_label(cell, positive_)) {
    y = 1;
    return true;
  }
  if (negative_seen_ && !same_label(cell, negative_text_)) {
    error = "a third label value " + quote_cell(cell) + ": this file's labels so far are " +
            quote_cell(positive_) + " (positive) and " + quote_cell(negative_text_);
    return false;
  }
  if (!negative_seen_) {
    negative_seen_ = true;
    negative_text_ = std::string(cell);
  }
  y = -1;
  return true;
}

std::string LabelMap::negative_label() const {
  if (!negative_seen_) return "";
  return positive_.empty() ? format_negative() : negative_text_;
}

}  // namespace onepass
