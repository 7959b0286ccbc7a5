// The Winnow family of S4 (spec 4.11-4.13), on rows normalised by (WN) of spec 5.6b:
//   S = sum_j |x_j| + 1,  x~_j = x_j/S,  x~_bias = 1/S.
//   winnow  (Positive Winnow)  s = w.x~ - theta; on y s <= 0, for every x~_j > 0:
//                              w_j *= alpha (y = +1) or beta (y = -1)
//   bwinnow (Balanced Winnow)  s = (u - v).x~ - theta; on y s <= 0, for every x~_j > 0:
//                              y = +1: u_j *= alpha, v_j *= beta; y = -1: u_j *= beta, v_j *= alpha
//   mbw     (Modified BW)      update on y s <= margin, factors alpha (1 + x~_j), beta (1 - x~_j)
// A promotion applies only below W_MAX = 2^200, a demotion only above W_MIN = 2^-200 (spec 2.5).
// At prediction, features never seen non-zero in training are removed before normalising
// (spec 4.11), and so are those EFS leaves out (spec 4.15, mbw with k > 0; D-EFS-3: selection
// never changes training). Negative values: |x_j| normalises, no update touches them (D-WIN-1).
// Parameters: winnow [w (d+1)], bwinnow and mbw [u (d+1), v (d+1)], the bias last in each;
// state: the seen flags (d).
#pragma once

#include "learners/learner.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

enum class WinnowVariant { positive, balanced, modified };

class Winnow : public Learner {
 public:
  // The registry's defaults; a variant declares only the fields it uses.
  struct Config {
    double alpha = 1.5, beta = 0.5, theta = 1.0;
    double w0 = 1.0;            // winnow: initial weight
    double u0 = 2.0, v0 = 1.0;  // bwinnow, mbw: initial u and v
    double margin = 1.0;        // mbw: thick margin M
    double efs_k = 0;           // mbw: features EFS keeps (0: all)
    double efs_p = 0.9;         // mbw: share of them taken from the top of |u - v|
  };
  Winnow(WinnowVariant variant, Config p) : variant_(variant), p_(p) {}

  double score_with(const double* params, const double* x) const override;
  Snapshot snapshot_of(const double* params) const override;

  // spec 4.15: 1 for the features EFS keeps under the given parameters, 0 for the others
  // (all 1 when EFS is off); the bias is always kept and not listed.
  std::vector<char> selection(const double* params) const;

  // [w, bias] or [u, u bias, v, v bias]; state one value per feature.
  Layout params_layout() const override {
    if (!two_vectors()) return {feature_block(), fixed_values(1)};
    return {feature_block(), fixed_values(1), feature_block(), fixed_values(1)};
  }
  Layout state_layout() const override { return {feature_block()}; }

  // Rows of this run with a negative input: D-WIN-1 never updates those inputs, so a learner
  // fed centred features learns little (a run-time warning, Pipeline::warnings).
  std::uint64_t negative_input_rows() const override { return negative_rows_; }
  void set_negative_input_rows(std::uint64_t rows) override { negative_rows_ = rows; }

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  bool two_vectors() const { return variant_ != WinnowVariant::positive; }
  // (WN) of x, with the features where keep[j] == 0 removed first (keep may be null).
  void normalise(const double* x, const char* keep, double* out) const;
  double margin_of(const double* params, const double* xn) const;

  WinnowVariant variant_;
  Config p_;
  mutable std::vector<double> xn_;  // the normalised row (d + 1)
  mutable std::vector<char> keep_;
  std::uint64_t negative_rows_ = 0;
};

// The entries of winnow, bwinnow and mbw (spec 4.11-4.13), in that order.
std::vector<RegistryEntry> winnow_stages();

}  // namespace onepass
