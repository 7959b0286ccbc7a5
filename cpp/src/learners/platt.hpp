// Online Platt scaling "+platt", docs/algorithms.md 4.29, as a calibrator around any yes/no
// learner (learners/calibrator.hpp): the wrapped learner's score s becomes the logit z = a s + b
// of the probability sigma(z) (Platt 1999). For each progressive score the calibrator takes one
// stochastic Newton step on (s, y) against Platt's smoothed target. The intercept b moves the
// threshold, so +platt can change decisions; +temperature (4.30) cannot.
#pragma once

#include "learners/calibrator.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Platt : public Calibrator {
 public:
  static constexpr const char* kName = "platt";  // its snapshots append "+platt"
  // docs/algorithms.md 4.29: the state, in this order.
  enum Slot : std::size_t {
    kA,        // slope a
    kB,        // intercept b
    kHaa,      // the data's curvature: sum of w h s^2, w h s and w h, h = p (1 - p)
    kHab,      //
    kHbb,      //
    kPos,      // N+ and N-: the positive and negative rows so far, weighed by their class weights
    kNeg,      //
    kRows,     // rows calibrated (a finite score)
    kSquares,  // sum of s^2 over them: the scale of the scores, for the prior curvature
    kSlots
  };
  // The prior curvature (PLATT-S): kPrior (r^2, 1) on the diagonal, r^2 the mean square score.
  static constexpr double kPrior = 1;

  explicit Platt(std::unique_ptr<Learner> inner) : Calibrator(std::move(inner), kName, kSlots) {}

  Snapshot snapshot_of(const double* params) const override;

  // The logit of a score: a s + b (b alone while a = 0, whatever s is).
  double calibrated(double s) const override {
    return state_[kA] == 0 ? state_[kB] : state_[kA] * s + state_[kB];
  }
  double slope() const override { return state_[kA]; }
  // One step of the calibrator on a row's score s and label y of weight w (docs/algorithms.md
  // 4.29); a score that is not finite, or whose square is not, is left out.
  void calibrate(double s, int y, double w) override;

 protected:
  double count() const override { return state_[kRows]; }
};

// The modifier platt's entry of the registry (docs/algorithms.md 4.29).
std::vector<RegistryEntry> platt_stages();

}  // namespace onepass
