// The encoder of categorical and text columns (design.md 10.2-10.3): named levels, then hashed
// buckets past the cap; text words hashed and counted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"
#include "io/feature_encoder.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

TEST(FeatureEncoder, MurmurHashKnownValues) {
  // Reference values of MurmurHash3_x86_32.
  EXPECT_EQ(murmur3_32("", 0), 0u);
  EXPECT_EQ(murmur3_32("", 1), 0x514E28B7u);
  EXPECT_EQ(murmur3_32("hello", 0), 0x248BFA47u);
  EXPECT_EQ(murmur3_32("Hello, world!", 1234), 0xFAF6CDB3u);
}

// The encoder's table (io/hash_index.hpp) keeps values apart whose hashes collide, and finds
// every one of thousands of levels (the table grows many times) after a model's restore.
TEST(FeatureEncoder, TheLevelTableFindsEveryLevelThroughCollisionsAndGrowth) {
  HashIndex index;
  const std::vector<std::string> keys = {"a", "b", "c"};
  for (std::uint32_t v = 0; v < 3; ++v) index.insert(7, v);  // one hash for all three
  for (std::uint32_t v = 0; v < 3; ++v)
    EXPECT_EQ(index.find(7, [&](std::uint32_t k) { return keys[k] == keys[v]; }), v);
  EXPECT_EQ(index.find(7, [](std::uint32_t) { return false; }), HashIndex::kNone);
  EXPECT_EQ(index.find(8, [](std::uint32_t) { return true; }), HashIndex::kNone);

  EncoderOptions o;
  o.max_levels = 5000;
  FeatureEncoder enc(o, 2);
  const std::uint32_t c = enc.add_categorical("id");
  EncodedTail t;
  for (int i = 0; i < 5000; ++i) enc.encode_categorical(c, "level" + std::to_string(i), t);
  FeatureEncoder again(o, 2);
  again.add_categorical("id");
  ASSERT_TRUE(again.restore(enc.features()));
  again.freeze(true);
  for (int i = 0; i < 5000; i += 7) {
    t.clear();
    again.encode_categorical(c, "level" + std::to_string(i), t);
    ASSERT_EQ(t.size(), 1u) << i;
    EXPECT_EQ(t[0].first, 2u + i);
  }
  t.clear();
  again.encode_categorical(c, "level5000", t);  // never seen: no feature from a frozen encoder
  EXPECT_TRUE(t.empty());
}

TEST(FeatureEncoder, LevelsThenHashedBucketsPastTheCap) {
  EncoderOptions o;
  o.max_levels = 2;
  o.level_buckets = 4;
  FeatureEncoder enc(o, 3);
  const std::uint32_t c = enc.add_categorical("color");
  EncodedTail t;
  enc.encode_categorical(c, "red", t);
  enc.encode_categorical(c, "blue", t);
  enc.encode_categorical(c, "red", t);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].first, 3u);
  EXPECT_EQ(t[1].first, 4u);
  EXPECT_EQ(t[2].first, 3u);
  EXPECT_EQ(enc.features()[0].name, "color=red");
  // Past two levels, values share at most four hashed buckets: the width stays bounded.
  for (int i = 0; i < 1000; ++i) enc.encode_categorical(c, "v" + std::to_string(i), t);
  EXPECT_LE(enc.width(), 3u + 2u + 4u);
  EXPECT_EQ(enc.features().back().name.rfind("color=#", 0), 0u);
  // Frozen: a new value below the cap adds nothing, known ones still map.
  FeatureEncoder frozen(o, 0);
  frozen.add_categorical("color");
  frozen.freeze(true);
  t.clear();
  frozen.encode_categorical(0, "green", t);
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(frozen.width(), 0u);
}

