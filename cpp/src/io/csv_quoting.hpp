// Quotes in a CSV record, read as Python's csv module, pandas and papaparse read them (design.md
// 10.1): a quote opens a quoted field only at the start of a field; inside one, "" is a quote
// and a lone quote closes it. Anywhere else a quote is a character of the field (`5" screen`,
// an inch mark), so one stray quote cannot join the lines after it into a single record.
// The reader's record ends, its fields and the delimiter detection all step through this.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace onepass {

// A field as a CSV writer writes it (RFC 4180, as Python's csv module does by default): in
// quotes, with its quotes doubled, when it holds a comma, a quote or a line break; else as it
// is. The predictions CSV writes the model's label values so ("good, very").
inline std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

// What one character of a record is to its field.
enum class CsvChar {
  text,       // a character of the field
  quote,      // a quote that opens or closes a quoted field (not part of the field)
  delimiter,  // the end of the field
};

class QuoteState {
 public:
  // Steps over one character of a record, not a line break that ends it (a line break ends
  // the record when !in_quotes()); `delimiter` says whether c is the delimiter.
  CsvChar step(char c, bool delimiter) {
    switch (at_) {
      case field_start:
        if (c == '"') {
          at_ = quoted;
          return CsvChar::quote;
        }
        break;
      case quoted:
        if (c == '"') {
          at_ = closing;
          return CsvChar::quote;
        }
        return CsvChar::text;
      case closing:  // "" inside quotes is one quote
        if (c == '"') {
          at_ = quoted;
          return CsvChar::text;
        }
        break;
      case unquoted:
        break;
    }
    if (delimiter) {
      at_ = field_start;
      return CsvChar::delimiter;
    }
    at_ = unquoted;  // after a closing quote too: the rest of the field is read as it is
    return CsvChar::text;
  }
  // Inside a quoted field: a line break there belongs to the field.
  bool in_quotes() const { return at_ == quoted; }
  // At the start of a field that has not begun (a record's first, or after a delimiter).
  bool at_field_start() const { return at_ == field_start; }
  // A new record.
  void reset() { at_ = field_start; }

 private:
  enum : unsigned char { field_start, unquoted, quoted, closing } at_ = field_start;
};

// The delimiters detect_delimiter chooses from (io/column_roles.hpp); while the delimiter is
// still to be detected, a quote opens a field after any of them.
inline bool is_delimiter_candidate(char c) {
  return c == ',' || c == ';' || c == '\t' || c == '|';
}
// Whether c ends a field: the delimiter, or while it is being detected (0), any candidate.
inline bool ends_field(char c, char delimiter) {
  return delimiter ? c == delimiter : is_delimiter_candidate(c);
}

// Index of the first '\n' outside quotes at or after `from`, or npos; steps the quote state
// (`delimiter` 0 while it is being detected: any candidate) and counts line
// breaks inside quotes. Fast path: outside quotes, the next line break found with memchr ends
// the record unless the record holds a quote.
inline std::size_t find_record_end(const char* data, std::size_t size, std::size_t from,
                                   QuoteState& q, char delimiter, std::uint64_t& quoted_breaks) {
  if (!q.in_quotes()) {
    const void* nl = std::memchr(data + from, '\n', size - from);
    const std::size_t end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : size;
    if (!std::memchr(data + from, '"', end - from)) {
      if (nl) {
        q.reset();
        return end;
      }
      // No quote to the chunk's end: the last character alone says where the record stands.
      if (end > from) q.step(data[end - 1], ends_field(data[end - 1], delimiter));
      return std::string_view::npos;
    }
  }
  for (std::size_t i = from; i < size; ++i) {
    const char c = data[i];
    if (c == '\n') {
      if (!q.in_quotes()) {
        q.reset();
        return i;
      }
      ++quoted_breaks;
    } else {
      q.step(c, ends_field(c, delimiter));
    }
  }
  return std::string_view::npos;
}

}  // namespace onepass
