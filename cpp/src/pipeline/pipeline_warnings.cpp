// What a run says about a pipeline's fit to its input (docs/design.md, "What a run says about
// fit"): values the scalers left out, margins beyond the range of double, a learner given input
// it cannot use, and one on raw features that learned nothing.
#include "eval/metrics.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

std::vector<std::string> Pipeline::warnings() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scalers_.size(); ++i)
    if (const std::uint64_t n = scalers_[i]->values_left_out(); n > 0)
      out.push_back(
          scaler_texts_[i] + " left " + std::to_string(n) +
          " values out of its statistics, as missing: too large to square (beyond about 1e154)");
  if (infinite_margins_ > 0)
    out.push_back(std::to_string(infinite_margins_) +
                  " rows had an infinite margin (features beyond about 1e154, or weights grown "
                  "as large): each costs 0 or an infinite log-loss; scale the features");
  if (undefined_margins_ > 0)
    out.push_back(std::to_string(undefined_margins_) +
                  " rows had an undefined margin (inf - inf: features beyond about 1e154, or a "
                  "diverged model) and were predicted as ties; scale the features");
  const std::string need = input_need_text(needs_);
  // docs/algorithms.md 6.5: a learner on raw features that ends no better than the majority
  // class (logreg, the PA family, AdaGrad, FTRL: their steps grow with the features' size) is
  // told what usually mends it.
  const bool useless =
      rows() >= 100 && (task_learner_ ? task_progress_.no_better_than_baseline()
                                      : no_better_than_baseline(progress_.confusion()));
  if (scalers_.empty() && needs_ == InputNeed::any && useless)
    out.push_back(learner_name_ + " has no scaler before it and did no better than " +
                  (task_ == Task::regression ? "the mean" : "the majority class") +
                  ": on raw values its steps follow the features' sizes; try zscore | " +
                  learner_name_);
  if (task_learner_) {
    if (const std::uint64_t n = task_learner_->reverted_steps(); n > 0)
      out.push_back(learner_name_ + " refused " + std::to_string(n) +
                    " steps that would have made a weight infinite (docs/algorithms.md 2.6); "
                    "scale the features");
    return out;
  }
  if (needs_ == InputNeed::scaled && scalers_.empty())
    out.push_back(learner_name_ + " has no scaler before it and learns best from " + need +
                  ": on raw values its steps can diverge");
  if (const std::uint64_t n = learner_->negative_input_rows(); n > 0)
    out.push_back(learner_name_ + " needs " + need + ": " + std::to_string(n) + " of " +
                  std::to_string(progress_.rows()) +
                  " rows had negative values, which it never updates (D-WIN-1)");
  return out;
}

}  // namespace onepass
