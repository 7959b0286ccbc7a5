// Passive-Aggressive PA, PA-I, PA-II, spec 4.7 (Crammer et al. 2006). Hinge loss
// l = [1 - y w.x]_+; on l > 0: w <- w + tau y x with
//   PA: tau = l/|x|^2 (PA-0)   PA-I: min(C, l/|x|^2) (PA-1)   PA-II: l/(|x|^2 + 1/(2C)) (PA-2).
// spec 2.3: |x|^2 == 0 skips the update.
#pragma once

#include <algorithm>

#include "onepass/learners/margin_linear.hpp"

namespace onepass {

enum class PaVariant { pa, pa1, pa2 };

class PassiveAggressive : public MarginLinear {
 public:
  PassiveAggressive(PaVariant variant, double c, bool bias)
      : MarginLinear(variant == PaVariant::pa    ? "pa"
                     : variant == PaVariant::pa1 ? "pa1"
                                                 : "pa2",
                     bias),
        variant_(variant),
        c_(c) {}

 protected:
  bool update(const double* x, int y) override {
    const double loss = 1.0 - y * score(x);
    if (loss <= 0) return false;
    const double q = squared_norm(x);
    if (q == 0) return false;
    double tau = 0;
    switch (variant_) {
      case PaVariant::pa:
        tau = loss / q;
        break;
      case PaVariant::pa1:
        tau = std::min(c_, loss / q);
        break;
      case PaVariant::pa2:
        tau = loss / (q + 1.0 / (2.0 * c_));
        break;
    }
    add_scaled(x, tau * y);
    return true;
  }

 private:
  PaVariant variant_;
  double c_;
};

}  // namespace onepass
