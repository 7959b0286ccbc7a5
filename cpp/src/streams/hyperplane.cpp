#include "streams/hyperplane.hpp"

#include <algorithm>
#include <string>
#include "streams/label_noise.hpp"
#include "streams/unfused.hpp"

namespace onepass {

namespace {

std::vector<StreamColumn> numbered_columns(std::size_t d) {
  std::vector<StreamColumn> columns(d);
  for (std::size_t i = 0; i < d; ++i) columns[i].name = "x" + std::to_string(i + 1);
  return columns;
}

}  // namespace

HyperplaneStream::HyperplaneStream(const Config& c, std::uint64_t seed)
    : StreamGenerator(numbered_columns(c.features)), config_(c), rng_(seed) {
  config_.drift_features = std::min(c.drift_features, c.features);
  // Draws: the d initial weights, uniform in [0, 1) (docs/algorithms.md 6.9.2).
  w_.resize(c.features);
  for (double& w : w_) w = rng_.uniform();
  direction_.assign(config_.drift_features, 1.0);
}

Status HyperplaneStream::check(const Config& c) {
  if (c.drift_features > c.features)
    return Status::error("hyperplane: parameter 'drift_features' must be at most features (" +
                         std::to_string(c.features) + ") (got " + std::to_string(c.drift_features) +
                         ")");
  return Status::ok();
}

int HyperplaneStream::label(const std::vector<double>& w, const std::vector<double>& x) {
  double dot = 0, sum = 0;
  for (std::size_t i = 0; i < w.size() && i < x.size(); ++i) {
    dot += w[i] * x[i];
    sum += w[i];
  }
  return dot >= 0.5 * sum ? 1 : 0;
}

void HyperplaneStream::make(StreamRow& row) {
  // Draws a row: x_1..x_d, the noise draw, then one draw per drifting weight for its direction
  // (docs/algorithms.md 6.9.2). The row is labelled before the weights move.
  for (double& v : row.x) v = rng_.uniform();
  row.label = noisy_label(label(w_, row.x), config_.noise, rng_);
  row.concept_id = 1;
  for (std::size_t i = 0; i < direction_.size(); ++i) {
    w_[i] += direction_[i] * config_.mag_change;
    if (rng_.uniform() < config_.sigma) direction_[i] = -direction_[i];
  }
}

BoundParams<HyperplaneStream::Config> hyperplane_params() {
  using C = HyperplaneStream::Config;
  return {
      integer_param(&C::features, "features", 10, 1,
                    static_cast<double>(HyperplaneStream::kMaxFeatures), "numbers per row (d)"),
      integer_param(&C::drift_features, "drift_features", 2, 0,
                    static_cast<double>(HyperplaneStream::kMaxFeatures),
                    "weights that drift, the first ones; at most features"),
      real_param(&C::mag_change, "mag_change", 0.001, 0, 1,
                 "how far a drifting weight moves per row; 0: no drift"),
      real_param(&C::sigma, "sigma", 0.1, 0, 1,
                 "probability, per row and drifting weight, of reversing its direction"),
      label_noise_param(&C::noise, 0.05),
  };
}

}  // namespace onepass
