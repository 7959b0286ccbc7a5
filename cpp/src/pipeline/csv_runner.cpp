#include "pipeline/csv_runner.hpp"

#include <algorithm>
#include <chrono>

#include "core/dense_ops.hpp"
#include "onepass/api/defaults.hpp"

namespace onepass {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

Result<std::unique_ptr<CsvRunner>> CsvRunner::create(const CsvOptions& options,
                                                     const std::vector<std::string>& specs,
                                                     std::uint64_t every, std::uint64_t window) {
  const Task task = options.task_given ? options.task : Task::binary;
  const std::vector<std::string> chosen =
      specs.empty() ? std::vector<std::string>{default_pipeline(task)} : specs;
  Result<std::vector<std::unique_ptr<Pipeline>>> built =
      Pipeline::build_all(chosen, every, window, task);
  if (!built && !options.task_given) {
    // The task is not known before the first rows: a spec is checked here for any task its
    // learner can learn, and built for the one the label asks for then (adopt_task).
    for (Task other : {Task::multiclass, Task::regression})
      if (auto again = Pipeline::build_all(chosen, every, window, other)) {
        built = std::move(again);
        break;
      }
  }
  if (!built) return built.status();
  if (options.scale_encoded)
    for (auto& p : built.value()) {
      Status st = p->scale_encoded(true);
      if (!st) return st;
    }
  CsvOptions read = options;
  if (!options.task_given && std::all_of(chosen.begin(), chosen.end(), [](const std::string& s) {
        return Pipeline::task_of(s) != Task::binary;
      }))
    read.two_values_as = Pipeline::task_of(chosen[0]);  // softmax on two classes: multiclass
  Result<ClassWeightRequest> weights = parse_class_weights(options.class_weight);
  if (!weights) return weights.status();
  std::unique_ptr<CsvRunner> runner(new CsvRunner(read));
  runner->class_request_ = weights.take();
  runner->pipelines_ = built.take();
  runner->fresh_ = true;
  runner->specs_ = specs;
  runner->every_ = every;
  runner->window_ = window;
  return runner;
}

Status CsvRunner::adopt_task() {
  if (task_adopted_) return task_refused_;  // a refusal ends the stream, as a bad row does
  if (!fresh_ || !reader_.schema_ready()) return Status::ok();
  task_adopted_ = true;
  const Task task = reader_.task();
  if (std::all_of(pipelines_.begin(), pipelines_.end(),
                  [task](const auto& p) { return p->task() == task; }))
    return refuse(weigh_classes());
  const std::vector<std::string> specs =
      specs_.empty() ? std::vector<std::string>{default_pipeline(task)} : specs_;
  Result<std::vector<std::unique_ptr<Pipeline>>> built =
      Pipeline::build_all(specs, every_, window_, task);
  if (!built)
    return refuse(Status::error(std::string("the label asks for ") + task_name(task) + ": " +
                                built.status().message()));
  for (auto& p : built.value())
    if (pipelines_[0]->scales_encoded()) p->scale_encoded(true);  // checked by create()
  pipelines_ = built.take();
  return refuse(weigh_classes());
}

Status CsvRunner::refuse(Status why) {
  if (why) return why;
  block_.clear();  // nothing is learned by pipelines that cannot learn the label as asked
  run_block();     // but they take the header's width: a model saved now reads back
  task_refused_ = why;
  return why;
}

Status CsvRunner::weigh_classes() {
  if (class_request_.empty()) return Status::ok();
  const Task task = reader_.task();
  if (task == Task::regression)
    return Status::error(
        "option classWeight: the label is a number (regression), so it has no "
        "classes to weigh");
  if (task == Task::binary) {
    Result<ClassWeights> weights =
        binary_class_weights(class_request_, reader_.negative_label(), reader_.positive_label());
    if (!weights) return weights.status();
    for (auto& p : pipelines_) p->set_class_weights(weights.value());  // binary: accepted
    return Status::ok();
  }
  for (auto& p : pipelines_) {
    Status st = p->set_class_weights(class_request_.balanced ? ClassWeights::balanced()
                                                             : ClassWeights::given());
    if (!st) return st;
  }
  class_weighed_.assign(class_request_.given.size(), false);
  weigh_new_classes();
  return Status::ok();
}

void CsvRunner::weigh_new_classes() {
  const std::vector<std::string>& names = reader_.classes();
  for (std::size_t g = 0; g < class_weighed_.size(); ++g) {
    if (class_weighed_[g]) continue;
    const auto it = std::find(names.begin(), names.end(), class_request_.given[g].first);
    if (it == names.end()) continue;
    const auto cls = static_cast<std::size_t>(it - names.begin());
    for (auto& p : pipelines_) p->weigh_class(cls, class_request_.given[g].second);
    class_weighed_[g] = true;
  }
}

Result<std::unique_ptr<CsvRunner>> CsvRunner::resume(
    const CsvOptions& options, std::vector<std::unique_ptr<Pipeline>> pipelines) {
  if (pipelines.empty()) return Status::error("no pipeline given");
  if (!options.class_weight.empty())
    return Status::error(
        "option classWeight: a model trained further keeps the class weights "
        "it was trained with (its file says which)");
  std::unique_ptr<CsvRunner> runner(new CsvRunner(options));
  runner->pipelines_ = std::move(pipelines);
  return runner;
}

Status CsvRunner::shuffle(std::size_t rows, std::uint64_t seed) {
  if (rows > kMaxShuffleRows)
    return Status::error("the shuffle buffer must be at most " + std::to_string(kMaxShuffleRows) +
                         " rows (got " + std::to_string(rows) + ")");
  shuffle_rows_ = rows;
  rng_ = SeededRandom(seed);
  return Status::ok();
}

void CsvRunner::share_scaling() {
  head_of_.assign(pipelines_.size(), kOwnScaling);
  heads_.clear();
  if (!fresh_) return;  // loaded models: their scalers' states differ
  for (std::size_t i = 1; i < pipelines_.size(); ++i) {
    // The longest head in common with an earlier pipeline that computes its last scaler
    // itself (a pipeline that shares its first s scalers computes the ones after them).
    std::size_t leader = 0, k = 0;
    for (std::size_t j = 0; j < i; ++j) {
      const std::size_t common = pipelines_[i]->shareable_head(*pipelines_[j]);
      if (common > pipelines_[j]->shared_head() && common > k) leader = j, k = common;
    }
    if (k == 0) continue;
    std::size_t h = 0;
    while (h < heads_.size() && !(heads_[h].leader == leader && heads_[h].k == k)) ++h;
    if (h == heads_.size()) heads_.push_back({leader, k, {}});
    pipelines_[i]->share_head(*pipelines_[leader], k);
    head_of_[i] = h;
  }
}

std::vector<std::size_t> CsvRunner::groups() const {
  std::vector<std::size_t> group(pipelines_.size());
  for (std::size_t i = 0; i < group.size(); ++i) {
    // A leader comes before its followers, so its group is already known.
    const std::size_t h = i < head_of_.size() ? head_of_[i] : kOwnScaling;
    group[i] = h == kOwnScaling ? i : group[heads_[h].leader];
  }
  return group;
}

Status CsvRunner::set_learning(const std::vector<bool>& learning) {
  if (!learning.empty() && learning.size() != pipelines_.size())
    return Status::error("set_learning: " + std::to_string(learning.size()) + " flags for " +
                         std::to_string(pipelines_.size()) + " pipelines");
  const std::vector<std::size_t> group = groups();
  for (std::size_t i = 0; i < learning.size(); ++i)
    if (learning[i] != learning[group[i]])
      return Status::error("set_learning: pipelines " + std::to_string(group[i] + 1) + " and " +
                           std::to_string(i + 1) +
                           " share their scalers and must learn on one thread");
  learning_ = learning;
  return Status::ok();
}

Status CsvRunner::load_run_state(std::size_t i, const std::vector<double>& state) {
  if (i >= pipelines_.size()) return Status::error("no pipeline " + std::to_string(i + 1));
  Status st = pipelines_[i]->load_run_state(state);
  if (!st) return st;
  // Loading gave pipeline i scalers of its own: every follower takes its leader's again, in
  // order (a leader comes before its followers, and may follow an earlier one), so that states
  // load in any order. Their states are equal: the same stages on the same rows.
  for (std::size_t j = 0; j < head_of_.size(); ++j) {
    const std::size_t h = head_of_[j];
    if (h != kOwnScaling) pipelines_[j]->share_head(*pipelines_[heads_[h].leader], heads_[h].k);
  }
  return Status::ok();
}

std::vector<std::string> CsvRunner::warnings() const {
  if (shuffle_rows_ == 0) return reader_.warnings();
  std::vector<std::string> w = reader_.warnings(false);
  if (std::string runs = learned_runs_.warning(shuffle_rows_); !runs.empty())
    w.push_back(std::move(runs));
  return w;
}

LastLabelBaseline CsvRunner::last_label() const {
  if (shuffle_rows_ == 0) return reader_.last_label();
  return last_label_of(reader_.task(), learned_runs_, learned_class_runs_);
}

// Only the shuffled path learns row by row here: its labels count in the order learned.
void CsvRunner::learn_row(const double* x, double y, const SparseRow* tail) {
  if (reader_.task() == Task::binary) learned_runs_.add(static_cast<int>(y));
  if (reader_.task() == Task::multiclass) learned_class_runs_.add(static_cast<std::size_t>(y));
  for (std::size_t i = 0; i < pipelines_.size(); ++i) {
    if (!learns(i)) continue;
    const std::size_t h = head_of_[i];
    if (h != kOwnScaling)  // the leader came earlier and has just stepped on this row
      pipelines_[i]->learn_after_head(pipelines_[heads_[h].leader]->stage_output(heads_[h].k - 1),
                                      y, tail);
    else if (tail)
      pipelines_[i]->learn_encoded(x, *tail, y);
    else
      pipelines_[i]->learn_checked(x, y);
  }
}

void CsvRunner::run_block() {
  if (reader_.task() == Task::multiclass && !class_weighed_.empty())
    weigh_new_classes();  // the block's new classes take their weights before their rows
  if (block_.size() == 0) {
    // A header read and no row yet (or none at all, or the first row bad): the pipelines take
    // the header's width, so that a model saved now names as many features as it has inputs
    // and loads back (found by tests/fuzz/csv_fuzz).
    if (reader_.schema_ready() && reader_.width() > 0)  // encoded levels read count too
      for (auto& p : pipelines_)
        if (p->width() == 0) p->set_dims(reader_.dims(), reader_.width());
    return;
  }
  // The numeric width is fixed by the first rows (the reader checks every later row against
  // it); encoded features widen the learners as they appear (design.md 10.5).
  const std::size_t width = block_.encoded() ? block_.width : block_.dims;
  bool reset = false;
  for (auto& p : pipelines_) {
    if (p->width() == 0 || p->numeric_dims() != block_.dims)
      p->set_dims(block_.dims, width), reset = true;
    else
      p->grow(width);
  }
  if (reset || head_of_.size() != pipelines_.size()) share_scaling();
  if (shuffle_rows_ == 0)
    learn_block_in_order();
  else
    shuffle_block();
  block_.clear();
}

// Pipeline by pipeline over the block (its parameters stay in cache); a leader keeps its
// scaled rows for the pipelines that share them.
void CsvRunner::learn_block_in_order() {
  const bool encoded = block_.encoded();
  const std::size_t rows = block_.size();
  std::vector<SharedHead*> kept;
  pipeline_ms_.resize(pipelines_.size(), 0.0);
  for (std::size_t i = 0; i < pipelines_.size(); ++i) {
    if (!learns(i)) continue;
    const Clock::time_point start = Clock::now();
    Pipeline& p = *pipelines_[i];
    const std::size_t d = p.dims();  // the scalers' width (every feature if they scale all)
    kept.clear();
    for (SharedHead& head : heads_)
      if (head.leader == i) kept.push_back(&head), head.rows.resize(rows * d);
    const SharedHead* mine = head_of_[i] == kOwnScaling ? nullptr : &heads_[head_of_[i]];
    for (std::size_t r = 0; r < rows; ++r) {
      const SparseRow tail = encoded ? block_.tail(r) : SparseRow{};
      if (mine)
        p.learn_after_head(mine->rows.data() + r * d, block_.label(r), encoded ? &tail : nullptr);
      else if (encoded)
        p.learn_encoded(block_.row(r), tail, block_.label(r));
      else
        p.learn_checked(block_.row(r), block_.label(r));
      for (SharedHead* head : kept) {
        copy_values(p.stage_output(head->k - 1), d, head->rows.data() + r * d);
      }
    }
    pipeline_ms_[i] += ms_since(start);
  }
}

// The block's rows join the shuffle buffer; once it is full, each new row sends a random one of
// the buffer on to be learned, and the last row takes its place.
void CsvRunner::shuffle_block() {
  const bool encoded = block_.encoded();
  const std::size_t d = block_.dims;
  buffer_.dims = d;
  std::vector<double> row(d);
  BufferedTail tail;
  for (std::size_t i = 0; i < block_.size(); ++i) {
    buffer_.x.append(block_.row(i), block_.row(i) + d);
    buffer_.y.push_back(block_.y[i]);
    if (!block_.target.empty()) buffer_.target.push_back(block_.target[i]);
    if (encoded) {
      const SparseRow t = block_.tail(i);
      buffer_tails_.push_back({{t.index, t.index + t.nnz}, {t.value, t.value + t.nnz}});
    }
    if (buffer_.size() < shuffle_rows_) continue;
    const std::size_t pick = rng_.below(buffer_.size()), last = buffer_.size() - 1;
    std::copy(buffer_.row(pick), buffer_.row(pick) + d, row.begin());
    const double y = buffer_.label(pick);
    std::copy(buffer_.row(last), buffer_.row(last) + d, buffer_.x.begin() + pick * d);
    buffer_.y[pick] = buffer_.y[last];
    buffer_.x.resize(last * d);
    buffer_.y.pop_back();
    if (!buffer_.target.empty()) {
      buffer_.target[pick] = buffer_.target[last];
      buffer_.target.pop_back();
    }
    if (encoded) {
      tail = std::move(buffer_tails_[pick]);
      buffer_tails_[pick] = std::move(buffer_tails_[last]);
      buffer_tails_.pop_back();
      const SparseRow t{tail.index.data(), tail.value.data(), tail.index.size()};
      learn_row(row.data(), y, &t);
    } else {
      learn_row(row.data(), y);
    }
  }
}

Status CsvRunner::push(const char* data, std::size_t size) {
  return memory_guard_.run([&] {
    const Clock::time_point start = Clock::now();
    Status st = reader_.feed(data, size, block_);
    parse_ms_ += ms_since(start);
    if (Status task = adopt_task(); !task) return task;
    if (Status room = room_for(); !room) return room;
    run_block();  // rows before a bad row are learned either way
    return st;
  });
}

Status CsvRunner::learn_apart(RowBlock& rows, const ApartCounts& counts) {
  return memory_guard_.run([&] { return learn_apart_checked(rows, counts); });
}

Status CsvRunner::learn_apart_checked(RowBlock& rows, const ApartCounts& counts) {
  if (!reader_.can_read_apart())
    return Status::error("rows read apart need a reader whose schema is settled");
  if (rows.dims != reader_.dims() || rows.encoded() || rows.y.size() != counts.rows ||
      rows.x.size() != rows.y.size() * rows.dims)
    return Status::error("rows read apart do not have the stream's shape (" +
                         std::to_string(reader_.dims()) + " numeric features)");
  reader_.count_apart(counts, rows.y.data());  // rows.y.size() == counts.rows, checked above
  rows.width = rows.dims;
  std::swap(block_, rows);
  run_block();
  rows.clear();
  return Status::ok();
}

// Ok when the pipelines may take the block's width and the label's classes so far
// (pipeline/run_memory.hpp), checked when a block would widen them (a header of many columns,
// encoded features as they appear) or bring a class. On a refusal the block is dropped and the
// run stops, as at a bad row.
Status CsvRunner::room_for() {
  // The width run_block gives the pipelines: the block's, or the header's before any row.
  const std::size_t width = block_.size() > 0 ? (block_.encoded() ? block_.width : block_.dims)
                            : reader_.schema_ready() ? reader_.width()
                                                     : 0;
  const std::size_t classes = reader_.task() == Task::multiclass ? reader_.classes().size() : 0;
  Status st = memory_.grow(pipelines_, width, classes);
  if (!st) block_.clear();
  return st;
}

Status CsvRunner::finish() {
  return memory_guard_.run([&] { return finish_block(); });
}

Status CsvRunner::finish_block() {
  Status st = reader_.finish(block_);
  if (Status task = adopt_task(); !task) return task;
  if (Status room = room_for(); !room) return room;
  run_block();
  if (shuffle_rows_ && buffer_.size()) {  // drain the shuffle buffer in random order
    std::vector<std::size_t> order(buffer_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    rng_.shuffle(order);
    for (std::size_t i : order) {
      if (buffer_tails_.empty()) {
        learn_row(buffer_.row(i), buffer_.label(i));
        continue;
      }
      const BufferedTail& t = buffer_tails_[i];
      const SparseRow tail{t.index.data(), t.value.data(), t.index.size()};
      learn_row(buffer_.row(i), buffer_.label(i), &tail);
    }
    buffer_.clear();
    buffer_tails_.clear();
  }
  for (std::size_t i = 0; i < pipelines_.size(); ++i)
    if (learns(i) && pipelines_[i]->width() != 0)
      pipelines_[i]->finish();  // warm-up scalers fit on what they hold
  for (std::size_t g = 0; g < class_weighed_.size(); ++g)
    if (!class_weighed_[g] && st) {
      std::string classes;
      for (const std::string& c : reader_.classes()) classes += (classes.empty() ? "" : ", ") + c;
      st = Status::error("option classWeight names class '" + class_request_.given[g].first +
                         "', which no row of the label has (its classes: " + classes + ")");
    }
  return stream_end(st, reader_,
                    reader_.schema_ready() ? "the input has a header but no data rows"
                                           : "the input has no data rows");
}

}  // namespace onepass
