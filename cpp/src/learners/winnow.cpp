#include "learners/winnow.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "pipeline/registry.hpp"  // algorithms_ref, for mbw's help text

namespace onepass {

namespace {
const double kWMax = std::ldexp(1.0, 200);   // spec 2.5
const double kWMin = std::ldexp(1.0, -200);  // spec 2.5

void promote(double& w, double factor) {
  if (w < kWMax) w *= factor;
}
void demote(double& w, double factor) {
  if (w > kWMin) w *= factor;
}

// By WinnowVariant: the names of the snapshots and of the registry's entries.
const char* kNames[] = {"winnow", "bwinnow", "mbw"};
}  // namespace

void Winnow::init() {
  const std::size_t n = dims_ + 1;
  if (two_vectors()) {
    params_.assign(2 * n, p_.u0);
    std::fill(params_.begin() + n, params_.end(), p_.v0);
  } else {
    params_.assign(n, p_.w0);
  }
  state_.assign(dims_, 0.0);
  xn_.assign(n, 0.0);
  keep_.assign(dims_, 1);
}

void Winnow::normalise(const double* x, const char* keep, double* out) const {
  double s = 1.0;  // (WN): the bias feature takes 1 of the L1 mass
  for (std::size_t j = 0; j < dims_; ++j) {
    out[j] = keep && !keep[j] ? 0.0 : x[j];
    s += std::fabs(out[j]);
  }
  for (std::size_t j = 0; j < dims_; ++j) out[j] /= s;
  out[dims_] = 1.0 / s;
}

double Winnow::margin_of(const double* params, const double* xn) const {
  const std::size_t n = dims_ + 1;
  double s = 0;
  for (std::size_t j = 0; j < n; ++j)
    s += (two_vectors() ? params[j] - params[n + j] : params[j]) * xn[j];
  return s - p_.theta;
}

std::vector<char> Winnow::selection(const double* params) const {
  std::vector<char> keep(dims_, 1);
  if (variant_ != WinnowVariant::modified || p_.efs_k <= 0 || state_.empty()) return keep;
  const std::size_t n = dims_ + 1;
  std::vector<std::size_t> candidates;  // D-EFS-1: features seen in training, not the bias
  for (std::size_t j = 0; j < dims_; ++j)
    if (state_[j] != 0) candidates.push_back(j);
  const std::size_t k = static_cast<std::size_t>(p_.efs_k);
  if (k >= candidates.size()) return keep;
  auto importance = [&](std::size_t j) { return std::fabs(params[j] - params[n + j]); };
  // D-EFS-2: ties by lower index (stable sort on index order).
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](std::size_t a, std::size_t b) { return importance(a) > importance(b); });
  const std::size_t n_top = static_cast<std::size_t>(std::floor(p_.efs_p * k + 0.5));
  const std::size_t n_bot = k - std::min(n_top, k);
  std::fill(keep.begin(), keep.end(), 0);
  for (std::size_t i = 0; i < std::min(n_top, k); ++i) keep[candidates[i]] = 1;
  // The smallest among the rest: walk up from the least important, lower index first on ties.
  std::vector<std::size_t> rest(candidates.begin() + std::min(n_top, k), candidates.end());
  std::stable_sort(rest.begin(), rest.end(),
                   [&](std::size_t a, std::size_t b) { return importance(a) < importance(b); });
  for (std::size_t i = 0; i < n_bot && i < rest.size(); ++i) keep[rest[i]] = 1;
  return keep;
}

double Winnow::score_with(const double* params, const double* x) const {
  // Prediction: unseen (and unselected) features removed before normalising (spec 4.11, 4.15).
  // Without EFS no selection is computed (nor allocated) per row.
  if (variant_ == WinnowVariant::modified && p_.efs_k > 0) {
    const std::vector<char> selected = selection(params);
    for (std::size_t j = 0; j < dims_; ++j) keep_[j] = state_[j] != 0 && selected[j];
  } else {
    for (std::size_t j = 0; j < dims_; ++j) keep_[j] = state_[j] != 0;
  }
  normalise(x, keep_.data(), xn_.data());
  return margin_of(params, xn_.data());
}

