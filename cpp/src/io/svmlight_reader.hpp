// Streaming svmlight / libsvm text: sparse rows (spec 1.4), one per line,
//   <label> <index>:<value> <index>:<value> ...   # an optional comment
// indices increasing along a line and counted from 1 (option index_base 0 for files counted
// from 0); "qid:<n>" pairs are ignored, as are blank lines and lines starting with '#'; LF or
// CRLF. Labels as in the CSV reader (io/label_map.hpp): yes/no by default; with the task given
// (docs/algorithms.md 1.8) a class (a number or a name, as LIBSVM's multiclass files have them)
// or a finite number (a regression target). Bytes arrive in chunks of any size (a
// line may be split anywhere). A bad line (label, a pair that is not index:value, an index out
// of order or beyond the width, a value that is not a finite number) gives an error naming
// its line and column; the caller chooses to stop there or to skip and count it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/limits.hpp"
#include "core/sparse_row.hpp"
#include "core/status.hpp"
#include "core/task.hpp"
#include "io/label_map.hpp"
#include "io/row_error.hpp"

namespace onepass {

struct SvmlightOptions {
  // The rows' width: required, since a stream's largest index is known only at its end.
  std::size_t dims = 0;
  int index_base = 1;    // the index of the first feature in the file: 1 (svmlight) or 0
  std::string positive;  // as CsvOptions::positive
  // What the labels are: svmlight files say nothing of it and are not sampled, so a label of
  // classes or numbers is named (binary by default).
  Task task = Task::binary;
  // A model's classes (multiclass), so that a run resumed or scored maps them to the same
  // indices; a class not among them is added after them.
  std::vector<std::string> classes;
  ErrorPolicy on_error = ErrorPolicy::stop;
  std::size_t max_messages = 100;
  // A line's bound: a longer one is a bad line (core/limits.hpp), its bytes never kept.
  std::size_t max_line_bytes = kDefaultMaxRecordBytes;
};

// Sparse rows parsed from one or more chunks: row i is entries offsets[i] .. offsets[i + 1].
struct SparseBlock {
  std::vector<std::size_t> offsets = {0};
  std::vector<std::uint32_t> index;  // 0-based
  std::vector<double> value;
  std::vector<std::int8_t> y;
  // A multiclass or regression stream's labels: each row's class index or target (y is 0
  // then); empty for a binary one.
  std::vector<double> target;
  std::vector<std::uint64_t> line;
  std::size_t size() const { return y.size(); }
  // Row i's label as a pipeline takes it: +1/-1, a class index or a target.
  double label(std::size_t i) const { return target.empty() ? y[i] : target[i]; }
  SparseRow row(std::size_t i) const {
    return {index.data() + offsets[i], value.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
  void clear();
};

class SvmlightReader : public RowCounter {
 public:
  explicit SvmlightReader(SvmlightOptions options)
      : opt_(std::move(options)), labels_(opt_.positive) {
    classes_.set(opt_.classes);
  }
  // The options' width and index base, checked (feed and finish check them too).
  static Status check(const SvmlightOptions& options);

  // Appends the complete lines' rows to out and keeps a partial line for the next chunk. With
  // ErrorPolicy::stop the first bad line ends the stream: its error is returned (now and by
  // every later call), the rows before it are in out.
  Status feed(const char* data, std::size_t size, SparseBlock& out);
  // End of input: parses a last line that has no line break.
  Status finish(SparseBlock& out);

  std::size_t dims() const { return opt_.dims; }
  int index_base() const { return opt_.index_base; }
  std::string positive_label() const { return labels_.positive_label(); }
  std::string negative_label() const { return labels_.negative_label(); }
  Task task() const { return opt_.task; }
  // A multiclass label's classes, in the order they first appeared.
  const std::vector<std::string>& classes() const { return classes_.names(); }
  // A model's classes, so that a run resumed maps them to the same indices.
  void set_classes(const std::vector<std::string>& names) { classes_.set(names); }

 private:
  Status check_options();
  Status process(std::string_view line, std::uint64_t number, SparseBlock& out);
  // The label cell as the task reads it: y (binary) or the target (class index or number).
  bool read_label(std::string_view cell, int& y, double& target, std::string& error);
  // One index:value pair of the row that starts at entry row_start, appended to out; or the
  // reason it is not one (the caller names line and column).
  Status read_pair(std::string_view pair, std::size_t row_start, SparseBlock& out);
  Status row_error(std::uint64_t line, std::size_t column, const std::string& what);

  SvmlightOptions opt_;
  LabelMap labels_;
  ClassMap classes_;
  // A line past max_line_bytes: its error (skip: the line counted as bad, and its bytes passed
  // over until the next line break).
  Status line_too_long();
  std::string pending_;      // bytes of a line not yet complete
  bool discarding_ = false;  // passing over the rest of a line too long (skip)
};

}  // namespace onepass
