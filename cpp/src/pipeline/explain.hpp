// A frozen prediction split into its features' contributions (docs/algorithms.md 1.9): when
// the learner's score of the output predicted is w.z + b in its own input z (the scaled row,
// a missing value as 0, the encoded features as the learner reads them), feature j contributes
// w_j z_j, and the contributions plus b are the score. Defined once here for every front end
// (api/scorer.hpp: `predict --explain`, the JS Scorer's and predict's `explain`).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/sparse_row.hpp"
#include "core/status.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// The largest contributions to one row's score (docs/algorithms.md 1.9).
struct Explanation {
  struct Contribution {
    std::size_t feature = 0;  // its index in the learner's input (the model's feature order)
    double value = 0;         // the raw value, before the scalers (NaN: missing)
    double contribution = 0;  // w_j z_j, in the score's units
  };
  std::vector<Contribution> top;  // the largest by |contribution|, the largest first
  double rest = 0;                // the sum of the contributions not in top
  double bias = 0;                // b: bias + rest + the top's sum is the score
};

// The default number of contributions listed (`--explain` without a number, `explain: true`).
constexpr std::size_t kDefaultExplainCount = 5;
// The most a row lists (`--explain N`, N from 1).
constexpr std::size_t kMaxExplainCount = 1000;

// The rule of docs/algorithms.md 1.9 on given weights: c_j = w[j] z[j]; the `count` largest
// non-zero |c_j| in top, a tie going to the lower index; the others summed in index order.
Explanation top_contributions(const std::vector<double>& w, double b, const double* z,
                              const double* raw, std::size_t count);

// A pipeline's linear forms, taken once, and the explanation of its frozen rows.
class Explainer {
 public:
  // The forms of the pipeline's outputs, or why its scores are not linear in its input (a
  // learner without a linear form: the Winnow family, nag, fs, fs1).
  static Result<Explainer> of(const Pipeline& pipeline);

  // Row x (numeric_dims() values) with its encoded features `tail`, explained for `output`
  // (0 for yes/no and numbers; a multiclass pipeline's predicted class): its top `count`
  // contributions to that output's score.
  Result<Explanation> explain(const Pipeline& pipeline, const double* x, const SparseRow& tail,
                              std::size_t output, std::size_t count) const;

 private:
  std::vector<std::vector<double>> w_;
  std::vector<double> b_;
  mutable std::vector<double> raw_, z_;
};

}  // namespace onepass
