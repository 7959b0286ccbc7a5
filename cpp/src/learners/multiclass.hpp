// The multiclass learners (docs/algorithms.md 4.21-4.24): multinomial logistic regression, the
// multiclass Passive-Aggressive rules and perceptron, each a row of weights per class, and
// one-vs-rest over any binary learner.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "learners/passive_aggressive.hpp"
#include "learners/task_learner.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

// The class a row's scores predict: the largest score, the lowest index on a tie (the class
// seen first), NaN scores never chosen over a number.
std::size_t predicted_class(const double* scores, std::size_t classes);
// The highest-scoring class other than y (the lowest index on a tie), or `classes` when there
// is none: the r of docs/algorithms.md 4.23 and 4.24.
std::size_t rival_class(const double* scores, std::size_t classes, std::size_t y);
// p_k = exp(s_k - max) / sum_j exp(s_j - max) (docs/algorithms.md 4.22).
void softmax(const double* scores, std::size_t classes, double* p);

// docs/algorithms.md 4.22: softmax SGD on the schedule of 4.1.
class Softmax : public LinearOutputs {
 public:
  static constexpr const char* kName = "softmax";
  struct Config {
    double eta0 = 0.1, lambda = 0, n = 10000;
  };
  explicit Softmax(Config c) : LinearOutputs(kName, 1.0, false), c_(c) {}
  Task task() const override { return Task::multiclass; }
  bool has_probability() const override { return true; }
  void probabilities(const double* scores, double* p) const override {
    softmax(scores, outputs_, p);
  }
  Link link() const override { return Link::softmax; }

 protected:
  bool rule(const SparseRow& x, double target, const double* scores, double* coef,
            double& decay) override;
  bool decays() const override { return c_.lambda > 0; }
  std::vector<double> extra_state() const override { return {updates_}; }
  bool load_extra_state(const std::vector<double>& extra) override;
  void reset_extra_state() override { updates_ = 0; }

 private:
  Config c_;
  double updates_ = 0;  // k of docs/algorithms.md 4.1's schedule
  std::vector<double> p_;
};

// docs/algorithms.md 4.23 (PA, PA-I, PA-II with the max-score rule) and 4.24 (the perceptron's
// Kesler update): w_y += tau x, w_r -= tau x.
enum class MulticlassRule { pa, pa1, pa2, perceptron };

class MulticlassMargin : public LinearOutputs {
 public:
  struct Config {
    double c = 1;
    bool bias = true;  // D-BIAS
  };
  static const char* name_of(MulticlassRule rule);
  MulticlassMargin(MulticlassRule rule, Config c)
      : LinearOutputs(name_of(rule), c.bias ? 1.0 : 0.0, true), rule_(rule), c_(c) {}
  Task task() const override { return Task::multiclass; }

 protected:
  bool rule(const SparseRow& x, double target, const double* scores, double* coef,
            double& decay) override;

 private:
  MulticlassRule rule_;
  Config c_;
};

// docs/algorithms.md 4.21: K copies of a binary learner, copy k learning "class k or not".
class OneVsRest : public TaskLearner {
 public:
  using Factory = std::function<std::unique_ptr<Learner>()>;
  explicit OneVsRest(Factory make) : make_(std::move(make)) {}
  Task task() const override { return Task::multiclass; }
  void reset(std::size_t dims, std::size_t outputs) override;
  void grow(std::size_t dims) override;
  void remap_features(const std::vector<std::size_t>& position, std::size_t dims) override;
  void add_output() override;
  void remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) override;
  void scores(const SparseRow& x, double* out, bool training) const override;
  void learn(const SparseRow& x, double target, const double* scores) override;
  void offer_dense(const double* x) override { dense_ = x; }
  bool has_probability() const override;
  void probabilities(const double* scores, double* p) const override;
  Link link() const override { return has_probability() ? Link::normalised_sigmoid : Link::none; }
  bool linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const override;
  std::uint64_t reverted_steps() const override;
  std::uint64_t values_beyond_line() const override;
  LearnerState save() const override;
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 3.4: each class's copy merges by its binary learner's own rule
  // (Learner::merge), over the models that learned the class.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;
  Snapshot snapshot() const override;
  const Learner& copy(std::size_t k) const { return *copies_[k]; }

 private:
  // A copy as a new class gets it: made and reset to the width.
  std::unique_ptr<Learner> fresh() const;
  Factory make_;
  std::vector<std::unique_ptr<Learner>> copies_;
  const double* dense_ = nullptr;  // the row offered dense, or null
};

// The registry's multiclass learners (softmax, mpa, mpa1, mpa2, mperceptron).
std::vector<RegistryEntry> multiclass_stages();

}  // namespace onepass
