// DDM (Gama et al. 2004; docs/algorithms.md 6.8.2) and EDDM (Baena-Garcia et al. 2006;
// docs/algorithms.md 6.8.3): detectors of a classifier's 0/1 mistakes. DDM watches the error
// rate's upper deviation p + s against its lowest point; EDDM watches the distance between
// consecutive errors against its highest point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "drift/detector.hpp"

namespace onepass {

// River's defaults (river.drift.binary.DDM).
struct DdmConfig {
  std::size_t warm_start = 30;
  double warning_threshold = 2;
  double drift_threshold = 3;
};

// DDM's rate and its lowest point (docs/algorithms.md 6.8.2).
struct DdmStats {
  std::uint64_t n = 0;
  double p = 0;      // mean of the values read
  double p_min = 0;  // p and s where p + s was lowest (after the warm start; 0 before)
  double s_min = 0;
  double ps_min = 0;  // p_min + s_min

  template <class Io>
  void fields(Io& io) {
    io(n);
    io(p);
    io(p_min);
    io(s_min);
    io(ps_min);
  }
  bool valid(const DdmConfig&) const { return p >= 0 && p <= 1 && s_min >= 0; }
};

class Ddm : public DetectorOf<Ddm, DdmConfig, DdmStats> {
 public:
  // Mistakes, or any loss in [0, 1]: p is their mean.
  static constexpr DetectorKind kKind{"ddm", 2, DriftInput::unit};
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

  double error_rate() const { return stats_.p; }

 protected:
  DriftSignal step(double x) override;
};

// River's defaults (river.drift.binary.EDDM).
struct EddmConfig {
  std::size_t warm_start = 30;
  double alpha = 0.95;
  double beta = 0.9;
};

// EDDM's distances between errors and their highest point (docs/algorithms.md 6.8.3).
struct EddmStats {
  std::uint64_t n = 0;           // values read
  std::uint64_t last_error = 0;  // the row of the last error (0: none yet)
  std::uint64_t errors = 0;      // errors read: the distances measured
  double mean = 0;               // mean distance between consecutive errors
  double variance = 0;           // their sample variance (divided by errors - 1)
  double p2s_max = -1;           // the highest mean + 2 deviations (-1: none yet)
  bool warning = false;          // the warning level, kept until an error says otherwise

  template <class Io>
  void fields(Io& io) {
    io(n);
    io(last_error);
    io(errors);
    io(mean);
    io(variance);
    io(p2s_max);
    io(warning);
  }
  bool valid(const EddmConfig&) const { return last_error <= n && errors <= n && variance >= 0; }
};

class Eddm : public DetectorOf<Eddm, EddmConfig, EddmStats> {
 public:
  // An error is an event whose distance to the previous one is measured: 1 is an error, 0 not.
  static constexpr DetectorKind kKind{"eddm", 3, DriftInput::binary};
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

  double mean_distance() const { return stats_.mean; }

 protected:
  DriftSignal step(double x) override;
};

std::vector<DetectorEntry> ddm_detectors();

}  // namespace onepass
