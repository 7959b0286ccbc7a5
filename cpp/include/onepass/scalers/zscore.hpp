// Online z-score, spec 5.1 (S0 "GN", Eqs. 2-3): per feature Welford mean and sample variance;
//   M_k = M_{k-1} + (x - M_{k-1})/k,  S_k = S_{k-1} + (x - M_{k-1})(x - M_k),
//   x' = (x - M_k) / sqrt(S_k/(k-1)); k < 2 or sd <= 1e-12 gives 0 (D-GN-2, spec 2.4).
#pragma once

#include "onepass/scalers/scaler.hpp"

namespace onepass {

class ZScore : public Scaler {
 public:
  void update(const double* x) override;
  void transform(const double* x, double* out) const override;
  Snapshot snapshot() const override;

  double mean(std::size_t j) const { return state_[dims_ + j]; }
  double sd(std::size_t j) const;

 protected:
  // state_ = [k (d), M (d), S (d)]
  void init() override { state_.assign(3 * dims_, 0.0); }
};

}  // namespace onepass
