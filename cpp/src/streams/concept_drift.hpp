// MOA's ConceptDriftStream (Bifet et al. 2009), docs/algorithms.md 6.9.5: a change from one
// stream to another spread over `width` rows around `position`. Row t (1-based) comes from the
// second stream with probability p(t) = 1/(1 + exp(-4 (t - position)/width)), else from the
// first; only the stream drawn from advances.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/bound_params.hpp"
#include "core/seeded_random.hpp"
#include "streams/stream.hpp"

namespace onepass {

class ConceptDriftStream : public StreamGenerator {
 public:
  static constexpr const char* kName = "concept_drift";
  // The streams the catalog mixes: two of one kind, each with a fixed concept.
  enum class Base { agrawal, sea, stagger };
  struct Config {
    Base stream = Base::agrawal;
    std::size_t first_concept = 1;
    std::size_t drift_concept = 3;
    std::size_t position = 5000;
    std::size_t width = 1000;
  };
  // The two streams must have the same columns; width > 0.
  static Result<std::unique_ptr<ConceptDriftStream>> create(std::unique_ptr<StreamGenerator> first,
                                                            std::unique_ptr<StreamGenerator> second,
                                                            double position, double width,
                                                            std::uint64_t seed);
  // The probability that row t (1-based) comes from the second stream.
  double probability(std::uint64_t t) const;

 private:
  ConceptDriftStream(std::unique_ptr<StreamGenerator> first,
                     std::unique_ptr<StreamGenerator> second, double position, double width,
                     std::uint64_t seed);
  void make(StreamRow& row) override;
  std::unique_ptr<StreamGenerator> first_, second_;
  double position_, width_;
  SeededRandom rng_;
};

// The parameters of the catalog's concept_drift; check() says what their ranges cannot (the
// concepts within the chosen stream's).
BoundParams<ConceptDriftStream::Config> concept_drift_params();
Status check_concept_drift(const ConceptDriftStream::Config& c);
// The number of concepts of a base stream (4, 3 or 10) and its name.
std::size_t base_concepts(ConceptDriftStream::Base base);
const char* base_name(ConceptDriftStream::Base base);

}  // namespace onepass
