#include "eval/protocols.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/spec.hpp"
#include "eval/metrics.hpp"
#include "eval/task_metrics.hpp"
#include "eval/threshold.hpp"
#include "models/scorer.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "pipeline/run_memory.hpp"

namespace onepass {

namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();

std::size_t round_half_up(double v) {
  return static_cast<std::size_t>(std::floor(v + 0.5));
}

// Row indices by stratum, each group in seeded order.
std::vector<std::vector<std::size_t>> groups(const std::vector<std::size_t>& strata,
                                             SeededRandom& rng) {
  std::vector<std::vector<std::size_t>> g(1);
  for (std::size_t i = 0; i < strata.size(); ++i) {
    if (strata[i] >= g.size()) g.resize(strata[i] + 1);
    g[strata[i]].push_back(i);
  }
  for (auto& v : g) rng.shuffle(v);
  return g;
}

// The training rows in the order they are learned: file order, or shuffled (S0's randomised
// one pass).
void order_training(std::vector<std::size_t>& train, const EvalOptions& opt, SeededRandom& rng) {
  std::sort(train.begin(), train.end());
  if (opt.shuffle) rng.shuffle(train);
}

Result<Metrics> frozen_metrics(const Pipeline& p, const RowBlock& data,
                               const std::vector<std::size_t>& rows, const EvalOptions& opt,
                               GridCurves* curves = nullptr) {
  std::vector<double> margins;
  std::vector<std::int8_t> labels;
  for (std::size_t i : rows) {
    auto s = score_row(p, data, i);
    if (!s) return s.status();
    margins.push_back(s.value());
    labels.push_back(data.y[i]);
  }
  if (curves) *curves = curves_on_grid(margins, labels);
  return all_metrics(margins, labels, p.has_probability(), opt.k, opt.threshold);
}

// The learner's horizon n (D-LR-2) set to the training size unless the spec gives it.
Result<std::string> with_horizon(const std::string& spec, std::size_t n_train) {
  Result<PipelineSpec> parsed = parse_pipeline_spec(spec);
  if (!parsed) return parsed.status();
  PipelineSpec ps = parsed.take();
  StageSpec& learner = ps.stages.back();
  const RegistryEntry* e = find_entry(learner.name);
  if (!e || e->kind != StageKind::learner) return spec;  // Pipeline::build says what is wrong
  const bool declares = std::any_of(e->params.begin(), e->params.end(),
                                    [](const ParamSpec& p) { return p.name == "n"; });
  const bool given = std::any_of(learner.params.begin(), learner.params.end(),
                                 [](const auto& kv) { return kv.first == "n"; });
  if (declares && !given)
    learner.params.emplace_back("n", std::to_string(std::max<std::size_t>(1, n_train)));
  return spec_to_string(ps);
}

bool lower_is_better(const std::string& metric) {
  for (const char* lower : {"error", "logLoss", "fp", "fn", "mae", "rmse"})
    if (metric == lower) return true;
  return false;
}

}  // namespace

Result<std::pair<RowBlock, Split>> train_test_pair(const RowBlock& train, const RowBlock& test,
                                                   const EvalOptions& opt) {
  const auto inputs = [](const RowBlock& b) { return b.sparse ? b.width : b.dims; };
  if (test.size() > 0 && (inputs(test) != inputs(train) || test.sparse != train.sparse))
    return Status::error("the test file has " + std::to_string(inputs(test)) +
                         " features, the training file " + std::to_string(inputs(train)));
  std::pair<RowBlock, Split> out{train, {}};
  append_rows(out.first, test);
  for (std::size_t i = 0; i < train.size(); ++i) out.second.train.push_back(i);
  for (std::size_t i = 0; i < test.size(); ++i) out.second.test.push_back(train.size() + i);
  SeededRandom rng(opt.seed);
  if (opt.shuffle) rng.shuffle(out.second.train);
  return out;
}

