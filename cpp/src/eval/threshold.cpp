#include "eval/threshold.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/metrics.hpp"

namespace onepass {

namespace {

double metric_of(const Confusion& c, const std::string& metric) {
  if (metric == "f1") return c.f1();
  if (metric == "balancedAccuracy") return c.balanced_accuracy();
  return c.accuracy();
}

}  // namespace

const std::vector<std::string>& tunable_metrics() {
  static const std::vector<std::string> names = {"f1", "balancedAccuracy", "accuracy"};
  return names;
}

TunedThreshold best_threshold(const std::vector<double>& scores,
                              const std::vector<std::int8_t>& labels, const std::string& metric) {
  TunedThreshold best{std::numeric_limits<double>::quiet_NaN(),
                      std::numeric_limits<double>::quiet_NaN()};
  // A row without a score (NaN) is left out: no threshold places it.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < scores.size(); ++i)
    if (!std::isnan(scores[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
  // At the lowest score every row is positive; each step up turns a group of equal scores
  // negative.
  Confusion c;
  for (std::size_t i : order) (labels[i] > 0 ? c.tp : c.fp)++;
  for (std::size_t i = 0; i < order.size();) {
    const double t = scores[order[i]];
    const double v = metric_of(c, metric);
    if (v > best.value || (std::isnan(best.value) && !std::isnan(v))) best = {t, v};
    for (; i < order.size() && scores[order[i]] == t; ++i) {
      if (labels[order[i]] > 0) {
        --c.tp;
        ++c.fn;
      } else {
        --c.fp;
        ++c.tn;
      }
    }
  }
  return best;
}

}  // namespace onepass
