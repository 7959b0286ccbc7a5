// A run that ran out of memory in the middle of a block (natively, where a failed allocation
// throws std::bad_alloc; the wasm build is refused before, pipeline/run_memory.hpp): its reader
// may have taken features its pipelines did not, so the run refuses every later block, and its
// models, which would not load, instead of going on from a state no model describes.
#pragma once

#include <new>
#include <utility>

#include "core/status.hpp"

namespace onepass {

class OutOfMemoryGuard {
 public:
  // f's status, or this run's refusal once an allocation has failed in one of its calls (the
  // std::bad_alloc still reaches the caller, which says so).
  template <class F>
  Status run(F&& f) {
    if (!failed_) return failed_;
    try {
      return std::forward<F>(f)();
    } catch (const std::bad_alloc&) {
      failed_ = Status::error(
          "the run ran out of memory in the middle of a block: it cannot go on, and its "
          "models are not written (they would not load); fewer pipelines or features need less");
      throw;
    }
  }
  // Ok, or the refusal above.
  const Status& status() const { return failed_; }

 private:
  Status failed_ = Status::ok();
};

}  // namespace onepass
