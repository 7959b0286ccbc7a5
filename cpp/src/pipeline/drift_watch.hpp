// The +drift modifier (docs/algorithms.md 6.10): a drift detector (docs/algorithms.md 6.8) reads
// each row's progressive outcome (a mistake 0/1, or a regression's absolute error) before the
// row is learned, and the pipeline reports what it says, starts its learner afresh, or swaps in
// a learner trained in the background since the warning (River's DriftRetrainingClassifier).
// Its state (the detector's, the events, the background learner) is part of the model, so a
// resumed run signals and acts as the uninterrupted one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/params.hpp"
#include "core/status.hpp"
#include "core/task.hpp"
#include "drift/detector.hpp"
#include "learners/learner.hpp"
#include "learners/task_learner.hpp"

namespace onepass {

enum class DriftAction { report, reset, background };
const char* drift_action_name(DriftAction action);

// The modifier's own parameters, as the registry lists them (`onepass list`, the tables of
// docs/pipelines.md); the detector's own follow them in the same parentheses.
std::vector<ParamSpec> drift_modifier_params();

class DriftWatch {
 public:
  // "+drift(detector=ddm,action=background,warning_threshold=2.5)": the modifier's parameters
  // and the detector's, checked (an unknown detector, action or parameter, a value out of
  // range, a detector that cannot read this task's values); canonical gets its text with every
  // parameter spelled out.
  static Result<std::unique_ptr<DriftWatch>> parse(
      const std::vector<std::pair<std::string, std::string>>& params, Task task,
      std::string& canonical);

  DriftAction action() const { return action_; }
  bool resets_scalers() const { return scalers_; }
  const std::string& detector_name() const { return detector_name_; }

  // The row's outcome (row: its 1-based number among the rows learned); the signal, recorded.
  DriftSignal observe(double value, std::uint64_t row);
  std::uint64_t drifts() const { return drifts_; }
  std::uint64_t warnings() const { return warnings_; }
  // The rows at which a drift was signalled, the first kMaxDriftEvents of them.
  const std::vector<std::uint64_t>& drift_rows() const { return drift_rows_; }
  bool in_warning() const { return in_warning_; }

  // The learner trained since the last warning (action background), or none yet.
  std::unique_ptr<Learner> background;
  std::unique_ptr<TaskLearner> task_background;
  bool has_background() const { return background || task_background; }

  // Everything but the background learner, as numbers: [detector state (array), drifts,
  // warnings, in warning, drift rows (array)].
  std::vector<double> save() const;
  // Restores save()'s form; nothing changes on an error.
  Status load(const std::vector<double>& saved);
  // A new start (new input width, a merged model): the detector afresh, no events, no
  // background learner.
  void restart();

 private:
  DriftWatch() = default;
  std::unique_ptr<DriftDetector> detector_;
  std::string detector_name_;
  DriftAction action_ = DriftAction::report;
  bool scalers_ = false;
  std::uint64_t drifts_ = 0, warnings_ = 0;
  bool in_warning_ = false;
  std::vector<std::uint64_t> drift_rows_;
};

}  // namespace onepass
