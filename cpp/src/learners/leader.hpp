// The leader of three, `leader` (docs/algorithms.md 4.32): a first-order learner and two full
// covariance AROW learners learn every row side by side while the input is narrow, each scores
// the row before it learns it, and the one whose progressive log-loss so far is lowest answers
// (the first on a tie). Every row is scored before any member learns it, so the choice never
// looks at a row it is judged on. Past `width` features the full covariance costs more than it
// gives and the first member goes on alone.
//
// The members carry their own averaging and calibration, so the leader holds no parameters of
// its own (params_ is empty) and takes no modifier: it scores, explains and exports as its
// leading member. Its state is the members' summed log-losses.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "learners/learner.hpp"
#include "learners/score_memo.hpp"
#include "pipeline/stage_entry.hpp"

namespace onepass {

class Leader : public Learner {
 public:
  static constexpr const char* kName = "leader";
  // The members, in the order ties go: pa2(c=0.1) +avg +temperature (the first-order member),
  // arow_full(r=1) +temperature, arow_full(r=100) +temperature.
  static constexpr std::size_t kMembers = 3;
  // (LEAD-L): the log-loss a row adds to a member's sum is capped here, so that one overflowed
  // score (an infinite loss) leaves the sums finite and comparable: it costs what a probability
  // of about 1e-22 for the true class costs.
  static constexpr double kMaxRowLoss = 50;
  struct Config {
    std::size_t width = 64;  // members race while the input has at most this many features
  };
  explicit Leader(Config p) : width_(p.width) {}

  // The member that answers now: the lowest summed log-loss among those racing, the first on
  // a tie (the first alone past the width).
  std::size_t leading() const;
  std::size_t racing() const { return dims_ <= width_ ? kMembers : 1; }
  const Learner& member(std::size_t k) const { return *members_[k]; }

  // The leading member's score; the given parameters (the leader has none) are not read.
  double score_with(const double* /*params*/, const double* x) const override {
    return lead().score(x);
  }
  double score_sparse_with(const double* /*params*/, const SparseRow& x) const override {
    return lead().score_sparse(x);
  }
  double score_sparse(const SparseRow& x) const override { return lead().score_sparse(x); }
  // The leading member's training score, kept for the step that learns the row next, which
  // hands it back to that member as its margin instead of computing it again.
  double train_score(const double* x) const override;
  double train_score_sparse(const SparseRow& x) const override;
  bool has_probability() const override { return true; }
  // Sparse rows learn as the members do: natively once the first is alone (past the width),
  // made dense while the narrow members race.
  bool sparse_native() const override { return racing() == 1 && members_[0]->sparse_native(); }
  void set_weight(double w) override;
  std::uint64_t reverted_steps() const override;

  Layout params_layout() const override { return {}; }
  Layout state_layout() const override { return {fixed_values(kMembers)}; }
  // The two full covariances while the width is at most `width`, and the first member's own.
  std::uint64_t values_beyond_line() const override;
  // The members widen alike; past the width the full covariance members are dropped.
  void remap(const std::vector<std::size_t>& position, std::size_t new_dims) override;

  LearnerState save() const override;
  Status load(const LearnerState& saved) override;
  // docs/algorithms.md 4.32: each member merges by its own rule, the summed losses take their
  // weighted mean.
  bool merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
             LearnerState& out) const override;

  bool linear_form_of(const double* /*params*/, std::vector<double>& w, double& b) const override {
    return lead().linear_form(w, b);
  }
  // The leading member's arrays and scalars, named "leader", with which member leads and
  // every member's summed log-loss.
  Snapshot snapshot_of(const double* params) const override;

 protected:
  void init() override;
  bool update(const double* x, int y) override;
  bool update_sparse(const SparseRow& x, int y) override;
  // The summed losses change on every row.
  bool moves_without_update() const override { return true; }
  // The leader's own state is its kMembers sums, kept finite by (LEAD-L), and the members guard
  // their own steps (docs/algorithms.md 2.6): there is nothing of the row's to back up.
  bool guarded_sparse_step(const SparseRow& x, int y) override { return update_sparse(x, y); }

 private:
  const Learner& lead() const { return *members_[leading()]; }
  // Member k, fresh and unreset.
  static std::unique_ptr<Learner> make_member(std::size_t k);
  // The members that race at the present width, fresh, reset to it and given the row weight.
  std::vector<std::unique_ptr<Learner>> fresh_members() const;
  // Each racing member scores the row (the leader's kept score for the leading one), adds its
  // log-loss and learns the row with that score as its margin.
  template <class Row>
  bool learn_members(const Row& x, int y);

  std::size_t width_;
  std::vector<std::unique_ptr<Learner>> members_;
  // The leading member's training score of the row scored last (train_score), for the step,
  // tagged with the member.
  mutable ScoreMemo kept_;
};

// The entry of leader (docs/algorithms.md 4.32).
std::vector<RegistryEntry> leader_stages();

}  // namespace onepass
