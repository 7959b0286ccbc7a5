// What the fuzz targets share (tests/fuzz, libFuzzer; docs/limits.md): a reader of the
// fuzzer's bytes that takes small choices off the front, and the doubles at the edges of the
// type that every stage must survive (docs/algorithms.md 2.6: no silent NaN, never a crash).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace onepass::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
  // One byte of choice (0 when the input is used up).
  std::uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  // Bytes up to the next `stop` (or the end), which is consumed.
  std::string until(char stop) {
    const std::uint8_t* at = static_cast<const std::uint8_t*>(std::memchr(p_, stop, end_ - p_));
    const std::uint8_t* e = at ? at : end_;
    std::string out(reinterpret_cast<const char*>(p_), e - p_);
    p_ = at ? at + 1 : end_;
    return out;
  }
  // A size from lo to hi, drawn so that the bounds themselves are reached but rarely: a zero
  // byte gives `usual` (what the seed corpus was written for); 1..191 a small size, lo + b % 16;
  // 192..255 halves of the range from its top down (255 gives hi itself, 1 time in 256), so
  // every allocation an option sizes is fuzzed up to the bound its definition documents.
  std::size_t size(std::size_t lo, std::size_t hi, std::size_t usual) {
    const std::uint8_t b = byte();
    if (b == 0) return std::min(std::max(usual, lo), hi);
    if (b < 192) return std::min<std::size_t>(lo + b % 16, hi);
    return lo + ((hi - lo) >> (255 - b));
  }
  const char* rest() const { return reinterpret_cast<const char*>(p_); }
  std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

// A value from the edges of double, or a small ordinary one, chosen by a byte.
inline double edge_value(std::uint8_t b) {
  constexpr double kEdges[] = {0.0,
                               -0.0,
                               1.0,
                               -1.0,
                               1e308,
                               -1e308,
                               1e-308,
                               -1e-308,
                               4.9e-324,
                               1e300,
                               -1e300,
                               1e-300,
                               std::numeric_limits<double>::quiet_NaN(),
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::max()};
  constexpr std::size_t n = sizeof kEdges / sizeof kEdges[0];
  return b < 2 * n ? kEdges[b % n] : (static_cast<int>(b) - 128) / 16.0;
}

// Sends `size` bytes to push(data, n) in chunks, as a stream arrives: sizes from 1 to 64 bytes
// drawn from `seed`, or one chunk when seed is 0; stops at the first error, as the front ends do.
template <typename Push>
bool push_in_chunks(std::uint8_t seed, const char* data, std::size_t size, Push push) {
  std::uint32_t state = seed;
  std::size_t at = 0;
  while (at < size) {
    state = state * 1664525u + 1013904223u;
    const std::size_t n = seed ? std::min<std::size_t>(size - at, 1 + (state >> 24) % 64) : size;
    if (!push(data + at, n)) return false;
    at += n;
  }
  return true;
}

}  // namespace onepass::fuzz
