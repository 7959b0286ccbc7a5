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

// ADWIN's window (docs/algorithms.md 6.8.1).
struct AdwinStats {
  // A bucket: the sum of its values and the sum of their squared deviations from its mean.
  struct Bucket {
    double total = 0;
    double squares = 0;
    template <class Io>
    void fields(Io& io) {
      io(total);
      io(squares);
    }
  };
  using Row = std::vector<Bucket>;  // oldest first

  std::uint64_t tick = 0;  // values read since the detector started (the clock's count)
  double width = 0;        // values in the window
  double total = 0;        // sum of the window's values
  double squares = 0;      // sum of their squared deviations from the window's mean
  std::vector<Row> rows = std::vector<Row>(1);  // rows[i]: buckets of 2^i values; rows[0] always

  template <class Io>
  void fields(Io& io) {
    io(tick);
    io(width);
    io(total);
    io(squares);
    io(rows);
  }
  // At most kMostRows rows of at most max_buckets buckets each, holding the window's values,
  // the oldest row not empty.
  bool valid(const AdwinConfig& c) const;
};

class Adwin : public DetectorOf<Adwin, AdwinConfig, AdwinStats> {
 public:
  static constexpr DetectorKind kKind{"adwin", 1, DriftInput::real};
  static BoundParams<Config> params();
  using DetectorOf::DetectorOf;

  // The values in the window, their mean (0 when empty), and the rows of buckets (row i holds
  // buckets of 2^i values; at most max_buckets each between rows).
  double width() const { return stats_.width; }
  double mean() const { return stats_.width > 0 ? stats_.total / stats_.width : 0; }
  std::size_t bucket_rows() const { return stats_.rows.size(); }

 protected:
  DriftSignal step(double x) override;

 private:
  using Bucket = Stats::Bucket;
  using Row = Stats::Row;

  void insert(double x);
  // Looks for a cut over every boundary between buckets; on one, drops the oldest bucket, sets
  // rise to the newer part's mean less the older part's, and says so.
  bool cut_once(double& rise);
  bool far_apart(double n0, double n1, double mean_gap) const;
  void drop_oldest();
};

std::vector<DetectorEntry> adwin_detectors();

}  // namespace onepass
