// The scaler interface (docs/design.md, "The core"). A scaler knows nothing of learners.
// A missing cell arrives as NaN: scalers leave it out of their statistics and pass NaN on
// (the pipeline hands the learner 0 in its place).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/layout.hpp"
#include "core/merge_weights.hpp"
#include "core/snapshot.hpp"
#include "core/sparse_row.hpp"
#include "core/status.hpp"

namespace onepass {

class Scaler {
 public:
  virtual ~Scaler() = default;

  void reset(std::size_t dims) {
    dims_ = dims;
    state_.clear();
    init();
  }
  std::size_t dims() const { return dims_; }
  // Widens the input to new_dims features (design.md 10.5): the statistics of the features it
  // has are kept and the new ones start from nothing, exactly as if they had been missing on
  // every row so far. The default keeps state_ as per-feature blocks (the online scalers);
  // warm-up scalers, fitted once on their first rows, cannot grow.
  virtual bool can_grow() const { return true; }
  virtual void grow(std::size_t new_dims);

  // spec 1.6 step 1 (D-GN-1): unsupervised statistics see the row before it is transformed.
  virtual void update(const double* x) = 0;
  // Writes the transformed row to out (dims() values; out may not alias x).
  virtual void transform(const double* x, double* out) const = 0;
  // update() then transform(), which a scaler may do in one pass over its statistics.
  virtual void update_transform(const double* x, double* out) {
    update(x);
    transform(x, out);
  }
  // Sparse rows (core/sparse_row.hpp): a scaler that maps 0 to 0 and whose statistics a 0
  // leaves as they are (maxabs, l1, l2) says so with keeps_zeros(); the pipeline then hands
  // it sparse rows, and it writes the transformed values of the row's entries to out_values.
  // The version here goes through the dense row (O(dims)); those scalers do it in O(nnz).
  virtual bool keeps_zeros() const { return false; }
  virtual void update_transform_sparse(const SparseRow& x, double* out_values) {
    dense_in_.resize(dims_);
    dense_out_.resize(dims_);
    densify(x, dims_, dense_in_.data());
    update_transform(dense_in_.data(), dense_out_.data());
    for (std::size_t k = 0; k < x.nnz; ++k) out_values[k] = dense_out_[x.index[k]];
  }
  // spec 1.6 step 3 (D-AS-4): supervised scalers see the label after the row's prediction.
  virtual void observe_label(const double* /*x*/, int /*y*/) {}
  // Whether the scaler learns from binary labels (the supervised ones: they hold labelled rows
  // or see labels after the prediction). A multiclass or regression pipeline refuses them
  // (docs/algorithms.md 1.8).
  virtual bool uses_labels() const { return false; }

  virtual Snapshot snapshot() const = 0;
  // The frozen transform as out_j = (x_j - shift_j) * factor_j for every present value, when
  // it is one (docs/algorithms.md 1.7): fills both (dims()) and returns true. A missing value
  // stays missing either way.
  virtual bool affine_form(std::vector<double>& /*shift*/, std::vector<double>& /*factor*/) const {
    return false;
  }
  // Values of this run left out of the statistics because they would have made them
  // non-finite (values beyond about 1e154, docs/algorithms.md 2.9); reported by the pipeline.
  virtual std::uint64_t values_left_out() const { return huge_values_; }
  // Sets that count: a pipeline's run state brought from another thread
  // (Pipeline::load_run_state).
  virtual void set_values_left_out(std::uint64_t n) { huge_values_ = n; }
  const std::vector<double>& state() const { return state_; }

  // The full state as one vector, and its restoration into a scaler reset to the same width
  // and built from the same spec (nothing changes on an error).
  virtual std::vector<double> save() const { return state_; }
  virtual Status load(const std::vector<double>& saved) {
    if (saved.size() != state_.size())
      return Status::error("the saved scaler state has " + std::to_string(saved.size()) +
                           " values, expected " + std::to_string(state_.size()));
    Status st = check_counts(saved);
    if (!st) return st;
    state_ = saved;
    return Status::ok();
  }

