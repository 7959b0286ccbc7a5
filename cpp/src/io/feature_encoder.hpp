// Categorical and text columns as features (design.md 10.2, 10.3), online and bounded:
//  - a categorical value becomes an indicator feature named "column=value", added when the value
//    first appears; past `max_levels` values in a column, further values are hashed into
//    `level_buckets` features named "column=#k", so the width stays bounded on any stream;
//  - a text cell becomes lower-case word counts hashed (MurmurHash3) into 2^text_bits buckets
//    per column; a bucket becomes a feature named "column:word" (the first word seen in it) when
//    it first appears, so that word's weight is its own effect on the score.
// Encoded features take indices after the numeric ones, in the order they appear, so the width
// grows during a stream; a frozen encoder (scoring with a saved model) adds none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "io/hash_index.hpp"

namespace onepass {

struct EncoderOptions {
  std::size_t max_levels = 1000;   // named levels per categorical column
  std::size_t level_buckets = 64;  // hashed buckets per column past max_levels
  int text_bits = 18;              // 2^text_bits hashed buckets per text column
  // Models of format version 2 counted a word as -1 when its hash's top bit was set (design.md
  // 10.3 says why that went); they are still scored as they were trained.
  bool signed_words = false;
};
// The options' bounds, with a message naming the option (nothing is built when they fail).
Status check_encoder_options(const EncoderOptions& options);

// MurmurHash3 x86 32-bit (Appleby, public domain algorithm).
std::uint32_t murmur3_32(std::string_view key, std::uint32_t seed);

// One encoded feature, as a saved model keeps it: its column (an index into the encoder's
// columns), what it stands for and its display name.
struct EncodedFeature {
  enum Kind { level, level_bucket, text_bucket };
  std::uint32_t column = 0;
  Kind kind = level;
  std::string key;  // the level, or the bucket's number
  std::string name;
};

// (index, value) pairs of one row's encoded features, in any order until sorted.
using EncodedTail = std::vector<std::pair<std::uint32_t, double>>;

class FeatureEncoder {
 public:
  FeatureEncoder() = default;
  FeatureEncoder(EncoderOptions options, std::size_t first_index)
      : opt_(options), first_(first_index) {}

  // Declares an encoded column; returns its id for encode_*.
  std::uint32_t add_categorical(std::string name) { return add_column(std::move(name), false); }
  std::uint32_t add_text(std::string name) { return add_column(std::move(name), true); }

  void encode_categorical(std::uint32_t column, std::string_view value, EncodedTail& out);
  void encode_text(std::uint32_t column, std::string_view text, EncodedTail& out);
  // Sorts a row's pairs by index and adds up repeated indices (one hashed word twice).
  static void finish_row(EncodedTail& tail);

  // A frozen encoder adds no feature: unseen values are left out (or go to a bucket that exists).
  void freeze(bool frozen) { frozen_ = frozen; }
  // At most `limit` features in all (the numeric ones among them): a multiclass model's bound
  // of classes x features (docs/algorithms.md 1.8) as the classes stand. A value that needs a
  // feature past it gets none, and take_refusal() says so.
  void set_width_limit(std::size_t limit) { width_limit_ = limit; }
  // Whether a feature was refused since the last call.
  bool take_refusal() { return std::exchange(refused_, false); }
  bool frozen() const { return frozen_; }

  std::size_t first_index() const { return first_; }
  std::size_t width() const { return first_ + features_.size(); }
  std::size_t columns() const { return columns_.size(); }
  const std::string& column_name(std::uint32_t c) const { return columns_[c].name; }
  bool column_is_text(std::uint32_t c) const { return columns_[c].text; }
  const std::vector<EncodedFeature>& features() const { return features_; }
  const EncoderOptions& options() const { return opt_; }

  // Rebuilds the maps from saved features (a model's encoder); checks every entry.
  Status restore(const std::vector<EncodedFeature>& features);

 private:
  struct Column {
    std::string name;
    bool text = false;
    std::uint32_t seed = 0;
    HashIndex levels;   // table_hash of the level's bytes -> its feature (the key: the feature's)
    HashIndex buckets;  // bucket -> its feature (the hash is the bucket)
  };
  std::uint32_t add_column(std::string name, bool text);
  // The feature of a bucket of column c: its index, or npos when frozen and never seen.
  std::uint32_t bucket_feature(Column& c, std::uint32_t column, std::uint32_t bucket,
                               EncodedFeature::Kind kind, std::string_view display);
  std::uint32_t add_feature(EncodedFeature f);
  // The feature of level `value` (hash: its table_hash under the column's seed), or kNone.
  std::uint32_t find_level(const Column& c, std::uint32_t hash, std::string_view value) const;

  EncoderOptions opt_;
  std::size_t first_ = 0;
  bool frozen_ = false;
  // True (and refused_ set) when no new feature fits under width_limit_.
  bool full();
  std::size_t width_limit_ = static_cast<std::size_t>(-1);
  bool refused_ = false;
  std::vector<Column> columns_;
  std::vector<EncodedFeature> features_;
  std::vector<std::pair<std::string_view, std::uint32_t>> words_;  // scratch: a cell's words
  std::string lowered_;
};

}  // namespace onepass
