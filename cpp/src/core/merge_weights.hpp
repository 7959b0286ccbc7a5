// What merging models (docs/algorithms.md 3.4) gives each model: its share a_k of every
// weighted mean and the factor f_k of its counts, with the weighted mean the stages' plain
// values take. The stages know how their own state combines (Learner::merge, Scaler::merge);
// models/model_merge.cpp works out the weights.
#pragma once

#include <cstddef>
#include <vector>

namespace onepass {

struct MergeWeights {
  // a_k >= 0, summing to 1: model k's rows (or the weight a caller gave it) over all of them.
  std::vector<double> share;
  // f_k: the factor of model k's counts of values (1 when the shares are the rows, so counts
  // add up; a_k N / n_k with explicit weights, so that model k stands for a_k N of the N rows).
  std::vector<double> scale;
  // Models of several classes (docs/algorithms.md 3.4): learned[k][c] says whether model k
  // learned class c (has that output of the merged learner); empty: every model learned every
  // output.
  std::vector<std::vector<bool>> learned;

  // The weights of output c: the shares of the models that learned class c, rescaled to sum to
  // 1, so that a model that never saw the class does not dilute what the others learned of it;
  // every model's share when none of them did (their outputs c are all at their initial
  // values). The scales stay: they count rows, not classes.
  MergeWeights of_output(std::size_t c) const {
    if (learned.empty()) return {share, scale, {}};
    double total = 0;
    for (std::size_t k = 0; k < share.size(); ++k)
      if (c < learned[k].size() && learned[k][c]) total += share[k];
    if (!(total > 0)) return {share, scale, {}};
    MergeWeights out{std::vector<double>(share.size(), 0.0), scale, {}};
    for (std::size_t k = 0; k < share.size(); ++k)
      if (c < learned[k].size() && learned[k][c]) out.share[k] = share[k] / total;
    return out;
  }
};

// sum_k a_k value(k) over the models of positive share; a value the same in all of them is that
// value exactly (identical models merge into that model, whatever the rounding of the shares).
template <class F>
double weighted_mean(const MergeWeights& w, F&& value) {
  double sum = 0, first = 0;
  bool same = true, seen = false;
  for (std::size_t k = 0; k < w.share.size(); ++k) {
    if (w.share[k] == 0) continue;
    const double v = value(k);
    if (!seen) first = v;
    same = same && v == first;
    seen = true;
    sum += w.share[k] * v;
  }
  return same ? first : sum;
}

// The element-wise weighted_mean of equally long vectors into `out`; false when the lengths
// differ.
inline bool weighted_mean_into(const std::vector<const std::vector<double>*>& parts,
                               const MergeWeights& w, std::vector<double>& out) {
  out.assign(parts[0]->size(), 0.0);
  for (const auto* v : parts)
    if (v->size() != out.size()) return false;
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = weighted_mean(w, [&](std::size_t k) { return (*parts[k])[i]; });
  return true;
}

}  // namespace onepass
