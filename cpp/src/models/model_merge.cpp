// Merging models of one pipeline trained on shards: each weighted by the rows it learned, or by
// the caller's weights, every stage by its own rule (docs/algorithms.md 3.4), or, on request, the
// element-wise mean of their states; over the union of their encoded features when their encoders
// saw different levels (design.md 10.5), and of their classes when they learned a multiclass
// label (models/model_merge_task.cpp).
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include "core/json_release.hpp"
#include "core/number_text.hpp"
#include "models/model_document.hpp"
#include "models/model_json.hpp"
#include "models/model_merge_task.hpp"

namespace onepass {

using namespace model_document;

namespace {

// MergeOptions::mean: the element-wise mean of equally long vectors, summed in the given order.
bool mean_into(const std::vector<const std::vector<double>*>& parts, std::vector<double>& out) {
  out.assign(parts[0]->size(), 0.0);
  for (const auto* v : parts)
    if (v->size() != out.size()) return false;
  for (const auto* v : parts)
    for (std::size_t i = 0; i < out.size(); ++i) out[i] += (*v)[i];
  for (double& x : out) x /= static_cast<double>(parts.size());
  return true;
}

bool mean_learner(const std::vector<const LearnerState*>& parts, LearnerState& out) {
  std::vector<const std::vector<double>*> params, state;
  out.reverted_steps = 0;
  for (const auto* s : parts) {
    params.push_back(&s->params);
    state.push_back(&s->state);
    out.reverted_steps += s->reverted_steps;
    if (s->inner.size() != parts[0]->inner.size()) return false;
  }
  if (!mean_into(params, out.params) || !mean_into(state, out.state)) return false;
  out.inner.clear();
  if (parts[0]->inner.empty()) return true;
  std::vector<const LearnerState*> inner;
  for (const auto* s : parts) inner.push_back(&s->inner[0]);
  out.inner.emplace_back();
  return mean_learner(inner, out.inner[0]);
}

// The merged binary progress (its counters added up already, the rest the first model's) with
// every model's reliability bins added up, less the base's for each model that continued from
// it; probabilistic when any model is.
Result<std::vector<double>> merged_bins(const std::vector<double>& progress,
                                        const std::vector<PipelineState>& states,
                                        const PipelineState* base) {
  const Status damaged = bad("a model's progress counters are damaged");
  Progressive merged, one;
  if (!merged.load(progress)) return damaged;
  ReliabilityBins bins;
  bool probabilistic = false;
  for (const PipelineState& s : states) {
    if (!one.load(s.progress)) return damaged;
    bins.add_bins(one.reliability());
    probabilistic = probabilistic || one.probabilistic();
  }
  if (base) {
    if (!one.load(base->progress)) return bad("the base's progress counters are damaged");
    bins.add_bins(one.reliability(), 1 - static_cast<double>(states.size()));
  }
  for (std::size_t i = 0; i < ReliabilityBins::kBins; ++i) {
    if (!(bins.count[i] >= 0 && bins.positives[i] >= 0))
      return bad("a model has counted less than the base it is said to continue from");
    // Sums of probabilities less the base's, within their rows whatever the rounding.
    bins.probability[i] = std::min(std::max(bins.probability[i], 0.0), bins.count[i]);
  }
  merged.set_reliability(bins, probabilistic);
  return merged.save();
}

// The models' states (of one spec and width, their classes in one order) merged as a model
// file: by the weights of docs/algorithms.md 3.4, or the element-wise mean without them
// (MergeOptions::mean). learned: which classes each model learned (multiclass; else empty).
Result<std::string> merge_states(const json& first, const std::vector<PipelineState>& states,
                                 const ModelSchema& schema, const MergeOptions& options,
                                 const PipelineState* base,
                                 const std::vector<std::vector<bool>>& learned);

// The caller's options checked against the number of models.
Status check_options(const MergeOptions& options, std::size_t models) {
  if (options.mean && !options.weights.empty())
    return Status::error("merge takes the plain mean or weights, not both");
  if (options.weights.empty()) return Status::ok();
  if (options.weights.size() != models)
    return Status::error("merge was given " + std::to_string(options.weights.size()) +
                         (options.weights.size() == 1 ? " weight" : " weights") + " for " +
                         std::to_string(models) + " models: give one weight per model");
  for (std::size_t k = 0; k < models; ++k)
    if (!std::isfinite(options.weights[k]) || options.weights[k] < 0)
      return Status::error("weight " + std::to_string(k + 1) + " is " +
                           js_number_text(options.weights[k]) +
                           ": weights are finite numbers >= 0");
  if (std::all_of(options.weights.begin(), options.weights.end(), [](double v) { return v == 0; }))
    return Status::error("the weights are all 0: give at least one model a weight above 0");
  return Status::ok();
}

// docs/algorithms.md 3.4: each model's share a_k = m_k / M of the weights m (the rows n each
// learned unless the caller gave weights) and the factor f_k = m_k N / (M n_k) of its counts,
// with N = sum n_k: 1 when m is n (written so that it is exactly 1), 0 for a model of no rows.
// With a base of B rows that every model continued from (6.12), model k learned d_k = n_k - B of
// its n_k rows, m defaults to d, and N = B + sum d_k, so that the base's rows count once.
// rows: what each model's counters count; base_rows: the base's (0 without one).
Result<MergeWeights> merge_weights(const std::vector<double>& rows,
                                   const std::vector<double>& given, double base_rows) {
  std::vector<double> learned;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    learned.push_back(rows[k] - base_rows);
    if (learned.back() < 0)
      return Status::error(
          "a model has learned fewer rows than the base it is said to continue "
          "from: it did not start from that base");
  }
  const std::vector<double>& m = given.empty() ? learned : given;
  const double total = std::accumulate(m.begin(), m.end(), 0.0);
  const double all_rows = base_rows + std::accumulate(learned.begin(), learned.end(), 0.0);
  if (!(total > 0))
    return Status::error(
        "the models learned no rows: nothing was learned, so there is nothing to merge");
  MergeWeights w;
  for (std::size_t k = 0; k < m.size(); ++k) {
    w.share.push_back(m[k] / total);
    w.scale.push_back(rows[k] > 0 ? (m[k] * all_rows) / (total * rows[k]) : 0.0);
  }
  return w;
}

}  // namespace

