// What a run's pipelines will hold, estimated before they are built to their width, and the bound
// it is held to (docs/design.md, "What a run may hold"): an out-of-memory in the wasm module is
// an abort that ends the module, so a run that cannot fit is refused with a message first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/status.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// The bytes pipelines like `p` hold at `width` features: each stage's own state (Scaler::state,
// Learner::save, their sizes at widths 1 and 2 giving the values a feature adds), the learner's
// twice (the guard backs up a whole step, docs/design.md "A learner's parameters are one
// vector"), and a row buffer a stage. A multiclass learner's classes are not known yet; they
// are bounded by kMaxTaskWeights.
std::uint64_t pipeline_bytes(const Pipeline& p, std::size_t width);
// The most a run may hold: kMaxRunBytes natively, the module's memory maximum in wasm.
std::uint64_t run_memory_limit();
// Ok when `pipelines` fit at `width` features, else "these dims and pipelines need N GB; the
// limit is M GB". In wasm the memory is also asked for once (malloc, then freed): the module
// grows to hold the run, or the run is refused while the module is still sound.
Status check_run_memory(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width);
Status check_run_memory(const Pipeline& pipeline, std::size_t width);

}  // namespace onepass
