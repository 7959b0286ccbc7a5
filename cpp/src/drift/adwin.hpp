// ADWIN, adaptive windowing (Bifet & Gavalda 2007; docs/algorithms.md 6.8.1): a window of the
// latest values kept as an exponential histogram (ADWIN2's buckets), cut wherever an older and a
// newer part of it have means further apart than a Hoeffding-Bernstein bound allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "drift/detector.hpp"

namespace onepass {

// River's defaults (river.drift.ADWIN).
struct AdwinConfig {
  double delta = 0.002;
  std::size_t clock = 32;
  std::size_t max_buckets = 5;
  std::size_t min_window_length = 5;
  std::size_t grace_period = 10;
};

class Adwin : public DetectorOf<Adwin, AdwinConfig> {
 public:
  static constexpr const char* kName = "adwin";
  static constexpr int kCode = 1;
  static constexpr DriftInput kInput = DriftInput::real;
  static BoundParams<Config> params();
  using DetectorOf::DetectorOf;

  // The values in the window, their mean (0 when empty), and the rows of buckets (row i holds
  // buckets of 2^i values; at most max_buckets each between rows).
  double width() const { return width_; }
  double mean() const { return width_ > 0 ? total_ / width_ : 0; }
  std::size_t bucket_rows() const { return rows_.size(); }

 protected:
  DriftSignal step(double x) override;
  void restart() override;
  void save_state(StateWriter& out) const override;
  bool load_state(StateReader& in) override;

 private:
  // A bucket: the sum of its values and the sum of their squared deviations from its mean.
  struct Bucket {
    double total = 0;
    double squares = 0;
  };
  using Row = std::vector<Bucket>;  // oldest first

  void insert(double x);
  // Looks for a cut over every boundary between buckets; on one, drops the oldest bucket, sets
  // rise to the newer part's mean less the older part's, and says so.
  bool cut_once(double& rise);
  bool far_apart(double n0, double n1, double mean_gap) const;
  void drop_oldest();

  std::vector<Row> rows_ =
      std::vector<Row>(1);  // rows_[i]: buckets of 2^i values; rows_[0] always present
  double total_ = 0;        // sum of the window's values
  double squares_ = 0;      // sum of their squared deviations from the window's mean
  double width_ = 0;        // values in the window
  std::uint64_t tick_ = 0;  // values read since the detector started (the clock's count)
};

std::vector<DetectorEntry> adwin_detectors();

}  // namespace onepass
