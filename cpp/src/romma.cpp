#include "onepass/learners/romma.hpp"

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
  if (aggressive_ ? !(yp < 1) : !(yp <= 0)) return seeded;
  const double q = squared_norm(x);
  if (q == 0) return seeded;
  Eigen::Map<Eigen::VectorXd> w(params_.data(), params_.size());
  const double a = w.squaredNorm();
  if (a == 0 || (aggressive_ && yp >= a * q)) {
    w.setZero();
    add_scaled(x, y / q);  // w <- (y/q) x
    return true;
  }
  const double big_d = a * q - p * p;
  if (big_d <= 1e-12 * a * q) return seeded;  // D-ROMMA-2
  const double c = (a * q - yp) / big_d;
  const double d = a * (y - p) / big_d;
  w *= c;
  add_scaled(x, d);  // (ROMMA)
  return true;
}

}  // namespace onepass
