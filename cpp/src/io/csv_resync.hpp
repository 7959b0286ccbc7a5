// Where reading goes on after a stray quote (io/csv_quoting.hpp): a quote at a field's start
// that never closes makes the lines after it one quoted field, until the record bound stops it.
// Under skip, the reader passes over the lines up to the one where that quote opened and reads
// on at the next: one bad row, the rest kept. The reader (csv_reader.cpp) and the cutting of a
// file into parts (api/csv_cuts.hpp) follow this one rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "io/csv_quoting.hpp"

namespace onepass {

// The quoted field still open at the end of a record's first bytes, if one is.
struct OpenQuote {
  bool open = false;
  std::uint64_t line = 0;  // the line its quote opened on, counted from the record's first (0)
  std::size_t field = 0;   // its field, from 1
  // Just past the line break that ends that line, in the record's bytes; npos when the bytes
  // end on that line (no line to read on at).
  std::size_t restart = std::string_view::npos;
};

// The record's first bytes, given in parts (a pending record and a chunk's head); every line
// break in them lies inside quotes, as the reader found the record.
inline OpenQuote find_open_quote(std::initializer_list<std::string_view> parts, char delimiter) {
  OpenQuote found;
  QuoteState q;
  std::uint64_t lines = 0;
  std::size_t field = 1, offset = 0;
  bool line_ended = true;  // the line of the last quote that opened has ended
  for (const std::string_view part : parts) {
    for (const char c : part) {
      ++offset;
      if (c == '\n') {
        ++lines;
        if (!line_ended) found.restart = offset, line_ended = true;
        continue;
      }
      const bool field_start = q.at_field_start();
      const CsvChar kind = q.step(c, ends_field(c, delimiter));
      if (kind == CsvChar::delimiter) {
        ++field;
      } else if (kind == CsvChar::quote && field_start) {
        found.line = lines;
        found.field = field;
        found.restart = std::string_view::npos;
        line_ended = false;
      }
    }
  }
  found.open = q.in_quotes();
  return found;
}

}  // namespace onepass
