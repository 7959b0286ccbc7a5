// ROMMA and aggressive ROMMA (Li & Long 2002; spec 4.14). With p = w.x, a = |w|^2, q = |x|^2:
// update iff y p <= 0 (D-ROMMA-1), or y p < 1 when aggressive; q == 0: none;
// a == 0, or (aggressive and y p >= a q): w <- (y/q) x; otherwise D = a q - p^2, and unless
// D <= 1e-12 a q (x parallel to w, D-ROMMA-2): c = (a q - y p)/D, d = a (y - p)/D, w <- c w + d x.
// init = ones_on_first_seen sets w_j = 1 the first time feature j is non-zero (MinorThird's
// quirk, D-ROMMA-3); state then holds the seen flags. Magnitudes beyond the range of double
// (|x|^2, a q) take the same rule in scaled units (spec 2.9).
#pragma once

#include "learners/margin_linear.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Romma : public MarginLinear {
 public:
  // By `aggressive`: the names of the snapshots and of the registry's entries.
  static constexpr const char* kNames[] = {"romma", "aromma"};
  struct Config {
    bool ones_on_first_seen = false;  // init: zero (Li & Long)
    bool bias = true;                 // D-BIAS
  };
  Romma(bool aggressive, Config c)
      : MarginLinear(kNames[aggressive], c.bias),
        aggressive_(aggressive),
        ones_on_first_seen_(c.ones_on_first_seen) {}

 protected:
  Layout state_layout() const override {
    return ones_on_first_seen_ ? Layout{feature_block()} : Layout{};
  }
  void init() override {
    MarginLinear::init();
    if (ones_on_first_seen_) state_.assign(dims_, 0.0);
  }
  bool update(const double* x, int y) override;

 private:
  // Below this a q has lost precision (subnormal products start near 2.2e-308).
  static constexpr double kTinyProduct = 1e-280;
  // The rule in scaled units, for magnitudes beyond the range of double (spec 2.9); y is the
  // target margin (the label times the row's weight, docs/algorithms.md 4.28).
  bool scaled_update(const double* x, double y, const ScaledSquares& norm, bool w_zero);

  bool aggressive_, ones_on_first_seen_;
};

// The entries of romma and aromma (spec 4.14), in that order.
std::vector<RegistryEntry> romma_stages();

}  // namespace onepass
