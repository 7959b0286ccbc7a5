// What the readers (CSV, svmlight) share about bad rows: stop at the first, or skip and count
// them; each kept error names its line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace onepass {

enum class ErrorPolicy { stop, skip };

struct RowError {
  std::uint64_t line;   // 1-based physical line where the record starts
  std::size_t column;   // 1-based column, 0 when the whole row is at fault
  std::string message;  // full message, naming line and column
};

// The end of a stream that gave no row to learn from, as a message that says why (every data
// row bad and skipped, with the first errors; or no data row at all: `empty` says what the
// input had), or "" when rows were read. A run that learned nothing never reports success.
std::string nothing_learned(std::uint64_t rows, std::uint64_t skipped,
                            const std::vector<RowError>& errors, const std::string& empty);

}  // namespace onepass
