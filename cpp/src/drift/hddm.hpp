// HDDM_A and HDDM_W (Frias-Blanco et al. 2015; docs/algorithms.md 6.8.4, 6.8.5): detectors of
// bounded values that compare the mean before a cut point with the mean after it, under
// Hoeffding's bound (A: plain averages) or McDiarmid's (W: exponentially weighted averages).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "drift/detector.hpp"

namespace onepass {

// River's defaults (river.drift.binary.HDDM_A).
struct HddmAConfig {
  double drift_confidence = 0.001;
  double warning_confidence = 0.005;
  bool two_sided_test = false;
};

class HddmA : public DetectorOf<HddmA, HddmAConfig> {
 public:
  static constexpr const char* kName = "hddm_a";
  static constexpr int kCode = 4;
  static constexpr DriftInput kInput = DriftInput::unit;
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  // The mean increased (the values before the cut point are `low`) with the given confidence.
  bool increased(double confidence) const;
  bool decreased(double confidence) const;

  // Values and their sum since the start; the same at the cut points: where the mean plus its
  // bound was lowest (for increases) and where the mean minus its bound was highest (decreases).
  double n_ = 0, sum_ = 0;
  double n_low_ = 0, sum_low_ = 0;
  double n_high_ = 0, sum_high_ = 0;
};

// River's defaults (river.drift.binary.HDDM_W).
struct HddmWConfig {
  double drift_confidence = 0.001;
  double warning_confidence = 0.005;
  double lambda_val = 0.05;
  bool two_sided_test = false;
};

class HddmW : public DetectorOf<HddmW, HddmWConfig> {
 public:
  static constexpr const char* kName = "hddm_w";
  static constexpr int kCode = 5;
  static constexpr DriftInput kInput = DriftInput::unit;
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  // An exponentially weighted mean and the sum of its weights' squares (McDiarmid's bound of it
  // is sqrt(squares ln(1/confidence) / 2)).
  struct Ewma {
    double mean = 0;
    double squares = 0;
    bool started = false;
  };
  void add(Ewma& e, double x) const;
  // e2's mean exceeds e1's by more than the bound of both at this confidence.
  static bool above(const Ewma& e1, const Ewma& e2, double confidence);
  double bound(const Ewma& e) const;

  std::uint64_t n_ = 0;
  Ewma total_;                     // over every value since the start
  Ewma before_up_, after_up_;      // at and after the cut point for increases
  Ewma before_down_, after_down_;  // at and after the cut point for decreases
  double cut_up_ = 0;              // the lowest mean + bound so far (set by the first value)
  double cut_down_ = 0;            // the highest mean - bound so far
};

std::vector<DetectorEntry> hddm_detectors();

}  // namespace onepass
