#include "learners/leader.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "core/limits.hpp"
#include "core/numerics.hpp"
#include "learners/arow_full.hpp"
#include "learners/averaged.hpp"
#include "learners/learn_row.hpp"
#include "learners/passive_aggressive.hpp"
#include "learners/temperature.hpp"

namespace onepass {

std::unique_ptr<Learner> Leader::make_member(std::size_t k) {
  if (k == 0) {
    PassiveAggressive::Config pa;
    pa.c = 0.1;
    return std::make_unique<Temperature>(
        std::make_unique<Averaged>(std::make_unique<PassiveAggressive>(PaVariant::pa2, pa)));
  }
  FullArow::Config arow;
  arow.r = k == 1 ? 1 : 100;
  return std::make_unique<Temperature>(std::make_unique<FullArow>(arow));
}

std::size_t Leader::leading() const {
  // (LEAD-C): the lowest sum answers; a tie goes to the member listed first.
  std::size_t best = 0;
  for (std::size_t k = 1; k < racing(); ++k)
    if (state_[k] < state_[best]) best = k;
  return best;
}

void Leader::init() {
  kept_.forget();
  members_ = fresh_members();
  state_.assign(kMembers, 0.0);
}

std::vector<std::unique_ptr<Learner>> Leader::fresh_members() const {
  std::vector<std::unique_ptr<Learner>> out;
  for (std::size_t k = 0; k < racing(); ++k) {
    out.push_back(make_member(k));
    out.back()->reset(dims_);
    out.back()->set_weight(weight_);
  }
  return out;
}

double Leader::train_score(const double* x) const {
  const std::size_t k = leading();
  const double s = members_[k]->train_score(x);
  kept_.keep(x, s, s, k);
  return s;
}

double Leader::train_score_sparse(const SparseRow& x) const {
  const std::size_t k = leading();
  const double s = members_[k]->train_score_sparse(x);
  kept_.keep(x, s, s, k);
  return s;
}

template <class Row>
bool Leader::learn_members(const Row& x, int y) {
  const std::size_t lead = leading();  // the member that answered this row
  const std::optional<double> kept = kept_.recall(x, given_margin(), lead);
  // Past the width the first member answers whatever the sums say: it learns alone, and the sums
  // stay as they were when the others were dropped.
  if (racing() == 1)
    return learn_row(*members_[0], x, y, kept ? *kept : training_score(*members_[0], x));
  bool changed = false;
  for (std::size_t k = 0; k < racing(); ++k) {
    // docs/algorithms.md 4.32 (LEAD-S): the score comes before the member learns the row.
    const double s = k == lead && kept ? *kept : training_score(*members_[k], x);
    state_[k] += weight_ * std::min(kMaxRowLoss, log_loss_from_margin(y > 0 ? 1.0 : 0.0, s));
    changed = learn_row(*members_[k], x, y, s) || changed;
  }
  return changed;
}

bool Leader::update(const double* x, int y) {
  return learn_members(x, y);
}
bool Leader::update_sparse(const SparseRow& x, int y) {
  return learn_members(x, y);
}

void Leader::set_weight(double w) {
  weight_ = w;
  for (auto& m : members_) m->set_weight(w);
}

std::uint64_t Leader::reverted_steps() const {
  std::uint64_t n = reverted_steps_;
  for (const auto& m : members_) n += m->reverted_steps();
  return n;
}

std::uint64_t Leader::values_beyond_line() const {
  const std::uint64_t side = width_ + 1;  // the width and the bias
  return members_.empty() ? 0 : members_[0]->values_beyond_line() + (kMembers - 1) * side * side;
}

void Leader::remap(const std::vector<std::size_t>& position, std::size_t new_dims) {
  if (new_dims < dims_ || (position.empty() && new_dims == dims_)) return;
  kept_.forget();
  dims_ = new_dims;
  members_.resize(racing());  // past the width the full covariance members are dropped
  for (auto& m : members_) m->remap(position, new_dims);
}

LearnerState Leader::save() const {
  LearnerState s{{}, state_, reverted_steps_, {}};
  for (const auto& m : members_) s.inner.push_back(m->save());
  return s;
}

Status Leader::load(const LearnerState& saved) {
  if (!saved.params.empty() || saved.state.size() != kMembers || saved.inner.size() != racing())
    return Status::error("the saved state is not that of a leader of " + std::to_string(racing()) +
                         " members at " + std::to_string(dims_) + " features");
  for (double sum : saved.state)
    if (!(sum >= 0)) return Status::error("the saved leader's summed log-losses are not all >= 0");
  // Nothing changes on an error: the members load into fresh ones, kept only if all load.
  std::vector<std::unique_ptr<Learner>> fresh = fresh_members();
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    Status st = fresh[k]->load(saved.inner[k]);
    if (!st) return st;
  }
  members_ = std::move(fresh);
  state_ = saved.state;
  reverted_steps_ = saved.reverted_steps;
  kept_.forget();
  return Status::ok();
}

bool Leader::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                   LearnerState& out) const {
  std::vector<const std::vector<double>*> sums;
  out.reverted_steps = 0;
  for (const LearnerState* s : parts) {
    if (!s->params.empty() || s->state.size() != kMembers || s->inner.size() != members_.size())
      return false;
    sums.push_back(&s->state);
    out.reverted_steps += s->reverted_steps;
  }
  out.params.clear();
  if (!weighted_mean_into(sums, w, out.state)) return false;
  out.inner.assign(members_.size(), {});
  for (std::size_t k = 0; k < members_.size(); ++k) {
    std::vector<const LearnerState*> of_member;
    for (const LearnerState* s : parts) of_member.push_back(&s->inner[k]);
    if (!members_[k]->merge(of_member, w, out.inner[k])) return false;
  }
  return true;
}

Snapshot Leader::snapshot_of(const double* /*params*/) const {
  Snapshot s = lead().snapshot();
  s.name = kName;
  s.scalars.emplace_back("leading", static_cast<double>(leading()));
  for (std::size_t k = 0; k < kMembers; ++k)
    s.scalars.emplace_back("log_loss_" + std::to_string(k + 1),
                           k < state_.size() ? state_[k] : 0.0);
  return s;
}

std::vector<RegistryEntry> leader_stages() {
  using C = Leader::Config;
  RegistryEntry e = learner_entry(
      Leader::kName,
      "pa2(c=0.1) +avg +temperature and full-covariance AROW at r = 1 and r = 100 learn side "
      "by side and the one of least progressive log-loss answers; the first alone past `width` "
      "features",
      "4.32",
      "Blum, Kalai & Langford, Beating the Hold-Out: Bounds for K-fold and Progressive "
      "Cross-Validation (COLT 1999)",
      true);
  e.takes_modifiers = false;
  BoundParams<C> params;
  params.add(integer_param(&C::width, "width", 64, 0, kMaxFullCovarianceDims,
                           "the members race while the input has at most this many features"));
  bind_learner<Leader>(e, std::move(params));
  return entry_list(std::move(e));
}

}  // namespace onepass
