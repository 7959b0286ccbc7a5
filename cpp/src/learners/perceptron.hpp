// Perceptron, spec 4.10 (S4 section 2.2; MinorThird VotedPerceptron): w = 0; update iff
// y (w.x) <= 0 with w <- w + y x. The "<= 0" makes w = 0 update on its first row (spec 1.3).
#pragma once

#include "learners/margin_linear.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Perceptron : public MarginLinear {
 public:
  static constexpr const char* kName = "perceptron";
  struct Config {
    bool bias = true;  // D-BIAS
  };
  explicit Perceptron(Config c) : MarginLinear(kName, c.bias) {}
  bool sparse_native() const override { return true; }  // touches only the row's weights

 protected:
  bool update(const double* x, int y) override { return step(x, y); }
  bool update_sparse(const SparseRow& x, int y) override { return step(x, y); }

 private:
  template <class Row>
  bool step(const Row& x, int y) {
    if (y * update_score(x) > 0) return false;
    add_scaled(x, y);
    return true;
  }
};

// perceptron's entry of the registry (spec 4.10).
std::vector<RegistryEntry> perceptron_stages();

}  // namespace onepass
