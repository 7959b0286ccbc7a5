#include "onepass/learners/averaged.hpp"

namespace onepass {

void Averaged::init() {
  inner_->reset(dims_);
  params_ = inner_->params();  // theta^(0) predicts the first example
  const std::size_t p = params_.size();
  state_.assign(1 + 2 * p, 0.0);
  std::copy(params_.begin(), params_.end(), last());
}

bool Averaged::update(const double* x, int y) {
  const bool changed = inner_->learn(x, y);
  const double r = state_[0] + 1;  // 1-based index of this example
  state_[0] = r;
  const std::vector<double>& w = inner_->params();
  const std::size_t p = params_.size();
  double* last_w = last();
  double* u_acc = u();
  if (changed) {
    for (std::size_t j = 0; j < p; ++j) {
      const double delta = w[j] - last_w[j];
      if (delta != 0) {
        u_acc[j] += (r - 1) * delta;  // spec 3.1 (AVG-2)
        last_w[j] = w[j];
      }
    }
  }
  for (std::size_t j = 0; j < p; ++j) params_[j] = w[j] - u_acc[j] / r;
  return changed;
}

Snapshot Averaged::snapshot_of(const double* params) const {
  Snapshot s = inner_->snapshot_of(params);
  s.name += "+avg";
  s.scalars.emplace_back("averaged_over", state_.empty() ? 0 : state_[0]);
  return s;
}

}  // namespace onepass
