// What a page shows before a run: the first rows of a CSV's head as the
// reader splits them, each column's role as the reader would infer it and why, the label
// values of the sample and the positive class it would choose. One reader, so the preview and
// the run can never disagree.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

struct CsvPreview {
  std::vector<ColumnInfo> columns;             // name, role and why, in file order
  std::vector<std::vector<std::string>> rows;  // the first rows' cells, blanks trimmed
  char delimiter = ',';
  // Whether the first record is a header, and the decimal separator, as the reader decided.
  bool header = true;
  char decimal = '.';
  std::vector<std::string> notices;
  // The label values of the sampled rows with their counts, most frequent first, and the
  // positive class the run would use ("1" under the numeric rule).
  std::vector<std::pair<std::string, std::uint64_t>> label_values;
  std::string positive;
  bool numeric_labels = true;  // the numeric rule applies (the reader's, io/label_map.hpp)
  // The task the run would learn (docs/algorithms.md 1.8) and its default pipeline.
  Task task = Task::binary;
  std::string default_pipeline;
  std::uint64_t head_rows = 0;
  // The rows a run samples to infer the roles (option sampleRows): a head with fewer may
  // infer them otherwise than the run.
  std::uint64_t sample_rows = 0;
};

// Reads the head of a file (its first bytes; `complete`: the whole file). A head that is cut
// is read up to its last line break. The error is the reader's (a bad header, a bad option).
// The rows a preview shows when the caller does not say (the CLI and the demo show 5).
constexpr std::size_t kPreviewRows = 5;
Result<CsvPreview> preview_csv(std::string_view head, bool complete, CsvOptions options,
                               std::size_t rows = kPreviewRows);

// As the JS API's previewCsv returns it: { columns: [{ name, role, reason }], rows, delimiter,
// notices, labelValues: [{ value, count }], positive, numericLabels, task, defaultPipeline,
// headRows, sampleRows }.
std::string to_json(const CsvPreview& p);

}  // namespace onepass
