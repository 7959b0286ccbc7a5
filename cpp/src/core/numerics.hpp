// Shared numerics of spec section 2: stable sigmoid and log-loss, the spread guard, finiteness.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace onepass {

// spec 2.4: any spread statistic (standard deviation, range) at or below this is "zero".
constexpr double kSpreadEpsilon = 1e-12;

// spec 2.1: never evaluates exp of a large positive number.
inline double sigmoid(double z) {
  if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1.0 + e);
}

// spec 2.2: softplus(z) = log(1 + exp(z)) without overflow.
inline double softplus(double z) {
  return std::fmax(z, 0.0) + std::log1p(std::exp(-std::fabs(z)));
}

// spec 2.2: logistic loss of target t in {0,1} from the margin z. An infinite margin has the
// limit 0 when it points at the target and infinity otherwise (not inf - inf); an undefined
// margin (a score that overflowed to NaN) costs an infinite loss rather than hiding as NaN.
inline double log_loss_from_margin(double t, double z) {
  if (std::isnan(z)) return HUGE_VAL;
  if (std::isinf(z)) return (z > 0) == (t > 0.5) ? 0.0 : HUGE_VAL;
  return softplus(z) - t * z;
}

// Bit 63 of the result is set when v is not finite (an infinity or NaN: its exponent bits all
// ones), for then the masked exponent plus one exponent unit carries into it. OR-ed over many
// values this is an integer reduction, which GCC vectorises; a bool reduction of v - v == 0 it
// does not (29 values: 17 ns against 6 ns natively, AMD EPYC; clang's wasm SIMD runs both alike).
inline std::uint64_t non_finite_carry(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return (bits & 0x7FF0000000000000ULL) + (1ULL << 52);
}

// These two run on every row, all_finite as the guard after each step (docs/algorithms.md 2.6)
// and any_nan on each row read: written without an early exit so that the compilers vectorise
// them.
inline bool all_finite(const double* v, std::size_t n) {
  std::uint64_t carries = 0;
  for (std::size_t i = 0; i < n; ++i) carries |= non_finite_carry(v[i]);
  return (carries >> 63) == 0;
}

// Only NaN differs from itself.
inline bool any_nan(const double* v, std::size_t n) {
  bool nan = false;
  for (std::size_t i = 0; i < n; ++i) nan |= v[i] != v[i];
  return nan;
}

// spec 2.9: a sum of squares kept as scale^2 * sum, so that it stays finite for values up to
// the largest double (|x|^2 of a row with a value of 1e200 overflows; 1e400 sum 1 does not).
struct ScaledSquares {
  double sum = 0;
  double scale = 1;  // 1: the plain sum
};

// The sum of v_i^2 (NaN left out) plus extra^2, divided through by the largest magnitude m:
// { sum (v_i/m)^2 + (extra/m)^2, m }. For where the plain sum overflows (spec 2.9).
inline ScaledSquares rescaled_squares(const double* v, std::size_t n, double extra = 0) {
  double m = std::fabs(extra);
  for (std::size_t i = 0; i < n; ++i)
    if (std::fabs(v[i]) > m) m = std::fabs(v[i]);  // NaN compares false
  if (!(m > 0) || !std::isfinite(m)) return {m > 0 ? m : 0.0, 1.0};
  const double e = extra / m;
  double sum = e * e;
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isnan(v[i])) sum += (v[i] / m) * (v[i] / m);
  return {sum, m};
}

// spec 1.2 (D-TIE): a zero score predicts +1.
inline int label_of_score(double s) {
  return s >= 0 ? 1 : -1;
}

}  // namespace onepass
