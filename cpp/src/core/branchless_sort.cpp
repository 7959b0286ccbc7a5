// The branch-free sort of short buffers of doubles (core/branchless_sort.hpp): the quantile
// sketch's buffer of 1/(2 eps) values, sorted every period (docs/algorithms.md 5.9).
#include "core/branchless_sort.hpp"

#include <algorithm>
#include <limits>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace onepass {
namespace {

// The buffer's sort, without branches on the values: std::sort mispredicts about every other
// comparison of values in random order (1.2 us for 50 normal values, against 0.4 us here). A
// sorting network and merges take min, max and selects instead.

#ifdef __wasm_simd128__
// In wasm the min, max and selects are branches again: V8 compiles a wasm select of f64 values
// (what clang makes of std::min, std::max and c ? x : y) into a branch, x64 having no
// conditional move for xmm registers, so the sort mispredicted as std::sort does (20 ns a value
// in node for a buffer of 50, against 10 natively). f64x2.pmin and f64x2.pmax compile to one
// minpd or maxpd each, and they are std::min and std::max exactly, signed zeros and NaN
// included: pmin(a, b) = b < a ? b : a, pmax(a, b) = a < b ? b : a, lane by lane. So the wasm
// build takes them for min, max and the merges' selects of values, and sorts 16 values at a
// time in f64x2 lanes (sort16, merge_16s): 4.9 ns a value.
double smaller(double a, double b) {
  return wasm_f64x2_extract_lane(wasm_f64x2_pmin(wasm_f64x2_splat(a), wasm_f64x2_splat(b)), 0);
}
double larger(double a, double b) {
  return wasm_f64x2_extract_lane(wasm_f64x2_pmax(wasm_f64x2_splat(a), wasm_f64x2_splat(b)), 0);
}

// Two compare-exchanges at once, lane by lane: the smaller values in a, the larger in b.
void order(v128_t& a, v128_t& b) {
  const v128_t low = wasm_f64x2_pmin(a, b);
  b = wasm_f64x2_pmax(a, b);
  a = low;
}
#endif

// Puts the smaller of a and b in a, the larger in b.
void order(double& a, double& b) {
#ifdef __wasm_simd128__
  const double low = smaller(a, b), high = larger(a, b);
#else
  const double low = std::min(a, b), high = std::max(a, b);
#endif
  a = low;
  b = high;
}

// Sorts x[0, 8) (doubles, or in wasm pairs of them lane by lane) with the 19 compare-exchanges
// of an optimal network, in 6 layers of independent ones.
template <typename T>
void network8(T* x) {
  order(x[0], x[2]);
  order(x[1], x[3]);
  order(x[4], x[6]);
  order(x[5], x[7]);

  order(x[0], x[4]);
  order(x[1], x[5]);
  order(x[2], x[6]);
  order(x[3], x[7]);

  order(x[0], x[1]);
  order(x[2], x[3]);
  order(x[4], x[5]);
  order(x[6], x[7]);

  order(x[2], x[4]);
  order(x[3], x[5]);

  order(x[1], x[4]);
  order(x[3], x[6]);

  order(x[1], x[2]);
  order(x[3], x[4]);
  order(x[5], x[6]);
}

// Sorts p[0, 8) (the values stay in registers).
void sort8(double* p) {
  double x[8];
  std::copy(p, p + 8, x);
  network8(x);
  std::copy(x, x + 8, p);
}

// Merges the sorted runs src[0, w) and src[w, 2w) into dst[0, 2w), smallest first from the
// left and largest first from the right at once: each end is a chain of dependent loads and
// compares, and two independent chains run in the time of one. No bound needs a check: after
// k < w steps from one end, each run has given at most k of its w values.
void merge_halves(const double* src, std::size_t w, double* dst) {
  const double *a = src, *b = src + w;                    // the smallest left of each run
  const double *a_top = b - 1, *b_top = src + 2 * w - 1;  // the largest left
  double *low = dst, *high = dst + 2 * w - 1;
  for (std::size_t k = 0; k < w; ++k) {
    const bool from_b = *b < *a;
#ifdef __wasm_simd128__
    *low++ = smaller(*a, *b);  // from_b ? *b : *a
#else
    *low++ = from_b ? *b : *a;
#endif
    b += from_b;
    a += !from_b;
    const bool from_a_top = *a_top > *b_top;
#ifdef __wasm_simd128__
    *high-- = larger(*b_top, *a_top);  // from_a_top ? *a_top : *b_top
#else
    *high-- = from_a_top ? *a_top : *b_top;
#endif
    a_top -= from_a_top;
    b_top -= !from_a_top;
  }
}

#ifdef __wasm_simd128__
// Sorts the bitonic sequence held by x[0, V) (V vectors of two values, V a power of two) into
// increasing order: half cleaners V / 2, V / 4, ... 1 vectors apart, then one within each
// vector (its values turned into two vectors' lanes and back).
template <int V>
void bitonic_sort(v128_t* x) {
  for (int d = V / 2; d >= 1; d /= 2)
    for (int i = 0; i < V; ++i)
      if ((i & d) == 0) order(x[i], x[i + d]);
  for (int i = 0; i < V; i += 2) {
    v128_t low = wasm_i64x2_shuffle(x[i], x[i + 1], 0, 2);
    v128_t high = wasm_i64x2_shuffle(x[i], x[i + 1], 1, 3);
    order(low, high);
    x[i] = wasm_i64x2_shuffle(low, high, 0, 2);
    x[i + 1] = wasm_i64x2_shuffle(low, high, 1, 3);
  }
}

// Sorts p[0, 16): the network of 8 on the values at even places and on those at odd places at
// once (a lane each), then the two runs merged by a bitonic network (the first increasing and
// the second decreasing form a bitonic sequence), all in registers.
void sort16(double* p) {
  v128_t v[8], x[8];
  for (int r = 0; r < 8; ++r) v[r] = wasm_v128_load(p + 2 * r);
  network8(v);
  for (int k = 0; k < 4; ++k) {
    x[k] = wasm_i64x2_shuffle(v[2 * k], v[2 * k + 1], 0, 2);
    x[7 - k] = wasm_i64x2_shuffle(v[2 * k + 1], v[2 * k], 1, 3);
  }
  bitonic_sort<8>(x);
  for (int r = 0; r < 8; ++r) wasm_v128_store(p + 2 * r, x[r]);
}

// Merges the sorted runs src[0, 16) and src[16, 32) into dst[0, 32) by a bitonic network, the
// second run reversed (a buffer of 50 sorts 1.4 times faster than with merge_halves here; a
// network for runs of 32 gained nothing).
void merge_16s(const double* src, double* dst) {
  v128_t x[16];
  for (int r = 0; r < 8; ++r) {
    x[r] = wasm_v128_load(src + 2 * r);
    const v128_t b = wasm_v128_load(src + 30 - 2 * r);
    x[8 + r] = wasm_i64x2_shuffle(b, b, 1, 0);
  }
  bitonic_sort<16>(x);
  for (int r = 0; r < 16; ++r) wasm_v128_store(dst + 2 * r, x[r]);
}
#endif

}  // namespace

// Sorts data[0, n) padded with +infinity to a power of two m >= 8 (data has room for m values,
// temp too): networks of 8 (in wasm, of 16 when m > 8, then merge_16s), then merges of equal
// runs. Returns data or temp, whichever ends up holding the m sorted values, the n given first
// (no padding value is smaller than one of them, and an infinity given is the padding's bits).
double* sort_padded(double* data, double* temp, std::size_t n, std::size_t m) {
  std::fill(data + n, data + m, std::numeric_limits<double>::infinity());
#ifdef __wasm_simd128__
  std::size_t w = m == 8 ? 8 : 16;  // the length of the sorted runs
  if (m == 8)
    sort8(data);
  else
    for (std::size_t k = 0; k < m; k += 16) sort16(data + k);
#else
  std::size_t w = 8;
  for (std::size_t k = 0; k < m; k += 8) sort8(data + k);
#endif
  for (; w < m; w *= 2) {
    for (std::size_t k = 0; k < m; k += 2 * w) {
#ifdef __wasm_simd128__
      if (w == 16) {
        merge_16s(data + k, temp + k);
        continue;
      }
#endif
      merge_halves(data + k, w, temp + k);
    }
    std::swap(data, temp);
  }
  return data;
}

}  // namespace onepass
