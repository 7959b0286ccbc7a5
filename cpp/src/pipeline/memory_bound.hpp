// The most a run's pipelines may hold (pipeline/run_memory.hpp), and what sets it, defined once:
// in wasm the module's memory maximum; natively kMaxRunBytes, or less when the process has a
// memory limit (docs/limits.md, "Every bound, and its error").
#pragma once

#include <cstdint>
#include <string>

namespace onepass {

struct MemoryBound {
  std::uint64_t bytes = 0;
  // What sets it, for a message: empty for kMaxRunBytes, else e.g. "the process's address-space
  // limit (ulimit -v) of 1 GB, less 0.5 GB for the program itself".
  std::string source;
};

// Natively: the smaller of kMaxRunBytes and each limit the process has less
// kProgramMemoryBytes (0 when a limit leaves less than that): its address-space limit
// (getrlimit RLIMIT_AS) and, on Linux, its cgroup's memory limit (cgroup v2's memory.max, v1's
// memory.limit_in_bytes, read where the process's cgroup is mounted, /sys/fs/cgroup). Read at
// each call (a RunMemory calls it once, at a run's first check).
MemoryBound run_memory_bound();

// Bytes as "5.3 GB" (GB: 2^30 bytes), rounded up to a tenth.
std::string gigabytes(std::uint64_t bytes);

}  // namespace onepass
