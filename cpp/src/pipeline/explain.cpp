#include "pipeline/explain.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

Status Pipeline::learner_input(const double* x, const SparseRow& tail, std::vector<double>& raw,
                               std::vector<double>& z) const {
  if (width_ == 0) return Status::error("the pipeline has not learned any row yet");
  raw.assign(width_, 0.0);
  std::copy(x, x + numeric_dims(), raw.begin());
  for (std::size_t k = 0; k < tail.nnz; ++k)
    if (tail.index[k] < width_) raw[tail.index[k]] = tail.value[k];
  // The scalers see dims() values: the numeric ones, or every one when they scale the encoded
  // features too (docs/design.md 10.5); what they do not see reaches the learner as it is.
  Result<const double*> scaled = transform_frozen(scale_encoded_ ? raw.data() : x);
  if (!scaled) return scaled.status();
  const double* filled = fill_missing(scaled.value());
  z = raw;
  std::copy(filled, filled + dims_, z.begin());
  return Status::ok();
}

Explanation top_contributions(const std::vector<double>& w, double b, const double* z,
                              const double* raw, std::size_t count) {
  const std::size_t d = w.size();
  std::vector<double> c(d);
  std::vector<std::size_t> listed;
  for (std::size_t j = 0; j < d; ++j) {
    c[j] = w[j] * z[j];  // docs/algorithms.md 1.9
    if (c[j] != 0) listed.push_back(j);
  }
  // The largest |c_j| first, a tie to the lower index; a NaN (weights that are not finite) as
  // the largest, so that it is seen.
  const auto size = [&](std::size_t j) { return std::isnan(c[j]) ? INFINITY : std::fabs(c[j]); };
  const auto larger = [&](std::size_t a, std::size_t b2) {
    return size(a) > size(b2) || (size(a) == size(b2) && a < b2);
  };
  const std::size_t n = std::min(count, listed.size());
  std::partial_sort(listed.begin(), listed.begin() + static_cast<std::ptrdiff_t>(n), listed.end(),
                    larger);
  listed.resize(n);
  Explanation out;
  out.bias = b;
  std::vector<bool> in_top(d, false);
  for (std::size_t j : listed) {
    out.top.push_back({j, raw[j], c[j]});
    in_top[j] = true;
  }
  for (std::size_t j = 0; j < d; ++j)
    if (!in_top[j]) out.rest += c[j];
  return out;
}

Result<Explainer> Explainer::of(const Pipeline& pipeline) {
  Explainer out;
  if (pipeline.width() == 0) return Status::error("the model has not learned any row yet");
  if (pipeline.learns_task()) {
    if (!pipeline.task_learner().linear_forms(out.w_, out.b_))
      return Status::error("the learner (" + pipeline.task_learner().snapshot().name +
                           ") has a score that is not of the form w.z + b for every class, so "
                           "its predictions cannot be split into contributions");
    return out;
  }
  out.w_.resize(1);
  out.b_.resize(1);
  if (!pipeline.learner().linear_form(out.w_[0], out.b_[0]))
    return Status::error("the learner (" + pipeline.learner().snapshot().name +
                         ") has no score of the form w.z + b, so its predictions cannot be "
                         "split into contributions (the Winnow family, nag, fs and fs1 have "
                         "none)");
  return out;
}

Result<Explanation> Explainer::explain(const Pipeline& pipeline, const double* x,
                                       const SparseRow& tail, std::size_t output,
                                       std::size_t count) const {
  if (output >= w_.size())
    return Status::error("the model has no output " + std::to_string(output));
  if (Status st = pipeline.learner_input(x, tail, raw_, z_); !st) return st;
  if (w_[output].size() != z_.size())
    return Status::error("the learner's weights do not fit the model's width");
  return top_contributions(w_[output], b_[output], z_.data(), raw_.data(), count);
}

}  // namespace onepass
