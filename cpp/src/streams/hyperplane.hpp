// The rotating hyperplane (Hulten, Spencer and Domingos 2001, as River's Hyperplane),
// docs/algorithms.md 6.9.2: d numbers uniform in [0, 1); the label is 1 when
// sum_i w_i x_i >= (1/2) sum_i w_i; after each row the first `drift_features` weights move by
// `mag_change` in their direction, and each direction reverses with probability `sigma`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bound_params.hpp"
#include "core/seeded_random.hpp"
#include "streams/stream.hpp"

namespace onepass {

class HyperplaneStream : public StreamGenerator {
 public:
  static constexpr const char* kName = "hyperplane";
  // The widest hyperplane (docs/algorithms.md 6.9.2).
  static constexpr std::size_t kMaxFeatures = 1000;
  struct Config {
    std::size_t features = 10;
    std::size_t drift_features = 2;  // at most `features`
    double mag_change = 0.001;
    double sigma = 0.1;
    double noise = 0.05;
  };
  // Config as hyperplane_params() and check() accept it; drift_features past features reads as
  // features.
  HyperplaneStream(const Config& c, std::uint64_t seed);
  // What the parameters' ranges cannot say: drift_features <= features.
  static Status check(const Config& c);

  // The weights that label the next row.
  const std::vector<double>& weights() const { return w_; }
  // The label of x under weights w, before noise.
  static int label(const std::vector<double>& w, const std::vector<double>& x);

 private:
  void make(StreamRow& row) override;
  Config config_;
  SeededRandom rng_;
  std::vector<double> w_;
  std::vector<double> direction_;  // +1 or -1, for the drifting weights
};

BoundParams<HyperplaneStream::Config> hyperplane_params();

}  // namespace onepass
