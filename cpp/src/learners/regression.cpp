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
  if (!(saved[0] >= 0) || !std::isfinite(saved[0]) || !std::isfinite(saved[1]) ||
      !(saved[2] >= 0) || !std::isfinite(saved[2]))
    return false;
  n_ = saved[0];
  mean_ = saved[1];
  m2_ = saved[2];
  return true;
}

std::vector<double> TargetScale::pooled(const std::vector<const double*>& saved,
                                        const MergeWeights& w) {
  // (MERGE-n): n = sum_k f_k n_k.
  const auto counted = [&](std::size_t k) { return w.scale[k] * saved[k][0]; };
  double n = 0;
  for (std::size_t k = 0; k < saved.size(); ++k)
    if (w.scale[k] != 0) n += counted(k);
  // (MERGE-m) over the models that saw a target; a mean they all hold stays exactly as it is.
  std::size_t first = saved.size();
  bool same = true;
  double sum = 0;
  for (std::size_t k = 0; k < saved.size(); ++k) {
    if (!(counted(k) > 0)) continue;
    if (first == saved.size()) first = k;
    same = same && saved[k][1] == saved[first][1];
    sum += counted(k) * saved[k][1];
  }
  if (first == saved.size() || !std::isfinite(n))
    return {n, weighted_mean(w, [&](std::size_t k) { return saved[k][1]; }),
            weighted_mean(w, [&](std::size_t k) { return saved[k][2]; })};
  const double mean = same ? saved[first][1] : sum / n;
  // (MERGE-s): the models' M2 and their means' spread around the pooled one.
  double m2 = 0;
  for (std::size_t k = 0; k < saved.size(); ++k) {
    if (!(counted(k) > 0)) continue;
    const double dev = saved[k][1] - mean;
    m2 += w.scale[k] * saved[k][2] + counted(k) * dev * dev;
  }
  return {n, mean, m2};
}

void LinearRegressor::give_in_units(double* out) const {
  if (standardize_) out[0] = scale_.unscaled(out[0]);
}

// docs/algorithms.md 4.27: the row's target joins the statistics, then is learned with them.
// The given prediction is in the target's units, which the rule does not read: the step takes
// the model's own score that scores() kept for the row, or sums it.
void LinearRegressor::learn(const SparseRow& x, double target, const double* scores) {
  const double* current = recall_current_scores(x, scores);
  if (standardize_) {
    scale_.add(target);
    target = scale_.standardised(target);
  }
  step(x, target, current);
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

bool LinearRegressor::merge_extra_state(const std::vector<std::vector<double>>& parts,
                                        const MergeWeights& w, std::vector<double>& out) const {
  std::vector<const double*> scales;
  std::vector<std::vector<double>> rule;
  for (const auto& p : parts) {
    if (p.size() != parts[0].size() || p.size() < 3) return false;
    scales.push_back(p.data());
    rule.emplace_back(p.begin() + 3, p.end());
  }
  out = TargetScale::pooled(scales, w);
  std::vector<double> own;
  if (!LinearOutputs::merge_extra_state(rule, w, own)) return false;
  out.insert(out.end(), own.begin(), own.end());
  return true;
}

void LinearRegressor::output_units(const std::vector<double>& extra, double& shift,
                                   double& scale) const {
  TargetScale s;
  if (!standardize_ || extra.size() < 3 || !s.load(extra.data())) {
    shift = 0;
    scale = 1;
    return;
  }
  // docs/algorithms.md 4.27 (TS-p): a score s predicts mu + sigma s.
  shift = s.mean();
  scale = s.spread();
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
