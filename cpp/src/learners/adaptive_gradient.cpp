#include "learners/adaptive_gradient.hpp"

#include <cmath>

#include "core/dense_ops.hpp"
#include "core/numerics.hpp"

namespace onepass {

// ---- shared: score, gradient, snapshot ----

double AdaptiveLogistic::score_with(const double* params, const double* x) const {
  return dense_dot(params, x, dims_) + params[dims_];
}

double AdaptiveLogistic::score_sparse_with(const double* params, const SparseRow& x) const {
  return sparse_dot(params, x) + params[dims_];
}

double AdaptiveLogistic::gradient(double s, int y) {
  return sigmoid(s) - (y > 0 ? 1.0 : 0.0);  // spec 1.1: t in {0, 1}
}

Snapshot AdaptiveLogistic::snapshot_of(const double* params) const {
  Snapshot s;
  s.name = name_;
  s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
  s.scalars.emplace_back("b", params[dims_]);
  add_status(s);
  return s;
}

// ---- AdaGrad, spec 4.18 ----

void AdaGrad::move(double& w, double& G, double g) const {
  G += g * g;                                           // (ADA-G)
  if (g != 0) w -= eta_ * g / (std::sqrt(G) + delta_);  // (ADA-w); g = 0 moves nothing
}

Learner::MergeConfidence AdaGrad::merge_confidence() const {
  MergeConfidence c;
  for (std::size_t i = 0; i <= dims_; ++i) c.of_param.push_back(i);  // [G_1..G_d, G_b]
  return c;
}

template <class Row>
bool AdaGrad::step(const Row& x, int y) {
  const double g = step_gradient(x, y);
  nonzeros(x, [&](std::size_t j, double v) { move(params_[j], state_[j], g * v); });
  move(params_[dims_], state_[dims_], g);  // the bias
  return true;
}

// ---- NAG, spec 4.19 ----

double Nag::pending(std::size_t j, double xj) const {
  const double a = std::fabs(xj), s = state_[j];
  return a > s ? s / a : 1.0;
}

template <class Row>
double Nag::score_of(const double* params, const Row& x) const {
  double sum = 0;
  nonzeros(x, [&](std::size_t j, double v) { sum += params[j] * pending(j, v) * v; });
  return sum + params[dims_];
}

double Nag::see(std::size_t j, double xj) {
  const double a = std::fabs(xj);
  double& s = state_[j];
  if (a > s) {  // (NAG-s): w_j <- w_j s_j/|x_j|, s_j <- |x_j|
    params_[j] *= s / a;
    s = a;
  }
  const double r = xj / s;
  return r * r;
}

void Nag::move(std::size_t j, double gj, double rate) {
  double& G = state_[dims_ + j];
  G += gj * gj;                                                     // (NAG-G)
  if (G > 0) params_[j] -= rate * gj / (state_[j] * std::sqrt(G));  // (NAG-w)
}

template <class Row>
bool Nag::step(const Row& x, int y) {
  // The score includes the pending rescaling: the paper's y-hat, after its lines 4-7.
  const double g = step_gradient(x, y);
  double& n = state_[2 * dims_ + 1];
  double& t = state_[2 * dims_ + 2];
  double sum = 1.0;  // the bias feature: (1/1)^2
  nonzeros(x, [&](std::size_t j, double v) { sum += see(j, v); });
  n += sum;  // (NAG-N)
  t += 1;
  const double rate = eta_ * std::sqrt(t / n);
  nonzeros(x, [&](std::size_t j, double v) { move(j, g * v, rate); });
  finish(g, rate);
  return true;
}

void Nag::finish(double g, double rate) {
  double& G = state_[2 * dims_];  // the bias: s_b = 1
  G += g * g;
  if (G > 0) params_[dims_] -= rate * g / std::sqrt(G);
}

// ---- FTRL-Proximal, spec 4.20 ----

void Ftrl::move(double& w, double& z, double& n, double g, double l1, double l2) const {
  const double sigma = (std::sqrt(n + g * g) - std::sqrt(n)) / alpha_;  // (FTRL-sigma)
  z += g - sigma * w;                                                   // (FTRL-z)
  n += g * g;                                                           // (FTRL-n)
  if (std::fabs(z) <= l1) {                                             // (FTRL-w)
    w = 0;
  } else {
    const double shrunk = z > 0 ? z - l1 : z + l1;
    w = -shrunk / ((beta_ + std::sqrt(n)) / alpha_ + l2);
  }
}

Learner::MergeConfidence Ftrl::merge_confidence() const {
  // State [z_1..z_d, n_1..n_d, z_b, n_b].
  MergeConfidence c;
  for (std::size_t j = 0; j < dims_; ++j) {
    c.of_param.push_back(dims_ + j);
    c.with.emplace_back(j, dims_ + j);
  }
  c.of_param.push_back(2 * dims_ + 1);
  c.with.emplace_back(2 * dims_, 2 * dims_ + 1);
  return c;
}

template <class Row>
bool Ftrl::step(const Row& x, int y) {
  const double g = step_gradient(x, y);
  nonzeros(x, [&](std::size_t j, double v) {
    move(params_[j], state_[j], state_[dims_ + j], g * v, l1_, l2_);
  });
  move(params_[dims_], state_[2 * dims_], state_[2 * dims_ + 1], g, 0, 0);
  return true;
}

// ---- the registry's entries ----

std::vector<RegistryEntry> adaptive_gradient_stages() {
  RegistryEntry adagrad = learner_entry(
      AdaGrad::kName,
      "AdaGrad (Duchi, Hazan & Singer 2011) logistic regression: steps eta/sqrt(sum of g^2)",
      "4.18", "Duchi, Hazan & Singer, Adaptive Subgradient Methods (JMLR 2011)", true);
  bind_learner<AdaGrad>(
      adagrad, {real_param(&AdaGrad::Config::eta, "eta", 0.1, 0, kInf, "step size eta", true),
                real_param(&AdaGrad::Config::delta, "delta", 1e-8, 0, kInf,
                           "delta added to sqrt(G_j) in the denominator (Duchi et al.'s delta)")});

  RegistryEntry nag = learner_entry(
      Nag::kName,
      "NAG (Ross, Mineiro & Langford 2013): normalized adaptive gradient logistic "
      "regression, invariant to feature scales (no scaler needed)",
      "4.19", "Ross, Mineiro & Langford, Normalized Online Learning (UAI 2013)", true);
  bind_learner<Nag>(
      nag, {real_param(&Nag::Config::eta, "eta", 0.5, 0, kInf, "learning rate eta", true)});

  using F = Ftrl::Config;
  RegistryEntry ftrl = learner_entry(
      Ftrl::kName, "FTRL-Proximal (McMahan et al. 2013) logistic regression with L1 and L2", "4.20",
      "McMahan et al., Ad Click Prediction: a View from the Trenches (KDD 2013)", true);
  bind_learner<Ftrl>(
      ftrl,
      {real_param(&F::alpha, "alpha", 0.1, 0, kInf, "alpha of the per-coordinate rate", true),
       real_param(&F::beta, "beta", 1, 0, kInf, "beta of the per-coordinate rate"),
       real_param(&F::l1, "l1", 0, 0, kInf, "L1 weight lambda1: weights with |z_j| <= l1 are 0"),
       real_param(&F::l2, "l2", 0, 0, kInf, "L2 weight lambda2")});
  return entry_list(std::move(adagrad), std::move(nag), std::move(ftrl));
}

}  // namespace onepass