TEST(FeatureEncoder, TextWordsHashedAndCounted) {
  FeatureEncoder enc(EncoderOptions{}, 0);
  const std::uint32_t c = enc.add_text("review");
  EncodedTail t;
  enc.encode_text(c, "Good GOOD, good! bad", t);
  FeatureEncoder::finish_row(t);
  // "good" three times, "bad" once, each counting +1 whatever its hash (design.md 10.3), so the
  // weight shown as review:good is good's own effect.
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].second, 3.0);
  EXPECT_EQ(t[1].second, 1.0);
  ASSERT_EQ(enc.features().size(), 2u);
  EXPECT_EQ(enc.features()[0].name, "review:good");
  EXPECT_EQ(enc.features()[1].name, "review:bad");
  // A saved encoder restores to the same features.
  FeatureEncoder copy(EncoderOptions{}, 0);
  copy.add_text("review");
  ASSERT_TRUE(copy.restore(enc.features()));
  EncodedTail u;
  copy.encode_text(0, "bad good good good", u);
  FeatureEncoder::finish_row(u);
  EXPECT_EQ(u, t);
}

TEST(FeatureEncoder, FinishRowSortsByIndexAndAddsRepeats) {
  // Out of order, a repeat of the first pair's index, a repeat of a pair moved past, a new
  // smallest index and one in between: by hand, 2 (-1), 5 (+1 +1), 7 (+1), 9 (+1 -1).
  EncodedTail t = {{5, 1.0}, {9, 1.0}, {5, 1.0}, {2, -1.0}, {9, -1.0}, {7, 1.0}};
  FeatureEncoder::finish_row(t);
  EXPECT_EQ(t, (EncodedTail{{2, -1.0}, {5, 2.0}, {7, 1.0}, {9, 0.0}}));
  EncodedTail sorted = {{1, 1.0}, {3, 1.0}, {4, -1.0}};  // in order already: as it was
  FeatureEncoder::finish_row(sorted);
  EXPECT_EQ(sorted, (EncodedTail{{1, 1.0}, {3, 1.0}, {4, -1.0}}));
  EncodedTail one = {{8, 1.0}}, none;
  FeatureEncoder::finish_row(one);
  FeatureEncoder::finish_row(none);
  EXPECT_EQ(one, (EncodedTail{{8, 1.0}}));
  EXPECT_TRUE(none.empty());
}

TEST(FeatureEncoder, FinishRowAgreesWithASortThenAMerge) {
  // Random tails of +-1 values (what the encoder emits) over few indices, so that repeats and
  // runs in and out of order are common: the pairs must be those of a sort and a merge.
  std::uint64_t state = 12345;
  const auto next = [&state](std::uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>((state >> 33) % bound);
  };
  for (int trial = 0; trial < 2000; ++trial) {
    EncodedTail tail(next(14));
    const std::uint32_t span = 1 + next(30);
    for (auto& [index, value] : tail) {
      index = next(span);
      value = next(2) ? 1.0 : -1.0;
    }
    EncodedTail want = tail;
    std::stable_sort(want.begin(), want.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    EncodedTail merged;
    for (const auto& pair : want) {
      if (!merged.empty() && merged.back().first == pair.first)
        merged.back().second += pair.second;
      else
        merged.push_back(pair);
    }
    FeatureEncoder::finish_row(tail);
    ASSERT_EQ(tail, merged) << "trial " << trial;
  }
}

TEST(FeatureEncoder, VersionTwoModelsCountWordsWithTheirHashSign) {
  EncoderOptions old;
  old.signed_words = true;
  FeatureEncoder enc(old, 0);
  const std::uint32_t c = enc.add_text("review");
  const std::uint32_t seed = murmur3_32("review", 0);
  // Two words, one of each sign, found by hashing.
  std::string plus, minus;
  for (int i = 0; plus.empty() || minus.empty(); ++i) {
    const std::string w = "w" + std::to_string(i);
    ((murmur3_32(w, seed) >> 31) ? minus : plus) = w;
  }
  EncodedTail t;
  enc.encode_text(c, plus + " " + minus + " " + minus, t);
  FeatureEncoder::finish_row(t);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].second, 1.0);
  EXPECT_EQ(t[1].second, -2.0);
}

}  // namespace
}  // namespace onepass
