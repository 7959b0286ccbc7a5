// Whether a byte occurs in a buffer. glibc's memchr is vectorised; the memchr of Emscripten's
// libc (musl) reads one 4-byte word a step in wasm32, and a parser worker checks each block it
// reads for a quote (CsvReader::read_apart): that check took 104 of its 1,330 ms on 3,000,000
// rows (docs/design.md, "Every core"). With wasm SIMD it reads 64 bytes a step.
#pragma once

#include <cstddef>
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

}  // namespace onepass
