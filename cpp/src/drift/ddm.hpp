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

class Ddm : public DetectorOf<Ddm, DdmConfig> {
 public:
  static constexpr const char* kName = "ddm";
  static constexpr int kCode = 2;
  // Mistakes, or any loss in [0, 1]: p is their mean.
  static constexpr DriftInput kInput = DriftInput::unit;
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

  double error_rate() const { return p_; }

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  std::uint64_t n_ = 0;
  double p_ = 0;      // mean of the values read
  double p_min_ = 0;  // p and s where p + s was lowest (after the warm start; 0 before)
  double s_min_ = 0;
  double ps_min_ = 0;  // p_min + s_min
};

// River's defaults (river.drift.binary.EDDM).
struct EddmConfig {
  std::size_t warm_start = 30;
  double alpha = 0.95;
  double beta = 0.9;
};

class Eddm : public DetectorOf<Eddm, EddmConfig> {
 public:
  static constexpr const char* kName = "eddm";
  static constexpr int kCode = 3;
  // An error is an event whose distance to the previous one is measured: 1 is an error, 0 not.
  static constexpr DriftInput kInput = DriftInput::binary;
  static BoundParams<Config> params();
  static Status check(const Config& c);
  using DetectorOf::DetectorOf;

  double mean_distance() const { return mean_; }

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  std::uint64_t n_ = 0;           // values read
  std::uint64_t last_error_ = 0;  // the row of the last error (0: none yet)
  std::uint64_t errors_ = 0;      // errors read: the distances measured
  double mean_ = 0;               // mean distance between consecutive errors
  double variance_ = 0;           // their sample variance (divided by errors - 1)
  double p2s_max_ = -1;           // the highest mean + 2 deviations (-1: none yet)
  bool warning_ = false;          // the warning level, kept until an error says otherwise
};

std::vector<DetectorEntry> ddm_detectors();

}  // namespace onepass
