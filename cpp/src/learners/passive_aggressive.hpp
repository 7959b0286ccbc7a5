// Passive-Aggressive PA, PA-I, PA-II, spec 4.7 (Crammer et al. 2006). Hinge loss
// l = [1 - y w.x]_+; on l > 0: w <- w + tau y x with
//   PA: tau = l/|x|^2 (PA-0)   PA-I: min(C, l/|x|^2) (PA-1)   PA-II: l/(|x|^2 + 1/(2C)) (PA-2).
// and PA as Carvalho & Cohen used it, spec 4.8 (CPA): on y s < eps,
//   tau = (eps - y s)/(|x|^2 + gamma)  (PA-II with 1/(2C) = gamma when eps = 1).
// spec 2.3: |x|^2 == 0 skips the update; spec 2.9: |x|^2 beyond the range of double is taken
// scaled.
#pragma once

#include <algorithm>

#include "learners/margin_linear.hpp"
#include "learners/stepped.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

enum class PaVariant { pa, pa1, pa2, carvalho };

// Sparse-native: a step touches only the row's weights.
class PassiveAggressive : public SteppedLearner<PassiveAggressive, MarginLinear> {
 public:
  // By PaVariant: the names of the snapshots and of the registry's entries.
  static constexpr const char* kNames[] = {"pa", "pa1", "pa2", "carvalho_pa"};
  static const char* name_of(PaVariant v) { return kNames[static_cast<int>(v)]; }
  // The registry's defaults. c: C of PA-I/II (PA has none); gamma and eps: Carvalho's PA's
  // relaxation and insensitivity (eps is 1 for the others).
  struct Config {
    double c = 1, gamma = 0.1, eps = 1;
    bool bias = true;  // D-BIAS
  };
  PassiveAggressive(PaVariant variant, Config p)
      : SteppedLearner(name_of(variant), p.bias),
        variant_(variant),
        c_(variant == PaVariant::carvalho ? p.gamma : p.c),
        eps_(p.eps) {}

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y) {
    // docs/algorithms.md 4.28: a row of weight w asks for the margin w eps (uneven margins)
    // and counts w times in the objective (C times w; Carvalho's gamma divided by w).
    const double w = weight_;
    const double loss = w * eps_ - y * update_score(x);
    if (loss <= 0) return false;
    // |x|^2 = m^2 q (spec 2.9: m = 1 unless |x|^2 overflows); the step tau x is taken as
    // (tau m)(x / m), tau m written so that nothing overflows (the same bits when m = 1).
    const ScaledSquares norm = squared_norm(x);
    const double q = norm.sum, m = norm.scale;
    if (q == 0) return false;
    double tau_m = 0;
    switch (variant_) {
      case PaVariant::pa:
        tau_m = loss / (m * q);
        break;
      case PaVariant::pa1:
        tau_m = std::min(w * c_ * m, loss / (m * q));
        break;
      case PaVariant::pa2:
        tau_m = loss / (m * q + 1.0 / (2.0 * w * c_ * m));
        break;
      case PaVariant::carvalho:
        tau_m = loss / (m * q + c_ / (w * m));  // (CPA), c_ = gamma
        break;
    }
    add_scaled(x, tau_m * y, m);
    return true;
  }

  PaVariant variant_;
  double c_, eps_;  // c_: C, or Carvalho's gamma
};

// The entries of pa, pa1, pa2 (spec 4.7) and carvalho_pa (spec 4.8), in that order.
std::vector<RegistryEntry> passive_aggressive_stages();

}  // namespace onepass
