#include "core/number_text.hpp"

#include <cmath>
#include <cstdlib>

// {fmt} (Debian libfmt-dev, header-only) holds Dragonbox, which finds the shortest digits that
// read back as a double, the closest when there are several, as ECMA-262 asks. Only that core
// is used (fmt::detail::dragonbox::to_decimal, in fmt's detail namespace: fmt 9.1 as Debian
// bookworm has it; the C++ and JS tests compare the output with String(x), so another version
// that changed it would be caught): fmt::format would cost the wasm module 180 KB (its locale and
// format machinery), Dragonbox alone 2 KB. The C++17 way, std::to_chars, is missing from the libc++
// of the Emscripten this project builds with (docs/design.md, toolchain fact 6).
#define FMT_HEADER_ONLY
#include <fmt/format.h>

namespace onepass {

std::string js_number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (x == 0) return "0";  // -0 too, as String(-0)
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  // |x| = significand * 10^exponent, the significand the shortest digits (no trailing zeros).
  const auto shortest = fmt::detail::dragonbox::to_decimal(std::fabs(x));
  std::string digits = std::to_string(shortest.significand);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int k = static_cast<int>(digits.size());
  // x = 0.digits * 10^n
  const int n = shortest.exponent + static_cast<int>(std::to_string(shortest.significand).size());
  std::string out = x < 0 ? "-" : "";
  if (k <= n && n <= 21) {
    out += digits + std::string(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out += digits.substr(0, static_cast<std::size_t>(n)) + "." +
           digits.substr(static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-n), '0') + digits;
  } else {
    out += digits.substr(0, 1);
    if (k > 1) out += "." + digits.substr(1);
    out += (n - 1 >= 0 ? "e+" : "e-") + std::to_string(std::abs(n - 1));
  }
  return out;
}

}  // namespace onepass
