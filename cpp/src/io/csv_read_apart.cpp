// Parallel parsing (docs/design.md, "Every core"): blocks of whole records read by a second
// reader on another thread, and counted by the stream's own reader as if it had read them.
#include "core/find_byte.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

bool CsvReader::can_read_apart() const {
  // A multiclass label adds classes as they appear, in order: only the stream's reader reads it.
  return schema_ready_ && !failed_ && !finished_ && encoder_.columns() == 0 && has_label_ &&
         task_ == Task::binary && labels_.settled() && pending_.empty() &&
         quote_.at_field_start() && !discarding_;
}

bool CsvReader::read_apart(const char* data, std::size_t size, RowBlock& out, ApartCounts& counts) {
  out.clear();
  // A quote may open a field that a cut between blocks split: only the stream's reader, which
  // has seen every byte before, knows whether the block starts inside one.
  if (!can_read_apart() || size == 0 || data[size - 1] != '\n' || contains_byte(data, size, '"'))
    return false;
  const std::uint64_t rows = rows_, positives = positives_, skipped = skipped_, missing = missing_,
                      line = next_line_;
  const Status st = feed(data, size, out);
  // A bad row (skipped or stopping) is the stream reader's to name, with its own line numbers.
  if (!st || skipped_ != skipped || !pending_.empty()) return false;
  counts = {size, next_line_ - line, rows_ - rows, positives_ - positives, missing_ - missing};
  return true;
}

void CsvReader::count_apart(const ApartCounts& counts, const std::int8_t* y) {
  bytes_ += counts.bytes;
  next_line_ += counts.lines;
  rows_ += counts.rows;
  positives_ += counts.positives;
  missing_ += counts.missing;
  if (counts.positives > 0) labels_.saw_positive();
  for (std::uint64_t i = 0; i < counts.rows; ++i) label_runs_.add(y[i]);
}

}  // namespace onepass
