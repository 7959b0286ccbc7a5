// STAGGER concepts (Schlimmer and Granger 1986), docs/algorithms.md 6.9.4: three categories drawn
// uniformly, size (small, medium, large), color (red, blue, green) and shape (circle, square,
// triangle); the label is 1 when the concept holds: 1) size small and color red, 2) color green
// or shape circle, 3) size medium or large.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bound_params.hpp"
#include "streams/scheduled.hpp"

namespace onepass {

class StaggerStream : public ScheduledStream {
 public:
  static constexpr const char* kName = "stagger";
  static constexpr std::size_t kConcepts = 3;
  // The levels' indices, in the order of the columns' levels.
  enum Size { small = 0, medium = 1, large = 2 };
  enum Color { red = 0, blue = 1, green = 2 };
  enum Shape { circle = 0, square = 1, triangle = 2 };
  struct Config {
    std::size_t first_concept = 1;
    std::size_t every = 0;  // rows per concept; 0: a third of the rows each
  };
  // A concept past 3 in the schedule reads as its remainder (4 as 1).
  StaggerStream(ConceptSchedule schedule, std::uint64_t seed);

  static int label(std::size_t k, int size, int color, int shape);

 private:
  void make(StreamRow& row) override;
};

BoundParams<StaggerStream::Config> stagger_params();

}  // namespace onepass
