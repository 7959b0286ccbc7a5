#include "scalers/scaler.hpp"

#include <cmath>
#include <limits>

#include "core/params.hpp"

namespace onepass {

const double* Scaler::without_huge(const double* x, bool count) const {
  std::size_t huge = 0;
  for (std::size_t j = 0; j < dims_; ++j) huge += std::fabs(x[j]) > kLargestSquarable;
  if (huge == 0) return x;
  if (count) huge_values_ += huge;
  screened_.assign(x, x + dims_);
  for (double& v : screened_)
    if (std::fabs(v) > kLargestSquarable) v = std::numeric_limits<double>::quiet_NaN();
  return screened_.data();
}

Status Scaler::check_counts(const std::vector<double>& saved) const {
  for (const auto& [block, name] : count_blocks())
    for (std::size_t j = 0; j < dims_; ++j) {
      const double v = saved[block * dims_ + j];
      if (!(v >= 0))  // not whole after a merge, which averages the counts
        return Status::error("the saved state of scaler '" + snapshot().name + "' has " + name +
                             " " + format_number(v) + " for feature " + std::to_string(j + 1) +
                             ": a count is >= 0");
    }
  return Status::ok();
}

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
