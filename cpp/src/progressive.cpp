#include "onepass/eval/progressive.hpp"

#include <limits>

#include "onepass/core/numerics.hpp"

namespace onepass {

void Progressive::record(int predicted, int y, double margin, bool probabilistic) {
  ++rows_;
  if (predicted != y) ++mistakes_;
  if (y > 0)
    (predicted > 0 ? tp_ : fn_)++;
  else
    (predicted > 0 ? fp_ : tn_)++;
  if (probabilistic) {
    probabilistic_ = true;
    log_loss_sum_ += log_loss_from_margin(y > 0 ? 1.0 : 0.0, margin);
  }
  if (every_ && rows_ % every_ == 0) curve_.push_back({rows_, mistakes_});
}

double Progressive::log_loss() const {
  if (!probabilistic_ || rows_ == 0) return std::numeric_limits<double>::quiet_NaN();
  return log_loss_sum_ / rows_;
}

}  // namespace onepass