  // Merging models (docs/algorithms.md 3.4): `out` becomes the combination of `parts`, states
  // saved by scalers of this spec and width, under the models' weights, block by block as
  // merge_blocks says (the weighted mean of every value when it says nothing). False when the
  // sizes differ.
  bool merge(const std::vector<const std::vector<double>*>& parts, const MergeWeights& w,
             std::vector<double>& out) const;

  // Warm-up scalers (spec 5.3-5.5, D-LP-3) are fitted once, on the first warmup() rows of the
  // stream with their labels, and only then transform; online scalers are always fitted.
  virtual bool fitted() const { return true; }
  // A warm-up scaler not yet fitted keeps the row; true once it holds warmup() rows.
  virtual bool hold(const double* /*x*/, int /*y*/) { return false; }
  // Fits on the rows held (fewer than warmup() when the stream ended first, possibly none) and
  // hands them back, row-major, with their labels, for the pipeline to send on in order.
  virtual void fit_held(std::vector<double>& /*rows*/, std::vector<std::int8_t>& /*labels*/) {}

  // The largest magnitude whose square is finite (about 1.34e154).
  static constexpr double kLargestSquarable = 1.3407807929942596e154;

 protected:
  virtual void init() = 0;
  // The per-feature blocks of state_ that count values (the feature's count of values seen,
  // of missing cells), by block index, with their names: a loaded state must hold numbers
  // >= 0 there (an edited, re-signed model may not; merged ones hold their counts times f_k,
  // docs/algorithms.md 3.4, not always whole).
  virtual std::vector<std::pair<std::size_t, const char*>> count_blocks() const { return {}; }
  // How merge combines each per-feature block of state_, in order (docs/algorithms.md 3.4,
  // (MERGE-n) to (MERGE-r)); a block's count and mean blocks come before it. Empty: the
  // weighted mean of every value (the warm-up scalers, robust).
  struct MergeBlock {
    enum Kind {
      count,        // the values seen: sum_k f_k n_k
      mean,         // their mean: weighted by f_k n_k
      sum_squares,  // the sum of squared deviations from the mean (Welford's S), pooled
      variance,     // a variance, pooled as a mixture's
      lowest,       // the least of the models that saw a value (all of them without a count)
      highest,      // the greatest
    } kind;
    std::size_t counted_in = kNoBlock;  // the block counting the values this one summarises
    std::size_t mean_in = kNoBlock;     // sum_squares, variance: the block of their mean
  };
  static constexpr std::size_t kNoBlock = ~std::size_t{0};
  virtual std::vector<MergeBlock> merge_blocks() const { return {}; }
  // Each count block of `saved` checked; the message names the block and the feature.
  Status check_counts(const std::vector<double>& saved) const;
  // The row with every value beyond kLargestSquarable in magnitude made missing (NaN): the row
  // itself when it has none (the usual case, no copy), else a copy valid until the next call.
  // For the scalers whose statistics or output one such value would ruin for good (robust,
  // impute, the warm-up scalers, AS online; docs/algorithms.md 2.9); `count`: add them to
  // values_left_out (where the statistics see the row, once per row).
  const double* without_huge(const double* x, bool count) const;
  // One such value of a sparse row, made missing by the scaler itself.
  void count_huge_value() { ++huge_values_; }
  // update()'s walk of a row: f(j, x_j) for each feature whose value is observed, with huge
  // values made missing and counted (without_huge) and missing ones left out of the statistics.
  template <class F>
  void each_observed(const double* x, F&& f) {
    x = without_huge(x, true);  // docs/algorithms.md 2.9: missing, counted
    for (std::size_t j = 0; j < dims_; ++j)
      if (!std::isnan(x[j])) f(j, x[j]);
  }
  // Per-feature block i of state_ (dims() values).
  double* block(std::size_t i) { return state_.data() + i * dims_; }
  std::size_t dims_ = 0;
  // All statistics in one vector (per-feature blocks), so a saved model resumes exactly.
  std::vector<double> state_;

 private:
  std::vector<double> dense_in_, dense_out_;
  mutable std::vector<double> screened_;
  mutable std::uint64_t huge_values_ = 0;
};

}  // namespace onepass
