// HDDM_A and HDDM_W (Frias-Blanco et al. 2015; docs/algorithms.md 6.8.4, 6.8.5): detectors of
// bounded values that compare the mean before a cut point with the mean after it, under
// Hoeffding's bound (A: plain averages) or McDiarmid's (W: exponentially weighted averages).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "drift/detector.hpp"

namespace onepass {

// The rule of both HDDM tests' confidences: the warning's is the larger, as the warning level
// comes before the drift level. `who` names the detector in the message.
Status check_hddm_confidences(const char* who, double warning_confidence, double drift_confidence);

// What HDDM_A and HDDM_W have alike (docs/algorithms.md 6.8.4, 6.8.5): a Config with a
// drift_confidence and a warning_confidence, checked by the rule above.
template <typename Derived, typename ConfigT, typename StatsT>
class HddmDetector : public DetectorOf<Derived, ConfigT, StatsT> {
 public:
  using DetectorOf<Derived, ConfigT, StatsT>::DetectorOf;
  static Status check(const ConfigT& c) {
    return check_hddm_confidences(Derived::kKind.name, c.warning_confidence, c.drift_confidence);
  }
};

// River's defaults (river.drift.binary.HDDM_A).
struct HddmAConfig {
  double drift_confidence = 0.001;
  double warning_confidence = 0.005;
  bool two_sided_test = false;
};

// HDDM_A's counts and sums (docs/algorithms.md 6.8.4): values and their sum since the start; the
// same at the cut points: where the mean plus its bound was lowest (for increases) and where the
// mean minus its bound was highest (decreases). The counts are held as doubles, as the bounds use
// them.
struct HddmAStats {
  double n = 0, sum = 0;
  double n_low = 0, sum_low = 0;
  double n_high = 0, sum_high = 0;

  template <class Io>
  void fields(Io& io) {
    io(n);
    io(sum);
    io(n_low);
    io(sum_low);
    io(n_high);
    io(sum_high);
  }
  // Whole counts, the cut points' no larger than n and set from the first value on; sums of
  // values in [0, 1] in [0, count].
  bool valid(const HddmAConfig&) const;
};

class HddmA : public HddmDetector<HddmA, HddmAConfig, HddmAStats> {
 public:
  static constexpr DetectorKind kKind{"hddm_a", 4, DriftInput::unit};
  static BoundParams<Config> params();
  using HddmDetector::HddmDetector;

 protected:
  DriftSignal step(double x) override;

 private:
  // The mean increased (the values before the cut point are `low`) with the given confidence.
  bool increased(double confidence) const;
  bool decreased(double confidence) const;
};

// River's defaults (river.drift.binary.HDDM_W).
struct HddmWConfig {
  double drift_confidence = 0.001;
  double warning_confidence = 0.005;
  double lambda_val = 0.05;
  bool two_sided_test = false;
};

// HDDM_W's weighted averages and cut points (docs/algorithms.md 6.8.5).
struct HddmWStats {
  // An exponentially weighted mean and the sum of its weights' squares (McDiarmid's bound of it
  // is sqrt(squares ln(1/confidence) / 2)).
  struct Ewma {
    double mean = 0;
    double squares = 0;
    bool started = false;
    template <class Io>
    void fields(Io& io) {
      io(mean);
      io(squares);
      io(started);
    }
  };

  std::uint64_t n = 0;
  double cut_up = 0;             // the lowest mean + bound so far (set by the first value)
  double cut_down = 0;           // the highest mean - bound so far
  Ewma total;                    // over every value since the start
  Ewma before_up, after_up;      // at and after the cut point for increases
  Ewma before_down, after_down;  // at and after the cut point for decreases

  template <class Io>
  void fields(Io& io) {
    io(n);
    io(cut_up);
    io(cut_down);
    for (Ewma* e : {&total, &before_up, &after_up, &before_down, &after_down}) io(*e);
  }
  // A started average's weights' squares sum to at most 1 (an unstarted one's are 0), and the
  // average of all values has started once a value is read.
  bool valid(const HddmWConfig&) const;
};

class HddmW : public HddmDetector<HddmW, HddmWConfig, HddmWStats> {
 public:
  static constexpr DetectorKind kKind{"hddm_w", 5, DriftInput::unit};
  static BoundParams<Config> params();
  using HddmDetector::HddmDetector;

 protected:
  DriftSignal step(double x) override;

 private:
  using Ewma = Stats::Ewma;
  void add(Ewma& e, double x) const;
  // e2's mean exceeds e1's by more than the bound of both at this confidence.
  static bool above(const Ewma& e1, const Ewma& e2, double confidence);
  double bound(const Ewma& e) const;
};

std::vector<DetectorEntry> hddm_detectors();

}  // namespace onepass
