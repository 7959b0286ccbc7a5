#include "streams/stagger.hpp"

#include <utility>

namespace onepass {

StaggerStream::StaggerStream(ConceptSchedule schedule, std::uint64_t seed)
    : ScheduledStream({{"size", {"small", "medium", "large"}},
                       {"color", {"red", "blue", "green"}},
                       {"shape", {"circle", "square", "triangle"}}},
                      std::move(schedule), seed) {}

int StaggerStream::label(std::size_t k, int size, int color, int shape) {
  // The three concepts of Schlimmer and Granger's experiment (docs/algorithms.md 6.9.4).
  switch ((k + kConcepts - 1) % kConcepts) {
    case 0:
      return size == small && color == red;
    case 1:
      return color == green || shape == circle;
    default:
      return size == medium || size == large;
  }
}

void StaggerStream::make(StreamRow& row) {
  // Draws: size, color, shape, each uniform over its three levels (docs/algorithms.md 6.9.4).
  for (double& v : row.x) v = static_cast<double>(rng_.below(3));
  row.concept_id = concept_now();
  row.label = label(row.concept_id, static_cast<int>(row.x[0]), static_cast<int>(row.x[1]),
                    static_cast<int>(row.x[2]));
}

BoundParams<StaggerStream::Config> stagger_params() {
  using C = StaggerStream::Config;
  return schedule_params(
      &C::first_concept, "concept", StaggerStream::kConcepts,
      "the first concept: 1 small and red, 2 green or circle, 3 medium or large", &C::every,
      "rows per concept, then the next (3 is followed by 1); 0: a third of the rows each, the "
      "three concepts once");
}

}  // namespace onepass
