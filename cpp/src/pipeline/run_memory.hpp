// What a run's pipelines will hold, estimated before they are built to their width, and the bound
// it is held to (docs/design.md, "What a run may hold"): an out-of-memory in the wasm module is
// an abort that ends the module, so a run that cannot fit is refused with a message first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/status.hpp"
#include "pipeline/memory_bound.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// What a pipeline like `p` holds, as a line in its width: fixed + per_feature x width bytes.
// Measured once on a probe built from p's spec at widths 1 and 2, with `outputs` outputs (the
// classes of a multiclass pipeline; ignored for the other tasks): each stage's own state
// (Scaler::state, Learner::save), the learner's twice (the guard backs up a whole step,
// docs/design.md "A learner's parameters are one vector"), a row buffer a stage, and the
// rolling window's two numbers a row.
struct MemoryCost {
  std::uint64_t fixed = 0, per_feature = 0;
  std::uint64_t bytes(std::size_t width) const { return fixed + per_feature * width; }
};
MemoryCost memory_cost(const Pipeline& p, std::size_t outputs);
// The bytes `p` holds at `width` features and the outputs it has now.
std::uint64_t pipeline_bytes(const Pipeline& p, std::size_t width);
// The most a run may hold: run_memory_bound()'s bytes (pipeline/memory_bound.hpp).
std::uint64_t run_memory_limit();

// The check of a run whose width and classes grow as its rows come: ok when its pipelines fit
// at `width` features and `outputs` outputs, else "these dims and pipelines need N GB; the
// limit is M GB". Each pipeline's cost is measured once per number of outputs, so a block that
// widens the pipelines costs arithmetic. In wasm the growth is also asked for once (malloc, then
// freed): the module grows to hold the run, or the run is refused while the module is sound.
// The bound is read at the first check and kept: a run is held to the limit it started under,
// and a widening block costs no system calls.
class RunMemory {
 public:
  Status check(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width,
               std::size_t outputs);
  // The check as a run's rows come (a CSV block, an svmlight row): ok at once when they widen
  // the pipelines past neither their width nor the classes last checked, else check() at the
  // wider width and these classes (0 for a task without classes). Both runners take it, so a
  // class costs the same whatever the format.
  Status grow(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width,
              std::size_t classes);
  // The classes grow() last checked.
  std::size_t classes_checked() const { return classes_checked_; }

 private:
  std::vector<const Pipeline*> measured_;  // the pipelines costs_ are of (a task's adoption
                                           // replaces them)
  std::vector<MemoryCost> costs_;
  std::size_t outputs_ = 0;
  std::size_t classes_checked_ = 0;
  std::optional<MemoryBound> bound_;
};

// The same check once, at the pipelines' present outputs (a width known before any row).
Status check_run_memory(const std::vector<std::unique_ptr<Pipeline>>& pipelines, std::size_t width);
Status check_run_memory(const Pipeline& pipeline, std::size_t width, std::size_t outputs = 0);

}  // namespace onepass
