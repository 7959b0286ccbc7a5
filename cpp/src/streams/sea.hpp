// SEA concepts (Street and Kim 2001), docs/algorithms.md 6.9.1: three numbers uniform in [0, 10);
// the label is 1 when x1 + x2 <= theta, theta = 8, 9, 7, 9.5 for concepts 1 to 4; x3 is
// irrelevant; `noise` flips each label with that probability.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bound_params.hpp"
#include "streams/scheduled.hpp"

namespace onepass {

class SeaStream : public ScheduledStream {
 public:
  static constexpr const char* kName = "sea";
  static constexpr std::size_t kConcepts = 4;
  // The parameters as users give them (sea_params); the catalog turns them into a schedule.
  struct Config {
    std::size_t first_concept = 1;
    std::size_t every = 0;  // rows per concept; 0: a quarter of the rows each
    double noise = 0;
  };
  // `noise` in [0, 1]. A concept past 4 in the schedule reads as its remainder (5 as 1).
  SeaStream(double noise, ConceptSchedule schedule, std::uint64_t seed);

  // The concept's threshold, and its label of (x1, x2) before noise.
  static double threshold(std::size_t k);
  static int label(std::size_t k, double x1, double x2) { return x1 + x2 <= threshold(k) ? 1 : 0; }

 private:
  void make(StreamRow& row) override;
  double noise_;
};

BoundParams<SeaStream::Config> sea_params();

}  // namespace onepass
