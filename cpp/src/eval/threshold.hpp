// A yes/no model's decision threshold tuned on held-out rows (docs/algorithms.md 6.2): the
// threshold among the rows' own scores that maximises F1, balanced accuracy or accuracy there,
// for a test part that never informs it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics.hpp"

namespace onepass {

// What a threshold compares (the rule of api/scorer.hpp): the probability of the positive class
// for a model that gives one, else the margin. A row whose score is at least the threshold is
// positive (D-TIE).
inline double decision_score(double margin, bool probabilistic) {
  return probabilistic ? sigmoid(margin) : margin;
}

// The metrics a threshold may be tuned for.
const std::vector<std::string>& tunable_metrics();

struct TunedThreshold {
  double threshold = 0;  // NaN with no scored rows
  double value = 0;      // the metric at that threshold, on the rows it was tuned on
};
// The threshold among the distinct scores that maximises `metric` over the rows (the lowest on a
// tie), by one sweep of the rows in score order: O(n log n). Rows whose score is NaN are left
// out. "Every row negative" (a threshold above all) is not a candidate: a threshold that
// answers one class for every row is no decision rule.
TunedThreshold best_threshold(const std::vector<double>& scores,
                              const std::vector<std::int8_t>& labels, const std::string& metric);

}  // namespace onepass
