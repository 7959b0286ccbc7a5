// AROW with a full covariance (Crammer, Kulesza & Dredze 2009; docs/algorithms.md 4.31): the
// rule of 4.16 with the whole matrix Sigma, so that a step along one feature also moves the
// weights of the features it varies with. That is what a few rows over many correlated
// features need, where the diagonal rule learns each weight alone. A step costs
// O(n x non-zeros) for Sigma x and O(n^2) for the update (n: the width, and the bias), so the
// matrix is kept while the input has at most kMaxFullDims features; a wider input goes on as
// the diagonal rule of 4.16 with each feature's variance kept (Sigma_jj), and stays diagonal:
// then a sparse row costs O(non-zeros), as arow's does.
// Parameters [mu, b]; state: Sigma row by row ((n x n) values) or its diagonal (n values).
#pragma once

#include <cstdint>
#include <vector>

#include "core/limits.hpp"
#include "learners/margin_linear.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class FullArow : public MarginLinear {
 public:
  static constexpr const char* kName = "arow_full";
  static constexpr std::size_t kMaxFullDims = kMaxFullCovarianceDims;
  struct Config {
    double r = 1;      // as AROW's (docs/algorithms.md 4.16)
    bool bias = true;  // D-BIAS
  };
  explicit FullArow(Config p) : MarginLinear(kName, p.bias), r_(p.r) {}

  // The weights move as any learner's; the covariance's rows and columns move with their
  // features (and past kMaxFullDims it keeps only its diagonal).
  void remap(const std::vector<std::size_t>& position, std::size_t new_dims) override;
  Layout state_layout() const override { return {}; }  // remap() lays the covariance out
  // The most its covariance holds, whatever the width (the memory estimate counts it whole).
  std::uint64_t values_beyond_line() const override {
    return std::uint64_t{kMaxFullDims + 1} * (kMaxFullDims + 1);
  }
  Snapshot snapshot_of(const double* params) const override;
  // Once diagonal (past kMaxFullDims) a step touches only the row's weights and variances, so
  // sparse rows (hashed text, many levels) cost O(non-zeros) as arow's do; the full form
  // learns a sparse row made dense, at O(n x non-zeros + n^2) either way.
  bool sparse_native() const override { return !full(); }

 protected:
  void init() override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;  // only once diagonal
  // The row's variances and the bias's, once diagonal: [Sigma_11..Sigma_dd, Sigma_bb].
  void sparse_state_slots(const SparseRow& x, std::vector<std::size_t>& slots) const override {
    feature_block_slots(x, 1, bias_ ? 1 : 0, slots);
  }
  // docs/algorithms.md 3.4: the diagonal form merges as AROW's (mu_j by 1 / Sigma_jj); the
  // full form takes the weighted mean of mu and of Sigma.
  MergeConfidence merge_confidence() const override;

 private:
  bool full() const { return dims_ <= kMaxFullDims; }
  std::size_t width_with_bias() const { return dims_ + (bias_ ? 1 : 0); }
  // Sigma_0 = I at the present width, in the present form.
  void identity_state();
  // 4.16's step on the row's non-zeros, the form past kMaxFullDims, dense or sparse.
  template <class Row>
  bool diagonal_update(const Row& x, int y);

  double r_;
  std::vector<double> sigma_x_;  // Sigma x of the row being learned
};

// The entry of arow_full (docs/algorithms.md 4.31).
std::vector<RegistryEntry> full_arow_stages();

}  // namespace onepass
