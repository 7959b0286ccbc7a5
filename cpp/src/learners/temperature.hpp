// Online temperature scaling "+temperature", docs/algorithms.md 4.30 (Guo et al. 2017): the
// probabilities sigma(a s) of a yes/no learner's score s, or softmax(a s_1, ..., a s_K) of a
// multiclass learner's scores, with one slope a > 0 (the inverse of the temperature) learned
// from the progressive scores by a safeguarded Newton step in log a. As a > 0, sign(a s) is
// sign(s) and the largest a s_k is the largest s_k: the wrapper never changes a decision.
#pragma once

#include <memory>

#include "learners/calibrator.hpp"
#include "learners/task_learner.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

// docs/algorithms.md 4.30: the calibrator's state, in this order, and its step.
struct TemperatureState {
  enum Slot : std::size_t {
    kA,          // the slope a, 1 before any row (the score read as a logit)
    kCurvature,  // sum of w Var_p(z) over the rows calibrated: the data's curvature in log a
    kRows,       // rows calibrated (finite scores)
    kSlots
  };
  // (TEMP-S): the prior curvature in log a, worth this many rows of unit curvature.
  static constexpr double kPrior = 1;
  // (TEMP-B): a step moves log a by ln 2 at most (a at most halves or doubles on a row), and a
  // stays within [kMinA, kMaxA].
  static constexpr double kMaxLogStep = 0.6931471805599453;
  static constexpr double kMinA = 1e-6, kMaxA = 1e6;
  // The initial state: a = 1, no row.
  static std::vector<double> initial() { return {1.0, 0.0, 0.0}; }
  // One step on a row's scores s_0..s_{k-1} (k >= 2), its class y < k and its weight w. A row
  // with a score that is not finite, or whose logit or its square is not, is left out.
  static void step(std::vector<double>& state, const double* s, std::size_t k, std::size_t y,
                   double w);
};

// The yes/no wrapper: the margin is z = a s, the probability sigma(z).
class Temperature : public Calibrator {
 public:
  static constexpr const char* kName = "temperature";  // its snapshots append "+temperature"
  explicit Temperature(std::unique_ptr<Learner> inner)
      : Calibrator(std::move(inner), kName, TemperatureState::kSlots) {}

  Snapshot snapshot_of(const double* params) const override;
  // a s, or s itself when a s rounds to 0 but s is not 0 (a tiny negative s would otherwise
  // become -0, which the pipeline reads as a yes): the sign is always s's.
  double calibrated(double s) const override {
    const double z = state_[TemperatureState::kA] * s;
    return z == 0 ? s : z;
  }
  double slope() const override { return state_[TemperatureState::kA]; }
  // The step of TemperatureState on the scores (s, 0): sigma(z) is softmax(z, 0)'s first value.
  void calibrate(double s, int y, double w) override;

 protected:
  void init() override;
  double count() const override { return state_[TemperatureState::kRows]; }
};

// The multiclass wrapper around any learner of several classes (softmax, mpa*, mperceptron,
// one-vs-rest): its scores, and so its predictions, are the wrapped learner's; its
// probabilities are softmax(a s).
class TemperatureOutputs : public TaskLearner {
 public:
  explicit TemperatureOutputs(std::unique_ptr<TaskLearner> inner);
  Task task() const override { return inner_->task(); }
  void reset(std::size_t dims, std::size_t outputs) override;
  void grow(std::size_t dims) override;
  void remap_features(const std::vector<std::size_t>& position, std::size_t dims) override;
  void add_output() override;
  void remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) override;
  void scores(const SparseRow& x, double* out, bool training) const override {
    inner_->scores(x, out, training);
  }
  // The calibrator's step on the progressive scores, then the wrapped learner's.
  void learn(const SparseRow& x, double target, const double* scores) override;
  void offer_dense(const double* x) override { inner_->offer_dense(x); }
  bool has_probability() const override { return true; }
  void probabilities(const double* scores, double* p) const override;
  Link link() const override { return Link::softmax; }
  // The wrapped learner's forms times a: their softmax is the probabilities.
  bool linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const override;
  std::uint64_t reverted_steps() const override { return inner_->reverted_steps(); }
  std::uint64_t values_beyond_line() const override { return inner_->values_beyond_line(); }
  LearnerState save() const override { return {{}, state_, 0, {inner_->save()}}; }
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 3.4: the wrapped learner by its own rule, each calibrator value the
  // models' weighted mean.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;
  Snapshot snapshot() const override;
  void set_weight(double w) override {
    weight_ = w;
    inner_->set_weight(w);
  }
  double slope() const { return state_[TemperatureState::kA]; }
  const std::vector<double>& state() const { return state_; }

 private:
  void sync() {
    dims_ = inner_->dims();
    outputs_ = inner_->outputs();
  }
  std::unique_ptr<TaskLearner> inner_;
  std::vector<double> state_;
  mutable std::vector<double> z_;
};

// The modifier temperature's entry of the registry (docs/algorithms.md 4.30).
std::vector<RegistryEntry> temperature_stages();

}  // namespace onepass
