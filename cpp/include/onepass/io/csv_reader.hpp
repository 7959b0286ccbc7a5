// Streaming CSV reader: bytes arrive in chunks of any size (a row, a number or a "\r\n" may be
// split between chunks); complete rows come out as dense feature vectors with labels in
// {-1,+1} (spec 1.1). Header row, label column by name or index, quoted fields (RFC 4180, with
// "" for a quote and line breaks inside quotes), LF or CRLF, a UTF-8 byte-order mark, blank
// lines skipped. An empty cell is a missing value (NaN, counted). A bad row (wrong number of
// fields, a cell that is not a finite number, a missing or third label value) gives an error
// naming its line and column; the caller chooses to stop there or to skip and count it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "onepass/core/status.hpp"
#include "onepass/io/label_map.hpp"
#include "onepass/io/row_error.hpp"

namespace onepass {

struct CsvOptions {
  char delimiter = ',';
  bool header = true;
  // Label column: a header name, or a 0-based index ("-1" is the last). Empty: the last column.
  std::string label;
  // The label value of the positive class. Empty: labels must be numbers, 1 is positive and
  // 0 or -1 negative (spec 1.1).
  std::string positive;
  ErrorPolicy on_error = ErrorPolicy::stop;
  std::size_t max_messages = 100;  // error messages kept (all are counted)
  // Features by header name, in this order (a model's schema); other columns are ignored.
  // Empty: every column but the label, in file order.
  std::vector<std::string> features;
  // A file without the label column (named by `label`) is read with label 0 on every row
  // (for predicting); otherwise that is an error.
  bool label_optional = false;
};

// A std::allocator whose resize leaves new values uninitialised (the reader writes every value
// of a row it adds; zeroing them first was a memset per row).
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <class U>
  UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// Rows parsed from one or more chunks, row-major.
struct RowBlock {
  std::size_t dims = 0;
  std::vector<double, UninitialisedAllocator<double>> x;
  std::vector<std::int8_t> y;
  std::vector<std::uint64_t> line;
  std::size_t size() const { return y.size(); }
  const double* row(std::size_t i) const { return x.data() + i * dims; }
  void clear() {
    x.clear();
    y.clear();
    line.clear();
  }
};

class CsvReader {
 public:
  explicit CsvReader(CsvOptions options) : opt_(std::move(options)), labels_(opt_.positive) {}

  // Appends the complete rows of this chunk to out and keeps a partial record for the next.
  // With ErrorPolicy::stop the first bad row ends the stream: its error is returned (now and by
  // every later call), the rows before it are in out. Header errors always stop.
  Status feed(const char* data, std::size_t size, RowBlock& out);
  // End of input: parses a last record that has no line break.
  Status finish(RowBlock& out);

  bool has_schema() const { return schema_ready_; }
  std::size_t dims() const { return feature_names_.size(); }
  const std::vector<std::string>& feature_names() const { return feature_names_; }
  const std::string& label_name() const { return label_name_; }
  std::size_t label_column() const { return label_col_; }  // 0-based, in the file
  bool has_label() const { return has_label_; }

  std::uint64_t rows() const { return rows_; }
  std::uint64_t positives() const { return positives_; }
  std::uint64_t skipped() const { return skipped_; }
  std::uint64_t missing_cells() const { return missing_; }
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t lines() const { return next_line_ - 1; }
  const std::vector<RowError>& errors() const { return errors_; }
  // What the labels turned out to be: "1" / "0" or the two strings seen.
  std::string positive_label() const { return labels_.positive_label(); }
  std::string negative_label() const { return labels_.negative_label(); }
  // Conditions worth telling the user that are not row errors (empty file, one class only).
  std::vector<std::string> warnings() const;
  bool finished() const { return finished_; }

 private:
  Status process(std::string_view record, std::uint64_t line, RowBlock& out);
  // The fast path: one pass over a plain row at the start of [begin, end) (no quotes, no blanks
  // or empty cells, the right number of well-formed numbers, its line break in this chunk).
  // Returns the bytes it used, line break included, with the row added to `out`; 0 leaves
  // everything as it was, for the careful way (process) to read the record and name any error.
  // kNewlineAhead: a '\n' lies between begin and end (no end check per character).
  template <bool kNewlineAhead>
  std::size_t read_plain_row(const char* begin, const char* end, RowBlock& out);
  Status read_header(std::uint64_t line);
  void split(std::string_view record);
  Status row_error(std::uint64_t line, std::size_t column, const std::string& what);
  Status map_label(std::string_view cell, std::uint64_t line, int& y);
  std::string column_name(std::size_t file_col) const;

  CsvOptions opt_;
  bool schema_ready_ = false, finished_ = false, failed_ = false;
  Status failure_ = Status::ok();
  std::vector<std::string> feature_names_;
  std::vector<std::string> column_names_;
  std::string label_name_;
  std::size_t label_col_ = 0, columns_ = 0;
  bool has_label_ = true;
  std::vector<std::size_t> feature_cols_;  // file column of each feature
  std::vector<int> slot_of_col_;      // per file column: its feature index, -1 ignored, -2 label
  std::size_t leading_features_ = 0;  // columns 0.. that are features 0.., the last excepted

  std::string pending_;               // bytes of a record not yet complete
  bool in_quotes_ = false;            // quote state at the end of pending_
  std::uint64_t pending_breaks_ = 0;  // line breaks inside quotes in pending_
  std::uint64_t next_line_ = 1;
  std::vector<std::string_view> fields_;
  std::string unquoted_;  // storage of unescaped quoted fields

  LabelMap labels_;
  std::uint64_t rows_ = 0, positives_ = 0, skipped_ = 0, missing_ = 0, bytes_ = 0;
  std::vector<RowError> errors_;
};

}  // namespace onepass
