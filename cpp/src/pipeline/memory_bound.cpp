#include "pipeline/memory_bound.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

#include "core/limits.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#else
#include <sys/resource.h>
#endif

namespace onepass {

std::string gigabytes(std::uint64_t bytes) {
  const double tenths = std::ceil(static_cast<double>(bytes) / (1 << 30) * 10);
  char text[32];
  std::snprintf(text, sizeof text, "%.*f GB", std::fmod(tenths, 10) == 0 ? 0 : 1, tenths / 10);
  return text;
}

#ifdef __EMSCRIPTEN__

MemoryBound run_memory_bound() {
  return {emscripten_get_heap_max(), "the WebAssembly module's memory"};
}

#else

namespace {

constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

// A cgroup file's limit: a whole number of bytes; "max", an absent or unreadable file, or
// anything else: none. (cgroup v1 says "none" with a number near 2^63, past kMaxRunBytes.)
std::uint64_t cgroup_limit(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!in || !(in >> text) || text.empty() || text.size() > 19) return kNoLimit;
  std::uint64_t n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return kNoLimit;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n;
}

// The bound under a limit of `limit` bytes: the limit less what the program keeps.
void bound_by(MemoryBound& bound, std::uint64_t limit, const std::string& what) {
  const std::uint64_t left = limit > kProgramMemoryBytes ? limit - kProgramMemoryBytes : 0;
  if (left >= bound.bytes) return;
  bound.bytes = left;
  bound.source = what + " of " + gigabytes(limit) + ", less " + gigabytes(kProgramMemoryBytes) +
                 " for the program itself";
}

}  // namespace

MemoryBound run_memory_bound() {
  MemoryBound bound{kMaxRunBytes, ""};
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    bound_by(bound, static_cast<std::uint64_t>(as.rlim_cur),
             "the process's address-space limit (ulimit -v)");
#ifdef __linux__
  // The process's cgroup as /proc/self/cgroup names it ("0::/path" in v2, "N:memory:/path" in
  // v1), and the mount's root, which inside a container is the container's own cgroup (where
  // the named path is often not mounted). A limit of an enclosing cgroup is not read.
  std::string v2 = "/", v1 = "/";
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    if (line.rfind("0::", 0) == 0) v2 = line.substr(3);
    const std::size_t memory = line.find(":memory:");
    if (memory != std::string::npos) v1 = line.substr(memory + 8);
  }
  const std::string paths[] = {"/sys/fs/cgroup" + v2 + "/memory.max", "/sys/fs/cgroup/memory.max",
                               "/sys/fs/cgroup/memory" + v1 + "/memory.limit_in_bytes",
                               "/sys/fs/cgroup/memory/memory.limit_in_bytes"};
  for (const std::string& path : paths) {
    const std::uint64_t limit = cgroup_limit(path);
    if (limit != kNoLimit) bound_by(bound, limit, "the memory limit of the process's cgroup");
  }
#endif
  return bound;
}

#endif

}  // namespace onepass
