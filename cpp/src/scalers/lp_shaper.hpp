// The local-probability shaper of S1 and its log-odds variant, spec 5.4, fitted per feature on
// a warm-up window. For each distinct training value v, the window W(v) holds the examples at
// v plus up to n below and n above in sorted order (D-LP-1), and
//   p^(v) = (positives in W + 1) / (|W| + 2)                       (Laplace correction)
// A value between two training values is interpolated linearly, one outside them is clamped.
// Output p (lp) or ln(p/(1 - p)) (logodds). With zero_special, zeros form their own bin, the
// others are estimated among the non-zero values only, and the shaped value of 0 is
// subtracted so that 0 stays 0 (sparse data); a feature with no non-zero value maps to 0
// (D-LP-2). Missing cells are left out of the fit and stay missing.
#pragma once

#include <vector>

#include "pipeline/stage_entry.hpp"
#include "scalers/warmup.hpp"

namespace onepass {

struct LpTable {
  std::vector<double> values;  // distinct training values, ascending
  std::vector<double> probs;   // p^ at each
  double zero_prob = 0.5;      // zero_special: p^(0)
  bool any = false;            // any training value to estimate from
};

// spec 5.4 steps 1-3 for one feature: (value, label in {-1,+1}) pairs, window half-size n.
LpTable fit_lp_table(std::vector<std::pair<double, int>> data, std::size_t n, bool zero_special);

class LpShaper : public WarmupScaler {
 public:
  // By `log_odds`: the names of the snapshots and of the registry's entries.
  static constexpr const char* kNames[] = {"lp", "logodds"};
  struct Config {  // the registry's defaults
    std::size_t warmup = 500;
    std::size_t n = 15;  // D-LP-1
    bool zero_special = false;
  };
  LpShaper(bool log_odds, Config c)
      : WarmupScaler(c.warmup), log_odds_(log_odds), n_(c.n), zero_special_(c.zero_special) {}

  void transform(const double* x, double* out) const override;
  Snapshot snapshot() const override;
  // The fitted estimate p^ of a value of feature j (before the output map).
  double probability(std::size_t j, double v) const;

 protected:
  void init_fit() override { tables_.assign(dims_, LpTable{}); }
  void fit(const double* rows, const std::int8_t* labels, std::size_t n) override;
  void save_fit(StateWriter& w) const override;
  bool load_fit(StateReader& r) override;

 private:
  double output(double p) const;
  // What transform() gives for value v of feature j.
  double shaped(std::size_t j, double v) const;
  bool log_odds_;
  std::size_t n_;
  bool zero_special_;
  std::vector<LpTable> tables_;
};

// The entries of lp and logodds (spec 5.4), in that order.
std::vector<RegistryEntry> lp_shaper_stages();

}  // namespace onepass
