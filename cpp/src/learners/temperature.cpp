#include "learners/temperature.hpp"

#include <algorithm>
#include <cmath>

#include "core/merge_weights.hpp"
#include "learners/modifier_entry.hpp"
#include "learners/multiclass.hpp"

namespace onepass {

void TemperatureState::step(std::vector<double>& st, const double* s, std::size_t k, std::size_t y,
                            double w) {
  if (!(w > 0) || k < 2 || y >= k) return;
  const double a = st[kA];
  // docs/algorithms.md 4.30: the logits z = a s and their softmax p.
  double top = -HUGE_VAL;
  for (std::size_t j = 0; j < k; ++j) {
    const double z = a * s[j];
    if (!std::isfinite(s[j]) || !std::isfinite(z * z)) return;
    top = std::max(top, z);
  }
  double total = 0;
  for (std::size_t j = 0; j < k; ++j) total += std::exp(a * s[j] - top);
  // (TEMP-g): the gradient of -log p_y in u = log a is sum_j p_j z_j - z_y = E_p[z] - z_y, and
  // (TEMP-h) its curvature (the Fisher information in u) is Var_p(z).
  double mean = 0, square = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const double z = a * s[j], p = std::exp(z - top) / total;
    mean += p * z;
    square += p * z * z;
  }
  const double g = w * (mean - a * s[y]);
  const double h = w * std::max(0.0, square - mean * mean);
  const double curvature = st[kCurvature] + h;
  // (TEMP-S) and (TEMP-B): the Newton step in u against the curvature so far and the prior's,
  // at most ln 2 either way, then a kept within its bounds.
  const double du = std::clamp(-g / (curvature + kPrior), -kMaxLogStep, kMaxLogStep);
  const double next = std::clamp(a * std::exp(du), kMinA, kMaxA);
  if (!std::isfinite(next) || !std::isfinite(curvature)) return;
  st[kA] = next;
  st[kCurvature] = curvature;
  st[kRows] += 1;
}

void Temperature::calibrate(double s, int y, double w) {
  const double scores[2] = {s, 0.0};
  TemperatureState::step(state_, scores, 2, y > 0 ? 0 : 1, w);
}

void Temperature::init() {
  Calibrator::init();
  state_ = TemperatureState::initial();
}

Snapshot Temperature::snapshot_of(const double* params) const {
  Snapshot s = WrappedLearner::snapshot_of(params);
  s.scalars.emplace_back("temperature_a", state_[TemperatureState::kA]);
  return s;
}

TemperatureOutputs::TemperatureOutputs(std::unique_ptr<TaskLearner> inner)
    : inner_(std::move(inner)), state_(TemperatureState::initial()) {
  sync();
}

void TemperatureOutputs::reset(std::size_t dims, std::size_t outputs) {
  inner_->reset(dims, outputs);
  state_ = TemperatureState::initial();
  sync();
}

void TemperatureOutputs::grow(std::size_t dims) {
  inner_->grow(dims);
  sync();
}

void TemperatureOutputs::remap_features(const std::vector<std::size_t>& position,
                                        std::size_t dims) {
  inner_->remap_features(position, dims);
  sync();
}

void TemperatureOutputs::add_output() {
  inner_->add_output();
  sync();
}

void TemperatureOutputs::remap_outputs(const std::vector<std::size_t>& position,
                                       std::size_t outputs) {
  inner_->remap_outputs(position, outputs);
  sync();
}

void TemperatureOutputs::learn(const SparseRow& x, double target, const double* scores) {
  // docs/algorithms.md 4.30: the scores the row was predicted with, before the learner learns.
  TemperatureState::step(state_, scores, outputs_, static_cast<std::size_t>(target), weight_);
  inner_->learn(x, target, scores);
  sync();
}

void TemperatureOutputs::probabilities(const double* scores, double* p) const {
  z_.resize(outputs_);
  for (std::size_t j = 0; j < outputs_; ++j) z_[j] = slope() * scores[j];
  softmax(z_.data(), outputs_, p);
}

bool TemperatureOutputs::linear_forms(std::vector<std::vector<double>>& w,
                                      std::vector<double>& b) const {
  if (!inner_->linear_forms(w, b)) return false;
  const double a = slope();
  for (auto& row : w)
    for (double& v : row) v *= a;
  for (double& v : b) v *= a;
  return true;
}

Status TemperatureOutputs::load(const LearnerState& saved) {
  if (saved.inner.size() != 1 || !saved.params.empty() ||
      saved.state.size() != TemperatureState::kSlots)
    return Status::error("the saved state is not that of +temperature");
  Status st = inner_->load(saved.inner[0]);
  if (!st) return st;
  state_ = saved.state;
  sync();
  return Status::ok();
}

bool TemperatureOutputs::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                               LearnerState& out) const {
  std::vector<const LearnerState*> inner;
  std::vector<const std::vector<double>*> states;
  for (const LearnerState* s : parts) {
    if (s->inner.size() != 1 || !s->params.empty() || s->state.size() != TemperatureState::kSlots)
      return false;
    inner.push_back(&s->inner[0]);
    states.push_back(&s->state);
  }
  out.params.clear();
  out.reverted_steps = 0;
  out.inner.assign(1, {});
  if (!inner_->merge(inner, w, out.inner[0])) return false;
  return weighted_mean_into(states, w, out.state);
}

Snapshot TemperatureOutputs::snapshot() const {
  Snapshot s = inner_->snapshot();
  s.name += std::string("+") + Temperature::kName;
  s.scalars.emplace_back("calibrated_on", state_[TemperatureState::kRows]);
  s.scalars.emplace_back("temperature_a", slope());
  return s;
}

std::vector<RegistryEntry> temperature_stages() {
  RegistryEntry e = parameterless_modifier_entry<Temperature>(
      "online temperature scaling: probabilities sigma(a s), or softmax(a s) over classes, from "
      "the learner's scores, with one slope a > 0 learned from the scores of rows not yet "
      "learned; never changes a decision; comes last",
      "4.30", "Guo et al., On Calibration of Modern Neural Networks (2017)");
  e.probability = true;
  return one_entry(std::move(e));
}

}  // namespace onepass
