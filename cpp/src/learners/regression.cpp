#include "learners/regression.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

void TargetScale::add(double y) {
  n_ += 1;
  const double d = y - mean_;
  mean_ += d / n_;
  m2_ += d * (y - mean_);
}

double TargetScale::spread() const {
  const double sd = n_ > 0 ? std::sqrt(m2_ / n_) : 0.0;
  return sd > 0 ? sd : 1.0;
}

bool TargetScale::load(const double* saved) {
  if (!(saved[0] >= 0) || saved[0] != std::floor(saved[0]) || !std::isfinite(saved[1]) ||
      !(saved[2] >= 0) || !std::isfinite(saved[2]))
    return false;
  n_ = saved[0];
  mean_ = saved[1];
  m2_ = saved[2];
  return true;
}

void LinearRegressor::scores(const SparseRow& x, double* out, bool training) const {
  LinearOutputs::scores(x, out, training);
  if (standardize_) out[0] = scale_.unscaled(out[0]);
}

// docs/algorithms.md 4.27: the row's target joins the statistics, then is learned with them.
void LinearRegressor::learn(const SparseRow& x, double target, const double* /*scores*/) {
  if (standardize_) {
    scale_.add(target);
    target = scale_.standardised(target);
  }
  LinearOutputs::learn(x, target, nullptr);
}

bool LinearRegressor::linear_forms(std::vector<std::vector<double>>& w,
                                   std::vector<double>& b) const {
  LinearOutputs::linear_forms(w, b);
  if (!standardize_) return true;
  for (double& v : w[0]) v *= scale_.spread();
  b[0] = scale_.unscaled(b[0]);
  return true;
}

std::vector<double> LinearRegressor::extra_state() const {
  std::vector<double> out = scale_.save();
  const std::vector<double> own = rule_state();
  out.insert(out.end(), own.begin(), own.end());
  return out;
}

bool LinearRegressor::load_extra_state(const std::vector<double>& extra) {
  if (extra.size() < 3) return false;
  TargetScale scale;
  if (!scale.load(extra.data()) || !load_rule_state(extra.data() + 3, extra.size() - 3))
    return false;
  scale_ = scale;
  return true;
}

void LinearRegressor::reset_extra_state() {
  scale_.clear();
  reset_rule_state();
}

const char* PaRegressor::name_of(PaRegressionRule rule) {
  constexpr const char* kNames[] = {"pareg", "pareg1", "pareg2"};
  return kNames[static_cast<int>(rule)];
}

bool PaRegressor::rule(const SparseRow& x, double target, const double* scores, double* coef,
                       double& /*decay*/) {
  const double e = target - scores[0];
  const double loss = std::fabs(e) - c_.epsilon;  // docs/algorithms.md 4.25
  const double norm = squared_norm(x);
  if (!(loss > 0) || norm == 0) return false;
  double tau = loss / norm;
  if (rule_ == PaRegressionRule::pa1) tau = std::min(c_.c, tau);
  if (rule_ == PaRegressionRule::pa2) tau = loss / (norm + 1 / (2 * c_.c));
  coef[0] = e > 0 ? tau : -tau;
  return true;
}

bool SgdRegressor::rule(const SparseRow& /*x*/, double target, const double* scores, double* coef,
                        double& decay) {
  // docs/algorithms.md 4.1 (LR): eta_k = eta0 / (1 + k/N), k the updates made before this one.
  const double eta = c_.eta0 / (1 + updates_ / c_.n);
  updates_ += 1;
  if (c_.lambda > 0) decay = 1 - 2 * (c_.lambda / c_.n) * eta;
  const double e = target - scores[0];
  const double g = huber_ ? std::clamp(e, -c_.delta, c_.delta) : e;  // docs/algorithms.md 4.26
  coef[0] = eta * g;
  return true;
}

bool SgdRegressor::load_rule_state(const double* saved, std::size_t size) {
  if (size != 1 || !(saved[0] >= 0)) return false;
  updates_ = saved[0];
  return true;
}

namespace {

const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";

template <class Config>
BoundParam<Config> standardize_param(bool Config::*field) {
  return flag_param(field, "standardize", true,
                    "learn the target standardised online, so steps do not depend on its units "
                    "(docs/algorithms.md 4.27)");
}

RegistryEntry pa_entry(PaRegressionRule rule, const char* summary) {
  using C = PaRegressor::Config;
  RegistryEntry e = learner_entry(PaRegressor::name_of(rule), summary, "4.25", kCrammer);
  e.task = Task::regression;
  BoundParams<C> params = pa_params(&C::c, &C::bias, rule != PaRegressionRule::pa);
  params.add(real_param(&C::epsilon, "epsilon", 0.1, 0, kInf,
                        "insensitivity: errors within epsilon (standard deviations of the "
                        "target) cost nothing"));
  params.add(standardize_param(&C::standardize));
  bind_task_learner<PaRegressor>(e, std::move(params), rule);
  return e;
}

RegistryEntry sgd_entry(bool huber, const char* summary, const char* source) {
  using C = SgdRegressor::Config;
  RegistryEntry e = learner_entry(huber ? "huber" : "linreg", summary, "4.26", source);
  e.task = Task::regression;
  BoundParams<C> params{
      real_param(&C::eta0, "eta0", 0.01, 0, kInf, "initial learning rate eta0", true),
      l2_param(&C::lambda, kLambda),
      integer_param(&C::n, "n", 10000, 1, 1e15,
                    "horizon N: sets the rate decay and lambda/N (D-LR-2)")};
  if (huber)
    params.add(real_param(&C::delta, "delta", 1, 0, kInf,
                          "residuals beyond delta (standard deviations) count linearly", true));
  params.add(standardize_param(&C::standardize));
  bind_task_learner<SgdRegressor>(e, std::move(params), huber);
  return e;
}

}  // namespace

std::vector<RegistryEntry> regression_stages() {
  return entry_list(
      pa_entry(PaRegressionRule::pa, "PA regression: tau = loss/|x|^2, epsilon-insensitive"),
      pa_entry(PaRegressionRule::pa1, "PA-I regression: tau = min(C, loss/|x|^2)"),
      pa_entry(PaRegressionRule::pa2, "PA-II regression: tau = loss/(|x|^2 + 1/(2C))"),
      sgd_entry(false, "linear regression: SGD on squared loss",
                "Bottou, Stochastic Gradient Learning"),
      sgd_entry(true, "Huber regression: SGD on Huber loss, robust to outliers",
                "Huber, Robust Estimation of a Location Parameter (1964)"));
}

}  // namespace onepass
