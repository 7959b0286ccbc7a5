// Online range (min-max) scaling, spec 5.2: x' = (x - min)/(max - min) with the running min and
// max, updated with the row before it is transformed (D-GN-1). Range <= 1e-12 gives 0 (spec 2.4);
// values outside the running range map outside [0, 1]: no clipping (D-SC-3) unless `clip`.
#pragma once

#include "core/numerics.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class MinMax : public Scaler {
 public:
  static constexpr const char* kName = "minmax";
  struct Config {
    bool clip = false;
  };
  explicit MinMax(Config c) : clip_(c.clip) {}
  void update(const double* x) override;
  void transform(const double* x, double* out) const override;
  // (x - min) / range, or 0 for a range <= 1e-12; none with `clip` (not affine).
  bool affine_form(std::vector<double>& shift, std::vector<double>& factor) const override {
    if (clip_) return false;
    const double* lo = state_.data() + dims_;
    const double* hi = lo + dims_;
    shift.assign(lo, lo + dims_);
    factor.resize(dims_);
    for (std::size_t j = 0; j < dims_; ++j) {
      const double range = hi[j] - lo[j];
      factor[j] = range <= kSpreadEpsilon ? 0.0 : 1.0 / range;
    }
    return true;
  }
  Snapshot snapshot() const override;

 protected:
  // state_ = [count (d), min (d), max (d)]
  std::vector<std::pair<std::size_t, const char*>> count_blocks() const override {
    return {{0, "a count of values"}};
  }
  // docs/algorithms.md 3.4: the least and greatest of the models that saw a value, exactly.
  std::vector<MergeBlock> merge_blocks() const override {
    return {{MergeBlock::count}, {MergeBlock::lowest, 0}, {MergeBlock::highest, 0}};
  }
  void init() override { state_.assign(3 * dims_, 0.0); }

 private:
  bool clip_;
};

// minmax's entry of the registry (spec 5.2).
std::vector<RegistryEntry> minmax_stages();

}  // namespace onepass
