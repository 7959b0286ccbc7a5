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
      if (!(v >= 0))  // not always whole after a merge with weights (docs/algorithms.md 3.4)
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

bool Scaler::merge(const std::vector<const std::vector<double>*>& parts, const MergeWeights& w,
                   std::vector<double>& out) const {
  const std::vector<MergeBlock> blocks = merge_blocks();
  if (blocks.empty()) return weighted_mean_into(parts, w, out);
  const std::size_t d = dims_, models = parts.size();
  for (const auto* p : parts)
    if (p->size() != blocks.size() * d) return false;
  out.assign(blocks.size() * d, 0.0);
  for (std::size_t j = 0; j < d; ++j)
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const MergeBlock& m = blocks[b];
      const auto at = [&](std::size_t k, std::size_t block) { return (*parts[k])[block * d + j]; };
      double& o = out[b * d + j];
      o = weighted_mean(w, [&](std::size_t k) { return at(k, b); });  // the fallback
      if (m.kind == MergeBlock::count) {                              // (MERGE-n)
        o = 0;
        for (std::size_t k = 0; k < models; ++k)
          if (w.scale[k] != 0) o += w.scale[k] * at(k, b);
        continue;
      }
      if (m.kind == MergeBlock::lowest || m.kind == MergeBlock::highest) {  // (MERGE-r)
        bool seen = false;
        for (std::size_t k = 0; k < models; ++k) {
          if (w.share[k] == 0 || (m.counted_in != kNoBlock && !(at(k, m.counted_in) > 0))) continue;
          const double v = at(k, b);
          o = !seen ? v : m.kind == MergeBlock::lowest ? std::fmin(o, v) : std::fmax(o, v);
          seen = true;
        }
        continue;
      }
      // The models that saw values of feature j, each weighted by f_k n_kj; a value they all
      // hold (with its mean) stays exactly as it is.
      double total = 0;
      std::size_t first = models;
      bool same = true;
      for (std::size_t k = 0; k < models; ++k) {
        if (!(w.scale[k] * at(k, m.counted_in) > 0)) continue;
        total += w.scale[k] * at(k, m.counted_in);
        if (first == models) first = k;
        for (std::size_t c : {b, m.mean_in})
          if (c != kNoBlock) same = same && at(k, c) == at(first, c);
      }
      if (!(total > 0) || !std::isfinite(total)) continue;
      const double mean = m.kind == MergeBlock::mean ? 0.0 : out[m.mean_in * d + j];
      double sum = 0;
      for (std::size_t k = 0; k < models; ++k) {
        const double n = w.scale[k] * at(k, m.counted_in);
        if (!(n > 0)) continue;
        const double v = at(k, b), dev = m.kind == MergeBlock::mean ? 0.0 : at(k, m.mean_in) - mean;
        if (m.kind == MergeBlock::mean) sum += n * v;                                  // (MERGE-m)
        if (m.kind == MergeBlock::sum_squares) sum += w.scale[k] * v + n * dev * dev;  // (MERGE-s)
        if (m.kind == MergeBlock::variance) sum += n * (v + dev * dev);                // (MERGE-v)
      }
      if (m.kind == MergeBlock::sum_squares)
        o = sum;
      else
        o = same ? at(first, b) : sum / total;
    }
  return true;
}

}  // namespace onepass
