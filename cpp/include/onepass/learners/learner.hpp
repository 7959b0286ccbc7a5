// The learner interface (DESIGN.md "Interfaces"). A learner keeps every parameter that averaging
// may average in one contiguous vector `params_` (spec 3: "all parameter arrays are averaged
// element-wise") and its other state (counters, class means) in `state_`. Scoring is a function
// of (parameters, row), so an averaging wrapper can score with its averaged copy of the
// parameters without the learner knowing it exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "onepass/core/snapshot.hpp"
#include "onepass/core/status.hpp"

namespace onepass {

// Everything a learner needs to resume exactly: its parameters, its other state, the steps its
// guard reverted and, for a wrapper (+avg, +vote), the same of the learner it wraps.
struct LearnerState {
  std::vector<double> params, state;
  std::uint64_t reverted_steps = 0;
  std::vector<LearnerState> inner;  // none, or the wrapped learner's
};

class Learner {
 public:
  virtual ~Learner() = default;

  // Sets the input width and the initial parameters theta^(0); forgets everything learned.
  void reset(std::size_t dims);
  std::size_t dims() const { return dims_; }

  // Margin s(x) (spec 1.2) of a row of dims() values under the given parameters.
  virtual double score_with(const double* params, const double* x) const = 0;
  double score(const double* x) const { return score_with(params_.data(), x); }
  // The score that progressive validation records while training. It is score() except for
  // voting, whose training-time predictions use the current hypothesis (spec 3.2).
  virtual double train_score(const double* x) const { return score(x); }
  virtual bool has_probability() const { return false; }

  // Learns one row with label y in {-1,+1}. Returns true iff the parameters changed (the
  // learner's update condition held; spec 1.3). spec 2.6 (D-DIV): an update that would make
  // any parameter non-finite is reverted, the learner is marked diverged and keeps predicting
  // with its last finite parameters.
  bool learn(const double* x, int y);

  const std::vector<double>& params() const { return params_; }
  const std::vector<double>& state() const { return state_; }
  bool diverged() const { return reverted_steps() > 0; }
  // Wrappers report the steps their inner learner reverted.
  virtual std::uint64_t reverted_steps() const { return reverted_steps_; }

  // The full state, and its restoration into a learner reset to the same width and built
  // from the same spec (sizes are checked; nothing changes on an error).
  virtual LearnerState save() const;
  virtual Status load(const LearnerState& saved);

  // Named arrays of the given parameter vector (own or averaged), e.g. "w" and "b".
  virtual Snapshot snapshot_of(const double* params) const = 0;
  Snapshot snapshot() const { return snapshot_of(params_.data()); }

 protected:
  // Fills params_ and state_ for width dims_ (called by reset).
  virtual void init() = 0;
  // The update rule; returns whether it changed params_.
  virtual bool update(const double* x, int y) = 0;
  // Adds the guard's scalars to a snapshot.
  void add_status(Snapshot& s) const;
  std::uint64_t own_reverted_steps() const { return reverted_steps_; }

  std::size_t dims_ = 0;
  std::vector<double> params_;
  std::vector<double> state_;

 private:
  std::vector<double> params_backup_, state_backup_;
  std::uint64_t reverted_steps_ = 0;
};

}  // namespace onepass
