// Row normalisation, spec 5.6a (S1): x <- x/|x|_2 (l2) or x/|x|_1 (l1); a zero row is left
// unchanged (spec 2.3). Missing cells (NaN) are left out of the norm and stay missing. Keeps
// no statistics: a row is scaled by itself alone.
#pragma once

#include <cmath>

#include "onepass/scalers/scaler.hpp"

namespace onepass {

class RowNorm : public Scaler {
 public:
  explicit RowNorm(bool l1) : l1_(l1) {}
  void update(const double*) override {}
  void transform(const double* x, double* out) const override {
    double norm = 0;
    for (std::size_t j = 0; j < dims_; ++j)
      if (!std::isnan(x[j])) norm += l1_ ? std::fabs(x[j]) : x[j] * x[j];
    if (!l1_) norm = std::sqrt(norm);
    const double scale = norm > 0 ? 1.0 / norm : 1.0;
    for (std::size_t j = 0; j < dims_; ++j) out[j] = x[j] * scale;
  }
  Snapshot snapshot() const override { return {l1_ ? "l1" : "l2", {}, {}}; }

 protected:
  void init() override {}

 private:
  bool l1_;
};

}  // namespace onepass
