// Agrawal, Imielinski and Swami's loan applicants (1993), docs/algorithms.md 6.9.3: nine
// attributes of a person (salary, commission, age, elevel, car, zipcode, hvalue, hyears, loan) and
// ten classification functions; the label is 1 for the function's group A, 0 for group B. elevel,
// car and zipcode are categories, written as the text of their levels (level0..level4,
// car1..car20, zipcode1..zipcode9), the others numbers. No perturbation (the paper's 0).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bound_params.hpp"
#include "streams/scheduled.hpp"

namespace onepass {

class AgrawalStream : public ScheduledStream {
 public:
  static constexpr const char* kName = "agrawal";
  static constexpr std::size_t kFunctions = 10;
  // The columns' order.
  enum Column { salary, commission, age, elevel, car, zipcode, hvalue, hyears, loan };
  struct Config {
    std::size_t function = 1;
    std::size_t every = 0;  // rows per function, then the next; 0: the function never changes
  };
  // A function past 10 in the schedule reads as its remainder (11 as 1).
  AgrawalStream(ConceptSchedule schedule, std::uint64_t seed);

  // Function f's label of a row laid out as the columns (elevel, car and zipcode as their
  // levels' indices): 1 for group A.
  static int label(std::size_t f, const double* x);

 private:
  void make(StreamRow& row) override;
};

BoundParams<AgrawalStream::Config> agrawal_params();

}  // namespace onepass
