#include "scalers/adaptive_scaling.hpp"

#include <cmath>

#include <Eigen/Dense>

#include "core/numerics.hpp"

namespace onepass {

namespace {
// By AsKind: the names of the snapshots and of the registry's entries.
const char* kNames[] = {"as", "gas", "ash"};
}  // namespace

std::vector<double> adaptive_scaling_beta(AsKind kind, const double* rows, const double* y,
                                          std::size_t n, std::size_t d) {
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  std::vector<double> beta(d, 0.0);
  if (n == 0 || d == 0) return beta;
  const Eigen::Map<const Matrix> x(rows, static_cast<Eigen::Index>(n),
                                   static_cast<Eigen::Index>(d));
  const Eigen::Map<const Eigen::VectorXd> t(y, static_cast<Eigen::Index>(n));
  // Step 1: centre. Each column is then divided by its largest magnitude (and beta multiplied
  // back), so that the Gram matrix cannot overflow on huge values (spec 2.6: no silent NaN).
  Matrix xc = x.rowwise() - x.colwise().mean();
  Eigen::VectorXd scale = xc.cwiseAbs().colwise().maxCoeff().transpose();
  for (Eigen::Index j = 0; j < scale.size(); ++j)
    if (!(scale(j) > 0) || !std::isfinite(scale(j))) scale(j) = 1;
  xc = xc * scale.cwiseInverse().asDiagonal();
  const Eigen::VectorXd xty = xc.transpose() * t;
  Eigen::Map<Eigen::VectorXd> b(beta.data(), static_cast<Eigen::Index>(d));
  if (kind == AsKind::ash) {
    for (std::size_t j = 0; j < d; ++j) {
      const double var = xc.col(j).squaredNorm();
      beta[j] = var <= kSpreadEpsilon ? 0.0 : xty(j) / var;  // D-AS-2
    }
  } else {
    Eigen::MatrixXd gram = xc.transpose() * xc;
    gram.diagonal().array() += 1e-10 * (gram.trace() / d + 1);  // D-AS-2
    b = gram.ldlt().solve(xty);
  }
  b = b.cwiseQuotient(scale);
  for (double& v : beta)
    if (!std::isfinite(v)) v = 0;  // an all-missing or degenerate column
  return beta;
}

void AdaptiveScaling::init_fit() {
  mean_.assign(dims_, 0.0);
  beta_.assign(dims_, p_.online ? 1.0 : 0.0);
  k_ = ybar_ = 0;
  cxy_.assign(p_.online ? dims_ : 0, 0.0);
  cxx_.assign(p_.online ? (kind_ == AsKind::ash ? dims_ : dims_ * dims_) : 0, 0.0);
}

void AdaptiveScaling::fit(const double* rows, const std::int8_t* labels, std::size_t n) {
  // Missing cells take the feature's mean (0 once centred), so they add nothing.
  std::vector<double> counts(dims_, 0.0);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t j = 0; j < dims_; ++j) {
      const double v = rows[r * dims_ + j];
      if (std::isnan(v)) continue;
      counts[j] += 1;
      mean_[j] += (v - mean_[j]) / counts[j];
    }
  std::vector<double> filled(rows, rows + n * dims_);
  for (std::size_t i = 0; i < filled.size(); ++i)
    if (std::isnan(filled[i])) filled[i] = mean_[i % dims_];
  std::vector<double> t(n);
  for (std::size_t r = 0; r < n; ++r) t[r] = labels[r] > 0 ? 1.0 : 0.0;  // D-AS-3
  beta_ = adaptive_scaling_beta(kind_, filled.data(), t.data(), n, dims_);
}

void AdaptiveScaling::observe_label(const double* x, int y) {
  if (!p_.online) return;
  x = without_huge(x, true);  // docs/algorithms.md 2.9: missing, counted
  // spec 5.3 online variant: Welford means and co-moments; a missing cell sits at the mean.
  const double t = y > 0 ? 1.0 : 0.0;
  k_ += 1;
  std::vector<double> dx(dims_), dx_new(dims_);
  for (std::size_t j = 0; j < dims_; ++j) {
    dx[j] = std::isnan(x[j]) ? 0.0 : x[j] - mean_[j];
    mean_[j] += dx[j] / k_;
    dx_new[j] = std::isnan(x[j]) ? 0.0 : x[j] - mean_[j];
  }
  ybar_ += (t - ybar_) / k_;
  for (std::size_t j = 0; j < dims_; ++j) cxy_[j] += dx[j] * (t - ybar_);
  if (kind_ == AsKind::ash) {
    for (std::size_t j = 0; j < dims_; ++j) cxx_[j] += dx[j] * dx_new[j];
  } else {
    for (std::size_t a = 0; a < dims_; ++a)
      for (std::size_t b = 0; b < dims_; ++b) cxx_[a * dims_ + b] += dx[a] * dx_new[b];
  }
  if (static_cast<std::size_t>(k_) % p_.refit == 0) solve();
}