void append_rows(RowBlock& to, const SparseBlock& from, std::size_t width) {
  if (to.size() == 0) {
    to.sparse = true;
    to.dims = 0;
    to.tail_offset.assign(1, 0);
  }
  to.width = std::max(to.width, width);
  const std::size_t base = to.tail_index.size();
  to.tail_index.insert(to.tail_index.end(), from.index.begin(), from.index.end());
  to.tail_value.insert(to.tail_value.end(), from.value.begin(), from.value.end());
  for (std::size_t i = 0; i < from.size(); ++i)
    to.tail_offset.push_back(base + from.offsets[i + 1]);
  to.y.insert(to.y.end(), from.y.begin(), from.y.end());
  to.target.insert(to.target.end(), from.target.begin(), from.target.end());
  to.line.insert(to.line.end(), from.line.begin(), from.line.end());
}

double metric_value(const Metrics& m, const std::string& name) {
  for (const auto& [k, v] : m)
    if (k == name) return v;
  return kNan;
}

std::vector<std::size_t> strata(const RowBlock& data, const EvalOptions& opt) {
  std::vector<std::size_t> out(data.size(), 0);
  if (!opt.stratified || opt.task == Task::regression) return out;
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = opt.task == Task::binary ? data.y[i] > 0 : static_cast<std::size_t>(data.target[i]);
  return out;
}

Split holdout_split(const std::vector<std::size_t>& strata, double test_fraction,
                    const EvalOptions& opt) {
  SeededRandom rng(opt.seed);
  Split s;
  for (const auto& g : groups(strata, rng)) {
    const std::size_t t =
        std::min(g.size(), round_half_up(test_fraction * static_cast<double>(g.size())));
    s.test.insert(s.test.end(), g.begin(), g.begin() + static_cast<std::ptrdiff_t>(t));
    s.train.insert(s.train.end(), g.begin() + static_cast<std::ptrdiff_t>(t), g.end());
  }
  std::sort(s.test.begin(), s.test.end());
  order_training(s.train, opt, rng);
  return s;
}

Result<std::vector<Split>> kfold_splits(const std::vector<std::size_t>& strata, std::size_t k,
                                        const EvalOptions& opt) {
  if (k < 2) return Status::error("cross-validation needs at least 2 folds");
  if (k > strata.size())
    return Status::error(std::to_string(k) + " folds need at least " + std::to_string(k) +
                         " rows; the data has " + std::to_string(strata.size()));
  SeededRandom rng(opt.seed);
  std::vector<std::size_t> fold_of(strata.size());
  std::size_t next = 0;  // dealt round robin across the strata, so fold sizes differ by <= 1
  for (const auto& g : groups(strata, rng))
    for (std::size_t i : g) fold_of[i] = next++ % k;
  std::vector<Split> folds(k);
  for (std::size_t i = 0; i < strata.size(); ++i)
    for (std::size_t f = 0; f < k; ++f)
      (fold_of[i] == f ? folds[f].test : folds[f].train).push_back(i);
  for (auto& f : folds) order_training(f.train, opt, rng);
  return folds;
}

