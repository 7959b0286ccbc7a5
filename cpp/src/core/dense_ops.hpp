// Dense loops that run on every row, written for both targets. The dot product of the
// learners' scores (spec 1.2), in one fixed summation order on every target. Eigen 3.4 (Debian's)
// has no WebAssembly SIMD, so in the wasm build its dot product is a scalar chain of 28 dependent
// additions; measured, that made a score cost ~30 ns per row in wasm against ~9 ns natively. Here
// two-lane vectors (the compilers' vector extension: SSE2 natively, simd128 in wasm) keep four
// running sums; the order of the additions is written out, so the native and the wasm builds give
// the same bits (no -ffast-math, no FMA contraction on either target).
#pragma once

#include <cstddef>
#include <cstring>

namespace onepass {

namespace detail {
typedef double F64x2 __attribute__((vector_size(16)));
inline F64x2 load2(const double* p) {
  F64x2 v;
  std::memcpy(&v, p, sizeof v);  // an unaligned load (movupd, v128.load)
  return v;
}
}  // namespace detail

// sum_j a_j b_j: lanes (j mod 4) summed separately, then ((s0 + s2) + (s1 + s3)), then the
// last n mod 4 products in order.
inline double dense_dot(const double* a, const double* b, std::size_t n) {
  using detail::load2;
  detail::F64x2 lo = {0.0, 0.0}, hi = {0.0, 0.0};
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    lo += load2(a + j) * load2(b + j);
    hi += load2(a + j + 2) * load2(b + j + 2);
  }
  const detail::F64x2 sum = lo + hi;
  double s = sum[0] + sum[1];
  for (; j < n; ++j) s += a[j] * b[j];
  return s;
}

// y += a x, two lanes a step (element by element, so the same bits as a scalar loop; Eigen's
// scalar path was not vectorised in wasm).
inline void add_scaled(double* y, double a, const double* x, std::size_t n) {
  using detail::load2;
  const detail::F64x2 a2 = {a, a};
  std::size_t j = 0;
  for (; j + 2 <= n; j += 2) {
    const detail::F64x2 sum = load2(y + j) + a2 * load2(x + j);
    std::memcpy(y + j, &sum, sizeof sum);
  }
  if (j < n) y[j] += a * x[j];
}

// to[0..n) = from[0..n), inline: a per-row copy of a few dozen values (the guard's backup,
// a shared scaled row) as a call to memcpy cost more in wasm than the copying (measured: the
// guard's two copies per row were 5% of a zscore | logreg run in wasm).
inline void copy_values(const double* from, std::size_t n, double* to) {
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const double a = from[i], b = from[i + 1];
    to[i] = a;
    to[i + 1] = b;
  }
  if (i < n) to[i] = from[i];
}

}  // namespace onepass
