// What the readers (CSV, svmlight) share about bad rows: stop at the first, or skip and count
// them; each kept error names its line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.hpp"

namespace onepass {

enum class ErrorPolicy { stop, skip };

struct RowError {
  std::uint64_t line;   // 1-based physical line where the record starts
  std::size_t column;   // 1-based column, 0 when the whole row is at fault
  std::string message;  // full message, naming line and column
};

// What both readers (CSV, svmlight) count of a stream, the bad rows they keep, and how a bad
// row ends or is skipped: one definition for both.
class RowCounter {
 public:
  std::uint64_t rows() const { return rows_; }
  std::uint64_t positives() const { return positives_; }
  std::uint64_t skipped() const { return skipped_; }
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t lines() const { return next_line_ - 1; }
  const std::vector<RowError>& errors() const { return errors_; }
  bool finished() const { return finished_; }

 protected:
  // A bad row at `line` (1-based) and `column` (1-based, 0: the whole row); `message` names
  // both. Kept (up to max_messages); then with ErrorPolicy::skip, when `skippable`, counted
  // and passed over (ok), else the stream stops: the error, with where it is as values
  // (Status::at), is returned now and by every later call.
  Status bad_row(std::uint64_t line, std::size_t column, std::string message, ErrorPolicy policy,
                 std::size_t max_messages, bool skippable = true);
  // The stream stops with an error that is no row's (an input that is not text, a missing
  // label column).
  Status stop(Status error) {
    failed_ = true;
    failure_ = std::move(error);
    return failure_;
  }

  // What feed and finish answer once the stream has stopped or finished (failed_ || finished_):
  // the error that stopped it, to every call; else feed's refusal of more input (`format` names
  // the stream, "CSV") and finish's ok (the end is read once).
  Status refuse_input(const char* format) const {
    return failed_ ? failure_
                   : Status::error(std::string("the ") + format + " stream is already finished");
  }
  Status repeat_end() const { return failed_ ? failure_ : Status::ok(); }

  bool failed_ = false, finished_ = false;  // finished_: finish has run
  Status failure_ = Status::ok();
  std::uint64_t next_line_ = 1;
  std::uint64_t rows_ = 0, positives_ = 0, skipped_ = 0, bytes_ = 0;
  std::vector<RowError> errors_;
};

// The end of a stream that gave no row to learn from, as a message that says why (every data
// row bad and skipped, with the first errors; or no data row at all: `empty` says what the
// input had), or "" when rows were read. A run that learned nothing never reports success.
std::string nothing_learned(std::uint64_t rows, std::uint64_t skipped,
                            const std::vector<RowError>& errors, const std::string& empty);
// How a run over a stream ends, for both runners: the reader's error, else the error of a stream
// that gave no row (nothing_learned), else ok.
Status stream_end(const Status& read, const RowCounter& reader, const std::string& empty);

}  // namespace onepass
