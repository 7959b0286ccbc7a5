// Fuzz target: arbitrary bytes as an svmlight stream, in arbitrary chunks, through sparse-native
// and dense-fallback pipelines, then their snapshots. The width (--dims), the line bound and the
// number of pipelines are drawn up to their bounds (core/limits.hpp) and past kMaxDims, which the
// core must refuse before it allocates anything.
#include <cstdint>

#include "core/limits.hpp"
#include "fuzz_input.hpp"
#include "pipeline/run_memory.hpp"
#include "pipeline/svmlight_runner.hpp"

using namespace onepass;

namespace {

// What one run may hold here. The core's own bound (kMaxRunBytes, 16 GiB natively) is past what
// this process can hold and what an execution may take: under ASan, allocating, zeroing and
// freeing 256 MB of pipelines took past the suite's 1 s timeout on its own, and at 64 MB a few
// rows through `winnow +vote` (dense rows of the whole width, and the vote's copy of its
// parameters at each step) took 0.7 to 1.1 s, so a run past 16 MB that the core would build is
// passed over, not run. The bound itself is fuzzed by the widths past kMaxDims, which the core
// refuses before it allocates.
constexpr std::uint64_t kFuzzRunBytes = std::uint64_t{16} << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t options = in.byte();
  const std::uint8_t chunks = in.byte();
  SvmlightOptions opt;
  // Up to 256 times kMaxDims: one draw in 32 is past the bound, one in 256 at it or near.
  opt.dims = in.size(1, kMaxDims << 8, 1 + options % 40);
  opt.max_line_bytes = in.size(1, kDefaultMaxRecordBytes, kDefaultMaxRecordBytes);
  opt.index_base = options & 64 ? 0 : 1;
  opt.on_error = options & 128 ? ErrorPolicy::skip : ErrorPolicy::stop;
  const std::vector<std::string> all = {"maxabs | pa1 +avg", "l2 | logreg", "zscore | romma",
                                        "winnow +vote"};
  const std::vector<std::string> specs(all.begin(),
                                       all.begin() + in.size(1, all.size(), all.size()));
  if (opt.dims <= kMaxDims) {
    std::uint64_t need = 0;
    for (const std::string& spec : specs)
      need += pipeline_bytes(*Pipeline::build(spec).value(), opt.dims);
    if (need > kFuzzRunBytes) return 0;
  }
  auto runner = SvmlightRunner::create(opt, specs, 2, 3);
  if (opt.dims > kMaxDims && runner) __builtin_trap();  // the core refuses a width past its bound
  if (!runner) return 0;
  SvmlightRunner& r = *runner.value();
  const bool ok = fuzz::push_in_chunks(
      chunks, in.rest(), in.left(),
      [&](const char* p, std::size_t n) { return static_cast<bool>(r.push(p, n)); });
  if (ok) (void)r.finish();
  for (std::size_t i = 0; i < r.size(); ++i) (void)r.pipeline(i).learner().snapshot();
  return 0;
}