bool Winnow::update(const double* x, int y) {
  bool negative = false;
  for (std::size_t j = 0; j < dims_; ++j) {
    if (x[j] != 0) state_[j] = 1;  // the row's features enter the model
    negative |= x[j] < 0;
  }
  negative_rows_ += negative;
  normalise(x, nullptr, xn_.data());
  const double s = margin_of(params_.data(), xn_.data());
  const double threshold = variant_ == WinnowVariant::modified ? p_.margin : 0.0;
  if (y * s > threshold) return false;
  const std::size_t n = dims_ + 1;
  double* u = params_.data();
  double* v = u + n;
  // docs/algorithms.md 4.28: a row of weight w takes each multiplicative step w times, the
  // factor f as f^w (the exponentiated step scaled by w).
  const double w = weight_;
  const auto times = [w](double f) { return w == 1 ? f : std::pow(f, w); };
  const double alpha = times(p_.alpha), beta = times(p_.beta);
  for (std::size_t j = 0; j < n; ++j) {
    const double xj = xn_[j];
    if (!(xj > 0)) continue;  // D-WIN-1: zero or negative inputs are never updated
    switch (variant_) {
      case WinnowVariant::positive:
        y > 0 ? promote(u[j], alpha) : demote(u[j], beta);
        break;
      case WinnowVariant::balanced:
        if (y > 0) {
          promote(u[j], alpha);
          demote(v[j], beta);
        } else {
          demote(u[j], beta);
          promote(v[j], alpha);
        }
        break;
      case WinnowVariant::modified:  // (MBW+), (MBW-)
        if (y > 0) {
          promote(u[j], times(p_.alpha * (1 + xj)));
          demote(v[j], times(p_.beta * (1 - xj)));
        } else {
          demote(u[j], times(p_.beta * (1 - xj)));
          promote(v[j], times(p_.alpha * (1 + xj)));
        }
        break;
    }
  }
  return true;
}

Snapshot Winnow::snapshot_of(const double* params) const {
  const std::size_t n = dims_ + 1;
  Snapshot s;
  s.name = kNames[static_cast<int>(variant_)];
  if (two_vectors()) {
    std::vector<double> diff(dims_);
    for (std::size_t j = 0; j < dims_; ++j) diff[j] = params[j] - params[n + j];
    s.arrays.push_back({"w", std::move(diff)});  // u - v: the effective weights
    s.arrays.push_back({"u", std::vector<double>(params, params + dims_)});
    s.arrays.push_back({"v", std::vector<double>(params + n, params + n + dims_)});
    s.scalars.emplace_back("b", params[dims_] - params[n + dims_]);
  } else {
    s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
    s.scalars.emplace_back("b", params[dims_]);
  }
  s.arrays.push_back({"seen", state_});
  if (variant_ == WinnowVariant::modified && p_.efs_k > 0) {
    const std::vector<char> keep = selection(params);
    s.arrays.push_back({"selected", std::vector<double>(keep.begin(), keep.end())});
  }
  s.scalars.emplace_back("theta", p_.theta);
  add_status(s);
  return s;
}

namespace {

// The variant's entry, named from kNames (the name its snapshots carry): S4's factors and
// threshold, the initial weights of its vectors, and mbw's margin and EFS (spec 4.13, 4.15).
RegistryEntry winnow_entry(WinnowVariant v, const char* summary, const char* spec) {
  using C = Winnow::Config;
  RegistryEntry e = learner_entry(kNames[static_cast<int>(v)], summary, spec, kS4);
  e.needs = InputNeed::non_negative;
  BoundParams<C> params = {
      real_param(&C::alpha, "alpha", 1.5, 1, kInf, "promotion factor alpha", true),
      real_param(&C::beta, "beta", 0.5, 0, 1, "demotion factor beta", true),
      real_param(&C::theta, "theta", 1, 0, kInf, "threshold theta inside the score")};
  if (v == WinnowVariant::positive) {
    params.add(real_param(&C::w0, "w0", 1, 0, kInf, "initial weight", true));
  } else {
    params.add(real_param(&C::u0, "u0", 2, 0, kInf, "initial positive weights u", true));
    params.add(real_param(&C::v0, "v0", 1, 0, kInf, "initial negative weights v", true));
  }
  if (v == WinnowVariant::modified) {
    params.add(
        real_param(&C::margin, "margin", 1, 0, kInf, "thick margin M: update when y s <= M"));
    params.add(integer_param(
        &C::efs_k, "k", 0, 0, 1e9,
        "EFS (" + algorithms_ref("4.15") + "): features kept at prediction time (0: all)"));
    params.add(
        real_param(&C::efs_p, "p", 0.9, 0, 1,
                   "EFS: share of the k taken from the largest |u - v|, the rest the smallest"));
  }
  bind_learner<Winnow>(e, std::move(params), v);
  return e;
}

}  // namespace

std::vector<RegistryEntry> winnow_stages() {
  return entry_list(
      winnow_entry(WinnowVariant::positive, "Positive Winnow on L1-normalised rows", "4.11"),
      winnow_entry(WinnowVariant::balanced, "Balanced Winnow (u - v) on L1-normalised rows",
                   "4.12"),
      winnow_entry(WinnowVariant::modified,
                   "Modified Balanced Winnow: thick margin, value-dependent factors, EFS", "4.13"));
}

}  // namespace onepass