namespace {

// A fresh pipeline of `spec` that has learned the training rows in their order.
Result<std::unique_ptr<Pipeline>> trained(const RowBlock& data, const std::string& spec,
                                          const Split& split, const EvalOptions& opt) {
  auto built = Pipeline::build(spec, 0, 0, opt.task);
  if (!built) return built.status();
  Pipeline& p = *built.value();
  if (Status st = p.set_class_weights(opt.class_weights); !st) return st;
  // The rows are held already; what the pipeline will hold at their width and classes must fit
  // before it is built to them (pipeline/run_memory.hpp).
  const std::size_t width = data.sparse || data.encoded() ? data.width : data.dims;
  const std::size_t outputs = opt.task == Task::multiclass ? opt.classes.size() : 0;
  if (Status st = check_run_memory(p, width, outputs); !st) return st;
  if (data.sparse) {
    // svmlight rows, checked by their reader: every feature is the pipeline's input.
    p.set_dims(data.width);
    for (std::size_t i : split.train) p.learn_sparse_checked(data.tail(i), data.label(i));
  } else if (data.encoded()) {
    // design.md 10.5: the data set's final width from the start is the width grown row by row.
    if (opt.scale_encoded) {
      Status st = p.scale_encoded(true);
      if (!st) return st;
    }
    p.set_dims(data.dims, data.width);
    for (std::size_t i : split.train) p.learn_encoded(data.row(i), data.tail(i), data.label(i));
  } else {
    for (std::size_t i : split.train) {
      auto r = p.learn_one(data.row(i), data.dims, data.label(i));
      if (!r) return r.status();
    }
  }
  p.finish();
  return built;
}

// A warning when every training row has one class (a yes/no label or a class index): the
// model learned nothing that tells classes apart, however its test figures look.
std::string one_class(const RowBlock& data, const std::vector<std::size_t>& train, Task task) {
  if (task == Task::regression || train.empty()) return "";
  const double first = data.label(train[0]);
  for (std::size_t i : train)
    if (data.label(i) != first) return "";
  return "the training part has rows of one class only (" + std::to_string(train.size()) +
         " rows): its model answers that class for every row; give more rows of the others, or "
         "a larger training part";
}

// The final model's figures on the training and test rows: a yes/no label's of 6.5, a task's
// of 6.6 and 6.7 beside the training part's baseline.
Status frozen_figures(const Pipeline& p, const RowBlock& data, const Split& split,
                      const EvalOptions& opt, RunResult& out) {
  if (opt.task == Task::binary) {
    Result<Metrics> train = frozen_metrics(p, data, split.train, opt);
    if (!train) return train.status();
    out.train = train.take();
    Result<Metrics> test = frozen_metrics(p, data, split.test, opt, &out.test_curves);
    if (!test) return test.status();
    out.test = test.take();
    return Status::ok();
  }
  const TaskBaseline baseline = fit_baseline(data, split.train, opt.task);
  Result<FrozenTaskScore> train = frozen_task_score(p, data, split.train, baseline);
  if (!train) return train.status();
  out.train = std::move(train.value().metrics);
  Result<FrozenTaskScore> test = frozen_task_score(p, data, split.test, baseline);
  if (!test) return test.status();
  out.test = std::move(test.value().metrics);
  out.test_counts = std::move(test.value().counts);
  return Status::ok();
}

}  // namespace

Result<RunResult> train_and_test(const RowBlock& data, const std::string& spec, const Split& split,
                                 const EvalOptions& opt) {
  if (split.train.empty()) return Status::error("the training part is empty");
  // A run that measured nothing must not look like one that did (a 3-row file's holdout).
  if (split.test.empty())
    return Status::error("the test part has no row (" + std::to_string(split.train.size()) +
                         " rows to train on): nothing to measure; give more rows, a larger test "
                         "fraction (CLI --holdout) or a test file with rows");
  Result<std::string> run_spec = with_horizon(spec, split.train.size());
  if (!run_spec) return run_spec.status();
  auto built = trained(data, run_spec.value(), split, opt);
  if (!built) return built.status();
  const Pipeline& p = *built.value();
  RunResult out;
  out.spec = run_spec.value();
  out.task = opt.task;
  out.classes = opt.classes;
  out.threshold = opt.threshold;
  out.n_train = split.train.size();
  out.n_test = split.test.size();
  if (opt.task == Task::binary) {
    out.progressive = confusion_metrics(p.progress().confusion(), p.progress().log_loss());
    out.reverted_steps = p.learner().reverted_steps();
  } else {
    out.progressive = task_metrics(p.task_progress());
  }
  if (Status st = frozen_figures(p, data, split, opt, out); !st) return st;
  out.warnings = p.warnings();
  if (const std::string one = one_class(data, split.train, opt.task); !one.empty())
    out.warnings.push_back(one);
  return out;
}

