// QuantileSketch against a textbook Greenwald-Khanna summary written out below: the sketch is
// optimized (one fused right-to-left merge and compress, a branch-free sort of the buffer), and
// must keep exactly the same tuples, answers and saved state, bit for bit (-0.0 included).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/state_codec.hpp"
#include "scalers/quantile_sketch.hpp"

namespace onepass {
namespace {

// The sketch as it was first written, step by step: buffer 1/(2 eps) values; then sort them
// (std::sort), merge them left to right into the summary, and compress it right to left.
class ReferenceGK {
 public:
  explicit ReferenceGK(double eps) : eps_(eps) {}

  void insert(double v) {
    buffer_.push_back(v);
    ++n_;
    const std::size_t period = std::max<std::size_t>(1, static_cast<std::size_t>(1 / (2 * eps_)));
    compressed_ = n_ % period == 0;
    if (compressed_) {
      flush();
      compress();
    }
  }
  bool compressed() const { return compressed_; }
  std::size_t size() const { return tuples_.size() + buffer_.size(); }

  // Sorts the buffer and merges it in: a value goes after the tuples not larger than it; it is
  // exact (delta 0) when it comes first or after every old tuple, else delta = floor(2 eps n).
  void flush() {
    if (buffer_.empty()) return;
    std::sort(buffer_.begin(), buffer_.end());
    const double delta = std::floor(2 * eps_ * static_cast<double>(n_));
    std::vector<Tuple> merged;
    std::size_t i = 0;
    for (double v : buffer_) {
      while (i < tuples_.size() && tuples_[i].v <= v) merged.push_back(tuples_[i++]);
      const bool at_end = merged.empty() || i == tuples_.size();
      merged.push_back(Tuple{v, 1, at_end ? 0.0 : delta});
    }
    while (i < tuples_.size()) merged.push_back(tuples_[i++]);
    tuples_ = merged;
    buffer_.clear();
  }

  // Right to left, a tuple (not the first nor the last) is merged into its right neighbour
  // (which keeps its value and gains its g) when g + g_next + delta_next <= floor(2 eps n).
  void compress() {
    if (tuples_.size() < 3) return;
    const double bound = std::floor(2 * eps_ * static_cast<double>(n_));
    std::vector<Tuple> kept = {tuples_.back()};  // right to left; kept.back() is the neighbour
    for (std::size_t i = tuples_.size() - 2; i >= 1; --i) {
      if (tuples_[i].g + kept.back().g + kept.back().delta <= bound)
        kept.back().g += tuples_[i].g;
      else
        kept.push_back(tuples_[i]);
    }
    kept.push_back(tuples_[0]);
    tuples_.assign(kept.rbegin(), kept.rend());
  }

  // For each phi (not decreasing): the value of the tuple before the first whose
  // rmin + delta exceeds ceil(phi n) + eps n (or the last tuple when none does).
  void quantiles(const double* phis, std::size_t count, double* out) {
    flush();
    const double n = static_cast<double>(n_);
    for (std::size_t k = 0; k < count; ++k) {
      if (tuples_.empty()) {
        out[k] = std::numeric_limits<double>::quiet_NaN();
        continue;
      }
      const double limit = std::clamp(std::ceil(phis[k] * n), 1.0, n) + eps_ * n;
      double rmin = 0;
      std::size_t i = 0;
      for (; i < tuples_.size(); ++i) {
        rmin += tuples_[i].g;
        if (rmin + tuples_[i].delta > limit) break;
      }
      out[k] = i == tuples_.size() ? tuples_.back().v : tuples_[i == 0 ? 0 : i - 1].v;
    }
  }

  std::vector<double> save() const {
    std::vector<double> out, flat;
    StateWriter w(out);
    w.put(static_cast<double>(n_));
    for (const Tuple& t : tuples_) flat.insert(flat.end(), {t.v, t.g, t.delta});
    w.put(flat);
    w.put(buffer_);
    return out;
  }

