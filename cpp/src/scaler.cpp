#include "onepass/scalers/scaler.hpp"

namespace onepass {

void Scaler::grow(std::size_t new_dims) {
  if (new_dims <= dims_) return;
  const std::vector<double> old = state_;
  const std::size_t old_dims = dims_;
  dims_ = new_dims;
  state_.clear();
  init();  // every statistic at its initial value for the new width
  // state_ is per-feature blocks of dims_ values (every scaler that grows this way).
  const Layout blocks(state_.size() / new_dims, feature_block());
  relayout(old, blocks, old_dims, state_, new_dims);
}

}  // namespace onepass
