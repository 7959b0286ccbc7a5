// Logistic regression with per-feature adaptive steps: AdaGrad (Duchi, Hazan & Singer 2011;
// spec 4.18), NAG, the normalized adaptive gradient (Ross, Mineiro & Langford 2013; spec 4.19)
// and FTRL-Proximal (McMahan et al. 2013; spec 4.20). All three score s = w.x + b, give
// p = sigma(s) and follow the logistic loss's gradient g x with g = p - t (t = (y + 1)/2), the
// bias b unregularised as in logreg (spec 1.5). Parameters [w_1..w_d, b]; the per-feature
// accumulators are state, laid out per feature so that growing the width, saving and merging
// are the base class's. A feature whose x_j is 0 has a zero gradient and no rule moves it, so
// every step costs O(non-zeros) on sparse rows; the dense path skips zeros the same way, so
// given the same margin both paths give the same bits.
#pragma once

#include "learners/learner.hpp"
#include "learners/stepped.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class AdaptiveLogistic : public Learner {
 public:
  // The state is `blocks` per-feature accumulators (dims() values each), then `tail` fixed
  // values (the bias's accumulators, counters), all 0 at the start.
  AdaptiveLogistic(const char* name, std::size_t blocks, std::size_t tail)
      : name_(name), blocks_(blocks), tail_(tail) {}

  double score_with(const double* params, const double* x) const override;
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override {
    return weights_and_bias(params, true, w, b);
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override;
  bool has_probability() const override { return true; }
  Snapshot snapshot_of(const double* params) const override;
  Layout state_layout() const override {
    Layout l(blocks_, feature_block());
    l.push_back(fixed_values(tail_));
    return l;
  }

 protected:
  void init() override {
    params_.assign(dims_ + 1, 0.0);               // w = 0, b = 0
    state_.assign(blocks_ * dims_ + tail_, 0.0);  // every accumulator 0
  }
  // g = p - t at the margin s (the logistic loss's derivative in s).
  static double gradient(double s, int y);
  // The g of a step of all three: at the margin the step sees, times the row's weight
  // (docs/algorithms.md 4.28).
  template <class Row>
  double step_gradient(const Row& x, int y) const {
    return weight_ * gradient(update_score(x), y);
  }
  // A step changes the accumulators of the row's features and the fixed ones.
  void sparse_state_slots(const SparseRow& x, std::vector<std::size_t>& slots) const override {
    feature_block_slots(x, blocks_, tail_, slots);
  }

  const char* name_;
  std::size_t blocks_, tail_;
};

// AdaGrad, diagonal (spec 4.18): G_j += g_j^2, w_j -= eta g_j / (sqrt(G_j) + delta).
// State [G_1..G_d, G_b].
class AdaGrad : public SteppedLearner<AdaGrad, AdaptiveLogistic> {
 public:
  static constexpr const char* kName = "adagrad";
  struct Config {  // the registry's defaults
    double eta = 0.1, delta = 1e-8;
  };
  explicit AdaGrad(Config c) : SteppedLearner(kName, 1, 1), eta_(c.eta), delta_(c.delta) {}

 protected:
  // docs/algorithms.md 3.4: w_j merges weighted by G_j, b by G_b.
  MergeConfidence merge_confidence() const override;

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y);
  // One coordinate's step with gradient g; G is its accumulator.
  void move(double& w, double& G, double g) const;
  double eta_, delta_;
};

// NAG (spec 4.19): per feature the largest |x_j| seen, s_j, and G_j; N sums (x_j/s_j)^2 over
// rows and t counts them. Before a row is scored, a weight whose feature exceeds s_j is
// rescaled, w_j <- w_j s_j/|x_j|, and s_j <- |x_j|; then
//   w_j <- w_j - eta sqrt(t/N) g_j / (s_j sqrt(G_j)).
// Scoring applies the pending rescaling (score_with reads s), so the prediction is the paper's.
// The bias is the weight of a constant feature 1.0 (s = 1; it counts in N). State
// [s_1..s_d, G_1..G_d, G_b, N, t].
class Nag : public SteppedLearner<Nag, AdaptiveLogistic> {
 public:
  static constexpr const char* kName = "nag";
  struct Config {  // the registry's default
    double eta = 0.5;
  };
  explicit Nag(Config c) : SteppedLearner(kName, 2, 3), eta_(c.eta) {}
  double score_with(const double* params, const double* x) const override {
    return score_of(params, x);
  }
  double score_sparse_with(const double* params, const SparseRow& x) const override {
    return score_of(params, x);
  }
  // Its margin rescales a weight by s_j/|x_j| when |x_j| > s_j: not affine in x.
  bool linear_form_of(const double*, std::vector<double>&, double&) const override { return false; }

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y);
  template <class Row>
  double score_of(const double* params, const Row& x) const;
  // The factor of w_j in the score of a row with value x_j: s_j/|x_j| when |x_j| > s_j (the
  // rescaling the step will make), else 1.
  double pending(std::size_t j, double xj) const;
  // Rescales feature j for value x_j (!= 0), returns (x_j/s_j)^2 for N.
  double see(std::size_t j, double xj);
  // The gradient step of feature j with g_j = g x_j, at rate eta sqrt(t/N).
  void move(std::size_t j, double gj, double rate);
  // N and t after the features: the bias's step, then the counters.
  void finish(double g, double rate);
  double eta_;
};

// FTRL-Proximal (spec 4.20, McMahan et al. 2013, Algorithm 1): per feature z_j and n_j;
//   sigma_j = (sqrt(n_j + g_j^2) - sqrt(n_j))/alpha, z_j += g_j - sigma_j w_j, n_j += g_j^2,
//   w_j = 0 if |z_j| <= l1, else -(z_j - sgn(z_j) l1) / ((beta + sqrt(n_j))/alpha + l2).
// w is kept materialised (params_), recomputed for the row's features after each step: the
// paper computes w_j from (z_j, n_j) when a row needs it, and nothing else changes them. The
// bias has its own (z_b, n_b) with l1 = l2 = 0. State [z_1..z_d, n_1..n_d, z_b, n_b].
class Ftrl : public SteppedLearner<Ftrl, AdaptiveLogistic> {
 public:
  static constexpr const char* kName = "ftrl";
  struct Config {  // the registry's defaults
    double alpha = 0.1, beta = 1, l1 = 0, l2 = 0;
  };
  explicit Ftrl(Config c)
      : SteppedLearner(kName, 2, 2), alpha_(c.alpha), beta_(c.beta), l1_(c.l1), l2_(c.l2) {}

 protected:
  // docs/algorithms.md 3.4: w_j and z_j merge weighted by n_j, b and z_b by n_b.
  MergeConfidence merge_confidence() const override;

 private:
  friend SteppedLearner;
  template <class Row>
  bool step(const Row& x, int y);
  // The per-coordinate step: w is the weight, z and n its accumulators, l1 and l2 its penalties.
  void move(double& w, double& z, double& n, double g, double l1, double l2) const;
  double alpha_, beta_, l1_, l2_;
};

// The entries of adagrad, nag and ftrl (spec 4.18-4.20), in that order.
std::vector<RegistryEntry> adaptive_gradient_stages();

}  // namespace onepass
