#include "core/parse_number.hpp"

#include <cmath>

#include <fast_float/fast_float.h>

namespace onepass {

namespace {
fast_float::parse_options with_decimal(char decimal) {
  return fast_float::parse_options(fast_float::chars_format::general, decimal);
}
}  // namespace

NumberParse parse_number(std::string_view text, double& out, char decimal) {
  const char* first = text.data();
  const char* last = first + text.size();
  if (first != last && *first == '+') ++first;  // fast_float rejects a leading '+'
  if (first == last) return NumberParse::not_a_number;
  auto res = fast_float::from_chars_advanced(first, last, out, with_decimal(decimal));
  if (res.ec != std::errc() || res.ptr != last) {
    // fast_float reports out-of-range values (1e999) as an error with the pointer advanced.
    if (res.ptr == last && res.ec == std::errc::result_out_of_range) return NumberParse::not_finite;
    return NumberParse::not_a_number;
  }
  if (!std::isfinite(out)) return NumberParse::not_finite;
  return NumberParse::ok;
}

const char* scan_number_slow(const char* p, const char* end, double& out, char decimal) {
  const auto res = fast_float::from_chars_advanced(p, end, out, with_decimal(decimal));
  if (res.ec != std::errc() || res.ptr == p || !std::isfinite(out)) return nullptr;
  return res.ptr;
}

const char* scan_exponent(const char* p, const char* e, const char* end,
                          unsigned long long mantissa, bool negative, long frac_digits, double& out,
                          char decimal) {
  const char* q = e + 1;
  const bool exponent_negative = q != end && *q == '-';
  q += q != end && (*q == '-' || *q == '+');
  const char* const digits = q;
  long exponent = 0;
  while (q != end && static_cast<unsigned char>(*q - '0') < 10 && q - digits < 4)
    exponent = exponent * 10 + static_cast<unsigned char>(*q++ - '0');
  const bool more_digits = q != end && static_cast<unsigned char>(*q - '0') < 10;
  const long power = (exponent_negative ? -exponent : exponent) - frac_digits;
  if (q == digits || q - digits > 3 || more_digits || power < -22 || power > 22)
    return scan_number_slow(p, end, out, decimal);
  const double m = static_cast<double>(mantissa);
  const double magnitude = power < 0 ? m / kExactPow10[-power] : m * kExactPow10[power];
  out = negative ? -magnitude : magnitude;
  return q;
}

}  // namespace onepass
