// The label column of a CSV row (docs/algorithms.md 1.1, 1.8): a yes/no label, a class or a
// regression target, each read the careful way (map_label, map_target, with the row's line and
// column in any error) or, on the fast path, without a message (plain_target).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/limits.hpp"
#include "core/parse_number.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

std::string_view CsvReader::trim_label(std::string_view cell) const {
  cell = trim_blanks(cell);
  if (opt_.label_trim.empty()) return cell;
  while (!cell.empty() && opt_.label_trim.find(cell.front()) != std::string::npos)
    cell.remove_prefix(1);
  while (!cell.empty() && opt_.label_trim.find(cell.back()) != std::string::npos)
    cell.remove_suffix(1);
  return cell;
}

bool CsvReader::repeats_header() const {
  if (!opt_.header || column_names_.size() != fields_.size() ||
      trim_blanks(fields_[label_col_]) != column_names_[label_col_])
    return false;
  for (std::size_t c = 0; c < fields_.size(); ++c)
    if (trim_blanks(fields_[c]) != column_names_[c]) return false;
  return true;
}

Status CsvReader::map_label(std::string_view cell, std::uint64_t line, int& y) {
  std::string error;
  const std::string_view label = trim_label(cell);
  // A missing-value token (NA, ?) is no class: taken for one, NA became the negative class.
  if (!label.empty() && missing_tokens_.contains(label))
    return row_error(line, label_col_ + 1,
                     "the label is missing (" + quote_cell(label) +
                         " is a missing-value token, option missing, "
                         "CLI --na)");
  return labels_.map(label, y, error) ? Status::ok()
                                      : row_error(line, label_col_ + 1, error + label_hint(label));
}

std::string CsvReader::label_hint(std::string_view label) const {
  // design.md 10.1: a file whose label is another column fails at its last column's values,
  // measurements with a fraction ('-1.356') that no label of classes has; that is then to be
  // said, with the option that names the label.
  double v = 0;
  if (!opt_.label.empty() || from_model() || parse_number(label, v) != NumberParse::ok ||
      v == std::floor(v))
    return "";
  return " (no label column was named, so the last column, " + quote_cell(label_name_) +
         ", is the label; name another with option label, CLI --label)";
}

Status CsvReader::map_target(std::string_view cell, std::uint64_t line, double& target) {
  std::string error;
  target = std::numeric_limits<double>::quiet_NaN();  // a bad row skipped stays NaN
  const std::string_view label = trim_label(cell);
  // Rows to predict (a label column that may be absent) need no label: a missing one is none.
  if (opt_.label_optional && (label.empty() || missing_tokens_.contains(label)))
    return Status::ok();
  if (!label.empty() && missing_tokens_.contains(label))
    return row_error(line, label_col_ + 1,
                     "the label is missing (" + quote_cell(label) +
                         " is a missing-value token, option missing, CLI --na)");
  if (task_ == Task::regression)
    return parse_target(label, target, error)
               ? Status::ok()
               : row_error(line, label_col_ + 1, error + label_hint(label));
  std::size_t k = 0;
  const std::size_t seen = classes_.names().size(), features = std::max<std::size_t>(width(), 1);
  if (!classes_.known(label, k) && (seen + 1) > kMaxTaskWeights / features)
    return row_error(line, label_col_ + 1,
                     "a class beyond what a model of " + std::to_string(features) +
                         " features holds (" + std::to_string(seen) + " classes; classes x " +
                         "features at most " + std::to_string(kMaxTaskWeights) + ")");
  if (!classes_.map(label, k, error))
    return row_error(line, label_col_ + 1, error + label_hint(label));
  target = static_cast<double>(k);
  return Status::ok();
}

void CsvReader::keep_label(RowBlock& out, int y, double target, std::uint64_t line) {
  out.y.push_back(static_cast<std::int8_t>(y));
  if (task_ != Task::binary) out.target.push_back(target);
  out.line.push_back(line);
  ++rows_;
  if (task_ == Task::binary) {
    if (y > 0) ++positives_;
    label_runs_.add(y);
  } else if (task_ == Task::multiclass && !std::isnan(target)) {
    class_runs_.add(static_cast<std::size_t>(target));
  }
}

bool CsvReader::plain_target(std::string_view cell, double& target) {
  if (task_ == Task::regression)
    return parse_number(cell, target) == NumberParse::ok && std::isfinite(target);
  std::size_t k = 0;
  if (!classes_.known(trim_label(cell), k)) return false;
  target = static_cast<double>(k);
  return true;
}

}  // namespace onepass
