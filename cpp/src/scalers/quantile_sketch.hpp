// Greenwald-Khanna quantile summary (SIGMOD 2001): after n values, quantile(phi) returns a value
// whose rank is within eps n of ceil(phi n), keeping O((1/eps) log(eps n)) tuples. Values are
// buffered and merged into the summary in one sorted pass every 1/(2 eps) values (then the
// summary is compressed): a delayed insert only widens its rank uncertainty (its delta uses the
// larger n), so the guarantee holds, and an insert costs O(log) instead of a vector insert.
// The merge runs right to left and compresses the tuples as they come out, in one pass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/state_codec.hpp"

namespace onepass {

class QuantileSketch {
 public:
  explicit QuantileSketch(double eps = 0.01)
      : eps_(eps), period_(std::max<std::size_t>(1, static_cast<std::size_t>(1 / (2 * eps)))) {}

  // v must not be NaN (the buffer is sorted; RobustScaler leaves missing values out).
  void insert(double v);
  // A value of rank within eps n of ceil(phi n); NaN when empty.
  double quantile(double phi) const;
  // quantile(phis[k]) for each k in one walk of the summary; phis must not decrease.
  void quantiles(const double* phis, std::size_t count, double* out) const;
  std::size_t count() const { return n_; }
  std::size_t size() const { return tuples_.size() + buffer_.size(); }
  double eps() const { return eps_; }
  // True when the last insert compressed the summary (callers refresh cached quantiles then).
  bool compressed() const { return compressed_; }

  // [n, tuples as (v, g, delta) triples (array), buffered values (array)]
  void save(StateWriter& w) const;
  bool load(StateReader& r);

 private:
  struct Tuple {
    double v;
    double g;      // rmin(i) - rmin(i - 1)
    double delta;  // rmax(i) - rmin(i)
  };
  // Merges the buffered values into the summary, compressing it in the same pass when
  // kCompress, and empties the buffer.
  template <bool kCompress>
  void merge_buffer() const;
  // Merges without compressing (logically const: queries see every value).
  void flush() const;
  // The buffered values in increasing order (in sorted_, or in buffer_ itself).
  const double* sort_buffer() const;

  double eps_;
  // The buffer's length, 1/(2 eps), worked out once (a division and a conversion on every
  // insert took 4% of the time in wasm).
  std::size_t period_;
  std::size_t n_ = 0;
  bool compressed_ = false;
  mutable std::vector<Tuple> tuples_;
  mutable std::vector<double> buffer_;
  mutable std::vector<Tuple> scratch_;  // the merge's target, kept to avoid an allocation
  mutable std::vector<double> sorted_;  // sort_buffer's target and its temporary array
};

}  // namespace onepass
