#include "onepass/api/csv_cuts.hpp"

#include "io/csv_quoting.hpp"
#include "io/csv_reader.hpp"
#include "io/csv_resync.hpp"

namespace onepass {

namespace {

// The records of a CSV as the reader finds and numbers them (io/csv_quoting.hpp
// find_record_end; record_is_read says which it passes over).
class Records {
 public:
  Records(std::string_view data, const CsvOptions& options) : data_(data), opt_(options) {}
  bool more() const { return at_ < data_.size(); }
  std::size_t at() const { return at_; }
  // Steps over the next record; whether the reader passes over it (a skipped line, a comment, a
  // blank line) or reads it.
  bool next_is_read() {
    std::uint64_t breaks = 0;
    const std::size_t end =
        find_record_end(data_.data(), data_.size(), at_, quote_, opt_.delimiter, breaks);
    // Past the record bound with a quoted field still open there, a reader that skips bad
    // rows reads on at the line after that field's quote (io/csv_resync.hpp).
    const std::size_t stop = end == std::string_view::npos ? data_.size() : end;
    if (stop - at_ > opt_.max_record_bytes && opt_.on_error == ErrorPolicy::skip) {
      const OpenQuote quote =
          find_open_quote({data_.substr(at_, opt_.max_record_bytes)}, opt_.delimiter);
      if (quote.open && quote.restart != std::string_view::npos) {
        at_ += quote.restart;
        line_ += quote.line + 1;
        quote_.reset();
        return false;
      }
    }
    std::string_view rec =
        data_.substr(at_, (end == std::string_view::npos ? data_.size() : end) - at_);
    const std::uint64_t line = line_;
    line_ += 1 + breaks;
    at_ = end == std::string_view::npos ? data_.size() : end + 1;
    return record_is_read(rec, line, opt_);
  }

 private:
  std::string_view data_;
  const CsvOptions& opt_;
  QuoteState quote_;
  std::size_t at_ = 0;
  std::uint64_t line_ = 1;
};

}  // namespace

Result<CsvCuts> csv_cuts(std::string_view data, const CsvOptions& options, std::size_t parts) {
  if (options.delimiter == 0 || options.detect_header)
    return Status::error("cutting a CSV into parts needs its delimiter and header settled");
  if (parts == 0) return Status::error("cutting a CSV needs at least one part");
  Records records(data, options);
  if (options.header)  // the head ends after the first record the reader reads: the header
    while (records.more() && !records.next_is_read()) {
    }
  CsvCuts cuts;
  cuts.head_end = records.at();
  cuts.starts.push_back(cuts.head_end);
  const std::size_t body = data.size() - cuts.head_end;
  std::size_t next = 1;
  // A part starts at the first record at or past its byte.
  const auto cut_at = [&](std::size_t start) {
    while (next < parts && start >= cuts.head_end + (next * body) / parts) {
      cuts.starts.push_back(start);
      ++next;
    }
  };
  cut_at(records.at());
  while (records.more()) {
    if (records.next_is_read()) cuts.has_rows = true;
    cut_at(records.at());
  }
  while (cuts.starts.size() < parts + 1) cuts.starts.push_back(data.size());
  return cuts;
}

}  // namespace onepass
