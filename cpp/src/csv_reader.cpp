#include "onepass/io/csv_reader.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "onepass/core/parse_number.hpp"

#include <fast_float/fast_float.h>

namespace onepass {

namespace {

// Index of the first '\n' outside quotes at or after `from`, or npos; updates the quote state
// and counts line breaks inside quotes. Fast path: outside quotes, the next line break found
// with memchr ends the record unless the record holds a quote.
std::size_t find_record_end(const char* data, std::size_t size, std::size_t from, bool& in_quotes,
                            std::uint64_t& quoted_breaks) {
  if (!in_quotes) {
    const void* nl = std::memchr(data + from, '\n', size - from);
    const std::size_t end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : size;
    if (!std::memchr(data + from, '"', end - from)) return nl ? end : std::string_view::npos;
  }
  for (std::size_t i = from; i < size; ++i) {
    const char c = data[i];
    if (c == '"') {
      in_quotes = !in_quotes;
    } else if (c == '\n') {
      if (!in_quotes) return i;
      ++quoted_breaks;
    }
  }
  return std::string_view::npos;
}

}  // namespace

Status CsvReader::feed(const char* data, std::size_t size, RowBlock& out) {
  if (failed_) return failure_;
  if (finished_) return Status::error("the CSV stream is already finished");
  bytes_ += size;
  std::size_t pos = 0;
  if (!pending_.empty()) {
    const std::size_t end = find_record_end(data, size, 0, in_quotes_, pending_breaks_);
    if (end == std::string_view::npos) {
      pending_.append(data, size);
      return Status::ok();
    }
    pending_.append(data, end);
    const std::uint64_t line = next_line_;
    next_line_ += 1 + pending_breaks_;
    pending_breaks_ = 0;
    Status st = process(pending_, line, out);
    pending_.clear();
    if (!st) return st;
    pos = end + 1;
  }
  // Rows starting up to the chunk's last line break end inside the chunk: the fast path reads
  // them without checking for the chunk's end at every character.
  std::size_t last_break = size;
  while (last_break > pos && data[last_break - 1] != '\n') --last_break;
  while (pos < size) {
    if (schema_ready_ && !in_quotes_) {  // the fast path: one pass over a plain row
      const std::size_t used = pos < last_break
                                   ? read_plain_row<true>(data + pos, data + size, out)
                                   : read_plain_row<false>(data + pos, data + size, out);
      if (used) {
        pos += used;
        continue;
      }
    }
    std::uint64_t breaks = 0;
    const std::size_t end = find_record_end(data, size, pos, in_quotes_, breaks);
    if (end == std::string_view::npos) {
      pending_.assign(data + pos, size - pos);
      pending_breaks_ = breaks;
      return Status::ok();
    }
    const std::uint64_t line = next_line_;
    next_line_ += 1 + breaks;
    Status st = process(std::string_view(data + pos, end - pos), line, out);
    if (!st) return st;
    pos = end + 1;
  }
  return Status::ok();
}

Status CsvReader::finish(RowBlock& out) {
  if (failed_) return failure_;
  if (finished_) return Status::ok();
  finished_ = true;
  if (!pending_.empty()) {
    if (in_quotes_)
      return row_error(next_line_, 0, "a quoted field is not closed before the end of the input");
    std::string last;
    last.swap(pending_);
    Status st = process(last, next_line_, out);
    next_line_ += 1 + pending_breaks_;
    if (!st) return st;
  }
  if (!schema_ready_) {
    failed_ = true;
    failure_ = Status::error("the input is empty: expected a header row and data rows");
    return failure_;
  }
  return Status::ok();
}

void CsvReader::split(std::string_view rec) {
  fields_.clear();
  if (rec.find('"') == std::string_view::npos) {
    std::size_t b = 0;
    for (;;) {
      const void* hit = std::memchr(rec.data() + b, opt_.delimiter, rec.size() - b);
      if (!hit) {
        fields_.push_back(rec.substr(b));
        return;
      }
      const std::size_t e = static_cast<const char*>(hit) - rec.data();
      fields_.push_back(rec.substr(b, e - b));
      b = e + 1;
    }
  }
  // Quoted fields: unescape into unquoted_, sized once so the views stay valid.
  unquoted_.clear();
  unquoted_.reserve(rec.size());
  const std::size_t n = rec.size();
  std::size_t i = 0;
  for (;;) {
    const std::size_t start = unquoted_.size();
    bool quoted = false;
    while (i < n) {
      const char c = rec[i];
      if (c == '"') {
        if (quoted && i + 1 < n && rec[i + 1] == '"') {
          unquoted_.push_back('"');  // "" inside quotes is one quote
          i += 2;
        } else {
          quoted = !quoted;
          ++i;
        }
        continue;
      }
      if (c == opt_.delimiter && !quoted) break;
      unquoted_.push_back(c);
      ++i;
    }
    fields_.emplace_back(unquoted_.data() + start, unquoted_.size() - start);
    if (i >= n) return;
    ++i;  // the delimiter
  }
}

std::string CsvReader::column_name(std::size_t file_col) const {
  if (file_col < column_names_.size() && !column_names_[file_col].empty())
    return " (" + column_names_[file_col] + ")";
  return "";
}

Status CsvReader::row_error(std::uint64_t line, std::size_t column, const std::string& what) {
  std::string msg = "line " + std::to_string(line);
  if (column > 0) msg += ", column " + std::to_string(column) + column_name(column - 1);
  msg += ": " + what;
  if (errors_.size() < opt_.max_messages) errors_.push_back({line, column, msg});
  if (opt_.on_error == ErrorPolicy::skip && schema_ready_) {
    ++skipped_;
    return Status::ok();
  }
  failed_ = true;
  failure_ = Status::error(msg);
  return failure_;
}

Status CsvReader::read_header(std::uint64_t line) {
  columns_ = fields_.size();
  column_names_.clear();
  for (std::size_t c = 0; c < columns_; ++c)
    column_names_.emplace_back(opt_.header ? trim_blanks(fields_[c]) : std::string_view());
  if (columns_ < 2)
    return row_error(line, 0,
                     "the header has " + std::to_string(columns_) +
                         " column; expected at least one feature and a label (is the delimiter '" +
                         std::string(1, opt_.delimiter) + "'?)");
  // Label column: a name first, then an index.
  bool found = false;
  if (opt_.label.empty()) {
    label_col_ = columns_ - 1;
    found = true;
  } else {
    for (std::size_t c = 0; c < columns_ && !found; ++c)
      if (column_names_[c] == opt_.label) {
        label_col_ = c;
        found = true;
      }
    double idx = 0;
    if (!found && parse_number(opt_.label, idx) == NumberParse::ok && idx == std::floor(idx)) {
      const double n = static_cast<double>(columns_);
      if (idx < 0) idx += n;
      if (idx >= 0 && idx < n) {
        label_col_ = static_cast<std::size_t>(idx);
        found = true;
      }
    }
  }
  std::string names;
  for (std::size_t c = 0; c < columns_; ++c)
    names += (c ? ", " : "") + (opt_.header ? column_names_[c] : std::to_string(c));
  has_label_ = found;
  if (!found && !opt_.label_optional) {
    failed_ = true;
    failure_ = Status::error("label column '" + opt_.label + "' not found: give a column name or " +
                             "a 0-based index (-1 = last); the columns are: " + names);
    return failure_;
  }
  feature_names_.clear();
  feature_cols_.clear();
  if (opt_.features.empty()) {
    for (std::size_t c = 0; c < columns_; ++c) {
      if (has_label_ && c == label_col_) continue;
      feature_cols_.push_back(c);
      feature_names_.push_back(opt_.header ? column_names_[c] : "x" + std::to_string(c + 1));
    }
  } else {
    for (const std::string& name : opt_.features) {
      std::size_t c = 0;
      while (c < columns_ && (column_names_[c] != name || (has_label_ && c == label_col_))) ++c;
      if (c == columns_) {
        failed_ = true;
        failure_ = Status::error("the file has no column '" + name +
                                 "', which the model needs; the columns are: " + names);
        return failure_;
      }
      feature_cols_.push_back(c);
      feature_names_.push_back(name);
    }
  }
  label_name_ = !has_label_ ? "" : opt_.header ? column_names_[label_col_] : "label";
  slot_of_col_.assign(columns_, -1);
  for (std::size_t j = 0; j < feature_cols_.size(); ++j)
    slot_of_col_[feature_cols_[j]] = static_cast<int>(j);
  if (has_label_) slot_of_col_[label_col_] = -2;
  leading_features_ = 0;
  while (leading_features_ + 1 < columns_ &&
         slot_of_col_[leading_features_] == static_cast<int>(leading_features_))
    ++leading_features_;
  if (!opt_.header) column_names_.clear();
  schema_ready_ = true;
  return Status::ok();
}

Status CsvReader::map_label(std::string_view cell, std::uint64_t line, int& y) {
  std::string error;
  return labels_.map(cell, y, error) ? Status::ok() : row_error(line, label_col_ + 1, error);
}

template <bool kNewlineAhead>
std::size_t CsvReader::read_plain_row(const char* const begin, const char* const end,
                                      RowBlock& out) {
  const auto more = [end](const char* at) { return kNewlineAhead || at != end; };
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  const char* p = begin;
  int y = 0;
  std::size_t c = 0;
  // The leading columns that are features in file order (usually all but the label): a loop
  // with nothing to decide per cell.
  const char delimiter = opt_.delimiter;
  for (const std::size_t lead = leading_features_; c < lead; ++c) {
    const char* q = scan_number<kNewlineAhead>(p, end, dst[c]);
    if (!q || !more(q) || *q != delimiter) break;
    p = q + 1;
  }
  if (c < leading_features_) {
    out.x.resize(row_start);
    return 0;
  }
  for (; c < columns_; ++c) {
    const bool last = c + 1 == columns_;
    const char stop = last ? '\n' : opt_.delimiter;
    const int slot = slot_of_col_[c];
    if (slot >= 0) {
      const char* q = scan_number<kNewlineAhead>(p, end, dst[slot]);
      if (!q) break;  // empty, blank, not a number, or not finite: the careful way says which
      if (last && more(q) && *q == '\r') ++q;
      if (!more(q) || *q != stop) break;
      p = q + 1;
      continue;
    }
    const char* q = p;
    while (more(q) && *q != stop && *q != '"' && *q != '\n') ++q;
    if (!more(q) || *q != stop) break;  // a quote, too few cells, or the record goes on
    std::string_view cell(p, static_cast<std::size_t>(q - p));
    if (last && !cell.empty() && cell.back() == '\r') cell.remove_suffix(1);
    p = q + 1;
    if (slot != -2 || labels_.known_digit(cell, y)) continue;
    if (cell.empty() || trim_blanks(cell).size() != cell.size()) break;
    const bool keep_failed = failed_;
    const std::size_t kept_errors = errors_.size(), kept_skipped = skipped_;
    if (!map_label(cell, next_line_, y) || y == 0) {  // let the careful way report it
      failed_ = keep_failed;
      errors_.resize(kept_errors);
      skipped_ = kept_skipped;
      break;
    }
  }
  if (c < columns_ || columns_ == 0) {
    out.x.resize(row_start);
    return 0;
  }
  out.y.push_back(static_cast<std::int8_t>(y));
  out.line.push_back(next_line_);
  out.dims = dims();
  ++next_line_;
  ++rows_;
  if (y > 0) ++positives_;
  return static_cast<std::size_t>(p - begin);
}

Status CsvReader::process(std::string_view rec, std::uint64_t line, RowBlock& out) {
  if (line == 1 && rec.size() >= 3 && std::memcmp(rec.data(), "\xEF\xBB\xBF", 3) == 0)
    rec.remove_prefix(3);  // UTF-8 byte-order mark
  if (!rec.empty() && rec.back() == '\r') rec.remove_suffix(1);
  if (trim_blanks(rec).empty()) return Status::ok();  // blank line
  split(rec);
  if (!schema_ready_) {
    Status st = read_header(line);
    if (!st || opt_.header) return st;
  }
  if (fields_.size() != columns_) {
    const std::size_t col = fields_.size() < columns_ ? fields_.size() + 1 : columns_ + 1;
    return row_error(line, col,
                     "expected " + std::to_string(columns_) + " fields, found " +
                         std::to_string(fields_.size()));
  }
  out.dims = dims();
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  std::uint64_t missing = 0;
  int y = 0;
  if (has_label_) {
    Status st = map_label(trim_blanks(fields_[label_col_]), line, y);
    if (!st || y == 0) {
      out.x.resize(row_start);
      return st;
    }
  }
  for (std::size_t c : feature_cols_) {
    const std::string_view cell = trim_blanks(fields_[c]);
    double v = std::numeric_limits<double>::quiet_NaN();
    if (cell.empty()) {
      ++missing;
    } else {
      const NumberParse r = parse_number(cell, v);
      if (r != NumberParse::ok) {
        out.x.resize(row_start);
        return row_error(
            line, c + 1,
            quote_cell(cell) +
                (r == NumberParse::not_finite ? " is not a finite number" : " is not a number"));
      }
    }
    *dst++ = v;
  }
  out.y.push_back(static_cast<std::int8_t>(y));
  out.line.push_back(line);
  ++rows_;
  if (y > 0) ++positives_;
  missing_ += missing;
  return Status::ok();
}

std::vector<std::string> CsvReader::warnings() const {
  std::vector<std::string> w;
  if (schema_ready_ && rows_ == 0) w.push_back("the input has a header but no data rows");
  if (rows_ > 0 && (positives_ == 0 || positives_ == rows_))
    w.push_back("only one class in " + std::to_string(rows_) + " rows (all " +
                (positives_ ? "positive" : "negative") +
                "): progressive error is meaningful, but the model cannot separate classes");
  if (skipped_ > 0)
    w.push_back(std::to_string(skipped_) + " bad rows skipped (the first " +
                std::to_string(errors_.size()) + " are listed)");
  return w;
}

}  // namespace onepass