void AdaptiveScaling::solve() {
  if (kind_ == AsKind::ash) {
    for (std::size_t j = 0; j < dims_; ++j)
      beta_[j] = cxx_[j] <= kSpreadEpsilon ? 0.0 : cxy_[j] / cxx_[j];
    guard_beta();
    return;
  }
  Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> c(
      cxx_.data(), dims_, dims_);
  Eigen::MatrixXd gram = 0.5 * (c + c.transpose());               // symmetric up to rounding
  gram.diagonal().array() += 1e-10 * (gram.trace() / dims_ + 1);  // D-AS-2
  Eigen::Map<Eigen::VectorXd>(beta_.data(), dims_) =
      gram.ldlt().solve(Eigen::Map<const Eigen::VectorXd>(cxy_.data(), dims_));
  guard_beta();
}

// Co-moments of values near the double range can overflow: such a coefficient is set to 0
// (the feature is dropped) rather than passing NaN on (spec 2.6).
void AdaptiveScaling::guard_beta() {
  for (double& b : beta_)
    if (!std::isfinite(b)) b = 0;
}

void AdaptiveScaling::save_fit(StateWriter& w) const {
  w.put(mean_);
  w.put(beta_);
  w.put(k_);
  w.put(ybar_);
  w.put(cxy_);
  w.put(cxx_);
}

bool AdaptiveScaling::load_fit(StateReader& r) {
  std::vector<double> mean = r.get_array(), beta = r.get_array();
  const double k = r.get(), ybar = r.get();
  std::vector<double> cxy = r.get_array(), cxx = r.get_array();
  if (r.failed() || mean.size() != mean_.size() || beta.size() != beta_.size() ||
      cxy.size() != cxy_.size() || cxx.size() != cxx_.size())
    return false;
  mean_ = std::move(mean);
  beta_ = std::move(beta);
  k_ = k;
  ybar_ = ybar;
  cxy_ = std::move(cxy);
  cxx_ = std::move(cxx);
  return true;
}

double AdaptiveScaling::factor(std::size_t j) const {
  return kind_ == AsKind::as ? beta_[j] : std::pow(std::fabs(beta_[j]), p_.gamma);
}

void AdaptiveScaling::transform(const double* x, double* out) const {
  x = without_huge(x, false);  // docs/algorithms.md 2.9: missing
  for (std::size_t j = 0; j < dims_; ++j)
    out[j] = std::isnan(x[j]) ? x[j] : factor(j) * (p_.raw ? x[j] : x[j] - mean_[j]);
}

Snapshot AdaptiveScaling::snapshot() const {
  Snapshot s;
  s.name = kNames[static_cast<int>(kind_)];
  std::vector<double> factors(dims_);
  for (std::size_t j = 0; j < dims_; ++j) factors[j] = factor(j);
  s.arrays = {{"beta", beta_}, {"scale", factors}, {"mean", mean_}};
  if (p_.online)
    s.scalars.emplace_back("rows_seen", k_);
  else
    add_warmup_status(s);
  return s;
}

std::vector<RegistryEntry> adaptive_scaling_stages() {
  using C = AdaptiveScaling::Config;
  // By AsKind, as kNames.
  const char* summaries[] = {
      "Adaptive Scaling: x' = beta (x - mean), beta from regressing the label on x",
      "generalised AS: x' = |beta|^gamma (x - mean)",
      "AS with per-feature (univariate) betas cov(x, y)/var(x), |beta|^gamma"};
  return variant_entries<AsKind>(3, [&](AsKind kind, int i) {
    RegistryEntry e = scaler_entry(kNames[i], summaries[i], "5.3", kS3);
    BoundParams<C> params;
    if (kind != AsKind::as)
      params.add(real_param(&C::gamma, "gamma", kind == AsKind::ash ? 1 : 0.5, 0, 1,
                            "exponent of |beta| (grid 0, 0.25, 0.5, 0.75, 1; D-AS-5)"));
    params.add(integer_param(&C::warmup, "warmup", 500, 1, 1e9,
                             "rows held to fit the coefficients before passing them on"));
    params.add(flag_param(&C::online, "online", false,
                          "fit from running co-moments instead of a warm-up window"));
    params.add(integer_param(&C::refit, "refit", 100, 1, 1e9,
                             "online: re-solve the coefficients every refit rows (D-AS-6)"));
    params.add(choice_param(&C::raw, "centre", {{"centred", false}, {"raw", true}},
                            "multiply the centred x or the raw x (D-AS-1)"));
    bind_scaler<AdaptiveScaling>(e, std::move(params), kind);
    return e;
  });
}

}  // namespace onepass
