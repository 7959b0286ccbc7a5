#include "onepass/io/csv_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "onepass/core/parse_number.hpp"

#include <fast_float/fast_float.h>

namespace onepass {

namespace {

// A line of text above the table (a title, a note) is read as its first record.
constexpr const char* kTitleLineHint =
    "a title line above the table? pass it over with option skipLines (CLI --skip-lines) or "
    "comment (CLI --comment)";

// Index of the first '\n' outside quotes at or after `from`, or npos; steps the quote state
// (io/csv_quoting.hpp; `delimiter` 0 while it is being detected: any candidate) and counts line
// breaks inside quotes. Fast path: outside quotes, the next line break found with memchr ends
// the record unless the record holds a quote.
std::size_t find_record_end(const char* data, std::size_t size, std::size_t from, QuoteState& q,
                            char delimiter, std::uint64_t& quoted_breaks) {
  if (!q.in_quotes()) {
    const void* nl = std::memchr(data + from, '\n', size - from);
    const std::size_t end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : size;
    if (!std::memchr(data + from, '"', end - from)) {
      if (nl) {
        q.reset();
        return end;
      }
      // No quote to the chunk's end: the last character alone says where the record stands.
      if (end > from) q.step(data[end - 1], ends_field(data[end - 1], delimiter));
      return std::string_view::npos;
    }
  }
  for (std::size_t i = from; i < size; ++i) {
    const char c = data[i];
    if (c == '\n') {
      if (!q.in_quotes()) {
        q.reset();
        return i;
      }
      ++quoted_breaks;
    } else {
      q.step(c, ends_field(c, delimiter));
    }
  }
  return std::string_view::npos;
}

}  // namespace

Status CsvReader::feed(const char* data, std::size_t size, RowBlock& out) {
  if (failed_) return failure_;
  if (finished_) return Status::error("the CSV stream is already finished");
  if (bytes_ == 0 && size > 0) {
    const std::string binary = binary_input_reason({data, size});
    if (!binary.empty()) {
      return stop(Status::error(binary));
    }
  }
  bytes_ += size;
  std::size_t pos = 0;
  if (discarding_) {  // after a record too long (skip): on at the next line break
    const void* nl = std::memchr(data, '\n', size);
    if (!nl) return Status::ok();
    pos = static_cast<std::size_t>(static_cast<const char*>(nl) - data) + 1;
    discarding_ = false;
    ++next_line_;
  }
  if (!pending_.empty()) {
    const std::size_t end = find_record_end(data, size, 0, quote_, opt_.delimiter, pending_breaks_);
    const std::size_t stop = end == std::string_view::npos ? size : end;
    if (pending_.size() + stop > opt_.max_record_bytes) {
      Status st = record_too_long(data, size, 0, end, pos, out);
      return st ? feed_rest(data, size, pos, out) : st;
    }
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
  return feed_rest(data, size, pos, out);
}

Status CsvReader::feed_rest(const char* data, std::size_t size, std::size_t pos, RowBlock& out) {
  // Rows starting up to the chunk's last line break end inside the chunk: the fast path reads
  // them without checking for the chunk's end at every character.
  std::size_t last_break = size;
  while (last_break > pos && data[last_break - 1] != '\n') --last_break;
  while (pos < size) {
    if (schema_ready_ && fast_path_ &&
        quote_.at_field_start()) {  // the fast path: one pass over a plain row
      const bool ahead = pos < last_break;
      const std::size_t used = opt_.decimal == ','
                                   ? read_plain_row<','>(data + pos, data + size, ahead, out)
                                   : read_plain_row<'.'>(data + pos, data + size, ahead, out);
      if (used) {
        pos += used;
        continue;
      }
    }
    std::uint64_t breaks = 0;
    const std::size_t end = find_record_end(data, size, pos, quote_, opt_.delimiter, breaks);
    if ((end == std::string_view::npos ? size : end) - pos > opt_.max_record_bytes) {
      Status st = record_too_long(data, size, pos, end, pos, out);
      if (!st) return st;
      continue;
    }
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
    if (quote_.in_quotes()) {
      if (!delimiter_sample_.empty()) {  // the records held are read first
        Status st = settle_delimiter(out);
        if (!st) return st;
      }
      if (header_read_ && !schema_ready_) {  // the rows held for the sample are read first
        Status st = flush_sample(out);
        if (!st) return st;
      }
      return row_error(next_line_, 0, "a quoted field is not closed before the end of the input");
    }
    std::string last;
    last.swap(pending_);
    Status st = process(last, next_line_, out);
    next_line_ += 1 + pending_breaks_;
    if (!st) return st;
  }
  if (!delimiter_sample_.empty()) {
    Status st = settle_delimiter(out);
    if (!st) return st;
  }
  if (!header_read_) {
    return stop(Status::error("the input is empty: expected a header row and data rows"));
  }
  if (!schema_ready_) return flush_sample(out);  // a stream shorter than the sample
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
  QuoteState q;
  std::size_t start = 0;
  for (const char c : rec) {
    switch (q.step(c, c == opt_.delimiter)) {
      case CsvChar::text:
        unquoted_.push_back(c);
        break;
      case CsvChar::quote:
        break;
      case CsvChar::delimiter:
        fields_.emplace_back(unquoted_.data() + start, unquoted_.size() - start);
        start = unquoted_.size();
        break;
    }
  }
  fields_.emplace_back(unquoted_.data() + start, unquoted_.size() - start);
}

std::string CsvReader::column_name(std::size_t file_col) const {
  if (opt_.header && file_col < column_names_.size() && !column_names_[file_col].empty())
    return " (" + printable(column_names_[file_col]) + ")";
  return "";
}

Status CsvReader::record_too_long(const char* data, std::size_t size, std::size_t from,
                                  std::size_t end, std::size_t& resume, RowBlock& out) {
  // issue 21: one stray quote made the rest of the stream one record. A record is bounded: the
  // record is pending_ then data[from, ...); its bytes past the bound are never kept. The error
  // names where a quote that never closed opened; under skip, reading goes on after the record
  // when it ends in this chunk, else at the next line break after the bound.
  if (!delimiter_sample_.empty()) {  // the records before it are read first, as they came
    Status st = settle_delimiter(out);
    if (!st) return st;
  }
  const std::size_t have = pending_.size();
  const std::size_t bound =
      have >= opt_.max_record_bytes ? from : std::min(size, from + (opt_.max_record_bytes - have));
  const std::string_view tail(data + from, bound - from);
  const auto breaks = [](std::string_view v) {
    return static_cast<std::uint64_t>(std::count(v.begin(), v.end(), '\n'));
  };
  const std::uint64_t first_line = next_line_;
  std::uint64_t line = first_line;
  std::size_t column = 0;
  std::string what = "a record longer than " + std::to_string(opt_.max_record_bytes) +
                     " bytes (option maxRecordBytes, CLI --max-record-bytes)";
  // The quote that opened the field still open at the bound, if one is (io/csv_quoting.hpp).
  QuoteState q;
  std::uint64_t lines = 0, open_line = 0;
  std::size_t field = 1, open_field = 0;
  const char delimiter = opt_.delimiter;
  for (const std::string_view part : {std::string_view(pending_), tail}) {
    for (const char c : part) {
      if (c == '\n') {
        ++lines;
        continue;
      }
      const bool field_start = q.at_field_start();
      const CsvChar kind = q.step(c, ends_field(c, delimiter));
      if (kind == CsvChar::delimiter) {
        ++field;
      } else if (kind == CsvChar::quote && field_start) {
        open_line = lines;
        open_field = field;
      }
    }
  }
  if (q.in_quotes()) {
    line += open_line;
    column = open_field;
    what += ": the quoted field that opens here is not closed within them";
  }
  const std::uint64_t record_breaks = breaks(pending_);
  if (end != std::string_view::npos) {  // the record ends in this chunk: go on after it
    resume = end + 1;
    next_line_ = first_line + record_breaks + breaks({data + from, end - from}) + 1;
  } else {
    const void* nl = std::memchr(data + bound, '\n', size - bound);
    next_line_ = first_line + record_breaks + breaks(tail);
    discarding_ = nl == nullptr;
    resume = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) + 1 : size;
    if (nl) ++next_line_;
  }
  pending_ = std::string();  // its memory goes too
  pending_breaks_ = 0;
  quote_.reset();
  // Stopping here: the rows held for the sample are read first (nothing before a bad row is
  // lost); an error among them comes first.
  if (opt_.on_error == ErrorPolicy::stop && header_read_ && !schema_ready_) {
    Status st = flush_sample(out);
    if (!st) return st;
  }
  return row_error(line, column, what, header_read_);
}

Status CsvReader::row_error(std::uint64_t line, std::size_t column, const std::string& what) {
  return row_error(line, column, what, schema_ready_);
}

Status CsvReader::row_error(std::uint64_t line, std::size_t column, const std::string& what,
                            bool skippable) {
  std::string msg = "line " + std::to_string(line);
  if (column > 0) msg += ", column " + std::to_string(column) + column_name(column - 1);
  return bad_row(line, column, msg + ": " + what, opt_.on_error, opt_.max_messages, skippable);
}

Status CsvReader::read_header(std::uint64_t line) {
  columns_ = fields_.size();
  if (columns_ > opt_.max_fields)
    return row_error(line, 0,
                     "the first record has " + std::to_string(columns_) + " fields; at most " +
                         std::to_string(opt_.max_fields) + " (option maxFields)");
  column_names_.clear();
  last_column_unnamed_ = columns_ > 0 && trim_blanks(fields_[columns_ - 1]).empty();
  for (std::size_t c = 0; c < columns_; ++c)
    column_names_.emplace_back(opt_.header ? std::string(trim_blanks(fields_[c]))
                                           : "c" + std::to_string(c + 1));
  if (opt_.header) name_columns_uniquely();
  // design.md 10.1: a file without a header read as one loses its first row, silently.
  header_all_numbers_ =
      opt_.header && !opt_.detect_header && !from_model() && columns_ >= 2 &&
      std::all_of(column_names_.begin(), column_names_.end(), [this](const std::string& name) {
        double v = 0;
        return parse_number(name, v, opt_.decimal ? opt_.decimal : '.') == NumberParse::ok;
      });
  if (header_all_numbers_)
    notices_.push_back("the header row is all numbers (" + quote_cell(column_names_[0]) + ", " +
                       quote_cell(column_names_[1]) +
                       ", ...): if the file has no header, give --no-header (JS header: false, "
                       "or 'auto' to decide), or its first row is not learned from");
  // A file to score may be its features alone, one column (the label absent).
  if (columns_ < 2 && !opt_.label_optional)
    return row_error(line, 0,
                     std::string(opt_.header ? "the header" : "the first row") + " has " +
                         std::to_string(columns_) +
                         " column; expected at least one feature and a label (is the delimiter '" +
                         std::string(1, opt_.delimiter) + "'? " + kTitleLineHint + ")");
  Status st = resolve_label();
  if (!st) return st;
  header_read_ = true;
  return Status::ok();
}

void CsvReader::name_columns_uniquely() {
  // A model matches columns by name, so two columns must never share one: an empty name
  // becomes cN, a repeated one gets ".2", ".3" (as pandas reads them), and a notice says so.
  std::map<std::string, std::size_t> count;
  std::set<std::string> taken(column_names_.begin(), column_names_.end());
  for (std::size_t c = 0; c < columns_; ++c) {
    std::string& name = column_names_[c];
    const std::string original = name;
    if (!original.empty() && ++count[original] == 1) continue;
    name = original.empty() ? "c" + std::to_string(c + 1)
                            : original + "." + std::to_string(count[original]);
    while (taken.count(name)) name += "_";
    taken.insert(name);
    notices_.push_back(
        "column " + std::to_string(c + 1) +
        (original.empty() ? " has no name" : " repeats the name " + quote_cell(original)) +
        ": it is read as " + quote_cell(name));
  }
}

Status CsvReader::resolve_label() {
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
  has_label_ = found;
  if (!found && !opt_.label_optional) {
    return stop(Status::error("label column '" + opt_.label +
                              "' not found: give a column name or " +
                              "a 0-based index (-1 = last); the columns are: " + column_list()));
  }
  label_name_ = has_label_ ? column_names_[label_col_] : "";
  return Status::ok();
}

void CsvReader::decide_header() {
  // design.md 10.1: the first record is a header unless every column whose sampled values are
  // all numbers has a number in the first record too (and there is such a column).
  split(first_record_.first);
  if (fields_.size() != columns_) return;
  std::vector<std::string> first(fields_.begin(), fields_.end());
  std::vector<bool> numeric(columns_, true), seen(columns_, false);
  for (const auto& [record, line] : sample_) {
    split(record);
    if (fields_.size() != columns_) continue;
    for (std::size_t c = 0; c < columns_; ++c) {
      const std::string_view cell = trim_blanks(fields_[c]);
      if (cell.empty() || is_missing_token(cell, opt_.missing)) continue;
      double v = 0;
      seen[c] = true;
      if (parse_number(cell, v, opt_.decimal) != NumberParse::ok) numeric[c] = false;
    }
  }
  std::size_t for_data = 0, for_header = 0;
  for (std::size_t c = 0; c < columns_; ++c) {
    if (!seen[c] || !numeric[c]) continue;
    double v = 0;
    (parse_number(trim_blanks(first[c]), v, opt_.decimal) == NumberParse::ok ? for_data
                                                                             : for_header)++;
  }
  if (for_header > 0 || for_data == 0) {
    notices_.push_back("the first line is read as the header");
    return;
  }
  opt_.header = false;
  for (std::size_t c = 0; c < columns_; ++c) column_names_[c] = "c" + std::to_string(c + 1);
  sample_.insert(sample_.begin(), first_record_);
  notices_.push_back("the first line is data (no header): columns are named c1..c" +
                     std::to_string(columns_));
}

// design.md 10.1: a decimal comma when the delimiter is not ',' and the sampled cells hold
// numbers written with one ("1,5") and none written with a decimal point ("1.5"; "1.500" may
// be thousands grouped, as a decimal comma goes with).
void CsvReader::decide_decimal() {
  if (opt_.decimal != 0) return;
  opt_.decimal = '.';
  if (opt_.delimiter == ',') return;
  std::size_t with_comma = 0, with_point = 0;
  std::string example;
  for (const auto& [record, line] : sample_) {
    split(record);
    for (std::string_view field : fields_) {
      const std::string_view cell = trim_blanks(field);
      double v = 0;
      const auto reads = [&](char decimal) {
        return parse_number(cell, v, decimal) == NumberParse::ok ||
               parse_formatted_number(cell, v, decimal) == NumberParse::ok;
      };
      // A number that reads with one separator and not the other says which the file uses:
      // "1,5", "2.679,58 €" and "4,8 %" a comma; "1.5" and "$1,200.50" a point; "1.500" and
      // "$1,200" either (thousands grouped), so they say nothing. A plain "1,5" counts even
      // though it would read as thousands grouped with a point ("1,500").
      if (cell.find(',') != std::string_view::npos &&
          (parse_number(cell, v, ',') == NumberParse::ok || (reads(',') && !reads('.')))) {
        if (with_comma++ == 0) example = std::string(cell);
      } else if (cell.find('.') != std::string_view::npos && reads('.') && !reads(',')) {
        ++with_point;
      }
    }
  }
  if (with_comma == 0 || with_point > 0) return;
  opt_.decimal = ',';
  notices_.push_back("numbers are read with a decimal comma, as the sampled rows write them (" +
                     quote_cell(example) + "; option decimal, CLI --decimal)");
}

std::string CsvReader::column_list() const {
  std::string names;
  for (std::size_t c = 0; c < columns_; ++c) names += (c ? ", " : "") + column_names_[c];
  return names;
}

Status CsvReader::sample_or_build(std::string_view record, std::uint64_t line, RowBlock& out,
                                  bool& held) {
  held = false;
  if (from_model() || opt_.sample_rows == 0) return build_schema();
  sample_.emplace_back(std::string(record), line);
  if (sample_.size() < opt_.sample_rows) {
    held = true;
    return Status::ok();
  }
  held = true;
  return flush_sample(out);
}

Status CsvReader::flush_sample(RowBlock& out) {
  Status st = build_schema();
  if (!st) return st;
  std::vector<std::pair<std::string, std::uint64_t>> sample;
  sample.swap(sample_);
  for (const auto& [record, line] : sample) {
    split(record);
    st = process_fields(line, out);
    if (!st) return st;
  }
  return Status::ok();
}

// The schema (design.md 10.1): each column's role, the numeric features, the encoder of the
// categorical and text columns, from the options, the model read, or the sample's cells.
Status CsvReader::build_schema() {
  decide_decimal();
  if (opt_.detect_header && opt_.header) {
    decide_header();
    if (!opt_.header) {
      Status st = resolve_label();
      if (!st) return st;
    }
  }
  const std::vector<std::vector<std::string>> cells = sample_cells();
  std::vector<bool> set(columns_, false);
  Status st = apply_role_options(set);
  if (st) pass_over_trailing_empty_column(cells, set);
  if (st) assign_roles(cells, set, from_model());
  if (st) st = choose_features(from_model());
  if (st) st = build_encoder(from_model());
  if (!st) return st;
  if (feature_cols_.empty() && encoder_.columns() == 0) {
    std::string ignored;
    for (std::size_t c = 0; c < columns_; ++c)
      if (!has_label_ || c != label_col_)
        ignored += (ignored.empty() ? "" : ", ") + column_names_[c];
    return stop(Status::error("no column is a feature: every column but the label is ignored (" +
                              ignored + "); set a column's role"));
  }
  // The fast path reads every cell that scans as a number as that number: a missing-value
  // token that is one ("-999") is only seen by the careful path, which then reads every row.
  fast_path_ = encoder_.columns() == 0 &&
               std::none_of(opt_.missing.begin(), opt_.missing.end(), [this](const std::string& t) {
                 double v = 0;
                 return parse_number(t, v, opt_.decimal) == NumberParse::ok;
               });
  slot_of_col_.assign(columns_, -1);
  for (std::size_t j = 0; j < feature_cols_.size(); ++j)
    slot_of_col_[feature_cols_[j]] = static_cast<int>(j);
  if (has_label_) slot_of_col_[label_col_] = -2;
  leading_features_ = 0;
  while (leading_features_ + 1 < columns_ &&
         slot_of_col_[leading_features_] == static_cast<int>(leading_features_))
    ++leading_features_;
  if (!from_model() && opt_.positive.empty() && has_label_) choose_positive(cells[label_col_]);
  // design.md 10.1: a headerless file read with a header loses its first row; when the label
  // column's name is one of its own values (raw Adult: '<=50K'), the first line was a row.
  if (opt_.header && !opt_.detect_header && !from_model() && has_label_ && !header_all_numbers_ &&
      std::find(cells[label_col_].begin(), cells[label_col_].end(), label_name_) !=
          cells[label_col_].end())
    notices_.push_back("the label column's name " + quote_cell(label_name_) +
                       " is also one of its values: if the file has no header, give --no-header "
                       "(JS header: false, or 'auto' to decide), or its first row is not learned "
                       "from");
  schema_ready_ = true;
  return Status::ok();
}

// The sample's cells, column by column (records of the wrong width are left out here and
// reported when they are read).
std::vector<std::vector<std::string>> CsvReader::sample_cells() {
  std::vector<std::vector<std::string>> cells(columns_);
  for (const auto& [record, line] : sample_) {
    split(record);
    if (fields_.size() != columns_) continue;
    for (std::size_t c = 0; c < columns_; ++c) cells[c].emplace_back(trim_blanks(fields_[c]));
  }
  return cells;
}

// The roles the options set by column name (`set` marks them), checked.
Status CsvReader::apply_role_options(std::vector<bool>& set) {
  role_of_col_.assign(columns_, ColumnRole::ignore);
  form_of_col_.assign(columns_, NumberForm{});
  column_info_.assign(columns_, ColumnInfo{});
  for (const RoleOverride& o : opt_.roles) {
    std::size_t c = 0;
    while (c < columns_ && column_names_[c] != o.column) ++c;
    if (c == columns_) {
      return stop(
          Status::error("a role is set for the column '" + o.column +
                        "', which the file does not have; the columns are: " + column_list()));
    }
    if (has_label_ && c == label_col_) {
      return stop(Status::error("the column '" + o.column + "' is the label; it cannot be " +
                                role_name(o.role)));
    }
    role_of_col_[c] = o.role;
    column_info_[c].reason = "set by option";
    set[c] = true;
  }
  return Status::ok();
}

// design.md 10.1: a delimiter at the end of every line (some exporters write one) makes a last
// column with no name and no value, which was taken for the label when none is named ("the
// label is missing" on the first row). The label is then the column before it; it is ignored.
void CsvReader::pass_over_trailing_empty_column(const std::vector<std::vector<std::string>>& cells,
                                                std::vector<bool>& set) {
  const std::size_t last = columns_ - 1;
  // "-1" names the last column: the last with a name or a value, as a user means it.
  if ((!opt_.label.empty() && opt_.label != "-1") || from_model() || !has_label_ || columns_ < 3 ||
      label_col_ != last || set[last - 1] || (opt_.header && !last_column_unnamed_) ||
      cells[last].empty())
    return;
  for (const std::string& cell : cells[last])
    if (!cell.empty()) return;
  label_col_ = last - 1;
  label_name_ = column_names_[label_col_];
  role_of_col_[last] = ColumnRole::ignore;
  column_info_[last].reason = "no name and no value: a delimiter at the end of every line";
  set[last] = true;
  notices_.push_back(
      "the last column has no name and no value (a delimiter at the end of every "
      "line): it is ignored, and the label is " +
      quote_cell(label_name_));
}

// Every other column's role: the label, the model's (when resuming or scoring), or inferred
// from the sample's cells.
void CsvReader::assign_roles(const std::vector<std::vector<std::string>>& cells,
                             const std::vector<bool>& set, bool from_model) {
  std::vector<std::string_view> views;
  for (std::size_t c = 0; c < columns_; ++c) {
    column_info_[c].name = column_names_[c];
    if (has_label_ && c == label_col_) {
      role_of_col_[c] = ColumnRole::label;
      column_info_[c].reason = "the label column";
    } else if (from_model) {
      role_of_col_[c] = ColumnRole::ignore;
      column_info_[c].reason = "not used by the model";
      for (const auto& col : opt_.encoded.columns)
        if (col.name == column_names_[c]) {
          role_of_col_[c] = col.text ? ColumnRole::text : ColumnRole::categorical;
          column_info_[c].reason = "as in the model";
        }
    } else if (!set[c]) {
      views.assign(cells[c].begin(), cells[c].end());
      InferredColumn inferred = infer_role(views, opt_.missing, opt_.decimal);
      role_of_col_[c] = inferred.role;
      column_info_[c].reason = inferred.reason;
      if (inferred.role == ColumnRole::ignore)
        notices_.push_back("column '" + column_names_[c] + "' is ignored: " + inferred.reason);
      if (!(inferred.form == NumberForm{})) {  // design.md 10.1: said, as it changes values
        form_of_col_[c] = inferred.form;
        notices_.push_back("column '" + column_names_[c] + "' is numeric: " + inferred.reason);
      }
    }
    column_info_[c].role = role_of_col_[c];
  }
}

// Numeric features: the model's, by name and in its order; else the numeric columns.
Status CsvReader::choose_features(bool from_model) {
  feature_cols_.clear();
  feature_names_.clear();
  if (from_model) {
    for (const std::string& name : opt_.features) {
      std::size_t c = 0;
      while (c < columns_ && (column_names_[c] != name || (has_label_ && c == label_col_))) ++c;
      if (c == columns_ && has_label_ && column_names_[label_col_] == name)
        return stop(Status::error("the column '" + name +
                                  "' is one of the model's features; it cannot be the label "
                                  "(option label, CLI --label)"));
      if (c == columns_) {
        return stop(Status::error("the file has no column '" + name +
                                  "', which the model needs; the columns are: " + column_list()));
      }
      role_of_col_[c] = column_info_[c].role = ColumnRole::numeric;
      column_info_[c].reason = "as in the model";
      for (const auto& [column, form] : opt_.number_forms)
        if (column == name) form_of_col_[c] = form;
      feature_cols_.push_back(c);
      feature_names_.push_back(name);
    }
  } else {
    for (std::size_t c = 0; c < columns_; ++c)
      if (role_of_col_[c] == ColumnRole::numeric) {
        feature_cols_.push_back(c);
        feature_names_.push_back(column_names_[c]);
      }
  }
  return Status::ok();
}

// The encoder of the categorical and text columns: the model's (its levels restored, frozen
// when scoring), else a new one.
Status CsvReader::build_encoder(bool from_model) {
  encoder_ = FeatureEncoder(from_model ? opt_.encoded.options : opt_.encoder, feature_cols_.size());
  encoded_of_col_.assign(columns_, 0);
  if (from_model) {
    for (const auto& col : opt_.encoded.columns) {
      std::size_t c = 0;
      while (c < columns_ && column_names_[c] != col.name) ++c;
      if (c == columns_) {
        return stop(Status::error("the file has no column '" + col.name +
                                  "', which the model needs; the columns are: " + column_list()));
      }
      encoded_of_col_[c] =
          col.text ? encoder_.add_text(col.name) : encoder_.add_categorical(col.name);
    }
    Status st = encoder_.restore(opt_.encoded.features);
    if (!st) return Status::error("the model's encoder: " + st.message());
    encoder_.freeze(opt_.freeze_encoder);
  } else {
    for (std::size_t c = 0; c < columns_; ++c) {
      if (role_of_col_[c] == ColumnRole::categorical)
        encoded_of_col_[c] = encoder_.add_categorical(column_names_[c]);
      else if (role_of_col_[c] == ColumnRole::text)
        encoded_of_col_[c] = encoder_.add_text(column_names_[c]);
    }
  }
  return Status::ok();
}

void CsvReader::choose_positive(const std::vector<std::string>& labels) {
  // design.md 10.4: numbers 1 and 0 (or -1) keep the numeric rule; otherwise a value named like
  // the positive class, else the sample's minority class.
  std::vector<std::pair<std::string, std::size_t>> counts;
  bool numeric = true;
  for (const std::string& raw : labels) {
    const std::string_view v = trim_label(raw);
    if (v.empty() || is_missing_token(v, opt_.missing)) continue;  // a missing label
    double x = 0;
    if (parse_number(v, x) != NumberParse::ok || (x != 1 && x != 0 && x != -1)) numeric = false;
    std::size_t k = 0;
    while (k < counts.size() && counts[k].first != v) ++k;
    if (k == counts.size()) {
      if (counts.size() == 3) continue;  // a third value: reported row by row
      counts.emplace_back(std::string(v), 0);
    }
    ++counts[k].second;
  }
  if (numeric || counts.empty()) return;
  const auto lower = [](std::string s) {
    for (char& c : s)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
  };
  std::size_t pick = counts.size();
  for (std::size_t k = 0; k < counts.size() && pick == counts.size(); ++k)
    for (const char* name : {"1", "yes", "y", "true", "positive", "pos"})
      if (lower(counts[k].first) == name) pick = k;
  std::string why;
  if (pick < counts.size()) {
    why = "it reads as the positive class";
  } else {
    pick = 0;
    for (std::size_t k = 1; k < counts.size(); ++k)
      if (counts[k].second < counts[pick].second) pick = k;
    why = counts.size() == 1
              ? "the only label of the first " + std::to_string(labels.size()) +
                    " rows (the file may be sorted by class): any other value is the negative "
                    "class"
              : "the minority class of the first " + std::to_string(labels.size()) + " rows (" +
                    std::to_string(counts[pick].second) + " rows)";
  }
  labels_ = LabelMap(counts[pick].first, false);
  notices_.push_back("positive class '" + counts[pick].first + "': " + why +
                     "; set the positive class to choose another");
}

void CsvReader::keep_for_preview() {
  if (kept_rows_.size() < opt_.keep_rows) {
    kept_rows_.emplace_back();
    for (std::string_view f : fields_) kept_rows_.back().emplace_back(trim_blanks(f));
  }
  if (has_label_ && rows_ + skipped_ < std::max<std::size_t>(opt_.sample_rows, 1))
    ++label_counts_[std::string(trim_label(fields_[label_col_]))];
}

std::vector<std::pair<std::string, NumberForm>> CsvReader::number_forms() const {
  std::vector<std::pair<std::string, NumberForm>> forms;
  for (std::size_t j = 0; j < feature_cols_.size(); ++j)
    if (!(form_of_col_[feature_cols_[j]] == NumberForm{}))
      forms.emplace_back(feature_names_[j], form_of_col_[feature_cols_[j]]);
  return forms;
}

std::vector<std::string> CsvReader::feature_names() const {
  std::vector<std::string> names = feature_names_;
  for (const EncodedFeature& f : encoder_.features()) names.push_back(f.name);
  return names;
}

EncodedSchema CsvReader::encoded_schema() const {
  EncodedSchema s;
  if (encoder_.columns() == 0) return s;
  s.options = encoder_.options();
  for (std::uint32_t c = 0; c < encoder_.columns(); ++c)
    s.columns.push_back({encoder_.column_name(c), encoder_.column_is_text(c)});
  s.features = encoder_.features();
  return s;
}

void append_rows(RowBlock& to, const RowBlock& from) {
  if (from.size() == 0) return;
  if (to.size() == 0) {
    to.dims = from.dims;
    to.sparse = from.sparse;
  }
  const std::size_t before = to.size();
  to.x.append(from.x.begin(), from.x.end());
  to.y.insert(to.y.end(), from.y.begin(), from.y.end());
  to.line.insert(to.line.end(), from.line.begin(), from.line.end());
  if (to.encoded() || from.encoded()) {
    if (to.tail_offset.empty()) to.tail_offset.assign(before + 1, 0);
    const std::size_t base = to.tail_index.size();
    to.tail_index.insert(to.tail_index.end(), from.tail_index.begin(), from.tail_index.end());
    to.tail_value.insert(to.tail_value.end(), from.tail_value.begin(), from.tail_value.end());
    for (std::size_t i = 0; i < from.size(); ++i)
      to.tail_offset.push_back(base + (from.encoded() ? from.tail_offset[i + 1] : 0));
  }
  to.width = std::max(to.width, from.width);
}

std::string_view CsvReader::trim_label(std::string_view cell) const {
  cell = trim_blanks(cell);
  if (opt_.label_trim.empty()) return cell;
  while (!cell.empty() && opt_.label_trim.find(cell.front()) != std::string::npos)
    cell.remove_prefix(1);
  while (!cell.empty() && opt_.label_trim.find(cell.back()) != std::string::npos)
    cell.remove_suffix(1);
  return cell;
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
  return labels_.map(label, y, error) ? Status::ok() : row_error(line, label_col_ + 1, error);
}

template <bool kNewlineAhead, char kDecimal>
std::size_t CsvReader::read_plain_row(const char* const begin, const char* const end,
                                      RowBlock& out) {
  const auto more = [end](const char* at) { return kNewlineAhead || at != end; };
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  const char* p = begin;
  int y = 0;
  std::size_t c = 0;
  std::uint64_t missing = 0;
  // An empty cell is a missing value, as the careful path reads it (process_fields): NaN,
  // counted. Files with a few empty cells would otherwise send every such row the careful way.
  const auto empty_cell = [&](const char* at, char stop, double& cell) {
    if (!more(at) || *at != stop) return false;
    cell = std::numeric_limits<double>::quiet_NaN();
    ++missing;
    return true;
  };
  // The leading columns that are features in file order (usually all but the label): a loop
  // with nothing to decide per cell.
  const char delimiter = opt_.delimiter;
  for (const std::size_t lead = leading_features_; c < lead; ++c) {
    const char* q = scan_number<kNewlineAhead, kDecimal>(p, end, dst[c]);
    if (!q && empty_cell(p, delimiter, dst[c])) q = p;
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
      const char* q = scan_number<kNewlineAhead, kDecimal>(p, end, dst[slot]);
      if (!q && empty_cell(p, stop, dst[slot])) q = p;
      if (!q) break;  // blank, not a number, or not finite: the careful way says which
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
  label_runs_.add(y);
  missing_ += missing;
  return static_cast<std::size_t>(p - begin);
}

template <char kDecimal>
std::size_t CsvReader::read_plain_row(const char* begin, const char* end, bool newline_ahead,
                                      RowBlock& out) {
  return newline_ahead ? read_plain_row<true, kDecimal>(begin, end, out)
                       : read_plain_row<false, kDecimal>(begin, end, out);
}

Status CsvReader::process(std::string_view rec, std::uint64_t line, RowBlock& out) {
  if (line == 1 && rec.size() >= 3 && std::memcmp(rec.data(), "\xEF\xBB\xBF", 3) == 0)
    rec.remove_prefix(3);  // UTF-8 byte-order mark
  if (!rec.empty() && rec.back() == '\r') rec.remove_suffix(1);
  if (line <= opt_.skip_lines) return Status::ok();
  if (opt_.comment != 0 && !rec.empty() && rec.front() == opt_.comment) return Status::ok();
  if (trim_blanks(rec).empty()) return Status::ok();  // blank line
  if (opt_.delimiter == 0) return hold_for_delimiter(rec, line, out);
  if (!header_read_) {
    first_line_ = line;
    split(rec);
    Status st = read_header(line);
    if (opt_.detect_header) first_record_ = {std::string(rec), line};
    if (!st || opt_.header) return st;
  }
  if (!schema_ready_) {
    bool held = false;
    Status st = sample_or_build(rec, line, out, held);
    if (!st || held) return st;
  }
  split(rec);
  return process_fields(line, out);
}

namespace {
// Records enough to tell a title line or a stray character from the delimiter when the first
// ones do not split alike, and a bound on what is held for it when records are long.
constexpr std::size_t kDelimiterRecords = 10;
constexpr std::size_t kDelimiterBytes = 1 << 16;
}  // namespace

bool CsvReader::from_model() const {
  return !opt_.features.empty() || !opt_.encoded.columns.empty();
}

std::vector<std::string_view> CsvReader::delimiter_records() const {
  std::vector<std::string_view> records;
  for (const auto& [record, line] : delimiter_sample_) records.emplace_back(record);
  return records;
}

Status CsvReader::hold_for_delimiter(std::string_view rec, std::uint64_t line, RowBlock& out) {
  delimiter_sample_.emplace_back(std::string(rec), line);
  delimiter_sample_bytes_ += rec.size();
  // Settled as soon as the last two records split alike (at least two fields) at the delimiter
  // the records held give: a header and its first row usually, so that rows come out as they
  // are read; a title line above them waits for the next.
  const std::vector<std::string_view> records = delimiter_records();
  const std::size_t n = records.size();
  const char d = detect_delimiter(records, opt_.decimal);
  const bool alike = n >= 2 && count_fields(records[n - 1], d) >= 2 &&
                     count_fields(records[n - 1], d) == count_fields(records[n - 2], d);
  if (!alike && n < kDelimiterRecords && delimiter_sample_bytes_ < kDelimiterBytes)
    return Status::ok();
  return settle_delimiter(out);
}

// Detects the delimiter from the records held, then reads them as they came. Called when
// enough are held, and before anything that must see them read first (the end of the input,
// a record too long).
Status CsvReader::settle_delimiter(RowBlock& out) {
  opt_.delimiter = detect_delimiter(delimiter_records(), opt_.decimal);
  std::vector<std::pair<std::string, std::uint64_t>> held;
  held.swap(delimiter_sample_);
  delimiter_sample_bytes_ = 0;
  for (const auto& [record, line] : held) {
    Status st = process(record, line, out);
    if (!st) return st;
  }
  return Status::ok();
}

Status CsvReader::process_fields(std::uint64_t line, RowBlock& out) {
  if (fields_.size() != columns_) {
    const std::size_t col = fields_.size() < columns_ ? fields_.size() + 1 : columns_ + 1;
    // The first row longer than the first record (a title? kTitleLineHint), or not split at
    // all (the delimiter given wrong?).
    const bool first = rows_ == 0 && skipped_ == 0;
    const bool longer = first && fields_.size() > columns_;
    const bool unsplit = first && fields_.size() == 1;
    std::string what = "expected " + std::to_string(columns_) + " fields";
    if (longer || unsplit)
      what += std::string(" (as ") + (opt_.header ? "the header" : "the first row") + " on line " +
              std::to_string(first_line_) + " has)";
    what += ", found " + std::to_string(fields_.size());
    if (unsplit)
      what += ": is the delimiter '" + std::string(1, opt_.delimiter) +
              "'? (option delimiter, CLI --delimiter)";
    else if (longer)
      what += std::string(": ") + kTitleLineHint;
    return row_error(line, col, what);
  }
  if (opt_.keep_rows > 0) keep_for_preview();
  out.dims = dims();
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  std::uint64_t missing = 0;
  int y = 0;
  if (has_label_) {
    Status st = map_label(fields_[label_col_], line, y);
    if (!st || y == 0) {
      out.x.resize(row_start);
      return st;
    }
  }
  for (std::size_t c : feature_cols_) {
    const std::string_view cell = trim_blanks(fields_[c]);
    double v = std::numeric_limits<double>::quiet_NaN();
    if (cell.empty() || missing_tokens_.contains(cell) ||
        is_missing_token(cell, form_of_col_[c].missing)) {
      ++missing;
    } else {
      // design.md 10.1: a number as a spreadsheet formats it is a number in any numeric column,
      // whether or not the sampled rows showed one ("3,202" after a thousand rows under 1,000;
      // a column set numeric by the user).
      NumberParse r = parse_number(cell, v, opt_.decimal);
      if (r == NumberParse::not_a_number) r = parse_formatted_number(cell, v, opt_.decimal);
      if (r != NumberParse::ok) {
        out.x.resize(row_start);
        double comma = 0;  // "1,5" where the file was read with a decimal point
        const bool decimal_comma = r == NumberParse::not_a_number && opt_.decimal == '.' &&
                                   opt_.delimiter != ',' &&
                                   parse_number(cell, comma, ',') == NumberParse::ok;
        return row_error(
            line, c + 1,
            quote_cell(cell) +
                (r == NumberParse::not_finite ? " is not a finite number" : " is not a number") +
                (decimal_comma ? " (a decimal comma? option decimal, CLI --decimal ,)"
                 : r == NumberParse::not_a_number && !has_digit(cell)
                     ? " (if it marks a missing value: option missing, CLI --na)"
                     : ""));
      }
    }
    *dst++ = v;
  }
  if (encoder_.columns()) {
    tail_.clear();
    for (std::size_t c = 0; c < columns_; ++c) {
      const ColumnRole role = role_of_col_[c];
      if (role != ColumnRole::categorical && role != ColumnRole::text) continue;
      const std::string_view cell = trim_blanks(fields_[c]);
      if (cell.empty() || missing_tokens_.contains(cell)) {
        ++missing;  // design.md 10.2: a missing category is no active level
        continue;
      }
      if (role == ColumnRole::text)
        encoder_.encode_text(encoded_of_col_[c], cell, tail_);
      else
        encoder_.encode_categorical(encoded_of_col_[c], cell, tail_);
    }
    FeatureEncoder::finish_row(tail_);
    if (out.tail_offset.empty()) out.tail_offset.assign(out.size() + 1, 0);
    for (const auto& [index, value] : tail_) {
      out.tail_index.push_back(index);
      out.tail_value.push_back(value);
    }
    out.tail_offset.push_back(out.tail_index.size());
  }
  out.width = width();
  out.y.push_back(static_cast<std::int8_t>(y));
  out.line.push_back(line);
  ++rows_;
  if (y > 0) ++positives_;
  label_runs_.add(y);
  missing_ += missing;
  return Status::ok();
}

std::vector<std::string> CsvReader::warnings(bool label_runs) const {
  std::vector<std::string> w;
  if (schema_ready_ && rows_ == 0 && skipped_ == 0)
    w.push_back("the input has a header but no data rows");
  if (rows_ > 0 && positives_ == 0 && !opt_.positive.empty())
    w.push_back("no row has " + quote_cell(opt_.positive) +
                ", the positive class named (option 'positive', CLI --positive): all " +
                std::to_string(rows_) + " rows are " + quote_cell(labels_.negative_label()) +
                ", so the model cannot separate classes");
  else if (rows_ > 0 && (positives_ == 0 || positives_ == rows_))
    w.push_back("only one class in " + std::to_string(rows_) + " rows (all " +
                (positives_ ? "positive" : "negative") +
                "): progressive error is meaningful, but the model cannot separate classes");
  if (const std::string runs = label_runs ? label_runs_.warning() : ""; !runs.empty())
    w.push_back(runs);
  if (skipped_ > 0)
    w.push_back(std::to_string(skipped_) + " bad rows skipped (the first " +
                std::to_string(errors_.size()) + " are listed)");
  return w;
}

}  // namespace onepass
