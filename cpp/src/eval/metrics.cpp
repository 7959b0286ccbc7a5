#include "eval/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/numerics.hpp"
#include "eval/threshold.hpp"

namespace onepass {

namespace {
double ratio(double a, double b) {
  return b > 0 ? a / b : 0.0;
}
const double kNan = std::numeric_limits<double>::quiet_NaN();
}  // namespace

double Confusion::accuracy() const {
  return total() ? static_cast<double>(tp + tn) / static_cast<double>(total()) : kNan;
}
double Confusion::precision() const {
  return ratio(tp, tp + fp);
}
double Confusion::recall() const {
  return ratio(tp, tp + fn);
}
double Confusion::f1() const {
  return tp ? ratio(2.0 * tp, 2.0 * tp + fp + fn) : 0.0;
}
double Confusion::balanced_accuracy() const {
  if (tp + fn == 0 || tn + fp == 0) return kNan;  // one class: a rate is undefined
  return (recall() + ratio(tn, tn + fp)) / 2;
}

double Confusion::ter() const {
  if (tp + fn == 0 || tn + fp == 0) return kNan;
  return ratio(fp, fp + tn) + ratio(fn, fn + tp);
}

namespace {

// The positive class is the majority on a tie too.
bool positive_majority(const Confusion& c) {
  return 2 * (c.tp + c.fn) >= c.total();
}
// The rows that always answering the majority class gets wrong: the other class's.
std::uint64_t majority_mistakes(const Confusion& c) {
  return positive_majority(c) ? c.tn + c.fp : c.tp + c.fn;
}

}  // namespace

MajorityBaseline majority_baseline(const Confusion& c) {
  if (c.total() == 0) return {};
  return {positive_majority(c),
          static_cast<double>(majority_mistakes(c)) / static_cast<double>(c.total())};
}

bool no_better_than_baseline(const Confusion& c) {
  // In counts, not rates: an error equal to the baseline's is a tie whatever the rounding.
  if (c.total() == 0 || c.fp + c.fn < majority_mistakes(c)) return false;
  // docs/algorithms.md 6.5: nor a balanced accuracy above the majority's 0.5 (a run weighted for
  // a rare class trades mistakes for it: docs/algorithms.md 4.28).
  return !(c.balanced_accuracy() > 0.5);
}

GridCurves curves_on_grid(const std::vector<double>& scores,
                          const std::vector<std::int8_t>& labels) {
  const std::size_t n = scores.size();
  double positives = 0;
  for (std::int8_t y : labels) positives += y > 0;
  const double negatives = static_cast<double>(n) - positives;
  GridCurves out;
  if (positives == 0 || negatives == 0) return out;
  for (double s : scores)
    if (std::isnan(s)) return out;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  constexpr std::size_t kGrid = 101;
  out.roc.assign(kGrid, 0.0);
  out.pr.assign(kGrid, 0.0);
  // Lowering the threshold past each group of tied scores adds a point (fpr, tpr) and
  // (recall, precision); each grid cell keeps its best.
  double tp = 0, fp = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && scores[order[j]] == scores[order[i]]) (labels[order[j++]] > 0 ? tp : fp) += 1;
    i = j;
    const double tpr = tp / positives, fpr = fp / negatives, precision = tp / (tp + fp);
    // The first grid point at or after fpr sees tpr; the last at or before the recall sees
    // the precision (both then spread: the ROC curve rises, interpolated precision falls).
    const auto at_or_after = static_cast<std::size_t>(std::ceil(fpr * (kGrid - 1) - 1e-9));
    out.roc[std::min(at_or_after, kGrid - 1)] =
        std::max(out.roc[std::min(at_or_after, kGrid - 1)], tpr);
    const auto at_or_before = static_cast<std::size_t>(std::floor(tpr * (kGrid - 1) + 1e-9));
    out.pr[at_or_before] = std::max(out.pr[at_or_before], precision);
  }
  for (std::size_t g = 1; g < kGrid; ++g) out.roc[g] = std::max(out.roc[g], out.roc[g - 1]);
  for (std::size_t g = kGrid - 1; g-- > 0;) out.pr[g] = std::max(out.pr[g], out.pr[g + 1]);
  return out;
}

double ReliabilityBins::rows() const {
  double n = 0;
  for (double c : count) n += c;
  return n;
}

double ReliabilityBins::mean_probability(std::size_t bin) const {
  return count[bin] > 0 ? probability[bin] / count[bin] : kNan;
}

double ReliabilityBins::observed_rate(std::size_t bin) const {
  return count[bin] > 0 ? positives[bin] / count[bin] : kNan;
}

