// Perceptron, spec 4.10 (S4 section 2.2; MinorThird VotedPerceptron): w = 0; update iff
// y (w.x) <= 0 with w <- w + y x. The "<= 0" makes w = 0 update on its first row (spec 1.3).
#pragma once

#include "learners/margin_linear.hpp"
#include "learners/stepped.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

// Sparse-native: a step touches only the row's weights.
class Perceptron : public SteppedLearner<Perceptron, MarginLinear> {
 public:
  static constexpr const char* kName = "perceptron";
  struct Config {
    bool bias = true;  // D-BIAS
  };
  explicit Perceptron(Config c) : SteppedLearner(kName, c.bias) {}

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y) {
    if (y * update_score(x) > 0) return false;
    add_scaled(x, weight_ * y);  // docs/algorithms.md 4.28: w times the step
    return true;
  }
};

// perceptron's entry of the registry (spec 4.10).
std::vector<RegistryEntry> perceptron_stages();

}  // namespace onepass
