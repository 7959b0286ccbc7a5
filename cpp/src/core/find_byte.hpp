// Whether a byte occurs in a buffer. glibc's memchr is vectorised; the memchr of Emscripten's
// libc (musl) reads one 4-byte word a step in wasm32, and a parser worker checks each block it
// reads for a quote (CsvReader::read_apart): that check took 104 of its 1,330 ms on 3,000,000
// rows (docs/design.md, "Every core"). With wasm SIMD it reads 64 bytes a step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace onepass {

inline bool contains_byte(const char* data, std::size_t size, char byte) {
#ifdef __wasm_simd128__
  const v128_t needle = wasm_i8x16_splat(byte);
  const auto hits = [&](std::size_t at) {
    return wasm_i8x16_eq(wasm_v128_load(data + at), needle);
  };
  std::size_t i = 0;
  for (; i + 64 <= size; i += 64)
    if (wasm_v128_any_true(wasm_v128_or(wasm_v128_or(hits(i), hits(i + 16)),
                                        wasm_v128_or(hits(i + 32), hits(i + 48)))))
      return true;
  for (; i + 16 <= size; i += 16)
    if (wasm_v128_any_true(hits(i))) return true;
  for (; i < size; ++i)
    if (data[i] == byte) return true;
  return false;
#else
  return size != 0 && std::memchr(data, byte, size) != nullptr;
#endif
}

// The first byte of [p, end) that is a, b or c, or end. For the cells of the CSV reader's fast
// path (a level, a label: about ten bytes), eight bytes a step (SWAR: a byte equal to the one
// sought becomes a zero byte, and the lowest zero byte's high bit is exact; wasm and x86 are
// little-endian, so it is the lowest set bit); a vector register does not pay for so few.
inline const char* find_first_of3(const char* p, const char* end, char a, char b, char c) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const auto zero_bytes = [](std::uint64_t x) { return (x - ones) & ~x & highs; };
  const std::uint64_t ma = ones * static_cast<unsigned char>(a),
                      mb = ones * static_cast<unsigned char>(b),
                      mc = ones * static_cast<unsigned char>(c);
  for (; end - p >= 8; p += 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    const std::uint64_t hit = zero_bytes(v ^ ma) | zero_bytes(v ^ mb) | zero_bytes(v ^ mc);
    if (hit) return p + (__builtin_ctzll(hit) >> 3);
  }
  for (; p != end; ++p)
    if (*p == a || *p == b || *p == c) return p;
  return end;
}

}  // namespace onepass
