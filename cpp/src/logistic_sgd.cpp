#include "onepass/learners/logistic_sgd.hpp"

#include <Eigen/Core>

#include "onepass/core/dense_ops.hpp"

#include "onepass/core/numerics.hpp"

namespace onepass {

using Vec = Eigen::Map<Eigen::VectorXd>;

void LogisticSgd::init() {
  params_.assign(dims_ + 1, 0.0);  // w = 0, b = 0
  state_.assign(1, 0.0);           // k = 0
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
  add_scaled(params_.data(), eta * (t - p), x, dims_);
  params_[dims_] += eta * (t - p);
  state_[0] += 1;
  return true;
}

double LogisticSgd::score_sparse_with(const double* params, const SparseRow& x) const {
  return sparse_dot(params, x) + params[dims_];
}

bool LogisticSgd::update_sparse(const SparseRow& x, int y) {  // lambda = 0: spec 4.1 on nnz
  const double t = y > 0 ? 1.0 : 0.0;
  const double step = learning_rate() * (t - sigmoid(update_score(x)));
  for (std::size_t k = 0; k < x.nnz; ++k) params_[x.index[k]] += step * x.value[k];
  params_[dims_] += step;
  state_[0] += 1;
  return true;
}

Snapshot LogisticSgd::snapshot_of(const double* params) const {
  Snapshot s;
  s.name = "logreg";
  s.arrays.push_back({"w", std::vector<double>(params, params + dims_)});
  s.scalars.emplace_back("b", params[dims_]);
  s.scalars.emplace_back("updates", state_.empty() ? 0 : state_[0]);
  s.scalars.emplace_back("learning_rate", state_.empty() ? rate_.eta0 : learning_rate());
  add_status(s);
  return s;
}

}  // namespace onepass
