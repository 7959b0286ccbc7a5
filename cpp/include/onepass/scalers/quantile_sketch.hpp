// Greenwald-Khanna quantile summary (SIGMOD 2001): after n values, quantile(phi) returns a value
// whose rank is within eps n of ceil(phi n), keeping O((1/eps) log(eps n)) tuples.
#pragma once

#include <cstddef>
#include <vector>

#include "onepass/core/state_codec.hpp"

namespace onepass {

class QuantileSketch {
 public:
  explicit QuantileSketch(double eps = 0.01) : eps_(eps) {}

  void insert(double v);
  // A value of rank within eps n of ceil(phi n); NaN when empty.
  double quantile(double phi) const;
  std::size_t count() const { return n_; }
  std::size_t size() const { return tuples_.size(); }
  double eps() const { return eps_; }
  // True when the last insert compressed the summary (callers refresh cached quantiles then).
  bool compressed() const { return compressed_; }

  // [n, tuples as (v, g, delta) triples (array)]
  void save(StateWriter& w) const;
  bool load(StateReader& r);

 private:
  struct Tuple {
    double v;
    double g;      // rmin(i) - rmin(i - 1)
    double delta;  // rmax(i) - rmin(i)
  };
  void compress();

  double eps_;
  std::size_t n_ = 0;
  bool compressed_ = false;
  std::vector<Tuple> tuples_;
};

}  // namespace onepass
