// An open-addressing table from a 32-bit hash to a feature index, for the encoder's lookups on
// every categorical cell and every word (design.md 10.2, 10.3). Its keys live elsewhere (a
// level's bytes are its feature's key), so a lookup hashes the cell's bytes in place once and
// compares bytes only on a matching hash: no string is built per cell, as a map keyed by
// std::string needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace onepass {

// A hash of a cell's bytes for the table only (never saved: a model's table is rebuilt from its
// levels), eight bytes a step, so that it costs a few multiplications for a usual level;
// a level's murmur3 (feature_encoder.hpp) is what decides its bucket past the cap.
inline std::uint32_t table_hash(std::string_view bytes, std::uint32_t seed) {
  const char* p = bytes.data();
  std::size_t n = bytes.size();
  std::uint64_t h = seed ^ (n * 0x9E3779B97F4A7C15ull);
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    h = (h ^ v) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  if (n > 0) {
    // The last 1-7 bytes in at most two loads (overlapping ones from 4 bytes on); the length,
    // mixed in first, tells apart the tails they read alike.
    std::uint64_t v;
    if (n >= 4) {
      std::uint32_t lo, hi;
      std::memcpy(&lo, p, 4);
      std::memcpy(&hi, p + n - 4, 4);
      v = lo | static_cast<std::uint64_t>(hi) << 32;
    } else {
      v = static_cast<unsigned char>(p[0]) | static_cast<unsigned char>(p[n / 2]) << 8 |
          static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16;
    }
    h = (h ^ v) * 0x94D049BB133111EBull;
    h ^= h >> 29;
  }
  h *= 0xBF58476D1CE4E5B9ull;
  return static_cast<std::uint32_t>(h >> 32);
}

// Whether a and b are the same bytes: a level is usually short, and two overlapping 8-byte
// loads compare one of up to 16 bytes without a call to memcmp.
inline bool same_bytes(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n < 8 || n > 16) return a == b;
  std::uint64_t a0, a1, b0, b1;
  std::memcpy(&a0, a.data(), 8);
  std::memcpy(&b0, b.data(), 8);
  std::memcpy(&a1, a.data() + n - 8, 8);
  std::memcpy(&b1, b.data() + n - 8, 8);
  return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

class HashIndex {
 public:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  // The value stored under `hash` for which same(value) holds, or kNone.
  template <class Same>
  std::uint32_t find(std::uint32_t hash, Same&& same) const {
    if (slots_.empty()) return kNone;
    for (std::size_t i = home(hash);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.value == kNone) return kNone;
      if (s.hash == hash && same(s.value)) return s.value;
    }
  }
  // Adds `value` under `hash` (the caller knows no equal key is stored).
  void insert(std::uint32_t hash, std::uint32_t value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = home(hash);
    while (slots_[i].value != kNone) i = (i + 1) & mask_;
    slots_[i] = {hash, value};
    ++size_;
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.clear();
    mask_ = 0;
    size_ = 0;
    shift_ = 32;
  }

 private:
  struct Slot {
    std::uint32_t hash = 0;
    std::uint32_t value = kNone;
  };
  // Fibonacci hashing: the top bits of hash times 2^32/phi, so that keys that are small numbers
  // (a bucket's number) spread as well as hashes do.
  std::size_t home(std::uint32_t hash) const {
    return shift_ >= 32 ? 0 : static_cast<std::size_t>((hash * 0x9E3779B9u) >> shift_);
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    const std::size_t capacity = old.empty() ? 16 : 2 * old.size();
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    shift_ = 32;
    for (std::size_t c = capacity; c > 1; c >>= 1) --shift_;
    for (const Slot& s : old) {
      if (s.value == kNone) continue;
      std::size_t i = home(s.hash);
      while (slots_[i].value != kNone) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0, size_ = 0;
  int shift_ = 32;
};

}  // namespace onepass
