// Replaces missing cells (NaN) by the running mean of the feature's observed values (updated
// first, D-GN-1; 0 before any value was seen), by 0, or by a constant; counts them per feature.
// Put it first in a pipeline to decide what a missing cell means before other scalers see it.
#pragma once

#include <cmath>

#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

enum class ImputeStrategy { mean, zero, constant };

class Impute : public Scaler {
 public:
  static constexpr const char* kName = "impute";
  struct Config {  // the registry's defaults
    ImputeStrategy strategy = ImputeStrategy::mean;
    double value = 0;  // the constant
  };
  explicit Impute(Config c) : strategy_(c.strategy), value_(c.value) {}

  void update(const double* x) override {
    x = without_huge(x, true);  // docs/algorithms.md 2.9: missing, counted
    double *n = block(0), *m = block(1), *missing = block(2);
    for (std::size_t j = 0; j < dims_; ++j) {
      if (std::isnan(x[j])) {
        missing[j] += 1;
        continue;
      }
      n[j] += 1;
      m[j] += (x[j] - m[j]) / n[j];
    }
  }
  void transform(const double* x, double* out) const override {
    x = without_huge(x, false);
    for (std::size_t j = 0; j < dims_; ++j) out[j] = std::isnan(x[j]) ? fill(j) : x[j];
  }
  Snapshot snapshot() const override {
    return {kName,
            {{"mean", {state_.begin() + dims_, state_.begin() + 2 * dims_}},
             {"missing", {state_.begin() + 2 * dims_, state_.end()}}},
            {}};
  }

 protected:
  std::vector<std::pair<std::size_t, const char*>> count_blocks() const override {
    return {{0, "a count of values"}, {2, "a count of missing cells"}};
  }
  void init() override { state_.assign(3 * dims_, 0.0); }  // [observed, mean, missing]
  // docs/algorithms.md 3.4: the counts add up, the mean pooled exactly.
  std::vector<MergeBlock> merge_blocks() const override {
    return {{MergeBlock::count}, {MergeBlock::mean, 0}, {MergeBlock::count}};
  }

 private:
  double fill(std::size_t j) const {
    switch (strategy_) {
      case ImputeStrategy::mean:
        return state_[dims_ + j];
      case ImputeStrategy::zero:
        return 0.0;
      default:
        return value_;
    }
  }
  ImputeStrategy strategy_;
  double value_;
};

// impute's entry of the registry (spec 5.10).
std::vector<RegistryEntry> impute_stages();

}  // namespace onepass
