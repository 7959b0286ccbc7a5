// CsvReader's record splitting and row decoding, the path every row takes; what it decides from
// the first rows (its schema) is csv_schema.cpp's, and reading a buffer apart csv_read_apart.cpp's.
#include "io/csv_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "core/find_byte.hpp"
#include "core/parse_number.hpp"
#include "io/csv_resync.hpp"

#include <fast_float/fast_float.h>

namespace onepass {

namespace {

// "3 lines passed over", for the message of a stray quote's bad row.
std::string lines_passed_over(std::uint64_t lines) {
  return std::to_string(lines) + (lines == 1 ? " line" : " lines") + " passed over";
}

}  // namespace

Status CsvReader::feed(const char* data, std::size_t size, RowBlock& out) {
  if (failed_ || finished_) return refuse_input("CSV");
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
  // A record pending from the chunks before joins this one; after a stray quote, reading on
  // may leave another pending (record_too_long), which joins it in turn.
  while (!pending_.empty()) {
    const std::size_t end =
        find_record_end(data, size, pos, quote_, opt_.delimiter, pending_breaks_);
    const std::size_t stop = end == std::string_view::npos ? size : end;
    if (pending_.size() + stop - pos > opt_.max_record_bytes) {
      Status st = record_too_long(data, size, pos, end, pos, out);
      if (!st) return st;
      continue;
    }
    if (end == std::string_view::npos) {
      pending_.append(data + pos, size - pos);
      return Status::ok();
    }
    pending_.append(data + pos, end - pos);
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
  if (failed_ || finished_) return repeat_end();
  finished_ = true;
  // A quoted field open at the end: under skip, reading goes on at the line after its quote's
  // (io/csv_resync.hpp), which may leave another record pending.
  while (!pending_.empty() && quote_.in_quotes()) {
    if (!delimiter_sample_.empty()) {  // the records held are read first
      Status st = settle_delimiter(out);
      if (!st) return st;
    }
    if (header_read_ && !schema_ready_) {  // the rows held for the sample are read first
      Status st = flush_sample(out);
      if (!st) return st;
    }
    const OpenQuote quote = find_open_quote({pending_}, opt_.delimiter);
    std::string what = "a quoted field is not closed before the end of the input";
    const std::uint64_t line = next_line_ + quote.line, passed = quote.line + 1;
    if (quote.restart == std::string_view::npos || opt_.on_error != ErrorPolicy::skip ||
        !header_read_)
      return row_error(line, quote.field, what);
    next_line_ += passed;
    Status st = row_error(
        line, quote.field,
        what + "; read on at line " + std::to_string(next_line_) + ", " + lines_passed_over(passed),
        true);
    skipped_ += passed - 1;
    const std::string again = pending_.substr(quote.restart);
    pending_.clear();
    quote_.reset();
    pending_breaks_ = 0;
    if (st) st = feed_rest(again.data(), again.size(), 0, out);
    if (!st) return st;
  }
  if (!pending_.empty()) {
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
  // One stray quote made the rest of the stream one record. A record is bounded: the
  // record is pending_ then data[from, ...); its bytes past the bound are never kept. The error
  // names where a quote that never closed opened; under skip, reading goes on at the line after
  // that quote's (io/csv_resync.hpp), else after the record when it ends in this chunk, else at
  // the next line break after the bound.
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
  std::string what = "a record longer than " + std::to_string(opt_.max_record_bytes) +
                     " bytes (option maxRecordBytes, CLI --max-record-bytes)";
  const OpenQuote quote = find_open_quote({pending_, tail}, opt_.delimiter);
  if (quote.open) what += ": the quoted field that opens here is not closed within them";
  const std::uint64_t line = first_line + (quote.open ? quote.line : 0);
  const std::size_t column = quote.open ? quote.field : 0;
  if (quote.open && quote.restart != std::string_view::npos && opt_.on_error == ErrorPolicy::skip &&
      header_read_) {
    // The record's lines up to the quote's are one bad row, each counted as skipped; reading
    // goes on at the next line, in pending_ (read again, then this chunk from `from`) or here.
    const std::uint64_t passed = quote.line + 1;
    next_line_ = first_line + passed;
    Status st = row_error(
        line, column,
        what + "; read on at line " + std::to_string(next_line_) + ", " + lines_passed_over(passed),
        true);
    skipped_ += passed - 1;
    quote_.reset();
    pending_breaks_ = 0;
    if (quote.restart >= have) {
      resume = from + (quote.restart - have);
      pending_ = std::string();
      return st;
    }
    const std::string again = pending_.substr(quote.restart);
    pending_ = std::string();
    resume = from;
    return feed_rest(again.data(), again.size(), 0, out);
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

template <bool kNewlineAhead, char kDecimal>
std::size_t CsvReader::read_plain_row(const char* const begin, const char* const end,
                                      RowBlock& out) {
  const auto more = [end](const char* at) { return kNewlineAhead || at != end; };
  const char delimiter = opt_.delimiter;
  // The blanks trim_blanks takes off a cell (never the delimiter: a tab-separated file's cells
  // have no tab to trim).
  const auto skip_blanks = [&](const char* at) {
    while (more(at) && (*at == ' ' || *at == '\t') && *at != delimiter) ++at;
    return at;
  };
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  const char* p = begin;
  int y = 0;
  double target = std::numeric_limits<double>::quiet_NaN();  // none: a file without labels
  std::size_t c = 0;
  std::uint64_t missing = 0;
  // A numeric cell: its number between blanks, or nothing (a missing value, as the careful
  // path reads it: NaN, counted; files with a few empty cells would otherwise send every such
  // row the careful way). Returns where the cell ends (at `stop`), or nullptr for the careful
  // way (not a number, not finite, a quote, or a '\r' not at the record's end).
  const auto number_cell = [&](const char* at, char stop, bool last, double& cell) -> const char* {
    at = skip_blanks(at);
    const char* q = scan_number<kNewlineAhead, kDecimal>(at, end, cell);
    if (!q) {
      if (!more(at) || *at != stop) return nullptr;
      cell = std::numeric_limits<double>::quiet_NaN();
      ++missing;
      return at;
    }
    q = skip_blanks(q);
    if (last && more(q) && *q == '\r') ++q;
    return more(q) && *q == stop ? q : nullptr;
  };
  // The leading columns that are features in file order (usually all but the label): a loop
  // with nothing to decide per cell.
  for (const std::size_t lead = leading_features_; c < lead; ++c) {
    const char* q = number_cell(p, delimiter, false, dst[c]);
    if (!q) break;
    p = q + 1;
  }
  if (c < leading_features_) {
    out.x.resize(row_start);
    return 0;
  }
  EncodedCell* encoded = encoded_cells_.data();
  for (; c < columns_; ++c) {
    const bool last = c + 1 == columns_;
    const char stop = last ? '\n' : delimiter;
    const int slot = slot_of_col_[c];
    if (slot >= 0) {
      const char* q = number_cell(p, stop, last, dst[slot]);
      if (!q) break;
      p = q + 1;
      continue;
    }
    // The delimiter ends the last cell too: a row with a cell too many is the careful way's
    // to name (an ignored or encoded last column would take "a,b" whole).
    const char* q = find_first_of3(p, end, delimiter, '"', '\n');
    if (q == end || *q != stop) break;  // a quote, too few or too many cells
    std::string_view cell(p, static_cast<std::size_t>(q - p));
    if (last && !cell.empty() && cell.back() == '\r') cell.remove_suffix(1);
    p = q + 1;
    if (slot == kIgnoredSlot) continue;
    cell = trim_blanks(cell);
    if (slot == kDateSlot) {
      // A missing or bad date is the careful way's (it counts or names it).
      const DateColumn& date = date_cols_[date_of_col_[c]];
      DateValue v;
      if (!parse_date(cell, date.form.order, v)) break;
      date_features(v, date.form, dst + date.first);
      continue;
    }
    if (slot == kEncodedSlot) {
      encoded->data = cell.data();
      encoded->size = cell.size();
      encoded->column = c;
      ++encoded;
      continue;
    }
    // The header again (files joined into one) is the careful way's to name.
    if (opt_.header && cell == column_names_[label_col_]) break;
    if (task_ != Task::binary) {
      if (!plain_target(cell, target)) break;  // a new class or a bad target: the careful way
      continue;
    }
    if (labels_.known_digit(cell, y)) continue;
    if (cell.empty()) break;
    // A positive class or a negative label seen before, compared in place: map_label's answer
    // without its message scaffolding (docs/algorithms.md 1.1; a missing-value token is
    // map_label's to refuse).
    const std::string_view label = opt_.label_trim.empty() ? cell : trim_label(cell);
    if (!missing_tokens_.contains(label) && labels_.known_text(label, y)) continue;
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
  if (encoder_.columns()) {
    const std::size_t cells = static_cast<std::size_t>(encoded - encoded_cells_.data());
    if (encode_tail(cells, out, missing) != kNoColumn) {  // the careful way reports it
      out.x.resize(row_start);
      return 0;
    }
    out.width = width();
  }
  keep_label(out, y, target, next_line_);
  out.dims = dims();
  ++next_line_;
  missing_ += missing;
  return static_cast<std::size_t>(p - begin);
}

template <char kDecimal>
std::size_t CsvReader::read_plain_row(const char* begin, const char* end, bool newline_ahead,
                                      RowBlock& out) {
  return newline_ahead ? read_plain_row<true, kDecimal>(begin, end, out)
                       : read_plain_row<false, kDecimal>(begin, end, out);
}

bool record_is_read(std::string_view& rec, std::uint64_t line, const CsvOptions& opt) {
  if (line == 1 && rec.size() >= 3 && std::memcmp(rec.data(), "\xEF\xBB\xBF", 3) == 0)
    rec.remove_prefix(3);  // UTF-8 byte-order mark
  if (!rec.empty() && rec.back() == '\r') rec.remove_suffix(1);
  if (line <= opt.skip_lines) return false;
  if (opt.comment != 0 && !rec.empty() && rec.front() == opt.comment) return false;
  return !trim_blanks(rec).empty();  // not a blank line
}

Status CsvReader::process(std::string_view rec, std::uint64_t line, RowBlock& out) {
  if (!record_is_read(rec, line, opt_)) return Status::ok();
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

// The error of a record whose field count differs from the header's: the first row longer
// than the first record (a title? kTitleLineHint), or not split at all (the delimiter given
// wrong?).
Status CsvReader::wrong_width(std::uint64_t line) {
  const std::size_t col = fields_.size() < columns_ ? fields_.size() + 1 : columns_ + 1;
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

// The error of a numeric cell that is no number, with the likely cause when there is one.
Status CsvReader::not_a_number(std::uint64_t line, std::size_t c, std::string_view cell,
                               NumberParse r) {
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

Status CsvReader::process_fields(std::uint64_t line, RowBlock& out) {
  if (fields_.size() != columns_) return wrong_width(line);
  if (opt_.keep_rows > 0) keep_for_preview();
  out.dims = dims();
  const std::size_t row_start = out.x.size();
  out.x.resize(row_start + dims());
  double* dst = out.x.data() + row_start;
  std::uint64_t missing = 0;
  int y = 0;
  double target = std::numeric_limits<double>::quiet_NaN();  // none: a file without labels
  if (has_label_) {
    // Files joined into one repeat their header: said so, not blamed on a third label value.
    if (repeats_header()) {
      out.x.resize(row_start);
      return row_error(line, 0,
                       "the line repeats the header row (files joined into one?); option onError: "
                       "skip (CLI --skip-bad-rows) passes over such lines");
    }
    const std::uint64_t skipped = skipped_;  // a bad label skipped counts one more
    Status st = task_ == Task::binary ? map_label(fields_[label_col_], line, y)
                                      : map_target(fields_[label_col_], line, target);
    if (!st || (task_ == Task::binary ? y == 0 : skipped_ != skipped)) {
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
        return not_a_number(line, c, cell, r);
      }
    }
    *dst++ = v;
  }
  if (!date_cols_.empty()) {
    bool bad = false;
    Status st = read_dates(line, out.x.data() + row_start, missing, bad);
    if (bad) {
      out.x.resize(row_start);
      return st;  // ok when the bad row is skipped
    }
  }
  if (encoder_.columns()) {
    std::size_t cells = 0;
    for (std::size_t c = 0; c < columns_; ++c) {
      if (slot_of_col_[c] != kEncodedSlot) continue;
      const std::string_view cell = trim_blanks(fields_[c]);
      encoded_cells_[cells++] = {cell.data(), cell.size(), c};
    }
    if (const std::size_t refused = encode_tail(cells, out, missing); refused != kNoColumn) {
      out.x.resize(row_start);
      return beyond_task_weights(line, refused);
    }
  }
  out.width = width();
  keep_label(out, y, target, line);
  missing_ += missing;
  return Status::ok();
}

}  // namespace onepass
