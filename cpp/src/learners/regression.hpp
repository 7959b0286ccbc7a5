// The regression learners (docs/algorithms.md 4.25-4.27): Passive-Aggressive regression with the
// epsilon-insensitive loss, and SGD on squared or Huber loss, each learning the target as
// standardised online so that its steps do not depend on the target's units.
#pragma once

#include "learners/task_learner.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

// docs/algorithms.md 4.27: the running mean and standard deviation of the targets (Welford).
class TargetScale {
 public:
  void add(double y);
  // The learner's target for y, and the prediction for its score, with the statistics so far.
  double standardised(double y) const { return (y - mean_) / spread(); }
  double unscaled(double s) const { return mean_ + spread() * s; }
  double mean() const { return mean_; }
  // The population standard deviation, or 1 while it is 0 (one target seen, or all equal).
  double spread() const;
  void clear() { n_ = mean_ = m2_ = 0; }
  std::vector<double> save() const { return {n_, mean_, m2_}; }
  // A saved state's checks: a count >= 0 (not always whole after a merge with weights,
  // docs/algorithms.md 3.4), a finite mean, a finite M2 >= 0.
  bool load(const double* saved);
  // Merging models (docs/algorithms.md 3.4): the saved statistics of the parts pooled as the
  // z-score scaler's are, model k's count taken f_k times: (MERGE-n), (MERGE-m), (MERGE-s).
  static std::vector<double> pooled(const std::vector<const double*>& saved, const MergeWeights& w);

 private:
  double n_ = 0, mean_ = 0, m2_ = 0;
};

// A linear regression rule with the standardisation of docs/algorithms.md 4.27 around it (on
// unless `standardize` is off): predicts mean + sd * s, learns (y - mean) / sd.
class LinearRegressor : public LinearOutputs {
 public:
  Task task() const override { return Task::regression; }
  void learn(const SparseRow& x, double target, const double* scores) override;
  // In the target's units: mean + sd * (w.x + b) (docs/algorithms.md 4.27).
  bool linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const override;

 protected:
  LinearRegressor(const char* name, double bias_input, bool bias_in_norm, bool standardize)
      : LinearOutputs(name, bias_input, bias_in_norm), standardize_(standardize) {}
  // The prediction mean + sd * s (docs/algorithms.md 4.27).
  void give_in_units(double* out) const override;
  std::vector<double> extra_state() const override;
  bool load_extra_state(const std::vector<double>& extra) override;
  void reset_extra_state() override;
  // docs/algorithms.md 3.4: the target's statistics pool (TargetScale::pooled), the rule's
  // counters take their weighted mean, and the outputs merge in the target's units.
  bool merge_extra_state(const std::vector<std::vector<double>>& parts, const MergeWeights& w,
                         std::vector<double>& out) const override;
  void output_units(const std::vector<double>& extra, double& shift, double& scale) const override;
  // A rule's own counters, after the target's statistics.
  virtual std::vector<double> rule_state() const { return {}; }
  virtual bool load_rule_state(const double* /*saved*/, std::size_t size) { return size == 0; }
  virtual void reset_rule_state() {}

 private:
  bool standardize_;
  TargetScale scale_;
};

// docs/algorithms.md 4.25.
enum class PaRegressionRule { pa, pa1, pa2 };

class PaRegressor : public LinearRegressor {
 public:
  struct Config {
    double c = 1, epsilon = 0.1;
    bool bias = true, standardize = true;  // D-BIAS; docs/algorithms.md 4.27
  };
  static const char* name_of(PaRegressionRule rule);
  PaRegressor(PaRegressionRule rule, Config c)
      : LinearRegressor(name_of(rule), c.bias ? 1.0 : 0.0, true, c.standardize),
        rule_(rule),
        c_(c) {}

 protected:
  bool rule(const SparseRow& x, double target, const double* scores, double* coef,
            double& decay) override;

 private:
  PaRegressionRule rule_;
  Config c_;
};

// docs/algorithms.md 4.26: SGD on squared loss (linreg) or Huber loss (huber).
class SgdRegressor : public LinearRegressor {
 public:
  struct Config {
    double eta0 = 0.01, lambda = 0, n = 10000, delta = 1;
    bool standardize = true;
  };
  SgdRegressor(bool huber, Config c)
      : LinearRegressor(huber ? "huber" : "linreg", 1.0, false, c.standardize),
        huber_(huber),
        c_(c) {}

 protected:
  bool rule(const SparseRow& x, double target, const double* scores, double* coef,
            double& decay) override;
  bool decays() const override { return c_.lambda > 0; }
  std::vector<double> rule_state() const override { return {updates_}; }
  bool load_rule_state(const double* saved, std::size_t size) override;
  void reset_rule_state() override { updates_ = 0; }

 private:
  bool huber_;
  Config c_;
  double updates_ = 0;  // k of docs/algorithms.md 4.1's schedule
};

// The registry's regression learners (pareg, pareg1, pareg2, linreg, huber).
std::vector<RegistryEntry> regression_stages();

}  // namespace onepass
