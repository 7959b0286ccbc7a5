#include "scalers/moment_scalers.hpp"

#include <cmath>
#include <limits>

#include "core/numerics.hpp"

namespace onepass {

namespace {
// By MomentForm: the names of the snapshots and of the registry's entries.
const char* kNames[] = {"zscore", "pareto", "vast", "level", "twosd"};
}  // namespace

void MomentScaler::init() {
  state_.assign(4 * dims_, 0.0);
  std::fill(state_.begin() + 3 * dims_, state_.end(), 1.0);  // binary until a value says no
}

// Numerics (measured): the divider is what these scalers cost, and the spec's
// formulas take three divisions and a square root per value. They are evaluated with
// reciprocals instead, the same values up to rounding (a few ulp; the golden and batch tests
// hold at 1e-12): the mean moves by (x - M) (1/k) (GN-2), with 1/k computed once per row
// when every feature has seen the same number of values, and x' = (x - M) sqrt((k - 1)/S)
// (GN-1). update, transform and the fused update_transform share these formulas, bit for bit.

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// sd > 1e-12 (spec 2.4, D-GN-2) as (k - 1)/S = 1/sd^2 below this.
constexpr double kMaxInverseVariance = 1.0 / (kSpreadEpsilon * kSpreadEpsilon);

// 1/sd from the count and S after the update, and whether the spread counts (D-GN-2).
inline double inverse_sd(double k, double s, bool& spread) {
  const double inverse_variance = (k - 1) / s;
  spread = k >= 2 && inverse_variance < kMaxInverseVariance;
  return std::sqrt(inverse_variance);
}

// x' of a present value x from the statistics after the update (spec 5.1, 5.2).
template <MomentForm F>
inline double moment_value(double x, double m, double inv_sd, bool spread, double binary) {
  if constexpr (F == MomentForm::zscore)
    return spread ? (x - m) * inv_sd : 0.0;  // (GN-1)
  else if constexpr (F == MomentForm::pareto)
    return spread ? (x - m) * std::sqrt(inv_sd) : 0.0;
  else if constexpr (F == MomentForm::vast)
    return spread ? ((x - m) * inv_sd) * (m * inv_sd) : 0.0;
  else if constexpr (F == MomentForm::twosd)
    return binary != 0 ? x : spread ? ((x - m) * inv_sd) * 0.5 : 0.0;  // D-SC-2
  else
    return std::fabs(m) <= kSpreadEpsilon ? 0.0 : (x - m) / m;
}

}  // namespace

void MomentScaler::update(const double* x) {
  double* k = state_.data();
  double* m = k + dims_;
  double* s = m + dims_;
  double* binary = s + dims_;
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j])) continue;  // missing: not part of the statistics
    const double kj = k[j] + 1;
    const double mj = m[j] + (x[j] - m[j]) * (1.0 / kj);   // (GN-2)
    const double sj = s[j] + (x[j] - m[j]) * (x[j] - mj);  // (GN-3)
    if (!std::isfinite(mj) || !std::isfinite(sj)) {        // too large to square: left out, counted
      ++left_out_;
      continue;
    }
    k[j] = kj;
    m[j] = mj;
    s[j] = sj;
    if (x[j] != 0 && x[j] != 1) binary[j] = 0;
  }
}

double MomentScaler::sd(std::size_t j) const {
  const double k = state_[j];
  if (k < 2) return 0;
  return std::sqrt(state_[2 * dims_ + j] / (k - 1));
}

double MomentScaler::scale(std::size_t j, double x) const {
  const double m = mean(j), binary = state_[3 * dims_ + j];
  bool spread = false;
  const double inv_sd = inverse_sd(state_[j], state_[2 * dims_ + j], spread);
  switch (form_) {
    case MomentForm::zscore:
      return moment_value<MomentForm::zscore>(x, m, inv_sd, spread, binary);
    case MomentForm::pareto:
      return moment_value<MomentForm::pareto>(x, m, inv_sd, spread, binary);
    case MomentForm::vast:
      return moment_value<MomentForm::vast>(x, m, inv_sd, spread, binary);
    case MomentForm::twosd:
      return moment_value<MomentForm::twosd>(x, m, inv_sd, spread, binary);
    case MomentForm::level:
      break;
  }
  return moment_value<MomentForm::level>(x, m, inv_sd, spread, binary);
}

// The factor of (x - mean) in moment_value for each form (docs/algorithms.md 1.7); twosd keeps a
// binary feature as it is (shift 0, factor 1).
bool MomentScaler::affine_form(std::vector<double>& shift, std::vector<double>& factor) const {
  shift.resize(dims_);
  factor.resize(dims_);
  for (std::size_t j = 0; j < dims_; ++j) {
    const double m = mean(j), binary = state_[3 * dims_ + j];
    bool spread = false;
    const double inv_sd = inverse_sd(state_[j], state_[2 * dims_ + j], spread);
    shift[j] = m;
    double f = 0.0;
    switch (form_) {
      case MomentForm::zscore:
        f = spread ? inv_sd : 0.0;
        break;
      case MomentForm::pareto:
        f = spread ? std::sqrt(inv_sd) : 0.0;
        break;
      case MomentForm::vast:
        f = spread ? inv_sd * (m * inv_sd) : 0.0;
        break;
      case MomentForm::twosd:
        if (binary != 0) shift[j] = 0.0;
        f = binary != 0 ? 1.0 : spread ? inv_sd * 0.5 : 0.0;
        break;
      case MomentForm::level:
        f = std::fabs(m) <= kSpreadEpsilon ? 0.0 : 1.0 / m;
        break;
    }
    factor[j] = f;
  }
  return true;
}

