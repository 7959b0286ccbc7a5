#include "pipeline/drift_watch.hpp"

#include "core/limits.hpp"
#include "core/state_codec.hpp"

namespace onepass {

namespace {

constexpr const char* kActions[] = {"report", "reset", "background"};

}  // namespace

const char* drift_action_name(DriftAction action) {
  return kActions[static_cast<int>(action)];
}

std::vector<ParamSpec> drift_modifier_params() {
  return {ParamSpec::choice("detector", detector_names(),
                            "the drift detector (docs/algorithms.md 6.8); its own parameters "
                            "follow, e.g. +drift(detector=adwin,delta=0.01)"),
          ParamSpec::choice("action", {kActions[0], kActions[1], kActions[2]},
                            "at a drift: report it only, start the learner afresh, or swap in "
                            "the learner trained since the warning"),
          ParamSpec::boolean("scalers", false,
                             "action reset: start the scalers afresh too (they then learn the "
                             "new stream's scales)")};
}

Result<std::unique_ptr<DriftWatch>> DriftWatch::parse(
    const std::vector<std::pair<std::string, std::string>>& params, Task task,
    std::string& canonical) {
  const std::vector<ParamSpec> own_specs = drift_modifier_params();
  std::vector<std::pair<std::string, std::string>> own, theirs;
  for (const auto& p : params) {
    bool mine = false;
    for (const ParamSpec& s : own_specs) mine = mine || s.name == p.first;
    (mine ? own : theirs).push_back(p);
  }
  Result<ParamValues> values = resolve_params("drift", own_specs, own);
  if (!values) return values.status();
  std::unique_ptr<DriftWatch> w(new DriftWatch());
  w->detector_name_ = values.value().text("detector");
  const std::string action = values.value().text("action");
  for (int a = 0; a < 3; ++a)
    if (action == kActions[a]) w->action_ = static_cast<DriftAction>(a);
  w->scalers_ = values.value().flag("scalers");
  if (w->scalers_ && w->action_ != DriftAction::reset)
    return Status::error(
        "+drift: scalers=true starts the scalers afresh at a drift, with "
        "action=reset only (got action=" +
        action + ")");
  const DetectorEntry* entry = find_detector(w->detector_name_);  // a choice: always found
  Result<ParamValues> detector_values = resolve_params(entry->name, entry->params, theirs);
  if (!detector_values) return detector_values.status();
  if (Status st = entry->check(detector_values.value()); !st) return st;
  w->detector_ = entry->make(detector_values.value());
  // docs/algorithms.md 6.10: a regression row's outcome is its absolute error, a number that
  // only the detectors of real values read.
  if (task == Task::regression && w->detector_->input() != DriftInput::real)
    return Status::error("+drift: detector " + entry->name +
                         " reads 0/1 mistakes; a regression pipeline's errors are numbers (use "
                         "adwin, kswin or page_hinkley)");
  const std::string theirs_text = detector_values.value().canonical(entry->params);
  canonical = "drift(" + values.value().canonical(own_specs) +
              (theirs_text.empty() ? "" : "," + theirs_text) + ")";
  return w;
}

DriftSignal DriftWatch::observe(double value, std::uint64_t row) {
  DriftSignal s = detector_->update(value);
  // docs/algorithms.md 6.10: the watch reads an error, and only a rise of it is a drift to act
  // on; a fall (a learner still learning) is none, the detector having started afresh from it.
  if (s == DriftSignal::drift && !detector_->drift_rose()) s = DriftSignal::none;
  in_warning_ = s == DriftSignal::warning;
  if (s == DriftSignal::warning) ++warnings_;
  if (s == DriftSignal::drift) {
    ++drifts_;
    if (drift_rows_.size() < kMaxDriftEvents) drift_rows_.push_back(row);
  }
  return s;
}

std::vector<double> DriftWatch::save() const {
  std::vector<double> out;
  StateWriter w(out);
  w.put(detector_->save());
  w.put(static_cast<double>(drifts_));
  w.put(static_cast<double>(warnings_));
  w.put(in_warning_ ? 1 : 0);
  w.put(std::vector<double>(drift_rows_.begin(), drift_rows_.end()));
  return out;
}

Status DriftWatch::load(const std::vector<double>& saved) {
  const Status damaged = Status::error("the saved state of +drift is damaged");
  StateReader r(saved);
  const std::vector<double> detector = r.get_array();
  const std::uint64_t drifts = r.get_whole(), warnings = r.get_whole();
  const bool in_warning = r.get_whole(1) != 0;
  const std::vector<double> rows = r.get_array();
  if (!r.done() || rows.size() > kMaxDriftEvents) return damaged;
  std::vector<std::uint64_t> drift_rows;
  for (double v : rows) {
    if (!(v >= 1) || v > 9007199254740992.0 ||
        v != static_cast<double>(static_cast<std::uint64_t>(v)))
      return damaged;
    drift_rows.push_back(static_cast<std::uint64_t>(v));
  }
  Status st = detector_->load(detector);  // changes nothing on an error
  if (!st) return st;
  drifts_ = drifts;
  warnings_ = warnings;
  in_warning_ = in_warning;
  drift_rows_ = std::move(drift_rows);
  return Status::ok();
}

void DriftWatch::restart() {
  detector_->reset();
  drifts_ = warnings_ = 0;
  in_warning_ = false;
  drift_rows_.clear();
  background.reset();
  task_background.reset();
}

}  // namespace onepass
