#include "streams/sea.hpp"

#include <utility>

#include "streams/label_noise.hpp"
#include "streams/unfused.hpp"

namespace onepass {

SeaStream::SeaStream(double noise, ConceptSchedule schedule, std::uint64_t seed)
    : ScheduledStream({{"x1", {}}, {"x2", {}}, {"x3", {}}}, std::move(schedule), seed),
      noise_(noise) {}

double SeaStream::threshold(std::size_t k) {
  // Street and Kim's four thresholds in the order of their stream (docs/algorithms.md 6.9.1).
  static constexpr double kThresholds[kConcepts] = {8, 9, 7, 9.5};
  return kThresholds[(k + kConcepts - 1) % kConcepts];
}

void SeaStream::make(StreamRow& row) {
  // Draws: x1, x2, x3, then the noise draw, every row, so that the features of a seed do not
  // depend on the noise (docs/algorithms.md 6.9.1).
  for (double& v : row.x) v = 10 * rng_.uniform();
  row.concept_id = concept_now();
  row.label = noisy_label(label(row.concept_id, row.x[0], row.x[1]), noise_, rng_);
}

BoundParams<SeaStream::Config> sea_params() {
  using C = SeaStream::Config;
  return schedule_params(&C::first_concept, "concept", SeaStream::kConcepts,
                         "the first concept: theta = 8, 9, 7, 9.5 for 1 to 4", &C::every,
                         "rows per concept, then the next (4 is followed by 1); 0: a quarter of "
                         "the rows each, the four concepts once")
      .add(label_noise_param(&C::noise, 0));
}

}  // namespace onepass