 private:
  struct Tuple {
    double v, g, delta;
  };
  double eps_;
  std::size_t n_ = 0;
  bool compressed_ = false;
  std::vector<Tuple> tuples_;
  std::vector<double> buffer_;
};

std::vector<double> saved(const QuantileSketch& q) {
  std::vector<double> out;
  StateWriter w(out);
  q.save(w);
  return out;
}

// Equal bit for bit: EXPECT_EQ would take -0.0 for 0.0.
bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string bits(double v) {
  std::uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  return std::to_string(v) + " (bits " + std::to_string(u) + ")";
}

struct Stream {
  const char* name;
  std::function<double(std::mt19937&, std::size_t)> next;
};

const std::vector<Stream>& streams() {
  static const std::vector<Stream> all = {
      {"normal",
       [](std::mt19937& rng, std::size_t) { return std::normal_distribution<double>(0, 1)(rng); }},
      {"ties in {0, 1, 2}", [](std::mt19937& rng, std::size_t) { return double(rng() % 3); }},
      {"increasing", [](std::mt19937&, std::size_t i) { return double(i); }},
      {"decreasing", [](std::mt19937&, std::size_t i) { return -double(i); }},
      // -0.0 and 0.0 compare equal: which one a tuple keeps depends on the sort's order of them.
      {"signed zeros",
       [](std::mt19937& rng, std::size_t) {
         const double pick[] = {-0.0, 0.0, -0.0, 0.0, -1, 1, 0.5};
         return pick[rng() % 7];
       }},
      {"zeros now and then, infinities",
       [](std::mt19937& rng, std::size_t i) {
         if (i % 97 == 0)
           return rng() % 2 ? std::numeric_limits<double>::infinity()
                            : -std::numeric_limits<double>::infinity();
         if (i % 13 == 0) return rng() % 2 ? -0.0 : 0.0;
         return std::floor(std::normal_distribution<double>(0, 3)(rng));
       }},
      {"sorted runs",
       [](std::mt19937& rng, std::size_t i) { return double(i % 1000) + (rng() % 4) * 0.25; }},
  };
  return all;
}

TEST(QuantileSketch, KeepsTheTextbookSummaryBitForBit) {
  const double phis[] = {0,   1e-4, 0.001, 0.01, 0.05, 0.1, 0.2,  0.25, 0.3,   0.4,    0.5,
                         0.5, 0.6,  0.7,   0.75, 0.8,  0.9, 0.95, 0.99, 0.999, 0.9999, 1};
  constexpr std::size_t kPhis = sizeof(phis) / sizeof(phis[0]);
  for (const Stream& s : streams()) {
    for (double eps : {0.01, 0.05, 0.2, 0.0001}) {
      const std::size_t n = eps < 0.001 ? 200000 : 60000;
      QuantileSketch q(eps);
      ReferenceGK ref(eps);
      std::mt19937 rng(7);
      std::size_t compresses = 0;
      for (std::size_t i = 1; i <= n; ++i) {
        const double v = s.next(rng, i);
        q.insert(v);
        ref.insert(v);
        ASSERT_EQ(q.compressed(), ref.compressed()) << s.name << ", eps " << eps << ", " << i;
        ASSERT_EQ(q.size(), ref.size()) << s.name << ", eps " << eps << ", " << i;
        // As RobustScaler asks: after each compress, and on every value of the first buffer
        // (which merges a part-filled buffer without compressing: here on its first 300 values
        // and then every 37th); now and then elsewhere too.
        const bool first_buffer = i * 2 * eps <= 1 && (i <= 300 || i % 37 == 0);
        const bool ask = q.compressed() || first_buffer || i % 4999 == 0;
        if (!ask) continue;
        compresses += q.compressed();
        double got[kPhis], want[kPhis];
        q.quantiles(phis, kPhis, got);
        ref.quantiles(phis, kPhis, want);
        for (std::size_t k = 0; k < kPhis; ++k)
          ASSERT_TRUE(std::memcmp(&got[k], &want[k], sizeof(double)) == 0)
              << s.name << ", eps " << eps << ", after " << i << " values, phi " << phis[k] << ": "
              << bits(got[k]) << " instead of " << bits(want[k]);
        ASSERT_TRUE(same_bits(saved(q), ref.save()))
            << s.name << ", eps " << eps << ", after " << i << " values";
        // The one-phi form answers as the walk does.
        const double median = q.quantile(0.5);
        ASSERT_TRUE(std::memcmp(&median, &want[10], sizeof(double)) == 0) << s.name;
      }
      EXPECT_GT(compresses, 0u);
      EXPECT_TRUE(same_bits(saved(q), ref.save())) << s.name << ", eps " << eps;
    }
  }
}

// A sketch saved with values in its buffer and loaded goes on as the one that was saved.
TEST(QuantileSketch, LoadedMidBufferGoesOnBitForBit) {
  for (double eps : {0.01, 0.2, 0.0001}) {
    for (std::size_t cut : {1u, 37u, 50u, 4999u, 12345u}) {
      QuantileSketch q(eps);
      ReferenceGK ref(eps);
      std::mt19937 rng(3);
      std::normal_distribution<double> dist(0, 1);
      for (std::size_t i = 0; i < cut; ++i) {
        const double v = i % 11 == 0 ? -0.0 : i % 7 == 0 ? 0.0 : dist(rng);
        q.insert(v);
        ref.insert(v);
      }
      const std::vector<double> state = saved(q);
      QuantileSketch resumed(eps);
      StateReader r(state);
      ASSERT_TRUE(resumed.load(r));
      for (std::size_t i = 0; i < 30000; ++i) {
        const double v = i % 11 == 0 ? -0.0 : i % 7 == 0 ? 0.0 : dist(rng);
        resumed.insert(v);
        ref.insert(v);
        ASSERT_EQ(resumed.compressed(), ref.compressed()) << "eps " << eps << ", cut " << cut;
      }
      EXPECT_TRUE(same_bits(saved(resumed), ref.save())) << "eps " << eps << ", cut " << cut;
    }
  }
}

}  // namespace
}  // namespace onepass
