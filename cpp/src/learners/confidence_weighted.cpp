#include "learners/confidence_weighted.hpp"

#include <algorithm>
#include <cmath>

#include "scalers/bns.hpp"

namespace onepass {

ConfidenceWeighted::ConfidenceWeighted(CwVariant variant, Config p)
    : SteppedLearner(kNames[static_cast<int>(variant)], p.bias),
      variant_(variant),
      a_(variant == CwVariant::arow ? p.r : p.c) {
  if (variant != CwVariant::arow) {  // spec 4.17: phi = Phi^-1(eta), eta in (0.5, 1)
    phi_ = normal_quantile(p.eta);
    psi_ = 1 + phi_ * phi_ / 2;
    zeta_ = 1 + phi_ * phi_;
  }
}

void ConfidenceWeighted::init() {
  MarginLinear::init();                         // mu = 0, b = 0
  state_.assign(dims_ + (bias_ ? 1 : 0), 1.0);  // Sigma_0 = I (spec 4.16, 4.17)
}

void ConfidenceWeighted::sparse_state_slots(const SparseRow& x,
                                            std::vector<std::size_t>& slots) const {
  feature_block_slots(x, 1, bias_ ? 1 : 0, slots);  // [Sigma diagonal, its bias entry]
}

void ConfidenceWeighted::step_sizes(double m, double v, double& alpha, double& beta) const {
  alpha = beta = 0;
  // docs/algorithms.md 4.28: a row of weight w counts w times in the loss term, r / w for
  // AROW and w C for SCW.
  const double a = variant_ == CwVariant::arow ? a_ / weight_ : a_ * weight_;
  if (variant_ == CwVariant::arow) {
    const ArowStepSizes step = arow_step_sizes(m, v, a);
    alpha = step.alpha;
    beta = step.beta;
    return;
  }
  // spec 4.17: update when the loss phi sqrt(v) - m is positive.
  if (phi_ * std::sqrt(v) - m <= 0) return;
  const double phi2 = phi_ * phi_;
  if (variant_ == CwVariant::scw1) {  // (SCW-1)
    const double root = std::sqrt(m * m * phi2 * phi2 / 4 + v * phi2 * zeta_);
    alpha = std::min(a, std::max(0.0, (-m * psi_ + root) / (v * zeta_)));
  } else {  // (SCW-2)
    const double n = v + 1 / (2 * a);
    const double gamma = phi_ * std::sqrt(phi2 * m * m * v * v + 4 * n * v * (n + v * phi2));
    alpha = std::max(0.0, (-(2 * m * n + phi2 * m * v) + gamma) / (2 * (n * n + n * v * phi2)));
  }
  if (alpha <= 0) return;
  // (SCW-u), (SCW-beta)
  const double r = -alpha * v * phi_ + std::sqrt(alpha * alpha * v * v * phi2 + 4 * v);
  const double u = r * r / 4;
  beta = alpha * phi_ / (std::sqrt(u) + v * alpha * phi_);
}

template <class Row>
bool ConfidenceWeighted::step(const Row& x, int y) {
  const double v = diagonal_variance(x);
  if (v == 0) return false;  // spec 2.3: an all-zero row without a bias moves nothing
  double alpha = 0, beta = 0;
  step_sizes(y * update_score(x), v, alpha, beta);
  if (alpha <= 0) return false;
  diagonal_step(x, alpha * y, beta);
  return true;
}

Snapshot ConfidenceWeighted::snapshot_of(const double* params) const {
  Snapshot s = MarginLinear::snapshot_of(params);
  // The confidences, for the curious: how much each weight can still move.
  if (state_.size() != dims_ + (bias_ ? 1 : 0)) return s;  // not reset yet
  s.arrays.push_back({"sigma", std::vector<double>(state_.begin(), state_.begin() + dims_)});
  if (bias_) s.scalars.emplace_back("sigma_b", state_[dims_]);
  return s;
}

namespace {

const char* kArow =
    "Crammer, Kulesza & Dredze, Adaptive Regularization of Weight Vectors (NIPS 2009)";
const char* kScw = "Wang, Zhao & Hoi, Exact Soft Confidence-Weighted Learning (ICML 2012)";

// AROW (docs/algorithms.md 4.16), SCW-I and SCW-II (4.17), diagonal; the defaults are LIBOL's
// and SOL's (r = 1; C = 1, eta = 0.75 for SCW-I, 0.90 for SCW-II).
RegistryEntry cw_entry(CwVariant variant, const char* summary) {
  using C = ConfidenceWeighted::Config;
  const bool arow = variant == CwVariant::arow;
  RegistryEntry e = learner_entry(ConfidenceWeighted::kNames[static_cast<int>(variant)], summary,
                                  arow ? "4.16" : "4.17", arow ? kArow : kScw);
  BoundParams<C> params;
  if (arow) {
    params.add(real_param(
        &C::r, "r", 1, 0, kInf,
        "regulariser r of AROW: beta = 1/(x' Sigma x + r); smaller r, larger steps", true));
  } else {
    params.add(real_param(&C::c, "c", 1, 0, kInf,
                          "aggressiveness C: SCW-I's cap on alpha, SCW-II's 1/(2C) term", true));
    BoundParam<C> eta =
        real_param(&C::eta, "eta", variant == CwVariant::scw1 ? 0.75 : 0.90, 0.5, 1,
                   "confidence eta: the margin wanted is Phi^-1(eta) standard deviations", true);
    eta.spec().max_exclusive = true;  // Phi^-1(1) is infinite
    params.add(std::move(eta));
  }
  params.add(bias_param(&C::bias));
  bind_learner<ConfidenceWeighted>(e, std::move(params), variant);
  return e;
}

}  // namespace

std::vector<RegistryEntry> confidence_weighted_stages() {
  return entry_list(
      cw_entry(CwVariant::arow,
               "AROW (Crammer, Kulesza & Dredze 2009): confidence-weighted margin steps, diagonal"),
      cw_entry(
          CwVariant::scw1,
          "SCW-I (Wang, Zhao & Hoi 2012): soft confidence-weighted, step capped at C, diagonal"),
      cw_entry(
          CwVariant::scw2,
          "SCW-II (Wang, Zhao & Hoi 2012): soft confidence-weighted, squared slack, diagonal"));
}

}  // namespace onepass
