#include "io/svmlight_reader.hpp"

#include <cstring>
#include <limits>

#include "core/limits.hpp"
#include "core/parse_number.hpp"

namespace onepass {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// A feature index: digits only (at most 10, so that it fits), or false.
bool parse_index(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 10) return false;
  out = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return true;
}

}  // namespace

void SparseBlock::clear() {
  offsets.assign(1, 0);
  index.clear();
  value.clear();
  y.clear();
  target.clear();
  line.clear();
}

Status SvmlightReader::check(const SvmlightOptions& options) {
  if (options.dims == 0)
    return Status::error(
        "give the number of features (option dims): a sparse stream's width "
        "is not known before its end");
  // A pipeline keeps a few doubles per feature: a wider stream would allocate that much before
  // reading a row (--dims 2147483648 took 21 GB).
  if (options.dims > kMaxDims)
    return Status::error("option dims must be at most " + std::to_string(kMaxDims) +
                         " features (got " + std::to_string(options.dims) + ")");
  if (options.index_base != 0 && options.index_base != 1)
    return Status::error("the index base is 1 (svmlight, libsvm) or 0");
  if (options.task != Task::binary && !options.positive.empty())
    return Status::error(
        "a positive class makes the label yes/no (that class against the "
        "rest); give it or the task " +
        std::string(task_name(options.task)) + ", not both");
  return Status::ok();
}

Status SvmlightReader::check_options() {
  Status st = check(opt_);
  if (st) return st;
  return stop(st);
}

Status SvmlightReader::feed(const char* data, std::size_t size, SparseBlock& out) {
  if (failed_ || finished_) return refuse_input("svmlight");
  if (bytes_ == 0 && !check_options()) return failure_;
  bytes_ += size;
  std::size_t pos = 0;
  while (pos < size) {
    const void* hit = std::memchr(data + pos, '\n', size - pos);
    const std::size_t end =
        hit ? static_cast<std::size_t>(static_cast<const char*>(hit) - data) : size;
    if (discarding_) {  // the rest of a line too long, passed over up to its line break
      if (!hit) return Status::ok();
      discarding_ = false;
      pos = end + 1;
      continue;
    }
    if (pending_.size() + (end - pos) > opt_.max_line_bytes) {
      pending_.clear();
      Status st = line_too_long();
      if (!st) return st;
      if (!hit) {
        discarding_ = true;
        return Status::ok();
      }
      pos = end + 1;
      continue;
    }
    if (!hit) {
      pending_.append(data + pos, size - pos);
      return Status::ok();
    }
    Status st = Status::ok();
    if (pending_.empty()) {
      st = process(std::string_view(data + pos, end - pos), next_line_++, out);
    } else {  // the line began in an earlier chunk
      pending_.append(data + pos, end - pos);
      st = process(pending_, next_line_++, out);
      pending_.clear();
    }
    if (!st) return st;
    pos = end + 1;
  }
  return Status::ok();
}

Status SvmlightReader::finish(SparseBlock& out) {
  if (failed_ || finished_) return repeat_end();
  if (bytes_ == 0 && !check_options()) return failure_;
  finished_ = true;
  discarding_ = false;
  if (pending_.empty()) return Status::ok();
  std::string last;
  last.swap(pending_);
  return process(last, next_line_++, out);
}

Status SvmlightReader::process(std::string_view line, std::uint64_t number, SparseBlock& out) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (number == 1 && line.size() >= 3 && std::memcmp(line.data(), "\xEF\xBB\xBF", 3) == 0)
    line.remove_prefix(3);  // UTF-8 byte-order mark
  const std::size_t n = line.size();
  std::size_t i = 0;
  while (i < n && blank(line[i])) ++i;
  if (i == n || line[i] == '#') return Status::ok();  // a blank line or a comment
  std::size_t j = i;
  while (j < n && !blank(line[j]) && line[j] != '#') ++j;
  int y = 0;
  double target = 0;
  std::string error;
  if (!read_label(line.substr(i, j - i), y, target, error)) return row_error(number, i + 1, error);
  const std::size_t row_start = out.index.size();
  for (i = j;;) {
    while (i < n && blank(line[i])) ++i;
    if (i == n || line[i] == '#') break;  // the end, or a comment
    j = i;
    while (j < n && !blank(line[j]) && line[j] != '#') ++j;
    Status st = read_pair(line.substr(i, j - i), row_start, out);
    if (!st) {
      out.index.resize(row_start);
      out.value.resize(row_start);
      return row_error(number, i + 1, st.message());
    }
    i = j;
  }
  out.offsets.push_back(out.index.size());
  out.y.push_back(static_cast<std::int8_t>(y));
  if (opt_.task != Task::binary) out.target.push_back(target);
  out.line.push_back(number);
  ++rows_;
  if (y > 0) ++positives_;
  return Status::ok();
}

bool SvmlightReader::read_label(std::string_view cell, int& y, double& target, std::string& error) {
  if (opt_.task == Task::binary) return labels_.map(cell, y, error);
  if (opt_.task == Task::regression) return parse_target(cell, target, error);
  std::size_t k = 0;
  if (!classes_.map(cell, k, error)) return false;
  target = static_cast<double>(k);
  return true;
}

Status SvmlightReader::read_pair(std::string_view pair, std::size_t row_start, SparseBlock& out) {
  const std::size_t colon = pair.find(':');
  if (colon == std::string_view::npos)
    return Status::error("expected index:value, found " + quote_cell(pair));
  const std::string_view name = pair.substr(0, colon), text = pair.substr(colon + 1);
  if (name == "qid") return Status::ok();  // query ids (ranking files) mean nothing here
  std::uint64_t index = 0;
  if (!parse_index(name, index))
    return Status::error(quote_cell(name) + " is not a feature index (a whole number)");
  if (index < static_cast<std::uint64_t>(opt_.index_base))
    return Status::error(
        "feature index 0, but this file's indices count from 1 (option "
        "indexBase 0 reads files that count from 0)");
  const std::uint64_t feature = index - static_cast<std::uint64_t>(opt_.index_base);
  if (feature >= opt_.dims)
    return Status::error("feature index " + std::to_string(index) + " is beyond the " +
                         std::to_string(opt_.dims) + " features (option dims)");
  if (out.index.size() > row_start && feature <= out.index.back())
    return Status::error("feature index " + std::to_string(index) + " does not come after " +
                         std::to_string(out.index.back() + opt_.index_base) +
                         ": indices must increase along a line");
  double v = 0;
  const NumberParse r = parse_number(text, v);
  if (r != NumberParse::ok)
    return Status::error(
        "the value " + quote_cell(text) +
        (r == NumberParse::not_finite ? " is not a finite number" : " is not a number"));
  out.index.push_back(static_cast<std::uint32_t>(feature));
  out.value.push_back(v);
  return Status::ok();
}

Status SvmlightReader::line_too_long() {
  return row_error(next_line_++, 1,
                   "a line longer than " + std::to_string(opt_.max_line_bytes) +
                       " bytes (the bound of a record: is this an svmlight file?)");
}

Status SvmlightReader::row_error(std::uint64_t line, std::size_t column, const std::string& what) {
  return bad_row(
      line, column,
      "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what,
      opt_.on_error, opt_.max_messages);
}

}  // namespace onepass
