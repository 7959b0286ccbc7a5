#include "learners/arow_full.hpp"

namespace onepass {

void FullArow::identity_state() {
  const std::size_t n = width_with_bias();
  if (!full()) {
    state_.assign(n, 1.0);
    return;
  }
  state_.assign(n * n, 0.0);
  for (std::size_t a = 0; a < n; ++a) state_[a * n + a] = 1.0;
}

void FullArow::init() {
  MarginLinear::init();  // mu = 0, b = 0
  identity_state();
}

void FullArow::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  const std::vector<double> old = state_;
  const std::size_t old_dims = dims_, old_n = width_with_bias();
  const bool was_full = full();
  Learner::remap(position, new_dims);  // the weights; the state at its initial value
  const std::size_t n = width_with_bias();
  // Where old index i goes: a feature to its position, the bias to the new bias.
  const auto to = [&](std::size_t i) {
    return i >= old_dims ? dims_ + (i - old_dims) : position.empty() ? i : position[i];
  };
  for (std::size_t a = 0; a < old_n; ++a) {
    if (!was_full) {
      state_[to(a)] = old[a];
    } else if (!full()) {
      state_[to(a)] = old[a * old_n + a];  // past kMaxFullDims: each feature's variance
    } else {
      for (std::size_t b = 0; b < old_n; ++b) state_[to(a) * n + to(b)] = old[a * old_n + b];
    }
  }
}

template <class Row>
bool FullArow::diagonal_update(const Row& x, int y) {
  const double m = y * update_score(x);
  if (m >= 1) return false;  // (AROW-a): no loss, no step
  // docs/algorithms.md 4.28: a row of weight w counts w times in the loss term, r / w.
  const double v = diagonal_variance(x), r = r_ / weight_;
  if (!(v > 0)) return false;  // docs/algorithms.md 2.3: an all-zero row moves nothing
  const ArowStepSizes step = arow_step_sizes(m, v, r);
  diagonal_step(x, step.alpha * y, step.beta);
  return true;
}

bool FullArow::update_sparse(const SparseRow& x, int y) {
  return diagonal_update(x, y);
}

bool FullArow::update(const double* x, int y) {
  if (!full()) return diagonal_update(x, y);
  const double m = y * update_score(x);
  if (m >= 1) return false;  // (AROW-a): no loss, no step
  const std::size_t n = width_with_bias();
  const auto x_at = [&](std::size_t j) { return j < dims_ ? x[j] : 1.0; };  // the bias feature
  // docs/algorithms.md 4.28: a row of weight w counts w times in the loss term, r / w.
  const double r = r_ / weight_;
  // Sigma x as the sum of Sigma's rows (it is symmetric) of the row's non-zeros.
  sigma_x_.assign(n, 0.0);
  for (std::size_t b = 0; b < n; ++b) {
    const double xb = x_at(b);
    if (xb == 0) continue;
    const double* row = state_.data() + b * n;
    for (std::size_t a = 0; a < n; ++a) sigma_x_[a] += row[a] * xb;
  }
  double v = 0;  // x' Sigma x
  for (std::size_t a = 0; a < n; ++a) v += x_at(a) * sigma_x_[a];
  if (!(v > 0)) return false;  // docs/algorithms.md 2.3: an all-zero row moves nothing
  const ArowStepSizes step = arow_step_sizes(m, v, r);
  const double beta = step.beta, ay = step.alpha * y;
  for (std::size_t a = 0; a < n; ++a) params_[a] += ay * sigma_x_[a];
  // (AROW-F): Sigma <- Sigma - beta (Sigma x)(Sigma x)'. An entry off the diagonal takes
  // beta (s_a s_b), the same bits as its mirror's (the product commutes), so Sigma stays
  // symmetric; the diagonal takes 4.16's (beta s_a) s_a.
  for (std::size_t a = 0; a < n; ++a) {
    const double sa = sigma_x_[a];
    if (sa == 0) continue;
    double* row = state_.data() + a * n;
    for (std::size_t b = 0; b < a; ++b) row[b] -= beta * (sa * sigma_x_[b]);
    row[a] -= beta * sa * sa;
    for (std::size_t b = a + 1; b < n; ++b) row[b] -= beta * (sa * sigma_x_[b]);
  }
  return true;
}

Learner::MergeConfidence FullArow::merge_confidence() const {
  MergeConfidence c;
  if (full()) return c;
  for (std::size_t i = 0; i < state_.size(); ++i) c.of_param.push_back(i);
  c.inverse = true;
  return c;
}

Snapshot FullArow::snapshot_of(const double* params) const {
  Snapshot s = MarginLinear::snapshot_of(params);
  const std::size_t n = width_with_bias();
  if (state_.size() != (full() ? n * n : n)) return s;  // not reset yet
  // The variances, as AROW's snapshot has them: how much each weight can still move.
  std::vector<double> sigma(dims_);
  const auto variance = [&](std::size_t j) { return full() ? state_[j * n + j] : state_[j]; };
  for (std::size_t j = 0; j < dims_; ++j) sigma[j] = variance(j);
  s.arrays.push_back({"sigma", std::move(sigma)});
  if (bias_) s.scalars.emplace_back("sigma_b", variance(dims_));
  return s;
}

std::vector<RegistryEntry> full_arow_stages() {
  using C = FullArow::Config;
  RegistryEntry e = learner_entry(
      FullArow::kName,
      "AROW (Crammer, Kulesza & Dredze 2009) with a full covariance: for few rows over "
      "correlated features; diagonal past 512 features",
      "4.31", "Crammer, Kulesza & Dredze, Adaptive Regularization of Weight Vectors (NIPS 2009)");
  BoundParams<C> params;
  params.add(real_param(&C::r, "r", 1, 0, kInf,
                        "regulariser r of AROW: beta = 1/(x' Sigma x + r); smaller r, larger steps",
                        true));
  params.add(bias_param(&C::bias));
  bind_learner<FullArow>(e, std::move(params));
  return entry_list(std::move(e));
}

}  // namespace onepass