namespace {

using ModelTexts = std::vector<std::pair<std::string, json>>;  // (checksum, body)

// The models' bodies grow with their features and classes: each is released before it is
// destroyed, on every way out (a refusal, a std::bad_alloc passing through), since nlohmann
// allocates to destroy an array or object (core/json_release.hpp). The vectors are reserved
// before a body is moved in, so that none is dropped by a vector that failed to grow.
class ReleasedModels {
 public:
  explicit ReleasedModels(ModelTexts& models) : models_(models) {}
  ReleasedModels(const ReleasedModels&) = delete;
  ReleasedModels& operator=(const ReleasedModels&) = delete;
  ~ReleasedModels() {
    for (auto& model : models_) release(model.second);
  }

 private:
  ModelTexts& models_;
};

// a == b but for the member `skip` of two objects (nullptr: none), compared in place: a copy
// without it would be one more document to allocate and release.
bool same_but(const json& a, const json& b, const char* skip) {
  if (!skip || !a.is_object() || !b.is_object()) return a == b;
  const auto without = [&](const json& o) { return o.size() - (o.contains(skip) ? 1 : 0); };
  if (without(a) != without(b)) return false;
  for (auto it = a.begin(); it != a.end(); ++it) {
    if (it.key() == skip) continue;
    const auto other = b.find(it.key());
    if (other == b.end() || *other != it.value()) return false;
  }
  return true;
}

// Models with encoders merge only when they read the same numeric features, label and encoded
// columns with the same encoder options (their levels may differ).
Status same_encoded_schema(const std::vector<ModelSchema>& schemas) {
  const ModelSchema& united = schemas[0];
  const std::size_t numeric = united.numeric_count();
  for (const ModelSchema& s : schemas) {
    const bool same =
        s.label == united.label && s.positive == united.positive && s.numeric_count() == numeric &&
        std::equal(s.features.begin(), s.features.begin() + numeric, united.features.begin()) &&
        s.encoded.columns.size() == united.encoded.columns.size() &&
        s.encoded.options.max_levels == united.encoded.options.max_levels &&
        s.encoded.options.level_buckets == united.encoded.options.level_buckets &&
        s.encoded.options.text_bits == united.encoded.options.text_bits;
    if (!same)
      return Status::error(
          "the models differ in their schema; only models of the same pipeline and features "
          "can be merged");
    if (s.encoded.options.signed_words != united.encoded.options.signed_words)
      return Status::error(
          "the models count text words differently (a model of format version 2 counts a word "
          "with its hash's sign): train them with the same version of onepass to merge them");
    for (std::size_t c = 0; c < s.encoded.columns.size(); ++c)
      if (s.encoded.columns[c].name != united.encoded.columns[c].name ||
          s.encoded.columns[c].text != united.encoded.columns[c].text)
        return Status::error("the models encode different columns and cannot be merged");
  }
  return Status::ok();
}

// design.md 10.5: each model's state with its encoded features moved to their place in the
// union of every model's features (`united` grows to it).
Result<std::vector<PipelineState>> states_over_union(const ModelTexts& models,
                                                     const std::vector<ModelSchema>& schemas,
                                                     ModelSchema& united) {
  const json& first = models[0].second;
  const std::size_t numeric = united.numeric_count();
  const auto key = [](const EncodedFeature& f) {
    return std::to_string(f.column) + '\x1f' + std::to_string(f.kind) + '\x1f' + f.key;
  };
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < united.encoded.features.size(); ++i)
    index[key(united.encoded.features[i])] = i;
  for (std::size_t m = 1; m < schemas.size(); ++m)
    for (const EncodedFeature& f : schemas[m].encoded.features)
      if (index.emplace(key(f), united.encoded.features.size()).second) {
        united.encoded.features.push_back(f);
        united.features.push_back(f.name);
      }
  std::vector<PipelineState> states;
  for (std::size_t m = 0; m < models.size(); ++m) {
    Result<PipelineState> st = state_of(models[m].second);
    if (!st) return st.status();
    auto pipeline = Pipeline::build(text_of(first, "spec"), 0, 0, united.task);
    if (!pipeline) return pipeline.status();
    Status loaded = pipeline.value()->load(st.value());
    if (!loaded) return bad(loaded.message());
    if (pipeline.value()->scales_encoded() &&
        schemas[m].encoded.features.size() != united.encoded.features.size())
      return Status::error(
          "models whose scalers scale their categorical and text features merge only when "
          "they saw the same levels");
    std::vector<std::size_t> position(numeric + schemas[m].encoded.features.size());
    for (std::size_t j = 0; j < numeric; ++j) position[j] = j;
    for (std::size_t e = 0; e < schemas[m].encoded.features.size(); ++e)
      position[numeric + e] = numeric + index[key(schemas[m].encoded.features[e])];
    pipeline.value()->remap_features(position, numeric + united.encoded.features.size());
    states.push_back(pipeline.value()->save());
  }
  return states;
}

}  // namespace

