#include "learners/voted.hpp"

namespace onepass {

void Voted::init() {
  inner_->reset(dims_);
  params_ = inner_->params();  // Z + c == 0: the current parameters
  state_.assign(2 + params_.size(), 0.0);
}

Layout Voted::state_layout() const {
  Layout l{fixed_values(2)};
  const Layout p = inner_->params_layout();
  l.insert(l.end(), p.begin(), p.end());
  return l;
}

void Voted::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  // A new feature's weight has been its initial value w0 in every hypothesis so far, so its
  // accumulated sum is Z w0 and its vote w0 (design.md 10.5).
  const Layout pl = inner_->params_layout(), sl = state_layout();
  const std::vector<double> old_params = params_;
  const std::vector<double> old_state = state_;
  const std::size_t old_dims = dims_;
  inner_->remap(position, new_dims);
  dims_ = new_dims;
  const std::vector<double>& initial = inner_->params();
  params_ = initial;
  state_.assign(2 + initial.size(), 0.0);
  for (std::size_t j = 0; j < initial.size(); ++j) state_[2 + j] = old_state[1] * initial[j];
  relayout(old_params, pl, old_dims, params_, new_dims, position);
  relayout(old_state, sl, old_dims, state_, new_dims, position);
}

bool Voted::update(const double* x, int y) {
  before_ = inner_->params();
  const bool changed = inner_->learn(x, y);
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

Snapshot Voted::snapshot_of(const double* params) const {
  Snapshot s = inner_->snapshot_of(params);
  s.name += std::string("+") + kName;
  s.scalars.emplace_back("votes", state_.empty() ? 0 : state_[0] + state_[1]);
  return s;
}

std::vector<RegistryEntry> voted_stages() {
  RegistryEntry vote =
      modifier_entry(Voted::kName,
                     "survival-weighted vote of the hypotheses (S4's text); predicts in training "
                     "with the current one",
                     "3.2", kS4);
  vote.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Voted>(std::move(inner));
  };
  return one_entry(std::move(vote));
}

}  // namespace onepass
