#include "onepass/api/csv_cuts.hpp"

#include "io/csv_quoting.hpp"

namespace onepass {

namespace {

// Past the physical line that starts at `at` (its line break), or the end.
std::size_t line_end(std::string_view data, std::size_t at) {
  const std::size_t nl = data.find('\n', at);
  return nl == std::string_view::npos ? data.size() : nl + 1;
}

bool blank(std::string_view line) {
  for (const char c : line)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  return true;
}

// Past the record that starts at `at`: its line break outside quotes (the reader's rule), or the
// end. A comment line is a line whatever its quotes.
std::size_t record_end(std::string_view data, std::size_t at, char delimiter, char comment) {
  if (comment && at < data.size() && data[at] == comment) return line_end(data, at);
  QuoteState q;
  for (std::size_t i = at; i < data.size(); ++i) {
    const char c = data[i];
    if (c == '\n' && !q.in_quotes()) return i + 1;
    if (c != '\n') q.step(c, c == delimiter);
  }
  return data.size();
}

}  // namespace

Result<CsvCuts> csv_cuts(std::string_view data, const CsvOptions& options, std::size_t parts) {
  if (options.delimiter == 0 || options.detect_header)
    return Status::error("cutting a CSV into parts needs its delimiter and header settled");
  if (parts == 0) return Status::error("cutting a CSV needs at least one part");
  const char delimiter = options.delimiter, comment = options.comment;
  std::size_t at = 0;
  for (std::size_t i = 0; i < options.skip_lines && at < data.size(); ++i) at = line_end(data, at);
  if (options.header) {  // the first record that is neither blank nor a comment
    while (at < data.size()) {
      const std::size_t end = record_end(data, at, delimiter, comment);
      const bool skipped = blank(data.substr(at, end - at)) || (comment && data[at] == comment);
      at = end;
      if (!skipped) break;
    }
  }
  CsvCuts cuts;
  cuts.head_end = at;
  cuts.starts.push_back(at);
  const std::size_t body = data.size() - at;
  std::size_t next = 1;
  const auto cut_at = [&](std::size_t start) {
    while (next < parts && start >= cuts.head_end + (next * body) / parts) {
      cuts.starts.push_back(start);
      ++next;
    }
  };
  cut_at(at);
  // One pass over the body's records: a part starts at the first record at or past its byte.
  while (at < data.size()) {
    const std::size_t end = record_end(data, at, delimiter, comment);
    if (!cuts.has_rows && !blank(data.substr(at, end - at)) && !(comment && data[at] == comment))
      cuts.has_rows = true;
    at = end;
    cut_at(at);
  }
  while (cuts.starts.size() < parts + 1) cuts.starts.push_back(data.size());
  return cuts;
}

}  // namespace onepass