namespace {

// Whether metric `name` of a run is defined: precision needs a row predicted positive, recall a
// positive row, F1 either (docs/algorithms.md 6.3). A single run reports them as 0 then
// (D-EVAL-2); a mean over folds leaves such a fold out and says how many it averaged.
bool defined_in(const Metrics& run, const std::string& name, double v) {
  if (std::isnan(v)) return false;
  const auto count = [&](const char* key) {
    for (const auto& [k, x] : run)
      if (k == key) return x;
    return 1.0;  // not reported: taken as defined
  };
  if (name == "precision") return count("tp") + count("fp") > 0;
  if (name == "recall") return count("tp") + count("fn") > 0;
  if (name == "f1") return 2 * count("tp") + count("fp") + count("fn") > 0;
  return true;
}

// Mean and sample deviation of each metric over the runs where it is defined, and for each
// metric defined in fewer runs than there are, how many.
void summarise(const std::vector<const Metrics*>& runs, Metrics& mean, Metrics& sd,
               std::vector<std::pair<std::string, std::size_t>>& defined) {
  mean.clear();
  sd.clear();
  defined.clear();
  if (runs.empty()) return;
  for (std::size_t m = 0; m < runs[0]->size(); ++m) {
    double sum = 0, sq = 0, n = 0;
    const std::string& name = (*runs[0])[m].first;
    for (const Metrics* r : runs) {
      const double v = (*r)[m].second;
      if (!defined_in(*r, name, v)) continue;
      sum += v;
      n += 1;
    }
    const double mu = n ? sum / n : kNan;
    for (const Metrics* r : runs) {
      const double v = (*r)[m].second;
      if (defined_in(*r, name, v)) sq += (v - mu) * (v - mu);
    }
    if (n < static_cast<double>(runs.size()))
      defined.emplace_back(name, static_cast<std::size_t>(n));
    mean.emplace_back((*runs[0])[m].first, mu);
    sd.emplace_back((*runs[0])[m].first, n > 1 ? std::sqrt(sq / (n - 1)) : n ? 0.0 : kNan);
  }
}

}  // namespace

Result<CvResult> cross_validate(const RowBlock& data, const std::string& spec, std::size_t k,
                                const EvalOptions& opt) {
  Result<std::vector<Split>> folds = kfold_splits(strata(data, opt), k, opt);
  if (!folds) return folds.status();
  CvResult cv;
  std::vector<const Metrics*> tests;
  for (const Split& f : folds.value()) {
    Result<RunResult> r = train_and_test(data, spec, f, opt);
    if (!r) return r.status();
    cv.folds.push_back(r.take());
  }
  for (const auto& f : cv.folds) {
    tests.push_back(&f.test);
    if (f.reverted_steps > 0) ++cv.diverged_folds;
  }
  summarise(tests, cv.mean, cv.sd, cv.defined_folds);
  return cv;
}

Result<std::vector<CurvePointResult>> learning_curve(const RowBlock& data, const std::string& spec,
                                                     std::size_t k,
                                                     const std::vector<double>& fractions,
                                                     const EvalOptions& opt) {
  Result<std::vector<Split>> folds = kfold_splits(strata(data, opt), k, opt);
  if (!folds) return folds.status();
  std::vector<std::vector<Metrics>> per_fraction(fractions.size());
  std::vector<double> shares(fractions.size(), 0.0);
  SeededRandom rng(opt.seed ^ 0x5eedull);
  for (const Split& fold : folds.value()) {
    std::vector<std::size_t> order = fold.train;  // one seeded order: nested prefixes
    std::sort(order.begin(), order.end());
    rng.shuffle(order);
    for (std::size_t f = 0; f < fractions.size(); ++f) {
      if (!(fractions[f] > 0 && fractions[f] <= 1))
        return Status::error("learning-curve fractions must be in (0, 1]");
      const std::size_t m = std::max<std::size_t>(1, round_half_up(fractions[f] * order.size()));
      Split sub{
          std::vector<std::size_t>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m)),
          fold.test};
      if (!opt.shuffle) std::sort(sub.train.begin(), sub.train.end());
      Result<RunResult> r = train_and_test(data, spec, sub, opt);
      if (!r) return r.status();
      per_fraction[f].push_back(r.value().test);
      shares[f] += static_cast<double>(m) / static_cast<double>(data.size() * folds.value().size());
    }
  }
  std::vector<CurvePointResult> out;
  for (std::size_t f = 0; f < fractions.size(); ++f) {
    std::vector<const Metrics*> runs;
    for (const auto& m : per_fraction[f]) runs.push_back(&m);
    Metrics mean, sd;
    std::vector<std::pair<std::string, std::size_t>> defined;
    summarise(runs, mean, sd, defined);
    out.push_back({fractions[f], shares[f], mean});
  }
  return out;
}

