#include "onepass/scalers/moment_scalers.hpp"

#include <cmath>

#include "onepass/core/numerics.hpp"

namespace onepass {

namespace {
const char* kNames[] = {"zscore", "pareto", "vast", "level", "twosd"};
}

void MomentScaler::init() {
  state_.assign(4 * dims_, 0.0);
  std::fill(state_.begin() + 3 * dims_, state_.end(), 1.0);  // binary until a value says no
}

void MomentScaler::update(const double* x) {
  double* k = state_.data();
  double* m = k + dims_;
  double* s = m + dims_;
  double* binary = s + dims_;
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j])) continue;  // missing: not part of the statistics
    k[j] += 1;
    const double m_old = m[j];
    m[j] += (x[j] - m_old) / k[j];           // (GN-2)
    s[j] += (x[j] - m_old) * (x[j] - m[j]);  // (GN-3)
    if (x[j] != 0 && x[j] != 1) binary[j] = 0;
  }
}

double MomentScaler::sd(std::size_t j) const {
  const double k = state_[j];
  if (k < 2) return 0;
  return std::sqrt(state_[2 * dims_ + j] / (k - 1));
}

double MomentScaler::scale(std::size_t j, double x) const {
  const double m = mean(j);
  if (form_ == MomentForm::level) return std::fabs(m) <= kSpreadEpsilon ? 0.0 : (x - m) / m;
  if (form_ == MomentForm::twosd && state_[3 * dims_ + j] != 0) return x;  // D-SC-2
  const double s = sd(j);
  if (s <= kSpreadEpsilon) return 0.0;  // spec 2.4, D-GN-2
  switch (form_) {
    case MomentForm::pareto:
      return (x - m) / std::sqrt(s);
    case MomentForm::vast:
      return ((x - m) / s) * (m / s);
    case MomentForm::twosd:
      return (x - m) / (2 * s);
    default:
      return (x - m) / s;  // (GN-1)
  }
}

void MomentScaler::transform(const double* x, double* out) const {
  for (std::size_t j = 0; j < dims_; ++j) out[j] = std::isnan(x[j]) ? x[j] : scale(j, x[j]);
}

namespace {

// update() and scale() of one value, as selects rather than branches (the same arithmetic, so
// the same bits): a missing value leaves the statistics and passes through as NaN.
template <MomentForm F>
void update_transform_form(std::size_t d, const double* __restrict x, double* __restrict out,
                           double* __restrict k, double* __restrict m, double* __restrict s,
                           double* __restrict binary) {
#if defined(__clang__)  // its cost model turns down f64x2 for this loop; measured faster in wasm
#pragma clang loop vectorize(enable)
#endif
  for (std::size_t j = 0; j < d; ++j) {
    const double xj = x[j];
    const bool present = xj == xj;
    const double kj = present ? k[j] + 1 : k[j];
    const double delta = xj - m[j];
    const double mj = present ? m[j] + delta / kj : m[j];         // (GN-2)
    const double sj = present ? s[j] + delta * (xj - mj) : s[j];  // (GN-3)
    const double bj = present && xj != 0 && xj != 1 ? 0.0 : binary[j];
    k[j] = kj;
    m[j] = mj;
    s[j] = sj;
    binary[j] = bj;
    const double sd = kj >= 2 ? std::sqrt(sj / (kj - 1)) : 0.0;
    const bool spread = sd > kSpreadEpsilon;  // spec 2.4, D-GN-2
    double v;
    if constexpr (F == MomentForm::zscore)
      v = spread ? (xj - mj) / sd : 0.0;  // (GN-1)
    else if constexpr (F == MomentForm::pareto)
      v = spread ? (xj - mj) / std::sqrt(sd) : 0.0;
    else if constexpr (F == MomentForm::vast)
      v = spread ? ((xj - mj) / sd) * (mj / sd) : 0.0;
    else if constexpr (F == MomentForm::twosd)
      v = bj != 0 ? xj : spread ? (xj - mj) / (2 * sd) : 0.0;  // D-SC-2
    else
      v = std::fabs(mj) <= kSpreadEpsilon ? 0.0 : (xj - mj) / mj;
    out[j] = present ? v : xj;
  }
}

}  // namespace

void MomentScaler::update_transform(const double* x, double* out) {
  double* k = state_.data();
  double* m = k + dims_;
  double* s = m + dims_;
  double* binary = s + dims_;
  switch (form_) {
    case MomentForm::zscore:
      return update_transform_form<MomentForm::zscore>(dims_, x, out, k, m, s, binary);
    case MomentForm::pareto:
      return update_transform_form<MomentForm::pareto>(dims_, x, out, k, m, s, binary);
    case MomentForm::vast:
      return update_transform_form<MomentForm::vast>(dims_, x, out, k, m, s, binary);
    case MomentForm::twosd:
      return update_transform_form<MomentForm::twosd>(dims_, x, out, k, m, s, binary);
    case MomentForm::level:
      return update_transform_form<MomentForm::level>(dims_, x, out, k, m, s, binary);
  }
}

Snapshot MomentScaler::snapshot() const {
  Snapshot s;
  s.name = kNames[static_cast<int>(form_)];
  std::vector<double> sds(dims_);
  for (std::size_t j = 0; j < dims_; ++j) sds[j] = sd(j);
  s.arrays.push_back(
      {"mean", std::vector<double>(state_.begin() + dims_, state_.begin() + 2 * dims_)});
  s.arrays.push_back({"sd", std::move(sds)});
  s.arrays.push_back({"count", std::vector<double>(state_.begin(), state_.begin() + dims_)});
  if (form_ == MomentForm::twosd)
    s.arrays.push_back({"binary", std::vector<double>(state_.begin() + 3 * dims_, state_.end())});
  return s;
}

}  // namespace onepass
