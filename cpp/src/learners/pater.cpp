#include "learners/pater.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <Eigen/Core>

#include "core/dense_ops.hpp"
#include "core/numerics.hpp"

namespace onepass {

using ConstVec = Eigen::Map<const Eigen::VectorXd>;
using Vec = Eigen::Map<Eigen::VectorXd>;

double Pater::score_with(const double* params, const double* x) const {
  return dense_dot(params, x, dims_);
}

namespace {

constexpr double kMaxDouble = std::numeric_limits<double>::max();

// One step of a running mean of n values, a += (v - a)/n (spec 2.7). For values of opposite
// signs near the largest double (v = 1.7e308 after a = -1e300) v - a overflows and a would
// become infinite, then NaN; S2's own form ((n - 1)/n) a + v/n (spec 4.9) cannot overflow for
// finite a and v and takes that case only (spec 2.9), so ordinary values keep their bits.
inline double running_mean_step(double a, double v, double n) {
  const double d = v - a;
  return std::isfinite(d) ? a + d / n : ((n - 1) / n) * a + v / n;
}

}  // namespace

bool Pater::update(const double* x, int y) {
  const std::size_t d = dims_;
  double* st = state_.data();
  double& n_y = y > 0 ? st[1] : st[0];
  double& k_y = y > 0 ? st[3] : st[2];
  Vec z_neg(st + 4, d), z_pos(st + 4 + d, d);
  const double s = update_score(x);
  // Step 2: the class mean of the row's class (D-PATER-4: the other class is unchanged).
  n_y += 1;
  Vec z_y = y > 0 ? z_pos : z_neg;
  // Every difference x - z finite (the usual case): the mean in one vector step, as before;
  // else value by value (running_mean_step). The test ORs numerics.hpp's carries of the
  // differences, computed as they go: 7-14 ns a row of 28 features natively.
  std::uint64_t carries = 0;
  for (std::size_t j = 0; j < d; ++j) carries |= non_finite_carry(x[j] - z_y[j]);
  const bool differences_finite = (carries >> 63) == 0;
  if (differences_finite)
    z_y += (ConstVec(x, d) - z_y) / n_y;
  else
    for (std::size_t j = 0; j < d; ++j) z_y[j] = running_mean_step(z_y[j], x[j], n_y);
  // Step 3: the loss with the weights in force when the row arrived.
  const double margin_loss = 1.0 - y * s;
  const double loss = linear_k_ ? margin_loss : std::max(0.0, margin_loss);  // D-PATER-1
  if (accumulated_) {
    // (PATER-II) running class mean. A margin beyond the range of double (spec 2.9) makes the
    // loss infinite, or NaN (inf - inf) with linear_k: k takes it as the largest double of its
    // sign, and NaN as 0 (as the clip at 0 takes it), so that k stays finite also on a row
    // that then makes no step, whose state the guard (2.6) does not check.
    const double kept = std::isnan(loss) ? 0.0 : std::clamp(loss, -kMaxDouble, kMaxDouble);
    k_y = running_mean_step(k_y, kept, n_y);
  }
  // Step 4: the step along z^a = alpha+ z+ - alpha- z-.
  const double alpha_y = y > 0 ? alpha_pos_ : alpha_neg_;
  // docs/algorithms.md 4.28: a row of weight w takes w times the step (its class mean counts
  // it once).
  const double big_k =
      weight_ * (accumulated_ ? alpha_pos_ * st[3] + alpha_neg_ * st[2] : alpha_y * loss);
  if (big_k <= 0) return false;  // D-PATER-2
  Eigen::VectorXd za = alpha_pos_ * z_pos - alpha_neg_ * z_neg;
  const double norm2 = za.squaredNorm();
  if (norm2 <= 1e-12) return false;  // spec 2.3
  if (std::isfinite(norm2)) {
    Vec(params_.data(), d) += (big_k / norm2) * za;
    return true;
  }
  // spec 2.9: |z^a|^2 = m^2 q overflows; the step K z^a/|z^a|^2 is (K/(m q)) (z^a/m). When
  // z^a itself overflows (class means of opposite signs near the largest double), it is taken
  // as u v with u = max(alpha) max|z| and |v_j| <= 2, and the step as ((K/u)/(m q)) (v/m), m
  // and q those of v.
  double k_per_unit = big_k;
  if (!all_finite(za.data(), d)) {
    const double a = std::max(alpha_pos_, alpha_neg_);
    const double m = std::max(z_pos.cwiseAbs().maxCoeff(), z_neg.cwiseAbs().maxCoeff());
    za = (alpha_pos_ / a) * (z_pos / m) - (alpha_neg_ / a) * (z_neg / m);
    k_per_unit = big_k / a / m;
  }
  const ScaledSquares n = rescaled_squares(za.data(), d);
  Vec(params_.data(), d) += (k_per_unit / (n.scale * n.sum)) * (za / n.scale);
  return true;
}

Snapshot Pater::snapshot_of(const double* params) const {
  Snapshot s;
  s.name = name_;
  s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
  if (!state_.empty()) {
    s.arrays.push_back(
        {"mean_neg", std::vector<double>(state_.begin() + 4, state_.begin() + 4 + dims_)});
    s.arrays.push_back({"mean_pos", std::vector<double>(state_.begin() + 4 + dims_, state_.end())});
    s.scalars.emplace_back("n_neg", state_[0]);
    s.scalars.emplace_back("n_pos", state_[1]);
    if (accumulated_) {
      s.scalars.emplace_back("k_neg", state_[2]);
      s.scalars.emplace_back("k_pos", state_[3]);
    }
  }
  add_status(s);
  return s;
}

namespace {

const char* kS2 = "Jang, Online Passive-Aggressive Total-Error-Rate Minimization (2020)";

RegistryEntry pater_entry(const char* name, bool accumulated, bool weighted, const char* summary) {
  RegistryEntry e = learner_entry(name, summary, "4.9", kS2);
  // PATER-I's step grows with the class-mean difference: it diverges on raw features.
  if (!accumulated) e.needs = InputNeed::scaled;
  using C = Pater::Config;
  BoundParams<C> params;
  if (weighted) {
    params.add(real_param(&C::alpha_neg, "alpha_neg", 1, 0, kInf,
                          "weight of the false-positive rate alpha-", true));
    params.add(real_param(&C::alpha_pos, "alpha_pos", 1, 0, kInf,
                          "weight of the false-negative rate alpha+", true));
  }
  params.add(flag_param(&C::linear_k, "linear_k", false,
                        "use the losses without clipping at 0 in K (D-PATER-1: clipped)"));
  bind_learner<Pater>(e, std::move(params), std::string(name), accumulated);
  return e;
}

}  // namespace

std::vector<RegistryEntry> pater_stages() {
  return entry_list(
      pater_entry("pater1", false, false,
                  "PATER-I: PA step along the class-mean difference, K = hinge loss"),
      pater_entry("pater2", true, false, "PATER-II: K = running class means of the hinge losses"),
      pater_entry("wpater1", false, true, "weighted PATER-I (alpha- FPR + alpha+ FNR)"),
      pater_entry("wpater2", true, true, "weighted PATER-II"));
}

}  // namespace onepass
