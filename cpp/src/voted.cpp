#include "onepass/learners/voted.hpp"

namespace onepass {

void Voted::init() {
  inner_->reset(dims_);
  params_ = inner_->params();  // Z + c == 0: the current parameters
  state_.assign(2 + params_.size(), 0.0);
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
  s.name += "+vote";
  s.scalars.emplace_back("votes", state_.empty() ? 0 : state_[0] + state_[1]);
  return s;
}

}  // namespace onepass
