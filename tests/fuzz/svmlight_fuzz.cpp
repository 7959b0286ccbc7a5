// Fuzz target: arbitrary bytes as an svmlight stream, in arbitrary chunks, through sparse-native
// and dense-fallback pipelines, then their snapshots.
#include <cstdint>

#include "fuzz_input.hpp"
#include "pipeline/svmlight_runner.hpp"

using namespace onepass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t options = in.byte();
  const std::uint8_t chunks = in.byte();
  SvmlightOptions opt;
  opt.dims = 1 + options % 40;
  opt.index_base = options & 64 ? 0 : 1;
  opt.on_error = options & 128 ? ErrorPolicy::skip : ErrorPolicy::stop;
  const std::vector<std::string> specs = {"maxabs | pa1 +avg", "l2 | logreg", "zscore | romma",
                                          "winnow +vote"};
  auto runner = SvmlightRunner::create(opt, specs, 2, 3);
  if (!runner) return 0;
  SvmlightRunner& r = *runner.value();
  const bool ok = fuzz::push_in_chunks(
      chunks, in.rest(), in.left(),
      [&](const char* p, std::size_t n) { return static_cast<bool>(r.push(p, n)); });
  if (ok) (void)r.finish();
  for (std::size_t i = 0; i < r.size(); ++i) (void)r.pipeline(i).learner().snapshot();
  return 0;
}
