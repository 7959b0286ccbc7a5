// Strict decimal parsing shared by the CSV reader and parameter values (fast_float: libc++ 14
// has no floating-point std::from_chars: docs/design.md, toolchain fact 6).
#pragma once

#include <string_view>

namespace onepass {

enum class NumberParse { ok, not_a_number, not_finite };

// The whole of `text` must be one number; leading '+' is accepted, surrounding blanks are not
// (callers trim). "nan" and "inf" are reported as not_finite. `decimal`: the decimal separator
// ('.', or ',' in files written so: design.md 10.1).
NumberParse parse_number(std::string_view text, double& out, char decimal = '.');

// One number at p (not reading past end), for the CSV reader's fast path: returns the end of
// the number, or nullptr when p does not start a finite number. The usual decimal ("-12.5",
// "3", "-3.240074e-05": at most 19 digits, an exponent of at most 3 digits) is read inline by
// Clinger's fast path: a mantissa up to 2^53 multiplied or divided by an exact power of ten
// (at most 1e22) is one correctly rounded IEEE operation, so the value is bit for bit what
// fast_float gives (digit by digit: a SWAR version, eight digits per step, measured slower here
// and in wasm). Anything else (long mantissas, larger powers, "+", ".5") goes to fast_float.
const char* scan_number_slow(const char* p, const char* end, double& out, char decimal);

// The powers of ten a double holds exactly.
inline constexpr double kExactPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                         1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// The rest of a number whose digits (p to e, mantissa exact) are followed by an exponent at e:
// a short one ("e-05") inline by the same fast path, when the power stays within 1e22;
// otherwise fast_float from p.
const char* scan_exponent(const char* p, const char* e, const char* end,
                          unsigned long long mantissa, bool negative, long frac_digits, double& out,
                          char decimal);

// kNewlineAhead: the caller knows a '\n' lies between p and end, so the scan (which stops at
// it, if not before) needs no end check per character. kDecimal: the decimal separator, a
// constant so that reading "1.5" costs what it did before ',' was possible.
template <bool kNewlineAhead = false, char kDecimal = '.'>
[[gnu::always_inline]] inline const char* scan_number(const char* p, const char* end, double& out) {
  const auto more = [end](const char* at) { return kNewlineAhead || at != end; };
  const char* q = p;
  const bool negative = more(q) && *q == '-';
  q += negative;
  const char* const digits_start = q;
  unsigned long long mantissa = 0;
  while (more(q) && static_cast<unsigned char>(*q - '0') < 10)
    mantissa = mantissa * 10 + static_cast<unsigned char>(*q++ - '0');
  const char* const int_end = q;
  const char* frac_start = q;
  if (more(q) && *q == kDecimal) {
    frac_start = ++q;
    while (more(q) && static_cast<unsigned char>(*q - '0') < 10)
      mantissa = mantissa * 10 + static_cast<unsigned char>(*q++ - '0');
  }
  const auto int_digits = int_end - digits_start, frac_digits = q - frac_start;
  const bool exact = int_digits > 0 && (frac_start == int_end || frac_digits > 0) &&
                     int_digits + frac_digits <= 19 && mantissa <= (1ULL << 53);
  if (more(q) && (*q == 'e' || *q == 'E'))  // out of line: the loop above stays small to inline
    return exact ? scan_exponent(p, q, end, mantissa, negative, frac_digits, out, kDecimal)
                 : scan_number_slow(p, end, out, kDecimal);
  if (!exact) return scan_number_slow(p, end, out, kDecimal);
  // A whole number needs no division (by 1: exact, but a division's latency on every cell of
  // a column of counts).
  const double magnitude = frac_digits == 0
                               ? static_cast<double>(mantissa)
                               : static_cast<double>(mantissa) / kExactPow10[frac_digits];
  out = negative ? -magnitude : magnitude;
  return q;
}

// Without surrounding spaces and tabs (inline: it runs for every cell of every row).
inline std::string_view trim_blanks(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) --e;
  return text.substr(b, e - b);
}

}  // namespace onepass
