// What the streams of numbered concepts share (SEA, STAGGER and Agrawal's functions,
// docs/algorithms.md 6.9): the schedule that says each row's concept, the random numbers the rows
// are drawn from, and the two parameters that choose the schedule, `concept` (the first) and
// `every` (rows per concept), which the catalog turns into a schedule with schedule_from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/bound_params.hpp"
#include "core/limits.hpp"
#include "core/seeded_random.hpp"
#include "streams/stream.hpp"

namespace onepass {

class ScheduledStream : public StreamGenerator {
 protected:
  ScheduledStream(std::vector<StreamColumn> columns, ConceptSchedule schedule, std::uint64_t seed)
      : StreamGenerator(std::move(columns)), rng_(seed), schedule_(std::move(schedule)) {}

  // The concept of the row being made, 1 to the schedule's count.
  std::size_t concept_now() const { return schedule_.concept_at(made()); }

  SeededRandom rng_;  // the rows' draws

 private:
  ConceptSchedule schedule_;
};

// The first concept, named `first_name` (1 to `count`), and `every`, bound to Config's fields;
// a stream adds its own parameters after them.
template <class Config>
BoundParams<Config> schedule_params(std::size_t Config::*first, const char* first_name,
                                    std::size_t count, std::string first_help,
                                    std::size_t Config::*every, std::string every_help) {
  return {integer_param(first, first_name, 1, 1, static_cast<double>(count), std::move(first_help)),
          integer_param(every, "every", 0, 0, static_cast<double>(kMaxStreamRows),
                        std::move(every_help))};
}

}  // namespace onepass
