// What the readers (CSV, svmlight) share about bad rows: stop at the first, or skip and count
// them; each kept error names its line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace onepass {

enum class ErrorPolicy { stop, skip };

struct RowError {
  std::uint64_t line;   // 1-based physical line where the record starts
  std::size_t column;   // 1-based column, 0 when the whole row is at fault
  std::string message;  // full message, naming line and column
};

}  // namespace onepass
