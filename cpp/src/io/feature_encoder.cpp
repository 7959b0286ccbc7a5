#include "io/feature_encoder.hpp"

#include <algorithm>
#include <cstring>

#include "core/limits.hpp"

namespace onepass {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

std::uint32_t rotl32(std::uint32_t x, int r) {
  return (x << r) | (x >> (32 - r));
}

bool word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

}  // namespace

Status check_encoder_options(const EncoderOptions& o) {
  if (o.max_levels > kMaxLevels)
    return Status::error("max levels must be at most " + std::to_string(kMaxLevels) + ", got " +
                         std::to_string(o.max_levels));
  if (o.level_buckets < 1 || o.level_buckets > kMaxLevelBuckets)
    return Status::error("level buckets must be from 1 to " + std::to_string(kMaxLevelBuckets) +
                         ", got " + std::to_string(o.level_buckets));
  if (o.text_bits < 1 || o.text_bits > kMaxTextBits)
    return Status::error("text bits must be from 1 to " + std::to_string(kMaxTextBits) + ", got " +
                         std::to_string(o.text_bits));
  return Status::ok();
}

namespace {

// MurmurHash3 x86 32-bit of the bytes of key as byte() gives them: a text cell's words are
// hashed lower-cased as they are read, without a lower-cased copy of the cell.
template <class Byte>
std::uint32_t murmur3_32_of(std::string_view key, std::uint32_t seed, Byte byte) {
  const std::uint32_t c1 = 0xcc9e2d51, c2 = 0x1b873593;
  const auto* data = reinterpret_cast<const unsigned char*>(key.data());
  const std::size_t n = key.size(), blocks = n / 4;
  std::uint32_t h = seed;
  for (std::size_t i = 0; i < blocks; ++i) {
    std::uint32_t k = static_cast<std::uint32_t>(byte(data[4 * i])) |
                      static_cast<std::uint32_t>(byte(data[4 * i + 1])) << 8 |
                      static_cast<std::uint32_t>(byte(data[4 * i + 2])) << 16 |
                      static_cast<std::uint32_t>(byte(data[4 * i + 3])) << 24;
    k = rotl32(k * c1, 15) * c2;
    h = rotl32(h ^ k, 13) * 5 + 0xe6546b64;
  }
  std::uint32_t k = 0;
  const unsigned char* tail = data + 4 * blocks;
  switch (n & 3) {
    case 3:
      k ^= static_cast<std::uint32_t>(byte(tail[2])) << 16;
      [[fallthrough]];
    case 2:
      k ^= static_cast<std::uint32_t>(byte(tail[1])) << 8;
      [[fallthrough]];
    case 1:
      k ^= byte(tail[0]);
      h ^= rotl32(k * c1, 15) * c2;
  }
  h ^= static_cast<std::uint32_t>(n);
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}

unsigned char lower_ascii(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c;
}

}  // namespace

std::uint32_t murmur3_32(std::string_view key, std::uint32_t seed) {
  return murmur3_32_of(key, seed, [](unsigned char c) { return c; });
}

std::uint32_t FeatureEncoder::add_column(std::string name, bool text) {
  Column c;
  c.seed = murmur3_32(name, 0);
  c.name = std::move(name);
  c.text = text;
  columns_.push_back(std::move(c));
  return static_cast<std::uint32_t>(columns_.size() - 1);
}

bool FeatureEncoder::full() {
  if (width() < width_limit_) return false;
  refused_ = true;
  return true;
}

std::uint32_t FeatureEncoder::add_feature(EncodedFeature f) {
  features_.push_back(std::move(f));
  return static_cast<std::uint32_t>(width() - 1);
}

std::uint32_t FeatureEncoder::bucket_feature(Column& c, std::uint32_t column, std::uint32_t bucket,
                                             EncodedFeature::Kind kind, std::string_view display) {
  const std::uint32_t found = c.buckets.find(bucket, [](std::uint32_t) { return true; });
  if (found != kNone) return found;
  if (frozen_ || full()) return kNone;
  const std::string name = kind == EncodedFeature::text_bucket
                               ? c.name + ":" + std::string(display)
                               : c.name + "=#" + std::to_string(bucket);
  const std::uint32_t index = add_feature({column, kind, std::to_string(bucket), name});
  c.buckets.insert(bucket, index);
  return index;
}

std::uint32_t FeatureEncoder::find_level(const Column& c, std::uint32_t hash,
                                         std::string_view value) const {
  return c.levels.find(
      hash, [&](std::uint32_t index) { return same_bytes(features_[index - first_].key, value); });
}

