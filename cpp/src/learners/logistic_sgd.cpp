#include "learners/logistic_sgd.hpp"

#include <Eigen/Core>

#include "core/dense_ops.hpp"

#include "core/numerics.hpp"

namespace onepass {

using Vec = Eigen::Map<Eigen::VectorXd>;

namespace {
constexpr double kFoldBelow = 1e-150;  // far above where s v_j would lose precision
}

void LogisticSgd::init() {
  params_.assign(dims_ + 1, 0.0);        // w = 0, b = 0
  state_.assign(decays() ? 2 : 1, 0.0);  // k = 0
  if (decays()) state_[1] = 1.0;         // s
}

double LogisticSgd::decay_factor() const {
  return 1.0 - 2.0 * rate_.per_row(lambda_) * learning_rate();
}

void LogisticSgd::fold_scale() const {
  if (!decays() || state_[1] == 1.0) return;
  const double s = state_[1];
  for (std::size_t j = 0; j < dims_; ++j) params_[j] *= s;
  state_[1] = 1.0;
}

double LogisticSgd::score_sparse(const SparseRow& x) const {
  // Not through current_params(), which would fold s into v in O(d).
  const double s = decays() ? state_[1] : 1.0;
  return s * sparse_dot(params_.data(), x) + params_[dims_];
}

Status LogisticSgd::load(const LearnerState& saved) {
  if (!decays() || saved.state.size() != 1) {
    Status st = Learner::load(saved);
    params_stale_ = decays();  // a scale other than 1 in the file is folded in when read
    return st;
  }
  LearnerState with_scale = saved;  // a model saved before the scale: s = 1
  with_scale.state.push_back(1.0);
  return Learner::load(with_scale);
}

bool LogisticSgd::next_sparse_step_is_whole() const {
  return decays() && (state_[1] < kFoldBelow || decay_factor() <= 0);
}

double LogisticSgd::score_with(const double* params, const double* x) const {
  return dense_dot(params, x, dims_) + params[dims_];
}

bool LogisticSgd::update(const double* x, int y) {
  const double t = y > 0 ? 1.0 : 0.0;  // spec 1.1: logistic target in {0,1}
  const double p = sigmoid(update_score(x));
  const double eta = learning_rate();
  const double lambda_prime = rate_.per_row(lambda_);
  // spec 4.1 (SGD-w), (SGD-b); the bias is not regularised (spec 1.5).
  if (lambda_prime != 0) Vec(params_.data(), dims_) *= 1.0 - 2.0 * lambda_prime * eta;
  // docs/algorithms.md 4.28: a row of weight w moves w times the loss's gradient.
  const double step = eta * weight_ * (t - p);
  add_scaled(params_.data(), step, x, dims_);
  params_[dims_] += step;
  state_[0] += 1;
  return true;
}

double LogisticSgd::score_sparse_with(const double* params, const SparseRow& x) const {
  return sparse_dot(params, x) + params[dims_];
}

bool LogisticSgd::update_sparse(const SparseRow& x, int y) {  // spec 4.1 on the non-zeros
  const double t = y > 0 ? 1.0 : 0.0;
  const double step = learning_rate() * weight_ * (t - sigmoid(update_score(x)));
  double row_step = step;
  if (decays()) {  // w = s v: (SGD-w) is s <- (1 - 2 lambda' eta) s, v_j += step x_j / s
    const double decay = decay_factor();
    if (next_sparse_step_is_whole()) fold_scale();  // the guard has backed up everything
    if (decay <= 0) {  // s would reach 0 or turn sign: the step as written, on all of w
      for (std::size_t j = 0; j < dims_; ++j) params_[j] *= decay;
    } else {
      state_[1] *= decay;
      row_step = step / state_[1];
      params_stale_ = true;  // params() folds s back in
    }
  }
  for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] += row_step * x.value[k];
  params_[dims_] += step;
  state_[0] += 1;
  return true;
}

Snapshot LogisticSgd::snapshot_of(const double* params) const {
  Snapshot s;
  s.name = kName;
  s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
  s.scalars.emplace_back("b", params[dims_]);
  s.scalars.emplace_back("updates", state_.empty() ? 0 : state_[0]);
  s.scalars.emplace_back("learning_rate", state_.empty() ? rate_.eta0 : learning_rate());
  add_status(s);
  return s;
}

std::vector<RegistryEntry> logistic_sgd_stages() {
  using C = LogisticSgd::Config;
  RegistryEntry logreg = learner_entry(
      LogisticSgd::kName, "SGD logistic regression with the rate eta0/(1 + k/n)", "4.1", kS0, true);
  bind_learner<LogisticSgd>(logreg,
                            logistic_params(&C::eta0, {l2_param(&C::lambda, kLambda)}, &C::n));
  return one_entry(std::move(logreg));
}

}  // namespace onepass
