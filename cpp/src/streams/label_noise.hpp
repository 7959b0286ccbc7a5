// Label noise, as the generators that have it (SEA, docs/algorithms.md 6.9.1; the rotating
// hyperplane, 6.9.2) apply it: a parameter `noise` in [0, 1], the probability of flipping a
// row's label, and one uniform draw per row for it, made whatever the noise, so that the rest of
// a seed's draws do not depend on it.
#pragma once

#include "core/bound_params.hpp"
#include "core/seeded_random.hpp"

namespace onepass {

// The parameter, with the generator's default.
template <typename Config>
BoundParam<Config> label_noise_param(double Config::*field, double def) {
  return real_param(field, "noise", def, 0, 1, "probability of flipping a label");
}

// The label after noise: the row's noise draw from rng, flipping it when below `noise`.
inline int noisy_label(int label, double noise, SeededRandom& rng) {
  const bool flip = rng.uniform() < noise;
  return label ^ (flip ? 1 : 0);
}

}  // namespace onepass
