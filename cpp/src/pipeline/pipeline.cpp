#include "pipeline/pipeline.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"
#include "core/spec.hpp"
#include "learners/calibrator.hpp"
#include "pipeline/registry.hpp"
#include "pipeline/run_memory.hpp"

namespace onepass {

namespace {

Status wrong_kind(const StageSpec& st, const RegistryEntry* e, StageKind wanted,
                  const std::string& where) {
  const std::string known = std::string("known ") + kind_name(wanted) + "s: " + names_of(wanted);
  const std::string rule = where + " must be a " + kind_name(wanted) + "; " + known;
  if (!e)
    return Status::error("unknown " + std::string(kind_name(wanted)) + " '" + st.name +
                         "': " + rule);
  return Status::error("'" + st.name + "' is a " + kind_name(e->kind) + ", but " + rule);
}

std::string stage_text(const RegistryEntry& e, const ParamValues& values) {
  return e.params.empty() ? e.name : e.name + "(" + values.canonical(e.params) + ")";
}

}  // namespace

Result<std::unique_ptr<Pipeline>> Pipeline::build(const std::string& spec, std::uint64_t every,
                                                  std::uint64_t window, Task task) {
  Result<PipelineSpec> parsed = parse_pipeline_spec(spec);
  if (!parsed) return parsed.status();
  const PipelineSpec& ps = parsed.value();
  if (window > kMaxWindow)
    return Status::error("the window must be at most " + std::to_string(kMaxWindow) +
                         " rows (got " + std::to_string(window) + ")");
  std::unique_ptr<Pipeline> p(new Pipeline());
  p->spec_ = spec;
  p->progress_ = Progressive(every, window);
  p->task_ = task;
  p->task_progress_ = TaskProgress(task, every, window);
  const RegistryEntry* learner_entry = nullptr;
  ParamValues learner_values;
  std::string canonical;
  for (std::size_t i = 0; i < ps.stages.size(); ++i) {
    const StageSpec& st = ps.stages[i];
    const bool last = i + 1 == ps.stages.size();
    const StageKind wanted = last ? StageKind::learner : StageKind::scaler;
    const RegistryEntry* e = find_entry(st.name);
    if (!e || e->kind != wanted)
      return wrong_kind(st, e, wanted,
                        last ? "the last stage of a pipeline" : "a stage before the learner");
    Result<ParamValues> values = resolve_params(e->name, e->params, st.params);
    if (!values) return values.status();
    if (e->check) {
      Status checked = e->check(values.value());
      if (!checked) return checked;
    }
    const std::string text = stage_text(*e, values.value());
    if (last) {
      learner_entry = e;
      learner_values = values.value();
      p->learner_name_ = e->name;
      p->needs_ = e->needs;
    } else {
      p->scalers_.push_back(e->make_scaler(values.value()));
      if (task != Task::binary && p->scalers_.back()->uses_labels())
        return Status::error("scaler '" + e->name + "' learns from yes/no labels; a " +
                             task_name(task) +
                             " pipeline takes the scalers that do not (zscore, minmax, maxabs, "
                             "robust, ...)");
      p->scaler_texts_.push_back(text);
    }
    canonical += (i ? " | " : "") + text;
  }
  std::vector<std::pair<const RegistryEntry*, ParamValues>> modifiers;
  for (std::size_t m = 0; m < ps.modifiers.size(); ++m) {
    const StageSpec& st = ps.modifiers[m];
    if (st.name == "drift") {  // around the learner, whatever wraps it (docs/algorithms.md 6.10)
      if (p->drift_) return Status::error("'+drift' is given twice; a pipeline has one detector");
      std::string text;
      Result<std::unique_ptr<DriftWatch>> watch = DriftWatch::parse(st.params, task, text);
      if (!watch) return watch.status();
      p->drift_ = watch.take();
      canonical += " +" + text;
      continue;
    }
    const RegistryEntry* e = find_entry(st.name);
    if (!e || e->kind != StageKind::modifier)
      return wrong_kind(st, e, StageKind::modifier, "what follows '+'");
    if (learner_entry && !learner_entry->takes_modifiers)
      return Status::error("'" + learner_entry->name + "' takes no '+" + st.name +
                           "': its members are averaged and calibrated already (" +
                           algorithms_ref(learner_entry->spec) + ")");
    for (std::size_t k = 0; k < m; ++k) {
      if (ps.modifiers[k].name == st.name)
        return Status::error("'+" + st.name + "' is given twice; a learner is " +
                             (is_calibrator(st.name) ? "calibrated" : "averaged or voted") +
                             " once");
      if (is_calibrator(st.name) && is_calibrator(ps.modifiers[k].name))
        return Status::error("'+" + ps.modifiers[k].name + "' and '+" + st.name +
                             "' both calibrate the score; a learner is calibrated once");
    }
    // docs/algorithms.md 4.29, 4.30: the calibrator reads the score the pipeline predicts with,
    // so it wraps the learner as averaged or voted, not the other way round.
    if (!modifiers.empty() && is_calibrator(modifiers.back().first->name)) {
      const std::string& c = modifiers.back().first->name;
      return Status::error("'+" + c + "' comes after '+" + st.name +
                           "': it calibrates the score of "
                           "the learner as averaged or voted (e.g. 'pa2 +avg +" +
                           c + "')");
    }
    Result<ParamValues> values = resolve_params(e->name, e->params, st.params);
    if (!values) return values.status();
    modifiers.emplace_back(e, values.value());
    canonical += " +" + stage_text(*e, values.value());
  }
  p->canonical_ = canonical;
  Status made = p->build_task_learner(*learner_entry, learner_values, modifiers);
  if (!made) return made;
  // Every stage starts in a valid state of width 0, so that a snapshot or a save of a pipeline
  // that has seen no row is well defined (an empty stream, a header that failed).
  for (auto& s : p->scalers_) s->reset(0);
  if (p->learner_) p->learner_->reset(0);
  if (p->task_learner_) p->task_learner_->reset(0, task == Task::regression ? 1 : 0);
  return p;
}

Result<std::vector<std::unique_ptr<Pipeline>>> Pipeline::build_all(
    const std::vector<std::string>& specs, std::uint64_t every, std::uint64_t window, Task task) {
  if (specs.empty()) return Status::error("no pipeline given");
  std::vector<std::unique_ptr<Pipeline>> pipelines;
  for (const auto& spec : specs) {
    Result<std::unique_ptr<Pipeline>> p = build(spec, every, window, task);
    if (!p) return p.status();
    pipelines.push_back(p.take());
  }
  return {std::move(pipelines)};
}

void Pipeline::set_dims(std::size_t dims, std::size_t width) {
  numeric_ = dims;
  width_ = width > dims ? width : dims;
  if (scale_encoded_) dims = width_;  // the scalers see every feature
  held_tails_.clear();
  if (shared_head_ > 0) {  // own scalers again: a reset must not reset the leader's
    scalers_ = std::move(build(canonical_, 0, 0, task_).value()->scalers_);  // always builds
    shared_head_ = 0;
  }
  dims_ = dims;
  try {
    for (auto& s : scalers_) s->reset(dims);
    if (learner_) learner_->reset(width_);
    if (task_learner_) task_learner_->reset(width_, task_ == Task::regression ? 1 : 0);
    stage_out_.assign(scalers_.size(), std::vector<double>(dims, 0.0));
    learner_in_.assign(dims, 0.0);
    if (drift_) drift_->restart();
    progress_ = Progressive(progress_.every(), progress_.window());
    task_progress_ = TaskProgress(task_, progress_.every(), progress_.window());
  } catch (...) {
    // An allocation failed (std::bad_alloc) with some stages at the new width and some not:
    // the pipeline goes back to no width, so that its next row sizes every stage again,
    // instead of a row read through buffers of another width.
    dims_ = numeric_ = width_ = 0;
    throw;
  }
}

Status Pipeline::check_width(std::size_t dims) const {
  if (dims_ != 0 && dims != dims_)
    return Status::error("the row has " + std::to_string(dims) + " features, the pipeline " +
                         std::to_string(dims_));
  if (dims == 0) return Status::error("the row has no features");
  if (dims > kMaxDims)
    return Status::error("the row has " + std::to_string(dims) + " features; at most " +
                         std::to_string(kMaxDims));
  return Status::ok();
}

Status Pipeline::check_row(const double* x, std::size_t dims) const {
  Status st = check_width(dims);
  if (!st) return st;
  for (std::size_t j = 0; j < dims; ++j)
    if (std::isinf(x[j]))
      return Status::error("feature " + std::to_string(j + 1) + " is not finite (" +
                           (x[j] > 0 ? "+" : "-") + "infinity); use NaN for a missing value");
  return Status::ok();
}

namespace {

// A label as the pipeline's task takes it (docs/algorithms.md 1.8).
Status check_label(Task task, double y) {
  if (task == Task::regression)
    return std::isfinite(y) ? Status::ok() : Status::error("the target must be a finite number");
  if (task == Task::multiclass)
    return y >= 0 && y < static_cast<double>(kMaxClasses) && y == std::floor(y)
               ? Status::ok()
               : Status::error("the label must be a class index from 0 to " +
                               std::to_string(kMaxClasses - 1));
  return y == 1 || y == -1 ? Status::ok() : Status::error("the label must be +1 or -1");
}

// The margin of a binary pipeline: what a multiclass or regression one answers otherwise.
Status no_margin(Task task) {
  return Status::error(std::string("a ") + task_name(task) +
                       " pipeline has no single margin: it predicts " +
                       (task == Task::regression ? "a number" : "a class with its scores"));
}

// The learner sees 0 for a missing cell (after scaling: the mean under zscore): x itself
// when none of its n values is missing, else a copy in buffer with 0 in their place.
const double* zeros_for_missing(const double* x, std::size_t n, std::vector<double>& buffer) {
  if (!any_nan(x, n)) return x;
  buffer.resize(n);
  for (std::size_t j = 0; j < n; ++j) buffer[j] = std::isnan(x[j]) ? 0.0 : x[j];
  return buffer.data();
}

}  // namespace

const double* Pipeline::fill_missing(const double* x) const {
  return zeros_for_missing(x, dims_, learner_in_);
}

void Pipeline::grow(std::size_t width) {
  if (width <= width_) return;
  if (scale_encoded_) {  // shared scalers grow once: a second grow to the same width is none
    for (auto& s : scalers_) s->grow(width);
    for (auto& out : stage_out_) out.resize(width, 0.0);
    learner_in_.resize(width, 0.0);
    dims_ = width;
  }
  if (learner_) learner_->grow(width);
  if (task_learner_) task_learner_->grow(width);
  if (drift_ && drift_->background) drift_->background->grow(width);
  if (drift_ && drift_->task_background) drift_->task_background->grow(width);
  width_ = width;
}

Status Pipeline::scale_encoded(bool on) {
  for (std::size_t i = 0; on && i < scalers_.size(); ++i)
    if (!scalers_[i]->can_grow())
      return Status::error("scaler '" + scalers_[i]->snapshot().name + "' of '" + spec_ +
                           "' is fitted on its first rows and cannot scale categorical or text "
                           "features that appear later; leave scaling of encoded features off");
  scale_encoded_ = on;
  return Status::ok();
}

const double* Pipeline::full_row(const double* x, const SparseRow& tail) const {
  full_row_.assign(width_, 0.0);
  std::copy(x, x + numeric_, full_row_.begin());
  for (std::size_t k = 0; k < tail.nnz; ++k) full_row_[tail.index[k]] = tail.value[k];
  return full_row_.data();
}

int Pipeline::learn_encoded(const double* x, const SparseRow& tail, double y) {
  if (scale_encoded_) return push(0, full_row(x, tail), y);
  return push(0, x, y, &tail);
}

void Pipeline::remap_features(const std::vector<std::size_t>& position, std::size_t width) {
  if (learner_) learner_->remap(position, width);
  if (task_learner_) task_learner_->remap_features(position, width);
  if (drift_) drift_->restart();  // a merged model watches its stream afresh
  width_ = width;
}

int Pipeline::push(std::size_t stage, const double* x, double label, const SparseRow* tail,
                   bool queued) {
  const int y = static_cast<int>(label);  // a binary pipeline's +1/-1
  const double* cur = x;
  for (std::size_t i = stage; i < scalers_.size(); ++i) {
    Scaler& s = *scalers_[i];
    if (!s.fitted()) {  // a warm-up scaler still collecting keeps the row
      // and the pipeline keeps its encoded features, one entry per held row even when it has
      // none: the width may grow before the row is released (tests/fuzz/csv_fuzz found a
      // release popping tails that were never kept).
      if (!queued) {
        const SparseRow t = tail ? *tail : SparseRow{};
        held_tails_.push_back({{t.index, t.index + t.nnz}, {t.value, t.value + t.nnz}});
      }
      if (s.hold(cur, y)) release(i);
      return 0;
    }
    s.update_transform(cur, stage_out_[i].data());  // spec 1.6 step 1 (D-GN-1)
    cur = stage_out_[i].data();
  }
  const double* z = fill_missing(cur);
  HeldTail held;
  if (queued && !held_tails_.empty()) {  // a released row reaches the learner: its tail too
    held = std::move(held_tails_.front());
    held_tails_.pop_front();
  }
  if (task_learner_) {
    const SparseRow none{};
    const bool dense = width_ == dims_ && (!tail || tail->nnz == 0);
    task_learner_->offer_dense(dense ? z : nullptr);  // all its features in z
    const int predicted = learn_task_row(wide_sparse(z, tail ? *tail : none), label);
    task_learner_->offer_dense(nullptr);
    return predicted;
  }
  if (width_ > dims_) {
    const SparseRow t = queued ? SparseRow{held.index.data(), held.value.data(), held.index.size()}
                        : tail ? *tail
                               : SparseRow{};
    const int predicted = learn_wide(z, t, y);
    for (std::size_t i = stage; i < scalers_.size(); ++i)
      scalers_[i]->observe_label(i == stage ? x : stage_out_[i - 1].data(), y);
    return predicted;
  }
  const int predicted = learn_binary(z, y, learner_->train_score(z));  // spec 6.1: predict first
  // spec 1.6 step 3 (D-AS-4): supervised scalers see the label after the prediction, with
  // the row as it entered them.
  for (std::size_t i = stage; i < scalers_.size(); ++i)
    scalers_[i]->observe_label(i == stage ? x : stage_out_[i - 1].data(), y);
  return predicted;
}

std::size_t Pipeline::shareable_head(const Pipeline& other) const {
  if (width_ == 0 || dims_ != other.dims_ || width_ != other.width_) return 0;
  // A pipeline whose drift action starts its scalers afresh keeps them to itself.
  if ((drift_ && drift_->resets_scalers()) || (other.drift_ && other.drift_->resets_scalers()))
    return 0;
  std::size_t k = 0;
  while (k < scalers_.size() && k < other.scalers_.size() &&
         scaler_texts_[k] == other.scaler_texts_[k] && scalers_[k]->fitted() &&
         other.scalers_[k]->fitted())
    ++k;
  return k;
}

void Pipeline::share_head(Pipeline& leader, std::size_t k) {
  for (std::size_t i = 0; i < k; ++i) scalers_[i] = leader.scalers_[i];
  shared_head_ = k;
}

bool Pipeline::scalers_keep_zeros() const {
  for (const auto& s : scalers_)
    if (!s->keeps_zeros()) return false;
  return true;
}

Result<int> Pipeline::learn_sparse(const SparseRow& x, std::size_t dims, double y) {
  Status st = check_label(task_, y);
  if (st) st = check_width(dims);
  if (st) st = check_sparse_row(x, dims);
  if (st && dims_ == 0) st = check_run_memory(*this, dims);  // the first row sets the width
  if (!st) return st;
  if (dims_ == 0) set_dims(dims);
  return learn_sparse_checked(x, y);
}

int Pipeline::learn_sparse_checked(const SparseRow& x, double label) {
  const int y = static_cast<int>(label);  // a binary pipeline's +1/-1
  if (!scalers_keep_zeros()) {
    dense_of_sparse_.resize(dims_);
    densify(x, dims_, dense_of_sparse_.data());
    return push(0, dense_of_sparse_.data(), label);
  }
  // spec 1.6 on the non-zeros: each scaler updates and transforms them, the learner
  // predicts (recorded) and learns. Scalers that keep zeros are unsupervised.
  sparse_out_.resize(scalers_.size());
  SparseRow cur = x;
  for (std::size_t i = 0; i < scalers_.size(); ++i) {
    sparse_out_[i].resize(x.nnz);
    scalers_[i]->update_transform_sparse(cur, sparse_out_[i].data());
    cur.value = sparse_out_[i].data();
  }
  cur.value = zeros_for_missing(cur.value, cur.nnz, sparse_learner_in_);
  if (task_learner_) return learn_task_row(cur, label);
  return learn_binary(cur, y, learner_->train_score_sparse(cur));  // spec 6.1: predict first
}

void Pipeline::release(std::size_t stage) {
  std::vector<double> rows;
  std::vector<std::int8_t> labels;
  scalers_[stage]->fit_held(rows, labels);
  // Rows go on in their order; a later warm-up stage may hold them in turn.
  for (std::size_t r = 0; r < labels.size(); ++r)
    push(stage, rows.data() + r * dims_, labels[r], nullptr, /*queued=*/true);
}

SparseRow Pipeline::wide_sparse(const double* z, const SparseRow& tail) const {
  wide_index_.resize(dims_ + tail.nnz);
  wide_value_.resize(dims_ + tail.nnz);
  for (std::size_t j = 0; j < dims_; ++j) {
    wide_index_[j] = static_cast<std::uint32_t>(j);
    wide_value_[j] = z[j];
  }
  std::copy(tail.index, tail.index + tail.nnz, wide_index_.begin() + dims_);
  std::copy(tail.value, tail.value + tail.nnz, wide_value_.begin() + dims_);
  return {wide_index_.data(), wide_value_.data(), wide_index_.size()};
}

const double* Pipeline::wide_dense(const double* z, const SparseRow& tail) const {
  wide_dense_.resize(width_, 0.0);  // kept all zeros beyond the numeric part between rows
  std::copy(z, z + dims_, wide_dense_.begin());
  for (std::size_t k = 0; k < tail.nnz; ++k) wide_dense_[tail.index[k]] = tail.value[k];
  return wide_dense_.data();
}

void Pipeline::clear_wide_dense(const SparseRow& tail) const {
  for (std::size_t k = 0; k < tail.nnz; ++k) wide_dense_[tail.index[k]] = 0.0;
}

double Pipeline::defined_margin(double margin) const {
  if (!std::isnan(margin)) return margin;
  ++undefined_margins_;  // inf - inf: a tie (D-TIE), counted for warnings()
  return 0.0;
}

int Pipeline::record_prediction(double margin, int y) {
  margin = defined_margin(margin);
  if (std::isinf(margin)) ++infinite_margins_;
  const int predicted = label_of_score(margin);
  progress_.record(predicted, y, margin, learner_->has_probability());
  return predicted;
}

int Pipeline::learn_wide(const double* z, const SparseRow& tail, int y) {
  // design.md 10.5: sparse-native learners take the row in O(numeric + encoded non-zeros).
  if (learner_->sparse_native()) {
    const SparseRow row = wide_sparse(z, tail);
    return learn_binary(row, y, learner_->train_score_sparse(row));  // spec 6.1: predict first
  }
  const double* row = wide_dense(z, tail);
  const int predicted = learn_binary(row, y, learner_->train_score(row));
  clear_wide_dense(tail);
  return predicted;
}

Result<double> Pipeline::score_encoded(const double* x, const SparseRow& tail) const {
  if (task_learner_) return no_margin(task_);
  if (width_ == 0) return Status::error("the pipeline has not learned any row yet");
  if (scale_encoded_) return score_one(full_row(x, tail), width_);
  Result<const double*> scaled = transform_frozen(x);
  if (!scaled) return scaled.status();
  const double* z = fill_missing(scaled.value());
  if (learner_->sparse_native())
    return defined_margin(learner_->score_sparse(wide_sparse(z, tail)));
  const double s = learner_->score(wide_dense(z, tail));
  clear_wide_dense(tail);
  return defined_margin(s);
}

void Pipeline::finish() {
  for (std::size_t i = 0; i < scalers_.size(); ++i)
    if (!scalers_[i]->fitted()) release(i);
}

PipelineState Pipeline::save() const {
  PipelineState st;
  st.dims = dims_;
  st.width = width_ > dims_ ? width_ : 0;
  st.scale_encoded = scale_encoded_;
  st.numeric = numeric_;
  for (const auto& s : scalers_) st.scalers.push_back(s->save());
  if (width_ != 0) st.learner = task_learner_ ? task_learner_->save() : learner_->save();
  st.progress = task_learner_ ? task_progress_.save() : progress_.save();
  if (task_learner_) st.outputs = task_learner_->outputs();
  st.class_weights = class_weights_.save();
  if (drift_) {
    st.drift = drift_->save();
    st.has_drift_background = drift_->has_background();
    if (drift_->background) st.drift_background = drift_->background->save();
    if (drift_->task_background) {
      st.drift_background = drift_->task_background->save();
      st.drift_background_outputs = drift_->task_background->outputs();
    }
  }
  return st;
}

Status Pipeline::set_class_weights(const ClassWeights& weights) {
  if (weights.on() && task_ == Task::regression)
    return Status::error(
        "class weights weigh the classes of a label; a regression label is a number and has none");
  class_weights_ = weights;
  return Status::ok();
}

Status Pipeline::load(const PipelineState& saved) {
  if (saved.scalers.size() != scalers_.size())
    return Status::error("the saved state has " + std::to_string(saved.scalers.size()) +
                         " scalers, the pipeline " + std::to_string(scalers_.size()));
  // Load into a fresh copy first, so that a failure leaves this pipeline as it was.
  auto fresh = build(canonical_, progress_.every(), progress_.window(), task_);
  if (!fresh) return fresh.status();
  Pipeline& p = *fresh.value();
  if (saved.scale_encoded) {
    Status st = p.scale_encoded(true);
    if (!st) return st;
  }
  if (saved.dims != 0 || saved.width != 0) {
    if (saved.scale_encoded)
      p.set_dims(saved.numeric, saved.dims);
    else
      p.set_dims(saved.dims, saved.width);
    for (std::size_t i = 0; i < scalers_.size(); ++i) {
      Status st = p.scalers_[i]->load(saved.scalers[i]);
      if (!st) return Status::error("scaler " + std::to_string(i + 1) + ": " + st.message());
    }
    if (p.task_learner_) {
      // At most kMaxClasses classes, and classes x features at most kMaxTaskWeights.
      const std::size_t width = std::max<std::size_t>(saved.width ? saved.width : saved.dims, 1);
      const std::size_t most =
          task_ == Task::regression ? 1 : std::min(kMaxClasses, kMaxTaskWeights / width);
      if (task_ == Task::regression ? saved.outputs != 1 : saved.outputs > most)
        return Status::error("the saved learner has " + std::to_string(saved.outputs) +
                             " outputs; a " + task_name(task_) + " learner of " +
                             std::to_string(width) + " features has " +
                             (task_ == Task::regression ? "1" : "at most " + std::to_string(most)));
      p.task_learner_->reset(p.width_, saved.outputs);
    }
    Status st =
        p.task_learner_ ? p.task_learner_->load(saved.learner) : p.learner_->load(saved.learner);
    if (!st) return st;
  }
  if (p.task_learner_ ? !p.task_progress_.load(saved.progress) : !p.progress_.load(saved.progress))
    return Status::error("the saved progress counters are damaged");
  ClassWeights weights;
  if (Status st = weights.load(saved.class_weights); !st) return st;
  if (Status st = p.set_class_weights(weights); !st) return st;
  if (Status st = p.load_drift(saved); !st) return st;
  class_weights_ = weights;
  drift_ = std::move(p.drift_);
  scalers_ = std::move(p.scalers_);
  shared_head_ = 0;
  learner_ = std::move(p.learner_);
  task_learner_ = std::move(p.task_learner_);
  task_progress_ = std::move(p.task_progress_);
  dims_ = p.dims_;
  width_ = p.width_;
  numeric_ = p.numeric_;
  scale_encoded_ = p.scale_encoded_;
  held_tails_.clear();
  stage_out_ = std::move(p.stage_out_);
  learner_in_ = std::move(p.learner_in_);
  progress_ = std::move(p.progress_);
  return Status::ok();
}

Result<int> Pipeline::learn_one(const double* x, std::size_t dims, double y) {
  Status st = check_label(task_, y);
  if (st) st = check_row(x, dims);
  if (st && dims_ == 0) st = check_run_memory(*this, dims);  // the first row sets the width
  if (!st) return st;
  if (dims_ == 0) set_dims(dims);
  return learn_checked(x, y);
}

Result<double> Pipeline::score_one(const double* x, std::size_t dims) const {
  if (task_learner_) return no_margin(task_);
  Status st = check_row(x, dims);
  if (!st) return st;
  if (dims_ == 0) return Status::error("the pipeline has not learned any row yet");
  // A model with encoded features given only its numeric values: those features are absent
  // (0), as when learning (the learner reads width() values; found by tests/fuzz/model_fuzz).
  if (width_ > dims_) return score_encoded(x, SparseRow{});
  Result<const double*> scaled = transform_frozen(x);
  if (!scaled) return scaled.status();
  return defined_margin(learner_->score(fill_missing(scaled.value())));
}

Result<const double*> Pipeline::transform_frozen(const double* x) const {
  const double* cur = x;
  for (std::size_t i = 0; i < scalers_.size(); ++i) {
    if (!scalers_[i]->fitted())
      return Status::error(
          "scaler " + std::to_string(i + 1) + " (" + scalers_[i]->snapshot().name +
          ") is still collecting its warm-up rows; finish() fits it on what it has");
    scalers_[i]->transform(cur, stage_out_[i].data());
    cur = stage_out_[i].data();
  }
  return cur;
}

Result<double> Pipeline::score_sparse(const SparseRow& x, std::size_t dims) const {
  Status st = check_sparse_row(x, dims);
  if (!st) return st;
  dense_of_sparse_.resize(dims);
  densify(x, dims, dense_of_sparse_.data());
  return score_one(dense_of_sparse_.data(), dims);
}

}  // namespace onepass
