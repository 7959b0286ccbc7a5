#include "io/row_error.hpp"

namespace onepass {

Status RowCounter::bad_row(std::uint64_t line, std::size_t column, std::string message,
                           ErrorPolicy policy, std::size_t max_messages, bool skippable) {
  if (errors_.size() < max_messages) errors_.push_back({line, column, message});
  if (policy == ErrorPolicy::skip && skippable) {
    ++skipped_;
    return Status::ok();
  }
  return stop(Status::at(line, column, std::move(message)));
}

std::string nothing_learned(std::uint64_t rows, std::uint64_t skipped,
                            const std::vector<RowError>& errors, const std::string& empty) {
  if (rows > 0) return "";
  if (skipped == 0) return "nothing was learned: " + empty;
  std::string msg = "nothing was learned: all " + std::to_string(skipped) +
                    " data rows were bad and skipped; the first: ";
  for (std::size_t i = 0; i < errors.size() && i < 3; ++i)
    msg += (i ? "; " : "") + errors[i].message;
  return msg;
}

Status stream_end(const Status& read, const RowCounter& reader, const std::string& empty) {
  if (!read) return read;
  const std::string none = nothing_learned(reader.rows(), reader.skipped(), reader.errors(), empty);
  return none.empty() ? Status::ok() : Status::error(none);
}

}  // namespace onepass