Result<std::vector<GridAxis>> parse_grid(const std::string& text) {
  std::vector<GridAxis> axes;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(';', start), text.size());
    const std::string part = text.substr(start, end - start);
    start = end + 1;
    if (part.find_first_not_of(" \t") == std::string::npos) continue;
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos)
      return Status::error("grid \"" + text + "\": expected name=v1,v2,... in \"" + part + "\"");
    GridAxis axis;
    for (char c : part.substr(0, eq))
      if (c != ' ') axis.param += c;
    std::string value;
    for (char c : part.substr(eq + 1) + ",") {
      if (c == ',') {
        if (value.empty())
          return Status::error("grid \"" + text + "\": an empty value for " + axis.param);
        axis.values.push_back(value);
        value.clear();
      } else if (c != ' ') {
        value += c;
      }
    }
    axes.push_back(axis);
  }
  if (axes.empty())
    return Status::error("the grid is empty; expected e.g. \"lambda=0,0.01;mu=0,1\"");
  return axes;
}

Result<std::vector<std::string>> grid_specs(const std::string& spec,
                                            const std::vector<GridAxis>& grid) {
  Result<PipelineSpec> parsed = parse_pipeline_spec(spec);
  if (!parsed) return parsed.status();
  const PipelineSpec base = parsed.take();
  // The stage of each axis: the learner first, then the scalers from the last.
  std::vector<std::size_t> stage_of;
  for (const GridAxis& axis : grid) {
    bool found = false;
    for (std::size_t s = base.stages.size(); s-- > 0 && !found;) {
      const RegistryEntry* e = find_entry(base.stages[s].name);
      if (!e) continue;
      for (const auto& p : e->params)
        if (p.name == axis.param) {
          stage_of.push_back(s);
          found = true;
          break;
        }
    }
    if (!found)
      return Status::error("grid: no stage of \"" + spec + "\" has a parameter '" + axis.param +
                           "'");
  }
  std::vector<std::string> out;
  std::vector<std::size_t> at(grid.size(), 0);
  for (;;) {
    PipelineSpec c = base;
    for (std::size_t a = 0; a < grid.size(); ++a) {
      auto& params = c.stages[stage_of[a]].params;
      params.erase(std::remove_if(params.begin(), params.end(),
                                  [&](const auto& kv) { return kv.first == grid[a].param; }),
                   params.end());
      params.emplace_back(grid[a].param, grid[a].values[at[a]]);
    }
    const std::string text = spec_to_string(c);
    // Its values checked as its learner's task takes them (a yes/no learner learns classes
    // one-vs-rest too); the run says whether that task is the label's.
    auto check = Pipeline::build(text, 0, 0, Pipeline::task_of(text));
    if (!check) return Status::error("grid: " + check.message());
    out.push_back(text);
    std::size_t a = grid.size();
    while (a-- > 0) {
      if (++at[a] < grid[a].values.size()) break;
      at[a] = 0;
    }
    if (a == static_cast<std::size_t>(-1)) break;
  }
  return out;
}

Result<Split> validation_part(const RowBlock& data, const Split& split, double fraction,
                              const EvalOptions& opt, const std::string& whose) {
  const std::vector<std::size_t> all = strata(data, opt);
  std::vector<std::size_t> train_strata;
  for (std::size_t i : split.train) train_strata.push_back(all[i]);
  EvalOptions inner = opt;
  inner.shuffle = false;
  const Split rel = holdout_split(train_strata, fraction, inner);
  std::vector<char> is_validation(split.train.size(), 0);
  for (std::size_t r : rel.test) is_validation[r] = 1;
  Split out;
  for (std::size_t r = 0; r < split.train.size(); ++r)  // keeps the training order
    (is_validation[r] ? out.test : out.train).push_back(split.train[r]);
  if (out.test.empty() || out.train.empty())
    return Status::error(whose + " validation part has no row (" +
                         std::to_string(split.train.size()) +
                         " training rows): give more rows or a larger validation fraction "
                         "(CLI --validation)");
  return out;
}

