#include "onepass/learners/adaptive_gradient.hpp"

#include <cmath>

#include "onepass/core/dense_ops.hpp"
#include "onepass/core/numerics.hpp"

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

void AdaGrad::init() {
  AdaptiveLogistic::init();
  state_.assign(dims_ + 1, 0.0);  // G = 0
}

void AdaGrad::move(double& w, double& G, double g) const {
  G += g * g;                                           // (ADA-G)
  if (g != 0) w -= eta_ * g / (std::sqrt(G) + delta_);  // (ADA-w); g = 0 moves nothing
}

template <class Row>
bool AdaGrad::step(const Row& x, int y) {
  const double g = gradient(update_score(x), y);
  nonzeros(x, [&](std::size_t j, double v) { move(params_[j], state_[j], g * v); });
  move(params_[dims_], state_[dims_], g);  // the bias
  return true;
}

// ---- NAG, spec 4.19 ----

void Nag::init() {
  AdaptiveLogistic::init();
  state_.assign(2 * dims_ + 3, 0.0);  // s = 0, G = 0, G_b = 0, N = 0, t = 0
}

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
  const double g = gradient(update_score(x), y);
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

void Ftrl::init() {
  AdaptiveLogistic::init();
  state_.assign(2 * dims_ + 2, 0.0);  // z = 0, n = 0: w = 0
}

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

template <class Row>
bool Ftrl::step(const Row& x, int y) {
  const double g = gradient(update_score(x), y);
  nonzeros(x, [&](std::size_t j, double v) {
    move(params_[j], state_[j], state_[dims_ + j], g * v, l1_, l2_);
  });
  move(params_[dims_], state_[2 * dims_], state_[2 * dims_ + 1], g, 0, 0);
  return true;
}

}  // namespace onepass
