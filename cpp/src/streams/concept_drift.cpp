#include "streams/concept_drift.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "core/limits.hpp"
#include "streams/agrawal.hpp"
#include "streams/sea.hpp"
#include "streams/stagger.hpp"
#include "streams/unfused.hpp"

namespace onepass {

namespace {

bool same_columns(const StreamGenerator& a, const StreamGenerator& b) {
  const auto &x = a.columns(), &y = b.columns();
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].name != y[i].name || x[i].levels != y[i].levels) return false;
  return true;
}

}  // namespace

ConceptDriftStream::ConceptDriftStream(std::unique_ptr<StreamGenerator> first,
                                       std::unique_ptr<StreamGenerator> second, double position,
                                       double width, std::uint64_t seed)
    : StreamGenerator(first->columns()),
      first_(std::move(first)),
      second_(std::move(second)),
      position_(position),
      width_(width),
      rng_(seed) {}

Result<std::unique_ptr<ConceptDriftStream>> ConceptDriftStream::create(
    std::unique_ptr<StreamGenerator> first, std::unique_ptr<StreamGenerator> second,
    double position, double width, std::uint64_t seed) {
  if (!first || !second) return Status::error("concept_drift: two streams are needed");
  if (!same_columns(*first, *second))
    return Status::error("concept_drift: the two streams must have the same columns");
  if (!(width > 0))
    return Status::error("concept_drift: parameter 'width' must be > 0 (got " +
                         format_number(width) + ")");
  return std::unique_ptr<ConceptDriftStream>(
      new ConceptDriftStream(std::move(first), std::move(second), position, width, seed));
}

double ConceptDriftStream::probability(std::uint64_t t) const {
  // exp overflows to infinity far before the position, which gives p = 0, not NaN.
  return 1 / (1 + std::exp(-4 * (static_cast<double>(t) - position_) / width_));
}

void ConceptDriftStream::make(StreamRow& row) {
  // One draw per row decides the stream, then that stream draws its row
  // (docs/algorithms.md 6.9.5). The row's concept says which stream: 1 the first, 2 the second.
  const bool second = rng_.uniform() < probability(made() + 1);
  (second ? second_ : first_)->next(row);
  row.concept_id = second ? 2 : 1;
}

std::size_t base_concepts(ConceptDriftStream::Base base) {
  switch (base) {
    case ConceptDriftStream::Base::sea:
      return SeaStream::kConcepts;
    case ConceptDriftStream::Base::stagger:
      return StaggerStream::kConcepts;
    default:
      return AgrawalStream::kFunctions;
  }
}

const char* base_name(ConceptDriftStream::Base base) {
  switch (base) {
    case ConceptDriftStream::Base::sea:
      return SeaStream::kName;
    case ConceptDriftStream::Base::stagger:
      return StaggerStream::kName;
    default:
      return AgrawalStream::kName;
  }
}

BoundParams<ConceptDriftStream::Config> concept_drift_params() {
  using C = ConceptDriftStream::Config;
  using B = ConceptDriftStream::Base;
  return {
      choice_param(&C::stream, "stream",
                   {{"agrawal", B::agrawal}, {"sea", B::sea}, {"stagger", B::stagger}},
                   "the kind of the two streams mixed"),
      integer_param(&C::first_concept, "concept", 1, 1, 10,
                    "the first stream's concept (agrawal: its function, 1 to 10; sea 1 to 4; "
                    "stagger 1 to 3)"),
      integer_param(&C::drift_concept, "drift_concept", 3, 1, 10,
                    "the second stream's concept, as concept"),
      integer_param(&C::position, "position", 5000, 0, static_cast<double>(kMaxStreamRows),
                    "the row (1-based) where half the rows come from each stream"),
      integer_param(&C::width, "width", 1000, 1, static_cast<double>(kMaxStreamRows),
                    "the rows of the change: p goes from 0.12 to 0.88 over position -+ width/2"),
  };
}

Status check_concept_drift(const ConceptDriftStream::Config& c) {
  const std::size_t count = base_concepts(c.stream);
  for (const auto& [name, value] : {std::pair<const char*, std::size_t>{"concept", c.first_concept},
                                    {"drift_concept", c.drift_concept}})
    if (value < 1 || value > count)
      return Status::error(std::string("concept_drift: parameter '") + name +
                           "' must be a whole number in [1, " + std::to_string(count) +
                           "] for stream=" + base_name(c.stream) + " (got " +
                           std::to_string(value) + ")");
  return Status::ok();
}

}  // namespace onepass
