#include "streams/stream.hpp"

#include <algorithm>

namespace onepass {

namespace {

Status check_first(std::size_t first, std::size_t count) {
  if (count == 0 || first < 1 || first > count)
    return Status::error("the first concept must be in [1, " + std::to_string(count) + "] (got " +
                         std::to_string(first) + ")");
  return Status::ok();
}

}  // namespace

Result<ConceptSchedule> ConceptSchedule::every_rows(std::size_t first, std::size_t count,
                                                    std::uint64_t every) {
  if (Status st = check_first(first, count); !st) return st;
  ConceptSchedule s;
  s.first_ = first;
  s.count_ = count;
  s.every_ = every;
  return s;
}

Result<ConceptSchedule> ConceptSchedule::at_rows(std::size_t first, std::size_t count,
                                                 std::vector<std::uint64_t> rows) {
  if (Status st = check_first(first, count); !st) return st;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i] <= rows[i - 1])
      return Status::error("the rows of the concept changes must increase (got " +
                           std::to_string(rows[i - 1]) + " then " + std::to_string(rows[i]) + ")");
  ConceptSchedule s;
  s.first_ = first;
  s.count_ = count;
  s.rows_ = std::move(rows);
  return s;
}

std::size_t ConceptSchedule::concept_at(std::uint64_t row) const {
  // The changes passed by `row`: those at or before it.
  const std::uint64_t changes =
      every_ ? row / every_
             : static_cast<std::uint64_t>(std::upper_bound(rows_.begin(), rows_.end(), row) -
                                          rows_.begin());
  return static_cast<std::size_t>((first_ - 1 + changes % count_) % count_) + 1;
}

std::uint64_t equal_blocks(std::uint64_t rows, std::size_t count) {
  if (count == 0) return 0;
  return std::max<std::uint64_t>(1, rows / count + (rows % count != 0));
}

Result<ConceptSchedule> schedule_from(std::size_t k, std::size_t every, std::uint64_t rows,
                                      std::size_t count, bool blocks) {
  const std::uint64_t period = every ? every : blocks ? equal_blocks(rows, count) : 0;
  return ConceptSchedule::every_rows(k, count, period);
}

}  // namespace onepass
