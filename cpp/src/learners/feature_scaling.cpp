#include "learners/feature_scaling.hpp"

#include "core/numerics.hpp"

namespace onepass {

namespace {
// By FsVariant: the names of the snapshots and of the registry's entries.
const char* kNames[] = {"fs", "fs1", "fs2", "fs3"};
}  // namespace

// Layout: w at [0, d), b at d, alpha at [d+1, 2d+1), beta at [2d+1, 3d+1).
void FeatureScaling::init() {
  const std::size_t d = dims_;
  params_.assign(3 * d + 1, 0.0);
  // D-FS-1: w = 0, b = 0, alpha = 1, beta = 0; D-FS-2 (fs3): alpha = 0, beta = 0, and w == 1.
  if (variant_ == FsVariant::fs3)
    std::fill(params_.begin(), params_.begin() + d, 1.0);
  else
    std::fill(params_.begin() + d + 1, params_.begin() + 2 * d + 1, 1.0);
  state_.assign(1, 0.0);
}

double FeatureScaling::feature(const double* params, std::size_t j, double x) const {
  const double alpha = params[dims_ + 1 + j], beta = params[2 * dims_ + 1 + j];
  return sigmoid_map() ? sigmoid(alpha * x - beta) : alpha * x + beta;  // (4.3) or (4.5)
}

double FeatureScaling::score_with(const double* params, const double* x) const {
  double s = params[dims_];
  for (std::size_t j = 0; j < dims_; ++j) s += params[j] * feature(params, j, x[j]);
  return s;
}

bool FeatureScaling::linear_form_of(const double* params, std::vector<double>& w, double& b) const {
  if (sigmoid_map()) return false;
  const std::size_t d = dims_;
  w.resize(d);
  b = params[d];
  for (std::size_t j = 0; j < d; ++j) {
    w[j] = params[j] * params[d + 1 + j];
    b += params[j] * params[2 * d + 1 + j];
  }
  return true;
}

bool FeatureScaling::update(const double* x, int y) {
  const std::size_t d = dims_;
  double* w = params_.data();
  double* alpha = w + d + 1;
  double* beta = alpha + d;
  const double t = y > 0 ? 1.0 : 0.0;  // spec 1.1
  const double eta = rate_.at(state_[0]);
  const double step = eta * weight_ * (t - sigmoid(update_score(x)));  // docs/algorithms.md 4.28
  const double w_decay = 1.0 - 2.0 * rate_.per_row(p_.lambda) * eta;
  const double a_decay = 1.0 - 2.0 * rate_.per_row(p_.mu) * eta;
  const double b_decay = 1.0 - 2.0 * rate_.per_row(p_.nu) * eta;
  for (std::size_t j = 0; j < d; ++j) {
    const double w_old = w[j];  // every gradient at the pre-update parameters
    if (sigmoid_map()) {
      const double sj = sigmoid(alpha[j] * x[j] - beta[j]);
      const double gj = sj * (1.0 - sj);
      w[j] = w_decay * w_old + step * sj;  // (FS-w)
      if (variant_ == FsVariant::fs)
        alpha[j] = a_decay * alpha[j] + step * w_old * gj * x[j];  // (FS-a)
      beta[j] = b_decay * beta[j] - step * w_old * gj;             // (FS-bt)
    } else {
      const double phi = alpha[j] * x[j] + beta[j];
      if (variant_ == FsVariant::fs2) w[j] = w_decay * w_old + step * phi;  // (FS2-w)
      alpha[j] = a_decay * alpha[j] + step * w_old * x[j];                  // (FS2-a), (FS3-a)
      beta[j] = b_decay * beta[j] + step * w_old;                           // (FS2-bt), (FS3-bt)
    }
  }
  w[d] += step;  // (FS-b): the bias is not regularised (spec 1.5)
  state_[0] += 1;
  return true;
}

Snapshot FeatureScaling::snapshot_of(const double* params) const {
  const std::size_t d = dims_;
  Snapshot s;
  s.name = kNames[static_cast<int>(variant_)];
  if (variant_ != FsVariant::fs3)
    s.arrays.push_back({"w", std::vector<double>(params, params + d)});
  if (variant_ != FsVariant::fs1)
    s.arrays.push_back({"alpha", std::vector<double>(params + d + 1, params + 2 * d + 1)});
  s.arrays.push_back({"beta", std::vector<double>(params + 2 * d + 1, params + 3 * d + 1)});
  s.scalars.emplace_back("b", params[d]);
  s.scalars.emplace_back("updates", state_.empty() ? 0 : state_[0]);
  add_status(s);
  return s;
}

namespace {

using FsConfig = FeatureScaling::Config;

// The L2 weights of w, of the scales alpha and of the shifts beta (spec 4.3).
BoundParam<FsConfig> lambda() {
  return l2_param(&FsConfig::lambda, kLambda);
}
BoundParam<FsConfig> mu() {
  return l2_param(&FsConfig::mu, {"mu", "L2 weight of the scales alpha, divided by n"});
}
BoundParam<FsConfig> nu() {
  return l2_param(&FsConfig::nu, {"nu", "L2 weight of the shifts beta, divided by n"});
}

// The variant's entry, named from kNames (the name its snapshots carry), with S0's schedule
// and the L2 weights it has (spec 4.3-4.6).
RegistryEntry fs_entry(FsVariant v, const char* summary, const char* spec,
                       std::vector<BoundParam<FsConfig>> l2) {
  RegistryEntry e = learner_entry(kNames[static_cast<int>(v)], summary, spec, kS0, true);
  bind_learner<FeatureScaling>(e, logistic_params(&FsConfig::eta0, std::move(l2), &FsConfig::n), v);
  return e;
}

}  // namespace

std::vector<RegistryEntry> feature_scaling_stages() {
  RegistryEntry fs2 =
      fs_entry(FsVariant::fs2, "weights and affine scaling alpha x + beta learned jointly", "4.5",
               {lambda(), mu(), nu()});
  fs2.needs = InputNeed::scaled;  // its affine scales diverge on raw features (spec 4.5)
  return entry_list(
      fs_entry(FsVariant::fs,
               "weights and sigmoid feature maps sigma(alpha x - beta) learned jointly", "4.3",
               {lambda(), mu(), nu()}),
      fs_entry(FsVariant::fs1, "FS with alpha fixed to 1: maps sigma(x - beta)", "4.4",
               {lambda(), nu()}),
      std::move(fs2),
      fs_entry(FsVariant::fs3, "affine scaling alpha x + beta learned without weights", "4.6",
               {mu(), nu()}));
}

}  // namespace onepass
