// PATER-I, PATER-II and their weighted versions wPATER-I/II (S2; rules DERIVED in spec 4.9).
// Per row: s = w.x; the class mean z+ or z- and count n+- of the row's class take the row; the
// hinge loss l = [1 - y s]_+ (D-PATER-1; `linear_k` drops the clip); PATER-II keeps the running
// class means k+- of those losses. With z^a = alpha+ z+ - alpha- z-:
//   PATER-I:  K = alpha_y l          PATER-II: K = alpha+ k+ + alpha- k-
//   if K > 0 and |z^a|^2 > 1e-12:  w <- w + (K/|z^a|^2) z^a   (D-PATER-2)
// The unweighted variants have alpha+ = alpha- = 1. No bias, no cap C (D-PATER-3); the other
// class's means stay as they are (D-PATER-4). Parameters [w]; state [n-, n+, k-, k+, z- (d), z+
// (d)].
#pragma once

#include "learners/learner.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Pater : public Learner {
 public:
  // The registry's defaults; the unweighted variants declare no alphas and keep 1.
  struct Config {
    double alpha_neg = 1, alpha_pos = 1;
    bool linear_k = false;  // D-PATER-1: clipped
  };
  // accumulated: PATER-II (running class means of the losses) instead of PATER-I.
  Pater(std::string name, bool accumulated, Config c)
      : name_(std::move(name)),
        accumulated_(accumulated),
        alpha_neg_(c.alpha_neg),
        alpha_pos_(c.alpha_pos),
        linear_k_(c.linear_k) {}

  double score_with(const double* params, const double* x) const override;
  bool linear_form_of(const double* params, std::vector<double>& w, double& b) const override {
    return weights_and_bias(params, false, w, b);  // no bias: the margin is w.x
  }
  Snapshot snapshot_of(const double* params) const override;

 protected:
  Layout state_layout() const override {
    return {fixed_values(4), feature_block(), feature_block()};
  }
  void init() override {
    params_.assign(dims_, 0.0);
    state_.assign(4 + 2 * dims_, 0.0);
  }
  bool update(const double* x, int y) override;

 private:
  std::string name_;
  bool accumulated_;
  double alpha_neg_, alpha_pos_;
  bool linear_k_;
};

// The entries of pater1, pater2, wpater1 and wpater2 (spec 4.9), in that order.
std::vector<RegistryEntry> pater_stages();

}  // namespace onepass
