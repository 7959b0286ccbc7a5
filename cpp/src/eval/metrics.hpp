// Metrics of spec 6.5 over predictions, margins and labels in {-1,+1}.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace onepass {

// Figures by name, in the order a protocol reports them.
using Metrics = std::vector<std::pair<std::string, double>>;

// Confusion counts and what follows from them (spec 6.5).
struct Confusion {
  std::uint64_t tp = 0, fp = 0, tn = 0, fn = 0;
  void add(int predicted, int y) {
    (y > 0 ? (predicted > 0 ? tp : fn) : (predicted > 0 ? fp : tn))++;
  }
  std::uint64_t total() const { return tp + fp + tn + fn; }
  double accuracy() const;
  double error() const { return 1.0 - accuracy(); }
  double precision() const;          // TP/(TP+FP); 0 when nothing was predicted positive
  double recall() const;             // TP/(TP+FN), the true-positive rate
  double f1() const;                 // 2TP/(2TP+FP+FN); 0 when TP = 0 (D-EVAL-2)
  double balanced_accuracy() const;  // (TPR + TNR)/2, Brodersen et al.
  double ter() const;                // FPR + FNR (S2)
};

// The majority-class baseline of counted rows (spec 6.5): always answering the class most of
// them had (the positive one on a tie) errs on the share of the other class. A pipeline whose
// error is not below it has learned nothing that one constant answer would not give, however
// low its error looks on an imbalanced file.
struct MajorityBaseline {
  bool positive = true;  // the majority class
  double error = 0;      // 0 with no rows
};
MajorityBaseline majority_baseline(const Confusion& c);
// Whether counts of rows predicted are no better than their majority baseline: as many
// mistakes or more, and a balanced accuracy not above its 0.5 (docs/algorithms.md 6.5; false
// with no rows).
bool no_better_than_baseline(const Confusion& c);

// The reliability (calibration) curve of probabilities (docs/algorithms.md 6.5): kBins
// equal-width bins of the predicted probability of the positive class, [0, 0.1), ..., [0.9, 1],
// each with its rows, the sum of their probabilities and their positives; a calibrated model's
// mean probability in a bin is the share of positives there.
struct ReliabilityBins {
  static constexpr std::size_t kBins = 10;
  double count[kBins] = {}, probability[kBins] = {}, positives[kBins] = {};
  // A row of probability p (NaN: left out) and label y in {-1,+1}.
  void add(double p, int y) {
    if (!(p >= 0 && p <= 1)) return;
    const std::size_t bin = p >= 1 ? kBins - 1 : static_cast<std::size_t>(p * kBins);
    count[bin] += 1;
    probability[bin] += p;
    if (y > 0) positives[bin] += 1;
  }
  double rows() const;
  // The bin's mean probability and share of positives (NaN for an empty bin).
  double mean_probability(std::size_t bin) const;
  double observed_rate(std::size_t bin) const;
  // [count x kBins, probability sums x kBins, positives x kBins]
  std::vector<double> save() const;
  // From save()'s values at `at`; false when they are not counts and sums that fit.
  bool load(const std::vector<double>& saved, std::size_t at);
  // Every bin's sums plus `sign` times other's (a merge adds models' bins, less a base's).
  void add_bins(const ReliabilityBins& other, double sign = 1);
};

// ROC AUC as the Mann-Whitney statistic, ties counting 1/2 (spec 6.5); NaN with one class.
double roc_auc(const std::vector<double>& scores, const std::vector<std::int8_t>& labels);
// The ROC and precision-recall curves of scores against labels on a grid of 101 points x = 0,
// 0.01, ..., 1, for drawing and comparing pipelines: the ROC curve as the highest
// true-positive rate at a false-positive rate <= x, the precision-recall curve as the
// interpolated precision, the highest precision at a recall >= x (0 where none reaches it),
// over every threshold between distinct scores. Empty with one class or a NaN score.
struct GridCurves {
  std::vector<double> roc, pr;
};
GridCurves curves_on_grid(const std::vector<double>& scores,
                          const std::vector<std::int8_t>& labels);
// Share of positives among the k highest scores, ties broken by input order; fewer than k rows:
// all of them (D-EVAL-3).
double precision_at_k(const std::vector<double>& scores, const std::vector<std::int8_t>& labels,
                      std::size_t k);
// Mean log-loss from margins (spec 2.2).
double mean_log_loss(const std::vector<double>& margins, const std::vector<std::int8_t>& labels);

// The metrics that follow from confusion counts (and the log-loss, NaN when none), by name.
std::vector<std::pair<std::string, double>> confusion_metrics(const Confusion& c, double log_loss);

// The metrics the CLI and the API know, by name, in this order.
const std::vector<std::string>& metric_names();
// Every metric of scored rows: (name, value) in metric_names() order; log-loss only when the
// model gives probabilities (NaN otherwise). The rows are predicted by the sign of the margin
// (D-TIE), or by a decision threshold when one is given (eval/threshold.hpp decision_score).
std::vector<std::pair<std::string, double>> all_metrics(
    const std::vector<double>& margins, const std::vector<std::int8_t>& labels, bool probabilistic,
    std::size_t k = 20, double threshold = std::numeric_limits<double>::quiet_NaN());

}  // namespace onepass
