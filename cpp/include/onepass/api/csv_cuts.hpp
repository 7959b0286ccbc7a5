// Where a CSV's bytes can be cut into parts of whole records, as the reader reads them (its
// skipped lines, header, comment lines and quoted line breaks: io/csv_quoting.hpp), for a front
// end that gives a reader one part at a time (the Python package's rounds of parameter mixing,
// docs/algorithms.md 6.12). The reading must be settled: the delimiter and whether there is a
// header given, not detected.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

struct CsvCuts {
  std::size_t head_end = 0;         // past the skipped lines and the header: what every part needs
  std::vector<std::size_t> starts;  // parts + 1 offsets: part k is [starts[k], starts[k + 1])
  bool has_rows = false;            // a record that is neither blank nor a comment follows the head
};

// Part k holds the records that start in the k-th of `parts` equal byte ranges after the head.
Result<CsvCuts> csv_cuts(std::string_view data, const CsvOptions& options, std::size_t parts);

}  // namespace onepass
