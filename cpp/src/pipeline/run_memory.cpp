#include "pipeline/run_memory.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/limits.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

namespace onepass {

namespace {

std::uint64_t values_of(const LearnerState& s) {
  std::uint64_t n = s.params.size() + s.state.size();
  for (const LearnerState& inner : s.inner) n += values_of(inner);
  return n;
}

// The doubles a pipeline holds at its present width (see pipeline_bytes).
std::uint64_t values_held(const Pipeline& p) {
  const PipelineState s = p.save();
  std::uint64_t n = 2 * values_of(s.learner) + 2 * values_of(s.drift_background);
  for (const auto& scaler : s.scalers) n += scaler.size();
  return n + (p.scaler_count() + 1) * p.dims();  // a row out of each scaler, the learner's input
}

// Bytes as "5.3 GB" (GB: 2^30 bytes), rounded up to a tenth.
std::string gigabytes(std::uint64_t bytes) {
  const double tenths = std::ceil(static_cast<double>(bytes) / (1 << 30) * 10);
  char text[32];
  std::snprintf(text, sizeof text, "%.*f GB", std::fmod(tenths, 10) == 0 ? 0 : 1, tenths / 10);
  return text;
}

}  // namespace

std::uint64_t pipeline_bytes(const Pipeline& p, std::size_t width) {
  // A fresh copy of the pipeline at widths 1 and 2: the difference is what one feature costs.
  Result<std::unique_ptr<Pipeline>> probe = Pipeline::build(p.canonical_spec(), 0, 0, p.task());
  if (!probe) return 0;  // p was built from the same spec
  probe.value()->set_dims(1);
  const std::uint64_t one = values_held(*probe.value());
  probe.value()->set_dims(2);
  const std::uint64_t per_feature = values_held(*probe.value()) - one;
  return sizeof(double) * (one - per_feature + per_feature * std::uint64_t{width});
}

std::uint64_t run_memory_limit() {
#ifdef __EMSCRIPTEN__
  return emscripten_get_heap_max();
#else
  return kMaxRunBytes;
#endif
}

namespace {

// need: what the pipelines will hold; more: what they hold beyond what they hold now.
Status check_bytes(std::uint64_t need, std::uint64_t more, std::size_t pipelines,
                   std::size_t width) {
  const std::uint64_t limit = run_memory_limit();
  const std::string what = std::to_string(pipelines) +
                           (pipelines == 1 ? " pipeline" : " pipelines") + " at " +
                           std::to_string(width) + " features";
#ifdef __EMSCRIPTEN__
  const char* bound = " (the WebAssembly module's memory)";
#else
  const char* bound = "";
#endif
  if (need > limit)
    return Status::error("these dims and pipelines need " + gigabytes(need) + " (" + what +
                         "); the limit is " + gigabytes(limit) + bound +
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

Status check_run_memory(const std::vector<std::unique_ptr<Pipeline>>& pipelines,
                        std::size_t width) {
  std::uint64_t need = 0, held = 0;
  for (const auto& p : pipelines) {
    need += pipeline_bytes(*p, width);
    if (p->width() > 0) held += pipeline_bytes(*p, p->width());  // a CSV run's encoded features
  }
  return check_bytes(need, need > held ? need - held : 0, pipelines.size(), width);
}

Status check_run_memory(const Pipeline& pipeline, std::size_t width) {
  const std::uint64_t need = pipeline_bytes(pipeline, width);
  return check_bytes(need, need, 1, width);  // a first row: the pipeline holds no width yet
}

}  // namespace onepass
