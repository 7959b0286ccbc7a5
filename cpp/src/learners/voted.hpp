// Survival-weighted voting "+vote", spec 3.2 (S4's "v" learners), as a wrapper around any
// learner: each hypothesis is weighted by the number of rows it survived (rows that triggered
// no update, D-VOTE-1). On an update: acc += c * theta_before; Z += c; c = 0. The voted model
// (acc + c theta)/(Z + c) is what the wrapper's parameters hold, for frozen predictions and
// snapshots; during training, predictions use the current hypothesis, as in S4. (S4's own code
// computed the uniform average: "+avg" replicates its tables, "+vote" follows its text.)
#pragma once

#include "learners/wrapper.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Voted : public WrappedLearner {
 public:
  static constexpr const char* kName = "vote";  // its snapshots append "+vote"
  explicit Voted(std::unique_ptr<Learner> inner) : WrappedLearner(std::move(inner)) {}

  double train_score(const double* x) const override { return inner_->score(x); }
  double train_score_sparse(const SparseRow& x) const override { return inner_->score_sparse(x); }
  Snapshot snapshot_of(const double* params) const override;
  void remap(const std::vector<std::size_t>& position, std::size_t new_dims) override;
  Layout params_layout() const override { return inner_->params_layout(); }
  Layout state_layout() const override;

 protected:
  void init() override;
  bool update(const double* x, int y) override;

 private:
  // state_ = [c, Z, acc (P)]
  std::vector<double> before_;
};

// The modifier vote's entry of the registry (spec 3.2).
std::vector<RegistryEntry> voted_stages();

}  // namespace onepass
