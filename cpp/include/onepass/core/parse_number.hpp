// Strict decimal parsing shared by the CSV reader and parameter values (fast_float: libc++ 14
// has no floating-point std::from_chars, TOOLCHAIN.md).
#pragma once

#include <string_view>

namespace onepass {

enum class NumberParse { ok, not_a_number, not_finite };

// The whole of `text` must be one number; leading '+' is accepted, surrounding blanks are not
// (callers trim). "nan" and "inf" are reported as not_finite.
NumberParse parse_number(std::string_view text, double& out);

// Without surrounding spaces and tabs (inline: it runs for every cell of every row).
inline std::string_view trim_blanks(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) --e;
  return text.substr(b, e - b);
}

}  // namespace onepass