void MomentScaler::transform(const double* x, double* out) const {
  for (std::size_t j = 0; j < dims_; ++j) {
    const double d = x[j] - mean(j);
    // Missing, or too large to square (left out when learning): missing for the learner.
    out[j] = std::isfinite(d * d) ? scale(j, x[j]) : kNaN;
  }
}

namespace {

// update() and scale() of one row, as selects rather than branches (the same arithmetic, so
// the same bits), so that clang vectorises it (f64x2). kSameCount: no value of the row is
// missing and every feature has seen the same number of values, so 1/k is the row's
// `inv_k`; otherwise each feature divides, and a missing value leaves the statistics and
// passes through as NaN.
// A value whose square overflows (beyond about 1e154) would make S infinite and the scaler
// map every later value to 0: it is treated as a missing value (left out of the statistics, 0
// for the learner) and counted in `left_out`, so one bad cell never ruins a stream.
// Kept out of line: inlined into update_transform_row, the loop lost its __restrict (k, m, s and
// binary are slices of one vector) and clang vectorised only the kSameCount = false copy; out
// of line both are f64x2, the same arithmetic (the same bits). In wasm the z-score of 28
// features took 130 instead of 171 ns a row with no value missing (AMD EPYC).
template <MomentForm F, bool kSameCount>
__attribute__((noinline)) void update_transform_form(std::size_t d, const double* __restrict x,
                                                     double* __restrict out, double* __restrict k,
                                                     double* __restrict m, double* __restrict s,
                                                     double* __restrict binary, double inv_k,
                                                     double& left_out) {
  double rejected = 0;
#if defined(__EMSCRIPTEN__)  // clang turns down f64x2 for this loop; measured faster in wasm
#pragma clang loop vectorize(enable)
#endif
  for (std::size_t j = 0; j < d; ++j) {
    // Every value loaded up front: a load under a condition ("present ? ... : binary[j]")
    // became a branch per lane in clang's f64x2 loop, which then ran no faster than scalar.
    const double xj = x[j], k0 = k[j], m0 = m[j], s0 = s[j], b0 = binary[j];
    const bool present = kSameCount || xj == xj;
    const double delta = xj - m0;
    const double m1 = m0 + delta * (kSameCount ? inv_k : 1.0 / (k0 + 1));  // (GN-2)
    const double s1 = s0 + delta * (xj - m1);                              // (GN-3)
    const bool fits = m1 - m1 == 0 && s1 - s1 == 0;                        // both finite
    const bool take = present && fits;
    rejected += present && !fits ? 1.0 : 0.0;
    const double kj = take ? k0 + 1 : k0;
    const double mj = take ? m1 : m0;
    const double sj = take ? s1 : s0;
    const double bj = take && xj != 0 && xj != 1 ? 0.0 : b0;
    k[j] = kj;
    m[j] = mj;
    s[j] = sj;
    binary[j] = bj;
    bool spread = false;
    const double inv_sd = inverse_sd(kj, sj, spread);
    const double v = moment_value<F>(xj, mj, inv_sd, spread, bj);
    out[j] = take ? v : kNaN;  // missing, or too large: missing for the learner too
  }
  left_out += rejected;
}

template <MomentForm F>
void update_transform_row(std::size_t d, const double* x, double* out, double* k, double* m,
                          double* s, double* binary, double& left_out) {
  bool same_count = !any_nan(x, d);
  for (std::size_t j = 1; j < d; ++j) same_count &= k[j] == k[0];
  if (same_count && d > 0)
    update_transform_form<F, true>(d, x, out, k, m, s, binary, 1.0 / (k[0] + 1), left_out);
  else
    update_transform_form<F, false>(d, x, out, k, m, s, binary, 0.0, left_out);
}

}  // namespace

void MomentScaler::update_transform(const double* x, double* out) {
  double* k = state_.data();
  double* m = k + dims_;
  double* s = m + dims_;
  double* binary = s + dims_;
  switch (form_) {
    case MomentForm::zscore:
      return update_transform_row<MomentForm::zscore>(dims_, x, out, k, m, s, binary, left_out_);
    case MomentForm::pareto:
      return update_transform_row<MomentForm::pareto>(dims_, x, out, k, m, s, binary, left_out_);
    case MomentForm::vast:
      return update_transform_row<MomentForm::vast>(dims_, x, out, k, m, s, binary, left_out_);
    case MomentForm::twosd:
      return update_transform_row<MomentForm::twosd>(dims_, x, out, k, m, s, binary, left_out_);
    case MomentForm::level:
      return update_transform_row<MomentForm::level>(dims_, x, out, k, m, s, binary, left_out_);
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

std::vector<RegistryEntry> moment_scaler_stages() {
  // By MomentForm, as kNames: the z-score is S0's GN (spec 5.1), the others S3's (spec 5.2).
  const char* summaries[] = {"online z-score (Welford mean and sample deviation), S0's GN",
                             "online Pareto scaling (x - mean)/sqrt(sd)",
                             "online Vast scaling ((x - mean)/sd)(mean/sd)",
                             "online Level scaling (x - mean)/mean",
                             "online Gelman scaling (x - mean)/(2 sd); 0/1 features unchanged"};
  return variant_entries<MomentForm>(5, [&](MomentForm form, int i) {
    RegistryEntry e =
        scaler_entry(kNames[i], summaries[i], i == 0 ? "5.1" : "5.2", i == 0 ? kS0 : kS3);
    e.make_scaler = [form](const ParamValues&) { return std::make_unique<MomentScaler>(form); };
    return e;
  });
}

}  // namespace onepass
