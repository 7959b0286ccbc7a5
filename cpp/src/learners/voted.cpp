#include "learners/voted.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>

#include "learners/modifier_entry.hpp"

namespace onepass {

namespace {

// Below this, acc_j + c theta_j cannot overflow for any j: half the largest double leaves room
// for the rounding of the bound itself.
constexpr double kSafeBound = DBL_MAX / 2;

}  // namespace

void Voted::init() {
  WrappedLearner::init();
  bounds_known_ = false;
}

Status Voted::load(const LearnerState& saved) {
  bounds_known_ = false;
  return WrappedLearner::load(saved);
}

void Voted::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  bounds_known_ = false;
  WrappedLearner::remap(position, new_dims);
}

void Voted::seed_new_features(const std::vector<double>& old_state) {
  for (std::size_t j = 0; j < params_.size(); ++j) state_[2 + j] = old_state[1] * params_[j];
}

void Voted::refresh_params() const {
  const std::vector<double>& theta = inner_->params();
  const double c = state_[0], z = state_[1];
  if (z + c == 0) {
    params_ = theta;
    return;
  }
  const double* a = acc();
  for (std::size_t j = 0; j < params_.size(); ++j) params_[j] = (a[j] + c * theta[j]) / (z + c);
}

bool Voted::update(const double* x, int y) {
  // The row's score under the current hypothesis, if train_score computed it for the row's
  // prediction: the inner learner's own margin, its parameters unchanged since.
  const std::optional<double> s = recall_inner_score(x);
  before_ = inner_->params();
  const bool changed = s ? inner_->learn(x, y, *s) : inner_->learn(x, y);
  double& c = state_[0];
  if (!changed) {
    c += 1;  // a survival
  } else {
    double* a = acc();
    for (std::size_t j = 0; j < params_.size(); ++j) a[j] += c * before_[j];
    state_[1] += c;
    c = 0;
  }
  // The guard around a dense step (Learner::learn) checks the vote itself.
  refresh_params();
  params_stale_ = false;
  bounds_known_ = false;
  return changed;
}

bool Voted::update_sparse(const SparseRow& x, int y) {
  if (!bounds_known_) find_bounds();
  const std::optional<double> s = recall_inner_score(x);
  // What the step may change of theta (the sparse-native contract), and its values before.
  const std::size_t p = params_.size();
  const double* theta = inner_->params().data();
  changed_.clear();
  before_.clear();
  const auto keep = [&](std::size_t j) {
    changed_.push_back(j);
    before_.push_back(theta[j]);
  };
  for (std::size_t k = 0; k < x.nnz; ++k) keep(x.index[k]);
  for (std::size_t j = dims_; j < p; ++j) keep(j);
  const bool changed = s ? inner_->learn_sparse(x, y, *s) : inner_->learn_sparse(x, y);
  theta = inner_->params().data();
  for (std::size_t j : changed_) theta_bound_ = std::max(theta_bound_, std::fabs(theta[j]));
  bool kept = true;
  if (changed) {
    kept = close_hypothesis(changed_, before_.data());
  } else {
    kept = vote_stays_finite(state_[0] + 1);
    if (kept) state_[0] += 1;  // a survival
  }
  if (!kept) {
    ++reverted_steps_;  // spec 2.6: the wrapper's own state stays as it was
    return false;
  }
  params_stale_ = true;
  return changed;
}

bool Voted::close_hypothesis(const std::vector<std::size_t>& changed, const double* before) {
  const double c = state_[0];
  if (c == 0) return true;  // the hypothesis survived no row: it has no vote
  const std::size_t p = params_.size();
  double* a = acc();
  const double* theta = inner_->params().data();
  // Only past the bound may acc overflow: then it is backed up whole, to be restored.
  const bool risky = !(acc_bound_ + c * theta_bound_ <= kSafeBound);
  std::vector<double> whole;
  if (risky) whole.assign(a, a + p);
  std::vector<double>& at_changed = changed_backup_;
  at_changed.resize(changed.size());
  for (std::size_t k = 0; k < changed.size(); ++k) at_changed[k] = a[changed[k]];
  double bound = 0;
  for (std::size_t j = 0; j < p; ++j) {
    a[j] += c * theta[j];
    bound = std::max(bound, std::fabs(a[j]));
  }
  // Where the step moved theta, the hypothesis that closes is theta before it. (A place
  // summed with the new theta above only loosens the bound, and within kSafeBound.)
  for (std::size_t k = 0; k < changed.size(); ++k) {
    a[changed[k]] = at_changed[k] + c * before[k];
    bound = std::max(bound, std::fabs(a[changed[k]]));
  }
  if (risky) {  // past kSafeBound the loose places could be the only infinite ones
    bound = 0;
    for (std::size_t j = 0; j < p; ++j) bound = std::max(bound, std::fabs(a[j]));
  }
  if (!std::isfinite(bound)) {
    // Only from a state whose vote was not finite already: the sums are the vote's numerators,
    // which the last survival checked. That is a loaded state, whose vote params_ still holds.
    std::copy(whole.begin(), whole.end(), a);  // only risky steps get here
    return false;
  }
  acc_bound_ = bound;
  state_[1] += c;
  state_[0] = 0;
  return true;
}

bool Voted::vote_stays_finite(double c) const {
  if (acc_bound_ + c * theta_bound_ <= kSafeBound) return true;
  const double* a = acc();
  const double* theta = inner_->params().data();
  for (std::size_t j = 0; j < params_.size(); ++j)
    if (!std::isfinite(a[j] + c * theta[j])) return false;
  return true;
}

void Voted::find_bounds() {
  const std::vector<double>& theta = inner_->params();
  const double* a = acc();
  theta_bound_ = acc_bound_ = 0;
  for (std::size_t j = 0; j < params_.size(); ++j) {
    theta_bound_ = std::max(theta_bound_, std::fabs(theta[j]));
    acc_bound_ = std::max(acc_bound_, std::fabs(a[j]));
  }
  bounds_known_ = true;
}

void Voted::merge_own_state(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                            LearnerState& out) const {
  const double votes =
      weighted_mean(w, [&](std::size_t k) { return parts[k]->state[0] + parts[k]->state[1]; });
  out.state.assign(2 + out.params.size(), 0.0);
  out.state[1] = votes;  // Z; c = 0
  for (std::size_t j = 0; j < out.params.size(); ++j) out.state[2 + j] = votes * out.params[j];
}

std::vector<RegistryEntry> voted_stages() {
  RegistryEntry vote = parameterless_modifier_entry<Voted>(
      "survival-weighted vote of the hypotheses (S4's text); predicts in training "
      "with the current one",
      "3.2", kS4);
  return one_entry(std::move(vote));
}

}  // namespace onepass