void FeatureEncoder::encode_categorical(std::uint32_t column, std::string_view value,
                                        EncodedTail& out) {
  Column& c = columns_[column];
  const std::uint32_t hash = table_hash(value, c.seed);
  const std::uint32_t found = find_level(c, hash, value);
  if (found != kNone) {
    out.emplace_back(found, 1.0);
    return;
  }
  if (c.levels.size() < opt_.max_levels) {
    if (frozen_ || full()) return;  // a level the model never saw, or no room: no feature
    std::string key(value);
    std::string name = c.name + "=" + key;
    const std::uint32_t index =
        add_feature({column, EncodedFeature::level, std::move(key), std::move(name)});
    c.levels.insert(hash, index);
    out.emplace_back(index, 1.0);
    return;
  }
  // design.md 10.2: past the cap, levels share hashed buckets (bounded width on any stream).
  const std::uint32_t bucket =
      murmur3_32(value, c.seed) % static_cast<std::uint32_t>(opt_.level_buckets);
  const std::uint32_t index = bucket_feature(c, column, bucket, EncodedFeature::level_bucket, "");
  if (index != kNone) out.emplace_back(index, 1.0);
}

void FeatureEncoder::encode_text(std::uint32_t column, std::string_view text, EncodedTail& out) {
  Column& c = columns_[column];
  // Lower-case words: runs of ASCII letters and digits, and of bytes of UTF-8 sequences. A
  // word is hashed as its lower-cased bytes while it is read; only a word that names a new
  // bucket is written out lower-cased, for the feature's name.
  const std::uint32_t mask = (1u << opt_.text_bits) - 1;
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    while (i < n && !word_byte(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < n && word_byte(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start) break;
    const std::string_view word(text.data() + start, i - start);
    const std::uint32_t h = murmur3_32_of(word, c.seed, lower_ascii);
    // design.md 10.3: a word counts +1, so the weight shown under its name is its own effect.
    const double sign = opt_.signed_words && (h >> 31) ? -1.0 : 1.0;
    std::uint32_t index = c.buckets.find(h & mask, [](std::uint32_t) { return true; });
    if (index == kNone) {
      lowered_.assign(word.data(), word.size());
      for (char& ch : lowered_) ch = static_cast<char>(lower_ascii(static_cast<unsigned char>(ch)));
      index = bucket_feature(c, column, h & mask, EncodedFeature::text_bucket, lowered_);
    }
    if (index != kNone) out.emplace_back(index, sign);
  }
}

void FeatureEncoder::finish_row(EncodedTail& tail) {
  if (tail.size() < 2) return;
  std::sort(tail.begin(), tail.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::size_t w = 0;
  for (std::size_t r = 1; r < tail.size(); ++r) {
    if (tail[r].first == tail[w].first)
      tail[w].second += tail[r].second;
    else
      tail[++w] = tail[r];
  }
  tail.resize(w + 1);
}

Status FeatureEncoder::restore(const std::vector<EncodedFeature>& features) {
  for (Column& c : columns_) {
    c.levels.clear();
    c.buckets.clear();
  }
  features_.clear();
  for (std::size_t i = 0; i < features.size(); ++i) {
    const EncodedFeature& f = features[i];
    const std::string where = "encoded feature " + std::to_string(i + 1);
    if (f.column >= columns_.size()) return Status::error(where + ": no such column");
    Column& c = columns_[f.column];
    const std::uint32_t index = static_cast<std::uint32_t>(first_ + i);
    if (f.kind == EncodedFeature::level) {
      if (c.text) return Status::error(where + ": a level of a text column");
      const std::uint32_t hash = table_hash(f.key, c.seed);
      if (find_level(c, hash, f.key) != kNone)
        return Status::error(where + ": level '" + f.key + "' twice");
      c.levels.insert(hash, index);
      if (c.levels.size() > opt_.max_levels)
        return Status::error(where + ": more levels than max levels");
    } else {
      char* end = nullptr;
      const unsigned long bucket = std::strtoul(f.key.c_str(), &end, 10);
      const unsigned long limit =
          f.kind == EncodedFeature::text_bucket ? (1ul << opt_.text_bits) : opt_.level_buckets;
      if (f.key.empty() || *end != '\0' || bucket >= limit ||
          (f.kind == EncodedFeature::text_bucket) != c.text)
        return Status::error(where + ": bad bucket '" + f.key + "'");
      const auto key = static_cast<std::uint32_t>(bucket);
      if (c.buckets.find(key, [](std::uint32_t) { return true; }) != kNone)
        return Status::error(where + ": bucket " + f.key + " twice");
      c.buckets.insert(key, index);
    }
    features_.push_back(f);
  }
  return Status::ok();
}

}  // namespace onepass