Result<std::string> merge_models(const std::vector<std::string>& texts, const MergeOptions& given) {
  if (texts.empty()) return Status::error("merge needs at least one model");
  if (Status st = check_options(given, texts.size()); !st) return st;
  ModelTexts read, models;
  const ReleasedModels released_read(read), released_models(models);
  read.reserve(texts.size());
  models.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    Result<json> m = parse_model(texts[i]);
    if (!m) return Status::error("model " + std::to_string(i + 1) + ": " + m.message());
    const ReleasedJson<json> released(m.value());
    std::string sum = checksum_of(m.value());  // before take(): argument order is unspecified
    read.emplace_back(std::move(sum), m.take());
  }
  // The canonical order: by checksum, then weight; the weights go with their models.
  std::vector<std::size_t> order(read.size());
  std::iota(order.begin(), order.end(), 0);
  const auto weight = [&](std::size_t i) { return given.weights.empty() ? 0 : given.weights[i]; };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return read[a].first != read[b].first ? read[a].first < read[b].first : weight(a) < weight(b);
  });
  MergeOptions options = given;
  for (std::size_t k = 0; k < order.size(); ++k) {
    models.push_back(std::move(read[order[k]]));
    if (!given.weights.empty()) options.weights[k] = given.weights[order[k]];
  }
  const json& first = models[0].second;
  const bool encoded = member(first, "encoder") != nullptr;
  std::vector<ModelSchema> schemas;
  for (const auto& [sum, m] : models) {
    Result<ModelSchema> schema = schema_of(m);
    if (!schema) return schema.status();
    schemas.push_back(schema.take());
  }
  // docs/algorithms.md 1.8: models of one task and one label; a multiclass model's classes
  // may differ from another's (they merge over their union, below).
  const Task task = schemas[0].task;
  for (const ModelSchema& s : schemas) {
    if (s.task != task)
      return Status::error(std::string("the models learn different tasks (") + task_name(task) +
                           " and " + task_name(s.task) +
                           "); only models of one task can be merged");
    if (task != Task::binary && s.label != schemas[0].label)
      return Status::error("the models learn different labels ('" + schemas[0].label + "' and '" +
                           s.label + "'); only models of one label can be merged");
  }
  // A yes/no label's negative value: models that saw none (a shard of positive rows only) take
  // the others'; two different ones are two labels.
  std::string negative;
  for (const ModelSchema& s : schemas) {
    if (s.negative.empty()) continue;
    if (!negative.empty() && s.negative != negative)
      return Status::error("the models' negative classes differ ('" + negative + "' and '" +
                           s.negative + "'); only models of one label can be merged");
    negative = s.negative;
  }
  // The schema but for what may differ between models that merge: a multiclass model's classes,
  // a yes/no model's negative value (checked above).
  const char* may_differ = task == Task::multiclass ? "classes"
                           : task == Task::binary   ? "negative"
                                                    : nullptr;
  for (const auto& [sum, m] : models)
    for (const char* key : {"spec", "dims", "schema", "encoder"}) {
      const bool schema = std::string(key) == "schema";
      if (encoded && schema) continue;  // compared below
      const json* a = member(m, key);
      const json* b = member(first, key);
      if (encoded && std::string(key) == "encoder" && a && b) continue;  // compared below
      if ((a == nullptr) != (b == nullptr) ||
          (a && !same_but(*a, *b, schema ? may_differ : nullptr)))
        return Status::error(std::string("the models differ in their ") + key +
                             "; only models of the same pipeline and features can be merged");
    }
  // docs/algorithms.md 6.12: the model a round of parameter mixing started every model from
  // (only its counters are read: what each model learned is counted from them).
  std::optional<PipelineState> base;
  std::optional<ModelSchema> base_schema;
  if (!given.base.empty()) {
    Result<json> b = parse_model(given.base);
    if (!b) return Status::error("the base model: " + b.message());
    const ReleasedJson<json> released(b.value());
    if (text_of(b.value(), "spec") != text_of(first, "spec"))
      return Status::error("the base model is not of these models' pipeline");
    Result<ModelSchema> bs = schema_of(b.value());
    if (!bs) return Status::error("the base model: " + bs.message());
    if (bs.value().task != task)
      return Status::error("the base model learns another task (" +
                           std::string(task_name(bs.value().task)) + ")");
    Result<PipelineState> st = state_of(b.value());
    if (!st) return Status::error("the base model: " + st.message());
    base = st.take();
    base_schema = bs.take();
  }
  PipelineState* from = base ? &*base : nullptr;
  // design.md 10.5: models whose encoders saw different levels merge over the union of their
  // features; each learner's features move to their place in it (unseen ones at their initial
  // values, as if they had been 0).
  ModelSchema& united = schemas[0];
  united.negative = negative;
  std::vector<PipelineState> states;
  if (encoded) {
    if (Status st = same_encoded_schema(schemas); !st) return st;
    auto over_union = states_over_union(models, schemas, united);
    if (!over_union) return over_union.status();
    states = over_union.take();
  } else {
    for (const auto& [sum, m] : models) {
      Result<PipelineState> st = state_of(m);
      if (!st) return st.status();
      states.push_back(st.take());
    }
  }
  // docs/algorithms.md 3.4: multiclass models merge over the union of their classes by name.
  std::vector<std::vector<bool>> learned;
  if (task == Task::multiclass) {
    const std::vector<ModelSchema> own = schemas;  // each model's classes, before the union
    Status st =
        model_merge::unite_classes(text_of(first, "spec"), own, states,
                                   base_schema ? &*base_schema : nullptr, from, united, learned);
    if (!st) return st;
  }
  return merge_states(first, states, united, options, from, learned);
}

