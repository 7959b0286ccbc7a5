#include "learners/voted.hpp"

#include <optional>

#include "learners/modifier_entry.hpp"

namespace onepass {

void Voted::seed_new_features(const std::vector<double>& old_state) {
  for (std::size_t j = 0; j < params_.size(); ++j) state_[2 + j] = old_state[1] * params_[j];
}

bool Voted::update(const double* x, int y) {
  // The row's score under the current hypothesis, if train_score computed it for the row's
  // prediction: the inner learner's own margin, its parameters unchanged since.
  const std::optional<double> s = recall_inner_score(x);
  before_ = inner_->params();
  const bool changed = s ? inner_->learn(x, y, *s) : inner_->learn(x, y);
  double& c = state_[0];
  double& z = state_[1];
  double* acc = state_.data() + 2;
  const std::size_t p = params_.size();
  if (!changed) {
    c += 1;  // a survival
  } else {
    for (std::size_t j = 0; j < p; ++j) acc[j] += c * before_[j];
    z += c;
    c = 0;
  }
  const std::vector<double>& theta = inner_->params();
  if (z + c == 0) {
    params_ = theta;
  } else {
    for (std::size_t j = 0; j < p; ++j) params_[j] = (acc[j] + c * theta[j]) / (z + c);
  }
  return changed;
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
