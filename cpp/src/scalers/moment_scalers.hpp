// Scalers built on running per-feature mean and sample variance (Welford, spec 5.1 (GN-2),
// (GN-3)), updated with the row before it is transformed (D-GN-1); sd is the sample deviation
// (D-SC-1). The formulas are S3's appendix (spec 5.2) and S0's GN (spec 5.1):
//   zscore  (x - mean)/sd                       sd <= 1e-12 or k < 2: 0 (D-GN-2)
//   pareto  (x - mean)/sqrt(sd)                 sd <= 1e-12: 0
//   vast    ((x - mean)/sd) (mean/sd)           sd <= 1e-12: 0
//   level   (x - mean)/mean                     |mean| <= 1e-12: 0
//   twosd   (x - mean)/(2 sd) (Gelman); x unchanged for a feature whose values so far are all
//           0 or 1 (D-SC-2)
// A missing value (NaN) is left out of the statistics and passed on as NaN.
#pragma once

#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

enum class MomentForm { zscore, pareto, vast, level, twosd };

class MomentScaler : public Scaler {
 public:
  explicit MomentScaler(MomentForm form) : form_(form) {}

  void update(const double* x) override;
  void transform(const double* x, double* out) const override;
  // One pass over the statistics per row, without branches, so that the compiler can use SIMD.
  void update_transform(const double* x, double* out) override;
  Snapshot snapshot() const override;
  bool affine_form(std::vector<double>& shift, std::vector<double>& factor) const override;
  std::uint64_t values_left_out() const override { return static_cast<std::uint64_t>(left_out_); }
  void set_values_left_out(std::uint64_t n) override { left_out_ = static_cast<double>(n); }

  double count(std::size_t j) const { return state_[j]; }
  double mean(std::size_t j) const { return state_[dims_ + j]; }
  double sd(std::size_t j) const;

 protected:
  // state_ = [k (d), mean (d), S (d), binary so far (d)]
  void init() override;
  std::vector<std::pair<std::size_t, const char*>> count_blocks() const override {
    return {{0, "a count of values"}};
  }
  // docs/algorithms.md 3.4: Welford's statistics pooled exactly (Chan et al.); a feature stays
  // binary only if it is in every model that saw it.
  std::vector<MergeBlock> merge_blocks() const override {
    return {{MergeBlock::count},
            {MergeBlock::mean, 0},
            {MergeBlock::sum_squares, 0, 1},
            {MergeBlock::lowest, 0}};
  }

 private:
  double scale(std::size_t j, double x) const;
  MomentForm form_;
  double left_out_ = 0;  // a double: the fused SIMD loop sums it
};

// The online z-score of S0 ("GN").
class ZScore : public MomentScaler {
 public:
  ZScore() : MomentScaler(MomentForm::zscore) {}
};

// The entries of zscore (spec 5.1), pareto, vast, level and twosd (spec 5.2), in that order.
std::vector<RegistryEntry> moment_scaler_stages();

}  // namespace onepass
