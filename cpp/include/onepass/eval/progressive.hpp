// Progressive validation, spec 6.1: every row is predicted by the model before it learns that
// row. Keeps cumulative mistakes M_t, confusion counts, the log-loss where the model gives
// probabilities (from the margin, spec 2.2), and the curve (t, M_t) every `every` rows.
#pragma once

#include <cstdint>
#include <vector>

namespace onepass {

struct CurvePoint {
  std::uint64_t rows;
  std::uint64_t mistakes;
};

class Progressive {
 public:
  explicit Progressive(std::uint64_t every = 0) : every_(every) {}

  // predicted and y in {-1,+1}; margin is the logit for probabilistic models.
  void record(int predicted, int y, double margin, bool probabilistic);

  std::uint64_t rows() const { return rows_; }
  std::uint64_t mistakes() const { return mistakes_; }
  double error() const { return rows_ ? static_cast<double>(mistakes_) / rows_ : 0.0; }
  std::uint64_t tp() const { return tp_; }
  std::uint64_t fp() const { return fp_; }
  std::uint64_t tn() const { return tn_; }
  std::uint64_t fn() const { return fn_; }
  // Mean log-loss (spec 2.2), or NaN when the model has no probabilities.
  double log_loss() const;
  std::uint64_t every() const { return every_; }
  const std::vector<CurvePoint>& curve() const { return curve_; }

  // [every, rows, mistakes, tp, fp, tn, fn, log-loss sum, probabilistic, curve pairs...]
  std::vector<double> save() const;
  bool load(const std::vector<double>& saved);

 private:
  std::uint64_t every_;
  std::uint64_t rows_ = 0, mistakes_ = 0, tp_ = 0, fp_ = 0, tn_ = 0, fn_ = 0;
  double log_loss_sum_ = 0;
  bool probabilistic_ = false;
  std::vector<CurvePoint> curve_;
};

}  // namespace onepass
