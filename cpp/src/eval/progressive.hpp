// Progressive validation, spec 6.1: every row is predicted by the model before it learns that
// row. Keeps cumulative mistakes M_t, confusion counts, the log-loss where the model gives
// probabilities (from the margin, spec 2.2), the curve (t, M_t) every `every` rows, and the
// error and log-loss over the last `window` rows (for drifting streams; with a window, each
// curve point also keeps that error at its row), and for a model that gives probabilities
// their reliability bins (docs/algorithms.md 6.5).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "eval/metrics.hpp"

namespace onepass {

struct CurvePoint {
  std::uint64_t rows;
  std::uint64_t mistakes;
  // The error over the last `window` rows at this point (docs/algorithms.md 6.1); NaN without
  // a window, or at a point of a model saved before points kept it.
  double window_error = std::numeric_limits<double>::quiet_NaN();
};

class Progressive {
 public:
  explicit Progressive(std::uint64_t every = 0, std::uint64_t window = 0)
      : every_(every), window_(window), next_point_(every) {}

  // predicted and y in {-1,+1}; margin is the logit for probabilistic models.
  void record(int predicted, int y, double margin, bool probabilistic);

  std::uint64_t rows() const { return confusion_.total(); }
  std::uint64_t mistakes() const { return confusion_.fp + confusion_.fn; }
  double error() const { return rows() ? static_cast<double>(mistakes()) / rows() : 0.0; }
  const Confusion& confusion() const { return confusion_; }
  // Mean log-loss (spec 2.2), or NaN when the model has no probabilities.
  double log_loss() const;
  std::uint64_t every() const { return every_; }
  std::uint64_t window() const { return window_; }
  const std::vector<CurvePoint>& curve() const { return curve_; }
  // Error and mean log-loss over the last window() rows (NaN without a window or rows).
  double rolling_error() const;
  double rolling_log_loss() const;
  // The progressive probabilities' reliability bins (empty without probabilities).
  bool probabilistic() const { return probabilistic_; }
  const ReliabilityBins& reliability() const { return bins_; }
  // A merge's (models/model_merge.cpp): the bins of every model, and whether any model gave
  // probabilities.
  void set_reliability(const ReliabilityBins& bins, bool probabilistic) {
    bins_ = bins;
    probabilistic_ = probabilistic_ || probabilistic;
  }

  // [every, window, tp, fp, tn, fn, log-loss sum, probabilistic, curve points C,
  //  curve pairs (2C), window fill, window head, window mistakes, window losses, reliability
  //  bins, windowed curve]: the window's values once a row filled them, the bins
  //  (ReliabilityBins::save) once a probability was recorded, and with a window and curve
  //  points their windowed errors then -1 - C. A state saved without bins (before they were
  //  kept) loads with empty ones; one without windowed errors (before points kept them), with
  //  NaN ones.
  std::vector<double> save() const;
  bool load(const std::vector<double>& saved);
  // Positions of the counters that add up when models are merged.
  static constexpr std::size_t kFirstCounter = 2, kEndCounter = 7;
  // The rows a saved state counts (tp + fp + tn + fn: rows() of what it loads into); its size
  // must reach kEndCounter.
  static double saved_rows(const std::vector<double>& saved) {
    return saved[2] + saved[3] + saved[4] + saved[5];
  }

 private:
  std::uint64_t every_, window_;
  Confusion confusion_;
  double log_loss_sum_ = 0;
  bool probabilistic_ = false;
  std::vector<CurvePoint> curve_;
  // The row count of the next curve point (counted, not a division per row).
  std::uint64_t next_point_;
  // The last `window_` rows: a ring of (mistake, loss) with its fill and next position.
  std::vector<double> ring_mistakes_, ring_losses_;
  std::uint64_t fill_ = 0, head_ = 0;
  // The mistakes in the ring, counted as rows enter and leave it (exact: whole numbers), so a
  // curve point's windowed error costs no pass over the window.
  std::uint64_t window_mistakes_ = 0;
  ReliabilityBins bins_;
};

}  // namespace onepass