Result<TunedThreshold> tune_threshold(const RowBlock& data, const std::string& spec,
                                      const Split& split, const std::string& metric,
                                      double validation_fraction, const EvalOptions& opt) {
  const auto& names = tunable_metrics();
  if (opt.task != Task::binary)
    return Status::error("a decision threshold is tuned for yes/no labels; this label is " +
                         std::string(task_name(opt.task)));
  if (std::find(names.begin(), names.end(), metric) == names.end())
    return Status::error("a threshold is tuned for f1, balancedAccuracy or accuracy, not '" +
                         metric + "'");
  Result<Split> part = validation_part(data, split, validation_fraction, opt, "the threshold's");
  if (!part) return part.status();
  Result<std::string> run_spec = with_horizon(spec, part.value().train.size());
  if (!run_spec) return run_spec.status();
  auto built = trained(data, run_spec.value(), part.value(), opt);
  if (!built) return built.status();
  const Pipeline& p = *built.value();
  std::vector<double> scores;
  std::vector<std::int8_t> labels;
  for (std::size_t i : part.value().test) {
    Result<double> s = score_row(p, data, i);
    if (!s) return s.status();
    scores.push_back(decision_score(s.value(), p.has_probability()));
    labels.push_back(data.y[i]);
  }
  // A part of one class has no threshold that tells classes apart: F1 is 0 or balanced
  // accuracy undefined at every one.
  if (std::find(labels.begin(), labels.end(), labels[0] > 0 ? -1 : 1) == labels.end())
    return Status::error("the threshold's validation part has rows of one class only (" +
                         std::to_string(labels.size()) +
                         " rows): give more rows or a larger validation fraction (CLI "
                         "--validation)");
  const TunedThreshold t = best_threshold(scores, labels, metric);
  if (std::isnan(t.threshold))
    return Status::error("no row of the threshold's validation part has a score to tune on");
  return t;
}

Result<GridResult> grid_search(const RowBlock& data, const std::string& spec,
                               const std::vector<GridAxis>& grid, const Split& split,
                               const std::string& metric, double validation_fraction,
                               bool optimistic, const EvalOptions& opt) {
  const auto& names = task_metric_names(opt.task);
  if (std::find(names.begin(), names.end(), metric) == names.end()) {
    std::string known;
    for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
    return Status::error("unknown selection metric '" + metric + "' for a " + task_name(opt.task) +
                         " label; its metrics are: " + known);
  }
  Result<std::vector<std::string>> specs = grid_specs(spec, grid);
  if (!specs) return specs.status();
  // Where candidates are compared: the test part (optimistic), else a validation part carved
  // from the training rows only.
  Split selection = split;
  if (!optimistic) {
    Result<Split> part = validation_part(data, split, validation_fraction, opt, "the grid's");
    if (!part) return part.status();
    selection = part.take();
  }
  GridResult out;
  out.optimistic = optimistic;
  double best = kNan;
  const bool lower = lower_is_better(metric);
  for (const std::string& candidate : specs.value()) {
    Result<RunResult> r = train_and_test(data, candidate, selection, opt);
    if (!r) return r.status();
    const double v = metric_value(r.value().test, metric);
    out.candidates.emplace_back(candidate, v);
    if (!std::isnan(v) && (std::isnan(best) || (lower ? v < best : v > best))) {
      best = v;
      out.best = candidate;
      if (optimistic) out.final = r.take();
    }
  }
  // Selecting on a metric no candidate has (log-loss of learners without probabilities, AUC
  // of a validation part of one class) chose the first and said it selected.
  if (out.best.empty())
    return Status::error("no candidate has a " + metric + " on the " +
                         (optimistic ? "test" : "validation") +
                         " part (log-loss needs a learner that gives probabilities; AUC and "
                         "balanced accuracy need both classes there): select on another metric");
  if (!optimistic || out.final.spec.empty()) {
    Result<RunResult> r = train_and_test(data, out.best, split, opt);
    if (!r) return r.status();
    out.final = r.take();
  }
  return out;
}

}  // namespace onepass