namespace {

Result<std::string> merge_states(const json& first, const std::vector<PipelineState>& states,
                                 const ModelSchema& schema, const MergeOptions& options,
                                 const PipelineState* base,
                                 const std::vector<std::vector<bool>>& learned) {
  const bool task = schema.task != Task::binary;
  // Every model's counters are checked before any is read (the first model's were written
  // before being checked: found by the model fuzz target).
  std::optional<model_merge::TaskCounters> counters;
  std::vector<double> rows;
  double base_rows = 0;
  if (task) {
    auto c = model_merge::task_counters(schema.task, states, base);
    if (!c) return c.status();
    counters = c.take();
    for (const TaskProgress& p : counters->parts) rows.push_back(static_cast<double>(p.rows()));
    if (base) base_rows = static_cast<double>(counters->base->rows());
  } else {
    for (const auto& s : states) {
      if (s.progress.size() < Progressive::kEndCounter)
        return bad("a model's progress counters are damaged");
      rows.push_back(Progressive::saved_rows(s.progress));
    }
    if (base && base->progress.size() < Progressive::kEndCounter)
      return bad("the base's progress counters are damaged");
    if (base) base_rows = Progressive::saved_rows(base->progress);
  }
  auto pipeline = Pipeline::build(text_of(first, "spec"), 0, 0, schema.task);
  if (!pipeline) return pipeline.status();
  PipelineState merged = states[0];
  std::optional<MergeWeights> by;  // none: the plain mean
  if (!options.mean || task) {
    // The plain mean of task models takes every model alike through the learner's own rule,
    // which keeps its row count whole (docs/algorithms.md 3.4).
    auto w = merge_weights(
        rows, options.mean ? std::vector<double>(rows.size(), 1.0) : options.weights, base_rows);
    if (!w) return w.status();
    by = w.take();
    by->learned = learned;
    // The stages merge by their own rules (Learner::merge, TaskLearner::merge, Scaler::merge),
    // so a pipeline of this spec and width holds them.
    if (Status st = pipeline.value()->load(states[0]); !st) return bad(st.message());
  }
  const bool scalers_by = by && !options.mean;
  for (std::size_t i = 0; i < merged.scalers.size(); ++i) {
    std::vector<const std::vector<double>*> parts;
    for (const auto& s : states) parts.push_back(&s.scalers[i]);
    if (scalers_by ? !pipeline.value()->scaler(i).merge(parts, *by, merged.scalers[i])
                   : !mean_into(parts, merged.scalers[i]))
      return Status::error("scaler " + std::to_string(i + 1) + " (" +
                           text_of(member(first, "scalers")->at(i), "name") +
                           ") was fitted differently in these models and cannot be merged");
  }
  std::vector<const LearnerState*> learners;
  for (const auto& s : states) learners.push_back(&s.learner);
  const bool learner_merged =
      task ? pipeline.value()->task_learner().merge(learners, *by, merged.learner)
      : by ? pipeline.value()->learner().merge(learners, *by, merged.learner)
           : mean_learner(learners, merged.learner);
  if (!learner_merged)
    return Status::error("the learners' states differ in shape and cannot be merged");
  // Progress: the confusion counts and log-loss sum add up, so the merged model has learned
  // every model's rows (and a tree of merges weighs as a flat one); the rest (curve, window) is
  // the first model's in the canonical order.
  // With a base, each model's counts are the base's plus its own, and the base's count once.
  const auto added_up = [&](std::size_t models, auto count, double base_count) {
    double sum = base ? base_count : 0;
    for (std::size_t k = 0; k < models; ++k) sum += count(k) - (base ? base_count : 0);
    return sum;
  };
  if (task) {
    auto progress = model_merge::merged_counters(*counters);
    if (!progress) return progress.status();
    merged.progress = progress.take();
  } else {
    for (std::size_t i = Progressive::kFirstCounter; i < Progressive::kEndCounter; ++i)
      merged.progress[i] = added_up(
          states.size(), [&](std::size_t k) { return states[k].progress[i]; },
          base ? base->progress[i] : 0);
    // The reliability bins (docs/algorithms.md 6.5) add up as the counts do.
    auto bins = merged_bins(merged.progress, states, base);
    if (!bins) return bins.status();
    merged.progress = bins.take();
  }
  // Class weights (docs/algorithms.md 4.28): the same weights in every model, and the rows each
  // counted add up, as the progress counters do (whole numbers, whatever the weights).
  for (const auto& s : states) {
    const std::vector<double>& a = merged.class_weights;
    const std::vector<double>& b = s.class_weights;
    // [mode, K, K weights, K counts]: equal up to the counts.
    const std::size_t head = a.size() < 2 ? a.size() : 2 + static_cast<std::size_t>(a[1]);
    if (a.size() != b.size() || !std::equal(a.begin(), a.begin() + head, b.begin()))
      return Status::error("the models were trained with different class weights");
  }
  const std::vector<double>& weights = merged.class_weights;
  const std::size_t counts = weights.size() < 2 ? weights.size() : 2 + std::size_t(weights[1]);
  if (base && base->class_weights.size() != merged.class_weights.size())
    return Status::error("the base was trained with different class weights");
  for (std::size_t i = counts; i < merged.class_weights.size(); ++i)
    merged.class_weights[i] = added_up(
        states.size(), [&](std::size_t k) { return states[k].class_weights[i]; },
        base ? base->class_weights[i] : 0);
  // +drift (docs/algorithms.md 6.10): the merged model watches its stream afresh.
  merged.drift.clear();
  merged.has_drift_background = false;
  merged.drift_background = {};
  merged.drift_background_outputs = 0;
  Status st = pipeline.value()->load(merged);
  if (!st) return Status::error("the merged state does not load: " + st.message());
  return model_file_text(*pipeline.value(), schema);
}

}  // namespace

}  // namespace onepass
