#include "onepass/api/dataset.hpp"

#include <cmath>

#include "api/task_json.hpp"
#include "core/json_release.hpp"
#include "eval/task_metrics.hpp"
#include "models/model_json.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/json_text.hpp"

namespace onepass {

namespace {

using Json = nlohmann::ordered_json;

bool fraction(double v) {
  return v > 0 && v < 1;
}

}  // namespace

Status check_evaluation(const EvaluationProtocol& protocol, const EvaluationOptions& options) {
  using Kind = EvaluationProtocol::Kind;
  if (!fraction(options.test_fraction)) return Status::error("the test fraction must be in (0, 1)");
  if (!fraction(options.validation))
    return Status::error("the validation fraction must be in (0, 1)");
  if (protocol.kind == Kind::cross_validation && protocol.folds < 2)
    return Status::error("cross-validation needs at least 2 folds");
  if (!protocol.curve.empty() && protocol.kind != Kind::cross_validation)
    return Status::error("a learning curve (--curve) needs folds (--folds)");
  for (double f : protocol.curve)
    if (!(f > 0 && f <= 1)) return Status::error("a learning curve's fractions are in (0, 1]");
  if (!options.grid.empty() && protocol.kind == Kind::cross_validation)
    return Status::error(
        "a grid search runs with a holdout or a test file (selection inside each fold is not "
        "offered)");
  if (!options.tune_threshold.empty() && protocol.kind == Kind::cross_validation)
    return Status::error("a threshold is tuned with a holdout or a test file, not in folds");
  if (!options.tune_threshold.empty() && !options.grid.empty())
    return Status::error("tune a threshold or search a grid, not both in one evaluation");
  return Status::ok();
}

Result<std::unique_ptr<Dataset>> Dataset::csv(const CsvOptions& options) {
  if (Status st = check_csv_options(options); !st) return st;
  std::unique_ptr<Dataset> d(new Dataset());
  Result<ClassWeightRequest> weights = parse_class_weights(options.class_weight);
  if (!weights) return weights.status();
  d->csv_ = std::make_unique<CsvReader>(options);
  d->scale_encoded_ = options.scale_encoded;
  d->class_request_ = weights.take();
  return d;
}

Result<std::unique_ptr<Dataset>> Dataset::svmlight(const SvmlightOptions& options) {
  if (Status st = SvmlightReader::check(options); !st) return st;
  std::unique_ptr<Dataset> d(new Dataset());
  d->svmlight_ = std::make_unique<SvmlightReader>(options);
  d->rows_.sparse = true;
  d->rows_.width = options.dims;
  d->rows_.tail_offset.assign(1, 0);
  return d;
}

Result<std::unique_ptr<Dataset>> Dataset::csv_like(const Dataset& train, CsvOptions options) {
  if (train.svmlight_) return Status::error("the training data set is svmlight rows, not a CSV");
  if (!train.csv_->schema_ready()) return Status::error("the training data set has not been read");
  if (Status st = read_as_model(model_schema_of(*train.csv_), true, options); !st) return st;
  auto d = csv(options);
  if (d) d.value()->scale_encoded_ = train.scale_encoded_;
  return d;
}

Result<std::unique_ptr<Dataset>> Dataset::svmlight_like(const Dataset& train,
                                                        SvmlightOptions options) {
  if (!train.svmlight_) return Status::error("the training data set is a CSV, not svmlight rows");
  Status st = read_as_model(model_schema_of(*train.svmlight_), train.svmlight_->dims(), options);
  if (!st) return st;
  return svmlight(options);
}

std::vector<std::string> Dataset::notices() const {
  return csv_ ? csv_->notices() : std::vector<std::string>{};
}

std::vector<std::string> Dataset::warnings(bool shuffled) const {
  if (!csv_) return {};
  std::vector<std::string> w = csv_->warnings(/*label_runs=*/false);
  if (const std::string runs = csv_->long_label_runs(); !runs.empty() && !shuffled)
    w.push_back("the labels come in long runs: " + runs +
                " (the file looks sorted by class), and training in file order favours the "
                "class seen last; shuffle the training order (CLI --shuffle, JS shuffle: true)");
  return w;
}

Status Dataset::push(const char* data, std::size_t size) {
  if (!svmlight_) return csv_->feed(data, size, rows_);
  Status st = svmlight_->feed(data, size, sparse_block_);
  keep_sparse_block();
  return st;
}

Status Dataset::finish() {
  if (!svmlight_) {
    Status st = csv_->finish(rows_);
    if (!st || class_request_.empty()) return st;
    // The label's classes are known now: the weights each evaluation's pipelines learn with (a
    // regression target has none: Pipeline::set_class_weights says so).
    Result<ClassWeights> weights =
        csv_->task() == Task::binary
            ? binary_class_weights(class_request_, csv_->negative_label(), csv_->positive_label())
            : known_class_weights(class_request_, csv_->classes());
    if (!weights) return weights.status();
    class_weights_ = weights.take();
    return Status::ok();
  }
  Status st = svmlight_->finish(sparse_block_);
  keep_sparse_block();
  return st;
}

// The svmlight rows parsed so far join the data set.
void Dataset::keep_sparse_block() {
  append_rows(rows_, sparse_block_, svmlight_->dims());
  sparse_block_.clear();
}

Task Dataset::task() const {
  if (svmlight_) return svmlight_->task();
  return csv_->schema_ready() ? csv_->task() : Task::binary;
}

std::vector<std::string> Dataset::classes() const {
  if (task() != Task::multiclass) return {};
  return svmlight_ ? svmlight_->classes() : csv_->classes();
}

std::vector<std::string> Dataset::features() const {
  return svmlight_ ? std::vector<std::string>() : csv_->feature_names();
}

std::string Dataset::selection(const EvaluationOptions& options) const {
  return options.select.empty() ? default_selection(task()) : options.select;
}

EvalOptions Dataset::eval_options(const EvaluationOptions& options) const {
  EvalOptions opt = options.eval;
  opt.task = task();
  opt.classes = classes();
  opt.scale_encoded = scale_encoded_;  // as the file was read
  opt.class_weights = class_weights_;
  return opt;
}

Result<Evaluation> Dataset::holdout(const std::string& spec,
                                    const EvaluationOptions& options) const {
  if (Status st = check_evaluation(EvaluationProtocol{}, options); !st) return st;
  const EvalOptions opt = eval_options(options);
  return evaluate_on(rows_, spec, holdout_split(strata(rows_, opt), options.test_fraction, opt),
                     options);
}

Result<Evaluation> Dataset::with_test(const std::string& spec, const Dataset& test,
                                      const EvaluationOptions& options) const {
  EvaluationProtocol protocol;
  protocol.kind = EvaluationProtocol::Kind::test_file;
  if (Status st = check_evaluation(protocol, options); !st) return st;
  if (rows_.encoded() && !rows_.sparse && test.size() > 0 &&
      (!test.csv_ || test.csv_->encoder().width() != csv_->encoder().width()))
    return Status::error(
        "the test file was not read like the training file: load it with the option like: the "
        "training data set");
  auto pair = train_test_pair(rows_, test.rows_, eval_options(options));
  if (!pair) return pair.status();
  return evaluate_on(pair.value().first, spec, pair.value().second, options);
}

// One train/test run, or a grid search over it when options.grid is given; the options have
// passed check_evaluation.
Result<Evaluation> Dataset::evaluate_on(const RowBlock& data, const std::string& spec,
                                        const Split& split,
                                        const EvaluationOptions& options) const {
  EvalOptions opt = eval_options(options);
  Evaluation out;
  if (!options.tune_threshold.empty()) {
    auto t = tune_threshold(data, spec, split, options.tune_threshold, options.validation, opt);
    if (!t) return t.status();
    out.threshold = ThresholdChoice{options.tune_threshold, t.value()};
    opt.threshold = t.value().threshold;
  }
  if (options.grid.empty()) {
    auto r = train_and_test(data, spec, split, opt);
    if (!r) return r.status();
    out.run = r.take();
    return out;
  }
  auto grid = parse_grid(options.grid);
  if (!grid) return grid.status();
  const std::string select = selection(options);
  auto g = grid_search(data, spec, grid.value(), split, select, options.validation,
                       options.optimistic, opt);
  if (!g) return g.status();
  out.run = std::move(g.value().final);
  out.grid =
      GridChoice{std::move(g.value().candidates), g.value().best, select, g.value().optimistic};
  return out;
}

namespace {

// The protocol's rules (check_evaluation), for every caller: the API's took a grid with
// folds and ignored it.
Status check_folds(std::size_t folds, const std::vector<double>& fractions,
                   const EvaluationOptions& options) {
  EvaluationProtocol protocol;
  protocol.kind = EvaluationProtocol::Kind::cross_validation;
  protocol.folds = folds;
  protocol.curve = fractions;
  return check_evaluation(protocol, options);
}

}  // namespace

Result<CvResult> Dataset::cross_validate(const std::string& spec, std::size_t folds,
                                         const EvaluationOptions& options) const {
  if (Status st = check_folds(folds, {}, options); !st) return st;
  return onepass::cross_validate(rows_, spec, folds, eval_options(options));
}

Result<std::vector<CurvePointResult>> Dataset::learning_curve(
    const std::string& spec, std::size_t folds, const std::vector<double>& fractions,
    const EvaluationOptions& options) const {
  if (Status st = check_folds(folds, fractions, options); !st) return st;
  return onepass::learning_curve(rows_, spec, folds, fractions, eval_options(options));
}

namespace {

// The documents grow with the data (curves, classes, folds, candidates): each is built member by
// member in place, every object made as one before its members are set, and released before it
// is destroyed, so that running out of memory is a std::bad_alloc the caller sees, not
// std::terminate (core/json_release.hpp). An object that holds containers is made with room for
// all its members (object_with_room), and a member is filled before its parent takes the next.

void set_metrics(const Metrics& m, Json& out) {
  out = Json::object();
  for (const auto& [k, v] : m) out[k] = number_or_null(v);
}

// A multiclass run's counts on its test rows (docs/algorithms.md 6.6): the classes by name, the
// confusion matrix over all of them (a class neither in the test part nor predicted has a row
// and a column of zeros) and the per-class figures.
void add_test_counts(const RunResult& r, Json& j) {
  const std::size_t k = std::max(r.classes.size(), r.test_counts.classes());
  TaskProgress counts = r.test_counts;
  std::vector<std::size_t> same(counts.classes());
  for (std::size_t c = 0; c < same.size(); ++c) same[c] = c;
  counts.remap_classes(same, k);
  put(j, "classes", class_names(r.classes, k));
  add_class_counts(counts, r.classes, j);
}

// One train/test run's members, into the object j.
void add_run(const RunResult& r, Json& j) {
  j["spec"] = r.spec;
  j["task"] = task_name(r.task);
  j["nTrain"] = r.n_train;
  j["nTest"] = r.n_test;
  set_metrics(r.progressive, j["progressive"]);
  set_metrics(r.train, j["train"]);
  set_metrics(r.test, j["test"]);
  j["diverged"] = r.reverted_steps > 0;
  j["revertedSteps"] = r.reverted_steps;
  put(j, "warnings", r.warnings);
  Json& curves = j["testCurves"] = object_with_room<Json>(2);
  put(curves, "roc", r.test_curves.roc);
  put(curves, "pr", r.test_curves.pr);
  if (r.task == Task::multiclass) add_test_counts(r, j);
}

void add_evaluation(const Evaluation& e, Json& j) {
  add_run(e.run, j);
  if (e.threshold) {
    Json& threshold = j["threshold"] = Json::object();
    threshold["value"] = number_or_null(e.threshold->tuned.threshold);
    threshold["tunedFor"] = e.threshold->metric;
    threshold["validation"] = number_or_null(e.threshold->tuned.value);
  }
  if (!e.grid) return;
  Json& grid = j["grid"] = Json::object();
  grid["best"] = e.grid->best;
  grid["select"] = e.grid->select;
  grid["optimistic"] = e.grid->optimistic;
  Json& candidates = grid["candidates"] = Json::array();
  for (const auto& [spec, score] : e.grid->candidates) {
    Json& candidate = candidates.emplace_back(Json::object());
    candidate["spec"] = spec;
    candidate["score"] = number_or_null(score);
  }
}

void add_cv(const CvResult& cv, Json& j) {
  Json& folds = j["folds"] = Json::array();
  for (const auto& f : cv.folds)
    add_run(f, folds.emplace_back(object_with_room<Json>(kDocumentMembers)));
  set_metrics(cv.mean, j["mean"]);
  set_metrics(cv.sd, j["sd"]);
  Json& defined = j["definedFolds"] = Json::object();
  for (const auto& [metric, n] : cv.defined_folds) defined[metric] = n;
  j["divergedFolds"] = cv.diverged_folds;
}

// The points of a learning curve, as the array `points`.
void set_curve_points(const std::vector<CurvePointResult>& curve, Json& points) {
  points = Json::array();
  for (const auto& p : curve) {
    Json& point = points.emplace_back(Json::object());
    point["fraction"] = p.fraction;
    point["dataShare"] = p.data_share;
    set_metrics(p.mean, point["mean"]);
  }
}

}  // namespace

std::string to_json(const Evaluation& e) {
  Json j = object_with_room<Json>(kDocumentMembers);
  const ReleasedJson<Json> released(j);
  add_evaluation(e, j);
  return json_text(j);
}
std::string to_json(const CvResult& cv) {
  Json j = object_with_room<Json>(kDocumentMembers);
  const ReleasedJson<Json> released(j);
  add_cv(cv, j);
  return json_text(j);
}
std::string to_json(const std::vector<CurvePointResult>& curve) {
  Json j = Json::object();
  const ReleasedJson<Json> released(j);
  set_curve_points(curve, j["points"]);
  return json_text(j);
}

Result<std::string> evaluation_line_json(const Dataset& data, const Dataset* test,
                                         const std::string& spec,
                                         const EvaluationProtocol& protocol,
                                         const EvaluationOptions& options) {
  using Kind = EvaluationProtocol::Kind;
  if (Status st = check_evaluation(protocol, options); !st) return st;
  if ((protocol.kind == Kind::test_file) != (test != nullptr))
    return Status::error("a test file is evaluated with its data set, and only then");
  Json line = object_with_room<Json>(kDocumentMembers);
  const ReleasedJson<Json> released(line);
  line["pipeline"] = spec;
  Json& how = line["protocol"] = Json::object();
  if (protocol.kind == Kind::cross_validation) {
    how["kind"] = "cross-validation";
    how["folds"] = protocol.folds;
  } else if (protocol.kind == Kind::test_file) {
    how["kind"] = "test-file";
    how["test"] = protocol.test_name;
  } else {
    how["kind"] = "holdout";
    how["testFraction"] = options.test_fraction;
  }
  how["seed"] = options.eval.seed;
  how["shuffle"] = options.eval.shuffle;
  if (!options.tune_threshold.empty()) {
    how["tuneThreshold"] = options.tune_threshold;
    how["validation"] = options.validation;
  }
  if (!options.grid.empty()) {
    how["grid"] = options.grid;
    how["select"] = data.selection(options);
    how["optimistic"] = options.optimistic;
    if (!options.optimistic) how["validation"] = options.validation;
  }
  // The result's members follow the protocol's in the line.
  if (protocol.kind == Kind::cross_validation) {
    auto cv = data.cross_validate(spec, protocol.folds, options);
    if (!cv) return cv.status();
    add_cv(cv.value(), line);
    if (!protocol.curve.empty()) {
      auto curve = data.learning_curve(spec, protocol.folds, protocol.curve, options);
      if (!curve) return curve.status();
      set_curve_points(curve.value(), line["curve"]);
    }
  } else {
    auto run = test ? data.with_test(spec, *test, options) : data.holdout(spec, options);
    if (!run) return run.status();
    add_evaluation(run.value(), line);
  }
  return json_text(line);
}

}  // namespace onepass
