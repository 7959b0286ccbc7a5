#include "pipeline/run_memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "pipeline/memory_bound.hpp"

namespace onepass {

namespace {

// The doubles a pipeline holds at its present width (see memory_cost).
std::uint64_t values_held(const Pipeline& p) {
  const PipelineState s = p.save();
  std::uint64_t n = 2 * values_in(s.learner) + 2 * values_in(s.drift_background);
  for (const auto& scaler : s.scalers) n += scaler.size();
  return n + (p.scaler_count() + 1) * p.dims();  // a row out of each scaler, the learner's input
}

// The outputs `p` has now: its classes seen, for a multiclass pipeline.
std::size_t outputs_of(const Pipeline& p) {
  return p.task() == Task::multiclass && p.learns_task() ? p.task_learner().outputs() : 0;
}

}  // namespace

MemoryCost memory_cost(const Pipeline& p, std::size_t outputs) {
  // A fresh copy of the pipeline at widths 1 and 2: the difference is what one feature costs.
  Result<std::unique_ptr<Pipeline>> probe = Pipeline::build(p.canonical_spec(), 0, 0, p.task());
  if (!probe) return {};  // p was built from the same spec
  Pipeline& q = *probe.value();
  const auto values_at = [&](std::size_t width) {
    q.set_dims(width);
    if (q.task() == Task::multiclass && outputs > 0) q.remap_classes({}, outputs, outputs);
    return values_held(q);
  };
  const std::uint64_t one = values_at(1), per_feature = values_at(2) - one;
  // What its learners hold beyond the line, counted whole (Learner::values_beyond_line): twice,
  // for the guard's copy, and again for +drift's background learner.
  const std::uint64_t beyond =
      (q.learns_task() ? q.task_learner().values_beyond_line() : q.learner().values_beyond_line()) *
      2 * (q.drift() ? 2 : 1);
  // The rolling window (docs/algorithms.md 6.1) fills to two numbers a row of its span, at any
  // width: the probe is built without one.
  const std::uint64_t window = 2 * p.progress().window();
  return {sizeof(double) * (one - per_feature + window + beyond), sizeof(double) * per_feature};
}

std::uint64_t pipeline_bytes(const Pipeline& p, std::size_t width) {
  return memory_cost(p, outputs_of(p)).bytes(width);
}

std::uint64_t run_memory_limit() {
  return run_memory_bound().bytes;
}

namespace {

// need: what the pipelines will hold; more: what they hold beyond what they hold now.
Status check_bytes(const MemoryBound& bound, std::uint64_t need, std::uint64_t more,
                   std::size_t pipelines, std::size_t width) {
  const std::uint64_t limit = bound.bytes;
  const std::string what = std::to_string(pipelines) +
                           (pipelines == 1 ? " pipeline" : " pipelines") + " at " +
                           std::to_string(width) + " features";
  const std::string source = bound.source.empty() ? "" : " (" + bound.source + ")";
  if (need > limit)
    return Status::error("these dims and pipelines need " + gigabytes(need) + " (" + what +
                         "); the limit is " + gigabytes(limit) + source +
                         ": fewer pipelines or features fit");
#ifndef __EMSCRIPTEN__
  (void)more;
#else
  // Asked for once: the module grows to hold the run now, or says no while it is still sound
  // (malloc returns null: -sABORTING_MALLOC=0), where a vector's operator new would abort it.
  // The pointer goes through a volatile, or the compiler drops a malloc freed unused as if it
  // had succeeded.
  static void* volatile room = nullptr;
  room = std::malloc(static_cast<std::size_t>(more));
  if (room) {
    std::free(room);
    room = nullptr;
  } else {
    return Status::error("these dims and pipelines need " + gigabytes(need) + " (" + what +
                         "), more than the WebAssembly module could get beside what it holds "
                         "(its limit is " +
                         gigabytes(limit) + "): fewer pipelines or features fit");
  }
#endif
  return Status::ok();
}

}  // namespace

Status RunMemory::check(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width,
                        std::size_t outputs) {
  std::vector<MemoryCost> before = costs_;  // at the outputs the pipelines had when measured
  std::vector<const Pipeline*> these;
  for (const auto& p : pipelines) these.push_back(p.get());
  if (these != measured_ || outputs != outputs_) {
    costs_.clear();
    for (const auto& p : pipelines) costs_.push_back(memory_cost(*p, outputs));
    measured_ = std::move(these);
    outputs_ = outputs;
  }
  if (before.size() != costs_.size()) before = costs_;
  std::uint64_t held = 0;  // what the pipelines hold now: a CSV run's encoded features, a model's
  for (std::size_t i = 0; i < pipelines.size(); ++i)
    if (pipelines[i]->width() > 0) held += before[i].bytes(pipelines[i]->width());
  std::uint64_t need = 0;
  for (const MemoryCost& c : costs_) need += c.bytes(width);
  if (!bound_) bound_ = run_memory_bound();
  return check_bytes(*bound_, need, need > held ? need - held : 0, pipelines.size(), width);
}

Status RunMemory::grow(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width,
                       std::size_t classes) {
  if (pipelines.empty() || (width <= pipelines[0]->width() && classes <= classes_checked_))
    return Status::ok();
  Status st = check(pipelines, std::max(width, pipelines[0]->width()), classes);
  if (st) classes_checked_ = classes;  // a refused count is checked again if asked again
  return st;
}

Status check_run_memory(const std::vector<std::unique_ptr<Pipeline>>& pipelines,
                        std::size_t width) {
  RunMemory memory;
  return memory.check(pipelines, width, pipelines.empty() ? 0 : outputs_of(*pipelines[0]));
}

Status check_run_memory(const Pipeline& pipeline, std::size_t width, std::size_t outputs) {
  const std::uint64_t need = memory_cost(pipeline, outputs).bytes(width);
  // A first row: the pipeline holds no width yet.
  return check_bytes(run_memory_bound(), need, need, 1, width);
}

}  // namespace onepass