std::vector<double> ReliabilityBins::save() const {
  std::vector<double> out(count, count + kBins);
  out.insert(out.end(), probability, probability + kBins);
  out.insert(out.end(), positives, positives + kBins);
  return out;
}

bool ReliabilityBins::load(const std::vector<double>& s, std::size_t at) {
  if (s.size() < at + 3 * kBins) return false;
  ReliabilityBins b;
  for (std::size_t i = 0; i < kBins; ++i) {
    b.count[i] = s[at + i];
    b.probability[i] = s[at + kBins + i];
    b.positives[i] = s[at + 2 * kBins + i];
    // Whole counts, positives among them, probabilities within the bin's rows.
    if (!(b.count[i] >= 0) || b.count[i] != std::floor(b.count[i]) || !(b.positives[i] >= 0) ||
        b.positives[i] > b.count[i] || b.positives[i] != std::floor(b.positives[i]) ||
        !(b.probability[i] >= 0) || b.probability[i] > b.count[i])
      return false;
  }
  *this = b;
  return true;
}

void ReliabilityBins::add_bins(const ReliabilityBins& other, double sign) {
  for (std::size_t i = 0; i < kBins; ++i) {
    count[i] += sign * other.count[i];
    probability[i] += sign * other.probability[i];
    positives[i] += sign * other.positives[i];
  }
}

double roc_auc(const std::vector<double>& scores, const std::vector<std::int8_t>& labels) {
  const std::size_t n = scores.size();
  // A score that overflowed to NaN cannot be ranked: the AUC is undefined (and NaN would break
  // the sort's ordering).
  for (double s : scores)
    if (std::isnan(s)) return kNan;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
  // Sum of the positives' ranks, tied scores sharing their average rank.
  double rank_sum = 0, positives = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && scores[order[j]] == scores[order[i]]) ++j;
    const double avg_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t t = i; t < j; ++t)
      if (labels[order[t]] > 0) {
        rank_sum += avg_rank;
        positives += 1;
      }
    i = j;
  }
  const double negatives = static_cast<double>(n) - positives;
  if (positives == 0 || negatives == 0) return kNan;
  return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

double precision_at_k(const std::vector<double>& scores, const std::vector<std::int8_t>& labels,
                      std::size_t k) {
  std::vector<std::size_t> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  // NaN scores rank last, so that the comparison stays a strict weak ordering.
  auto key = [&](std::size_t i) { return std::isnan(scores[i]) ? -HUGE_VAL : scores[i]; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
  const std::size_t top = std::min(k, order.size());
  if (top == 0) return kNan;
  double hits = 0;
  for (std::size_t i = 0; i < top; ++i) hits += labels[order[i]] > 0;
  return hits / static_cast<double>(top);
}

double mean_log_loss(const std::vector<double>& margins, const std::vector<std::int8_t>& labels) {
  if (margins.empty()) return kNan;
  double sum = 0;
  for (std::size_t i = 0; i < margins.size(); ++i)
    sum += log_loss_from_margin(labels[i] > 0 ? 1.0 : 0.0, margins[i]);
  return sum / static_cast<double>(margins.size());
}

const std::vector<std::string>& metric_names() {
  static const std::vector<std::string> names = {
      "accuracy", "error", "precision", "recall", "f1",  "balancedAccuracy", "logLoss", "tp",
      "fp",       "tn",    "fn",        "auc",    "pAtK"};
  return names;
}

std::vector<std::pair<std::string, double>> confusion_metrics(const Confusion& c, double log_loss) {
  return {{"accuracy", c.accuracy()},
          {"error", c.total() ? c.error() : kNan},
          {"precision", c.precision()},
          {"recall", c.recall()},
          {"f1", c.f1()},
          {"balancedAccuracy", c.balanced_accuracy()},
          {"logLoss", log_loss},
          {"tp", static_cast<double>(c.tp)},
          {"fp", static_cast<double>(c.fp)},
          {"tn", static_cast<double>(c.tn)},
          {"fn", static_cast<double>(c.fn)}};
}

std::vector<std::pair<std::string, double>> all_metrics(const std::vector<double>& margins,
                                                        const std::vector<std::int8_t>& labels,
                                                        bool probabilistic, std::size_t k,
                                                        double threshold) {
  Confusion c;
  for (std::size_t i = 0; i < margins.size(); ++i)
    c.add(std::isnan(threshold) ? label_of_score(margins[i])
                                : (decision_score(margins[i], probabilistic) >= threshold ? 1 : -1),
          labels[i]);
  auto out = confusion_metrics(c, probabilistic ? mean_log_loss(margins, labels) : kNan);
  out.emplace_back("auc", roc_auc(margins, labels));
  out.emplace_back("pAtK", precision_at_k(margins, labels, k));
  return out;
}

}  // namespace onepass
