#include "onepass/api/run_json.hpp"

#include "onepass/api/json_text.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "api/task_json.hpp"
#include "core/json_release.hpp"
#include "core/snapshot.hpp"
#include "eval/metrics.hpp"
#include "io/column_roles.hpp"

namespace onepass {

namespace {

// The documents are built member by member in place, never from initializer lists of pairs,
// and released before they are destroyed (core/json_release.hpp): nlohmann allocates to
// destroy an array or object, which is std::terminate when memory has run out. So no part is
// built apart and returned: each is built in its place in the document, which the document's
// release reaches, and a container is added as a member with put(). An object is made as one
// before its members are set: a null that operator[] turns into one is left an object without
// storage when that allocation fails, which its destructor follows.

// A state's arrays, as j["arrays"]; built as the document's own kind: one converted from the
// other would be a copy dropped.
template <class J>
void add_arrays(const Snapshot& s, J& j) {
  J& arrays = j["arrays"] = object_with_room<J>(s.arrays.size());
  for (const auto& a : s.arrays) put(arrays, a.name, a.values);
}

// The counts and kept errors both readers have (io/row_error.hpp RowCounter), into the object
// j (made with room for a reader's info).
template <class Reader>
void add_reader_counts(const Reader& r, nlohmann::ordered_json& j) {
  j["positiveLabel"] = r.positive_label();
  j["negativeLabel"] = r.negative_label();
  j["rows"] = r.rows();
  j["positives"] = r.positives();
  j["skipped"] = r.skipped();
  j["bytes"] = r.bytes();
  j["lines"] = r.lines();
  auto& errors = j["errors"] = nlohmann::ordered_json::array();
  for (const RowError& e : r.errors()) {
    auto& error = errors.emplace_back(nlohmann::ordered_json::object());
    error["line"] = e.line;
    error["column"] = e.column;
    error["message"] = e.message;
  }
}

// The majority-class baseline of the rows a pipeline predicted (eval/metrics.hpp), as
// j["baseline"]: the class (true: the positive one) and its error; null before any row.
template <class J>
void add_baseline(const Confusion& c, J& j) {
  J& baseline = j["baseline"];
  if (c.total() == 0) return;
  const MajorityBaseline b = majority_baseline(c);
  baseline = J::object();
  baseline["positive"] = b.positive;
  baseline["error"] = b.error;
}

// docs/algorithms.md 6.5: the reliability curve of the progressive probabilities, one bin a
// tenth of [0, 1]: its rows, their mean probability and their share of positives (null in an
// empty bin); nothing for a pipeline without probabilities.
template <class J>
void add_calibration(const Progressive& pr, J& j) {
  if (!pr.probabilistic()) return;
  const ReliabilityBins& r = pr.reliability();
  J& bins = j["calibration"] = J::array();
  constexpr std::size_t n = ReliabilityBins::kBins;
  for (std::size_t i = 0; i < n; ++i) {
    J& bin = bins.emplace_back(J::object());
    bin["lower"] = static_cast<double>(i) / n;
    bin["upper"] = static_cast<double>(i + 1) / n;
    bin["count"] = static_cast<std::uint64_t>(r.count[i]);
    bin["meanPredicted"] = number_or_null<J>(r.mean_probability(i));
    bin["observedRate"] = number_or_null<J>(r.observed_rate(i));
  }
}

// docs/algorithms.md 4.28: the weight a next row of each class would take, by class index (a
// binary label's: negative, positive); nothing without class weights.
template <class J>
void add_class_weights(const Pipeline& p, J& j) {
  const ClassWeights& w = p.class_weights();
  if (!w.on()) return;
  std::vector<double> next;
  const std::size_t k = std::max<std::size_t>(w.counts().size(), 2);
  for (std::size_t c = 0; c < k; ++c) next.push_back(w.weight_of(c));
  J& weights = j["classWeights"] = J::object();
  weights["mode"] = w.mode() == ClassWeights::Mode::balanced ? "balanced" : "given";
  put(weights, "weights", next);
}

// docs/algorithms.md 6.10: the detector, what it does at a drift, and what it signalled (the
// rows of the first kMaxDriftEvents drifts); nothing without +drift.
template <class J>
void add_drift(const Pipeline& p, J& j) {
  const DriftWatch* d = p.drift();
  if (!d) return;
  J& drift = j["drift"] = J::object();
  drift["detector"] = d->detector_name();
  drift["action"] = drift_action_name(d->action());
  drift["drifts"] = d->drifts();
  drift["warnings"] = d->warnings();
  put(drift, "rows", d->drift_rows());
}

// The last-label baseline (docs/algorithms.md 6.5) beside a classification pipeline's figures.
template <class J>
void add_last_label(const Pipeline& p, const LastLabelBaseline* last, J& j) {
  if (!last || p.task() == Task::regression) return;
  // Of the same rows only: a pipeline loaded from a model learned rows this run never read.
  if (last->rows != p.rows()) {
    j["lastLabel"] = J();
    j["noBetterThanLastLabel"] = false;
    return;
  }
  const std::uint64_t mistakes =
      p.learns_task() ? p.task_progress().mistakes() : p.progress().mistakes();
  const double balanced = p.learns_task() ? p.task_progress().balanced_accuracy()
                                          : p.progress().confusion().balanced_accuracy();
  J& label = j["lastLabel"] = last->rows ? J::object() : J();
  if (last->rows) {
    label["error"] = last->error();
    label["mistakes"] = last->mistakes;
    label["balancedAccuracy"] = number_or_null<J>(last->balanced_accuracy);
  }
  // As with the majority class (docs/algorithms.md 6.5): as many mistakes or more and no higher
  // balanced accuracy.
  j["noBetterThanLastLabel"] = last->rows > 0 && p.rows() > 0 && mistakes >= last->mistakes &&
                               !(balanced > last->balanced_accuracy);
}

// docs/algorithms.md 6.1: the curve's points as j["curve"], [rows, cumulative mistakes or
// absolute error], and with a window (the run keeps one) the window's error at that row as a
// third number (null at a point a model saved before points kept it).
template <class J, class Points, class Value>
void add_curve(const Points& points, bool window, Value value, J& j) {
  J& curve = j["curve"] = J::array();
  for (const auto& c : points) {
    J& point = curve.emplace_back(J::array());
    point.push_back(c.rows);
    point.push_back(value(c));
    if (window) point.push_back(number_or_null<J>(c.window_error));
  }
}

}  // namespace

std::string stats_json(const Pipeline& p, const std::vector<std::string>& classes,
                       const LastLabelBaseline* last_label) {
  if (p.learns_task()) {
    OrderedJson j = object_with_room<OrderedJson>(kDocumentMembers);
    const ReleasedJson<OrderedJson> released(j);
    add_task_figures(p, classes, j);
    j["diverged"] = p.task_learner().reverted_steps() > 0;
    j["revertedSteps"] = p.task_learner().reverted_steps();
    put(j, "warnings", p.warnings());
    add_class_weights(p, j);
    add_drift(p, j);
    add_last_label(p, last_label, j);
    return json_text(j);
  }
  const Progressive& pr = p.progress();
  const Confusion& c = pr.confusion();
  nlohmann::ordered_json j = object_with_room<nlohmann::ordered_json>(kDocumentMembers);
  const ReleasedJson<nlohmann::ordered_json> released(j);
  j["task"] = "binary";
  j["rows"] = pr.rows();
  j["mistakes"] = pr.mistakes();
  j["error"] = pr.error();
  j["accuracy"] = number_or_null(c.accuracy());
  j["tp"] = c.tp;
  j["fp"] = c.fp;
  j["tn"] = c.tn;
  j["fn"] = c.fn;
  j["logLoss"] = number_or_null(pr.log_loss());
  j["balancedAccuracy"] = number_or_null(c.balanced_accuracy());
  j["f1"] = c.f1();
  add_baseline(c, j);
  j["noBetterThanBaseline"] = no_better_than_baseline(c);
  j["rollingError"] = number_or_null(pr.rolling_error());
  j["rollingLogLoss"] = number_or_null(pr.rolling_log_loss());
  j["diverged"] = p.learner().diverged();
  j["revertedSteps"] = p.learner().reverted_steps();
  put(j, "warnings", p.warnings());
  add_calibration(pr, j);
  add_class_weights(p, j);
  add_drift(p, j);
  add_last_label(p, last_label, j);
  return json_text(j);
}

std::string reader_info_json(const CsvReader& r, const std::vector<std::string>& warnings) {
  nlohmann::ordered_json j = object_with_room<nlohmann::ordered_json>(kDocumentMembers);
  const ReleasedJson<nlohmann::ordered_json> released(j);
  add_reader_counts(r, j);
  put(j, "features", r.feature_names());
  j["label"] = r.label_name();
  j["missingCells"] = r.missing_cells();
  put(j, "warnings", warnings);
  j["delimiter"] = std::string(1, r.delimiter() ? r.delimiter() : ',');
  add_columns(r.columns(), j);
  put(j, "notices", r.notices());
  return json_text(j);
}

std::string reader_info_json(const SvmlightReader& r) {
  nlohmann::ordered_json j = object_with_room<nlohmann::ordered_json>(kDocumentMembers);
  const ReleasedJson<nlohmann::ordered_json> released(j);
  add_reader_counts(r, j);
  j["dims"] = r.dims();
  return json_text(j);
}

namespace {

// What every task's result has after its figures: the scalers, warnings, skipped rows.
template <class J>
void add_run_common(const Pipeline& p, const std::vector<std::string>& features,
                    std::uint64_t skipped, const LastLabelBaseline* last_label, J& j) {
  put(j, "features", features);
  J& scalers = j["scalers"] = J::array();
  for (std::size_t i = 0; i < p.scaler_count(); ++i) {
    const Snapshot s = p.scaler(i).snapshot();
    J& scaler = scalers.emplace_back(J::object());
    scaler["name"] = s.name;
    add_arrays(s, scaler);
  }
  put(j, "warnings", p.warnings());
  j["skipped"] = skipped;
  // The error over the last `window` rows (docs/algorithms.md 6.1; a regression's mean absolute
  // error), when the run keeps a window (--window).
  const bool task = p.learns_task();
  if (task ? p.task_progress().window() : p.progress().window())
    j["rollingError"] =
        number_or_null<J>(task ? p.task_progress().rolling_error() : p.progress().rolling_error());
  add_class_weights(p, j);
  add_drift(p, j);
  add_last_label(p, last_label, j);
}

std::string task_result_json(const Pipeline& p, const std::vector<std::string>& features,
                             std::uint64_t skipped, const std::vector<std::string>& classes,
                             const LastLabelBaseline* last_label) {
  OrderedJson j = object_with_room<OrderedJson>(kDocumentMembers);
  const ReleasedJson<OrderedJson> released(j);
  j["pipeline"] = p.spec();
  j["canonical"] = p.canonical_spec();
  add_task_figures(p, classes, j);
  add_run_common(p, features, skipped, last_label, j);
  add_task_weights(p, classes, j);
  j["diverged"] = p.task_learner().reverted_steps() > 0;
  const TaskProgress& pr = p.task_progress();
  add_curve(
      pr.curve(), pr.window() > 0, [](const TaskCurvePoint& c) { return c.value; }, j);
  return json_text(j);
}

}  // namespace

std::string run_result_json(const Pipeline& p, const std::vector<std::string>& features,
                            std::uint64_t skipped, const std::vector<std::string>& classes,
                            const LastLabelBaseline* last_label) {
  if (p.learns_task()) return task_result_json(p, features, skipped, classes, last_label);
  using nlohmann::json;
  const Progressive& pr = p.progress();
  const Snapshot snap = p.learner().snapshot();
  json j = json::object();
  const ReleasedJson<json> released(j);
  j["pipeline"] = p.spec();
  j["canonical"] = p.canonical_spec();
  j["task"] = "binary";
  j["rows"] = pr.rows();
  j["mistakes"] = pr.mistakes();
  j["error"] = pr.error();
  j["accuracy"] = number_or_null<json>(pr.confusion().accuracy());
  const double log_loss = pr.log_loss();
  j["logLoss"] = number_or_null<json>(log_loss);
  add_calibration(pr, j);
  const Confusion& c = pr.confusion();
  j["balancedAccuracy"] = number_or_null<json>(c.balanced_accuracy());
  j["f1"] = c.f1();
  add_baseline(c, j);
  j["noBetterThanBaseline"] = no_better_than_baseline(c);
  const std::vector<double>* w = snap.array("w");
  put(j, "weights", w ? *w : std::vector<double>());
  const double* b = snap.scalar("b");
  j["bias"] = b ? *b : 0.0;
  add_arrays(snap, j);
  add_run_common(p, features, skipped, last_label, j);
  j["diverged"] = p.learner().diverged();
  add_curve(
      pr.curve(), pr.window() > 0, [](const CurvePoint& c) { return c.mistakes; }, j);
  // Replacement of any byte that is not UTF-8 (a Latin-1 header): dump() would throw.
  return json_text(j);
}

}  // namespace onepass
