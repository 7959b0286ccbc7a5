#include "streams/agrawal.hpp"

#include <string>
#include <utility>
#include <vector>

#include "streams/unfused.hpp"

namespace onepass {

namespace {

std::vector<std::string> levels(const char* prefix, int from, int count) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.push_back(prefix + std::to_string(from + i));
  return out;
}

bool in(double v, double lo, double hi) {
  return lo <= v && v <= hi;
}

// The salary band of group A for each age band, shared by functions 2, 4 and 6: 50K-100K under
// 40, 75K-125K from 40 to 59, 25K-75K from 60.
bool salary_band(double age, double pay) {
  if (age < 40) return in(pay, 50000, 100000);
  if (age < 60) return in(pay, 75000, 125000);
  return in(pay, 25000, 75000);
}

}  // namespace

AgrawalStream::AgrawalStream(ConceptSchedule schedule, std::uint64_t seed)
    : ScheduledStream({{"salary", {}},
                       {"commission", {}},
                       {"age", {}},
                       {"elevel", levels("level", 0, 5)},
                       {"car", levels("car", 1, 20)},
                       {"zipcode", levels("zipcode", 1, 9)},
                       {"hvalue", {}},
                       {"hyears", {}},
                       {"loan", {}}},
                      std::move(schedule), seed) {}

int AgrawalStream::label(std::size_t f, const double* x) {
  // The ten functions of the paper's appendix, group A (docs/algorithms.md 6.9.3).
  const double s = x[salary], a = x[age], e = x[elevel], l = x[loan];
  const double pay = s + x[commission];
  switch ((f + kFunctions - 1) % kFunctions + 1) {
    case 1:
      return a < 40 || a >= 60;
    case 2:
      return salary_band(a, s);
    case 3:
      if (a < 40) return e <= 1;
      if (a < 60) return 1 <= e && e <= 3;
      return e >= 2;
    case 4:
      if (a < 40) return e <= 1 ? in(s, 25000, 75000) : in(s, 50000, 100000);
      if (a < 60) return 1 <= e && e <= 3 ? in(s, 50000, 100000) : in(s, 75000, 125000);
      return e >= 2 ? in(s, 50000, 100000) : in(s, 25000, 75000);
    case 5:
      if (a < 40) return in(s, 50000, 100000) ? in(l, 100000, 300000) : in(l, 200000, 400000);
      if (a < 60) return in(s, 75000, 125000) ? in(l, 200000, 400000) : in(l, 300000, 500000);
      return in(s, 25000, 75000) ? in(l, 300000, 500000) : in(l, 100000, 300000);
    case 6:
      return salary_band(a, pay);
    case 7:
      return 2 * pay / 3 - l / 5 - 20000 > 0;
    case 8:
      return 2 * pay / 3 - 5000 * e - 20000 > 0;
    case 9:
      return 2 * pay / 3 - 5000 * e - l / 5 - 10000 > 0;
    default: {
      const double years = x[hyears];
      const double equity = years >= 20 ? x[hvalue] * (years - 20) / 10 : 0;
      return 2 * pay / 3 - 5000 * e + equity / 5 - 10000 > 0;
    }
  }
}

void AgrawalStream::make(StreamRow& row) {
  // Draws, in the columns' order (docs/algorithms.md 6.9.3); commission only when salary is
  // under 75K, where the paper gives one.
  double* x = row.x.data();
  x[salary] = 20000 + 130000 * rng_.uniform();
  x[commission] = x[salary] >= 75000 ? 0 : 10000 + 65000 * rng_.uniform();
  x[age] = static_cast<double>(20 + rng_.below(61));
  x[elevel] = static_cast<double>(rng_.below(5));
  x[car] = static_cast<double>(rng_.below(20));
  const std::uint64_t z = rng_.below(9);
  x[zipcode] = static_cast<double>(z);
  // The house's value scales with k = 9 - z, 1 to 9: the paper's k that depends on the zipcode.
  x[hvalue] = static_cast<double>(9 - z) * 100000 * (0.5 + rng_.uniform());
  x[hyears] = static_cast<double>(1 + rng_.below(30));
  x[loan] = 500000 * rng_.uniform();
  row.concept_id = concept_now();
  row.label = label(row.concept_id, x);
}

BoundParams<AgrawalStream::Config> agrawal_params() {
  using C = AgrawalStream::Config;
  return schedule_params(&C::function, "function", AgrawalStream::kFunctions,
                         "the classification function of the paper, 1 to 10 (the first one "
                         "when every > 0)",
                         &C::every,
                         "rows per function, then the next (10 is followed by 1); 0: the "
                         "function never changes");
}

}  // namespace onepass
