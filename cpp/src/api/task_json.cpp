#include "api/task_json.hpp"

namespace onepass {

namespace {

std::string class_name(const std::vector<std::string>& classes, std::size_t k) {
  return k < classes.size() ? classes[k] : std::to_string(k);
}

}  // namespace

std::vector<std::string> class_names(const std::vector<std::string>& classes, std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t k = 0; k < count; ++k) names.push_back(class_name(classes, k));
  return names;
}

void add_class_counts(const TaskProgress& pr, const std::vector<std::string>& classes,
                      OrderedJson& j) {
  // Member by member, moved in (core/json_release.hpp; api/run_json.cpp).
  OrderedJson& per = j["perClass"] = OrderedJson::array();
  for (std::size_t k = 0; k < pr.classes(); ++k) {
    OrderedJson& c = per.emplace_back(OrderedJson::object());
    c["class"] = class_name(classes, k);
    c["rows"] = pr.class_rows(k);
    c["precision"] = pr.precision(k);
    c["recall"] = pr.recall(k);
    c["f1"] = pr.f1(k);
  }
  // Row by row: an array of arrays that failed halfway would destroy the rows it had made.
  OrderedJson& confusion = j["confusion"] = OrderedJson::array();
  for (const auto& row : pr.confusion()) confusion.emplace_back(row);
}

namespace {

void add_multiclass(const TaskProgress& pr, const std::vector<std::string>& classes,
                    OrderedJson& j) {
  const std::vector<std::string> names = class_names(classes, pr.classes());
  put(j, "classes", names);
  j["accuracy"] = number_or_null(pr.accuracy());
  j["error"] = number_or_null(pr.error());
  j["mistakes"] = pr.mistakes();
  j["balancedAccuracy"] = number_or_null(pr.balanced_accuracy());
  j["macroF1"] = number_or_null(pr.macro_f1());
  j["weightedF1"] = number_or_null(pr.weighted_f1());
  j["logLoss"] = number_or_null(pr.log_loss());
  add_class_counts(pr, classes, j);
  OrderedJson& baseline = j["baseline"] = pr.rows() ? OrderedJson::object() : OrderedJson();
  if (pr.rows()) {
    baseline["class"] = names[pr.majority_class()];
    baseline["accuracy"] = pr.majority_accuracy();
  }
}

void add_regression(const TaskProgress& pr, OrderedJson& j) {
  j["mae"] = number_or_null(pr.mae());
  j["rmse"] = number_or_null(pr.rmse());
  j["r2"] = number_or_null(pr.r2());
  j["targetMean"] = number_or_null(pr.rows() ? pr.target_mean() : std::nan(""));
  OrderedJson& baseline = j["baseline"] = pr.rows() ? OrderedJson::object() : OrderedJson();
  if (pr.rows()) {
    baseline["mae"] = pr.baseline_mae();
    baseline["rmse"] = pr.baseline_rmse();
    baseline["r2"] = number_or_null(pr.baseline_r2());
  }
}

}  // namespace

void add_task_figures(const Pipeline& p, const std::vector<std::string>& classes, OrderedJson& j) {
  const TaskProgress& pr = p.task_progress();
  j["task"] = task_name(p.task());
  j["rows"] = pr.rows();
  if (p.task() == Task::regression)
    add_regression(pr, j);
  else
    add_multiclass(pr, classes, j);
  j["noBetterThanBaseline"] = pr.no_better_than_baseline();
  j["rollingError"] = number_or_null(pr.rolling_error());
}

void add_task_weights(const Pipeline& p, const std::vector<std::string>& classes, OrderedJson& j) {
  const Snapshot snap = p.task_learner().snapshot();
  OrderedJson& arrays = j["arrays"] = object_with_room<OrderedJson>(snap.arrays.size());
  for (const auto& a : snap.arrays) put(arrays, a.name, a.values);
  if (p.task() == Task::regression) {
    const std::vector<double>* w = snap.array("w0");
    const double* b = snap.scalar("b0");
    put(j, "weights", w ? *w : std::vector<double>());
    j["bias"] = b ? *b : 0.0;
    return;
  }
  // One column of weights per class: the linear learners' w_k, or one-vs-rest's copies' w.
  j["weights"] = object_with_room<OrderedJson>(p.task_learner().outputs());
  j["bias"] = OrderedJson::object();  // (an ordered object's members move as it grows)
  OrderedJson &weights = j["weights"], &bias = j["bias"];
  for (std::size_t k = 0; k < p.task_learner().outputs(); ++k) {
    const std::vector<double>* w = snap.array("w" + std::to_string(k));
    const double* b = snap.scalar("b" + std::to_string(k));
    put(weights, class_name(classes, k), w ? *w : std::vector<double>());
    bias[class_name(classes, k)] = b ? *b : 0.0;
  }
}

}  // namespace onepass
