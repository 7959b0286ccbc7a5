#include "learners/romma.hpp"

#include <cmath>

#include <Eigen/Core>

namespace onepass {

bool Romma::update(const double* x, int y) {
  bool seeded = false;
  if (ones_on_first_seen_)
    for (std::size_t j = 0; j < dims_; ++j)
      if (x[j] != 0 && state_[j] == 0) {
        state_[j] = 1;
        params_[j] = 1.0;
        seeded = true;
      }
  const double p = seeded ? score_with(params_.data(), x) : update_score(x);  // seeding moved w
  const double yp = y * p;
  // docs/algorithms.md 4.28: a row of weight w asks for the margin w (uneven margins): the
  // rule below with the target y replaced by t = w y.
  const double t = weight_ * y;
  if (aggressive_ ? !(yp < weight_) : !(yp <= 0)) return seeded;
  const ScaledSquares norm = squared_norm(x);
  if (norm.sum == 0) return seeded;
  Eigen::Map<Eigen::VectorXd> w(params_.data(), params_.size());
  const double q = norm.sum, a = w.squaredNorm();
  // spec 2.9: with |x|^2 or a q beyond the range of double (or |w|^2 lost below it), the same
  // rule in units scaled by m = max |x_j| and mu = max |w_j|.
  const bool w_zero = a == 0 && (w.array() == 0.0).all();  // isZero() would allow 1e-12
  if (norm.scale != 1.0 || !std::isfinite(a * q) || (!w_zero && !(a * q > kTinyProduct)))
    return scaled_update(x, t, norm, w_zero) || seeded;
  if (w_zero || (aggressive_ && t * p >= a * q)) {
    w.setZero();
    add_scaled(x, t / q);  // w <- (t/q) x
    return true;
  }
  const double big_d = a * q - p * p;
  if (big_d <= 1e-12 * a * q) return seeded;  // D-ROMMA-2
  const double c = (a * q - t * p) / big_d;
  const double d = a * (t - p) / big_d;
  w *= c;
  add_scaled(x, d);  // (ROMMA)
  return true;
}

bool Romma::scaled_update(const double* x, double y, const ScaledSquares& norm, bool w_zero) {
  // x = m x', w = mu w': q = m^2 q', a = mu^2 a', p = mu m p'. Divided through by mu m, the
  // tests and the step become (spec 4.14 in scaled units, docs/algorithms.md 2.9):
  //   aggressive: y p' >= mu m a' q';  D' = a' q' - p'^2, skip when D' <= 1e-12 a' q';
  //   w <- c w + (mu a' (y/(mu m) - p') / D') x'   with c = (a' q' - y p' / (mu m)) / D'.
  // x scaled too when |x|^2 itself was finite but a q was not (large w, large x).
  const ScaledSquares xs = norm.scale != 1.0 ? norm : rescaled_squares(x, dims_, bias_ ? 1.0 : 0.0);
  const double m = xs.scale, q1 = xs.sum;
  Eigen::Map<Eigen::VectorXd> w(params_.data(), params_.size());
  if (w_zero) {
    add_scaled(x, y / (m * q1), m);  // w <- (y/q) x = (y/(m q')) x'
    return true;
  }
  const ScaledSquares wn = rescaled_squares(params_.data(), params_.size());
  const double mu = wn.scale, a1 = wn.sum;
  double p1 = 0;  // w'.x'
  for (std::size_t j = 0; j < dims_; ++j) p1 += (params_[j] / mu) * (x[j] / m);
  if (bias_) p1 += (params_[dims_] / mu) * (1.0 / m);
  const double mu_m = mu * m;
  if (aggressive_ && y * p1 >= mu_m * a1 * q1) {
    w.setZero();
    add_scaled(x, y / (m * q1), m);
    return true;
  }
  const double big_d = a1 * q1 - p1 * p1;
  if (big_d <= 1e-12 * a1 * q1) return false;  // D-ROMMA-2
  const double c = (a1 * q1 - y * p1 / mu_m) / big_d;
  const double d = mu * a1 * (y / mu_m - p1) / big_d;
  w *= c;
  add_scaled(x, d, m);
  return true;
}

namespace {

const char* kLiLong =
    "Li & Long, The Relaxed Online Maximum Margin Algorithm (2002), as used in S4";

RegistryEntry romma_entry(bool aggressive, const char* summary) {
  using C = Romma::Config;
  RegistryEntry e = learner_entry(Romma::kNames[aggressive], summary, "4.14", kLiLong);
  bind_learner<Romma>(
      e,
      {choice_param(&C::ones_on_first_seen, "init", {{"zero", false}, {"ones_on_first_seen", true}},
                    "initial weights: 0 (Li & Long) or 1 when a feature is first "
                    "seen (MinorThird, D-ROMMA-3)"),
       bias_param(&C::bias)},
      aggressive);
  return e;
}

}  // namespace

std::vector<RegistryEntry> romma_stages() {
  return entry_list(romma_entry(false, "ROMMA: relaxed online maximum margin, updates on mistakes"),
                    romma_entry(true, "aggressive ROMMA: updates when y w.x < 1"));
}

}  // namespace onepass
