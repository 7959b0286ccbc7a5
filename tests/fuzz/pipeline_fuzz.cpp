// Fuzz target: a spec string (up to the first newline) built into a pipeline, then rows of
// values from the edges of double (NaN, infinities, 1e308, 1e-308, subnormals) learned, scored
// and saved. Bad specs and bad rows are errors; the learner's parameters stay finite (the
// divergence guard, docs/algorithms.md 2.6) and a saved state loads back.
#include <cmath>
#include <cstdint>
#include <string>

#include "fuzz_input.hpp"
#include "onepass/pipeline.hpp"

using namespace onepass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::string spec = in.until('\n');
  auto built = Pipeline::build(spec, 2, 3);
  if (!built) return 0;
  Pipeline& p = *built.value();
  const std::size_t dims = 1 + in.byte() % 4;
  std::vector<double> x(dims);
  for (int row = 0; row < 64 && in.left() > dims; ++row) {
    for (double& v : x) v = fuzz::edge_value(in.byte());
    const int y = in.byte() & 1 ? 1 : -1;
    (void)p.learn_one(x.data(), dims, y);
    (void)p.score_one(x.data(), dims);
    for (double w : p.learner().params())
      if (!std::isfinite(w)) __builtin_trap();  // the guard reverts such a step
  }
  p.finish();
  (void)p.learner().snapshot();
  for (std::size_t i = 0; i < p.scaler_count(); ++i) (void)p.scaler(i).snapshot();
  auto again = Pipeline::build(spec);
  if (!again) __builtin_trap();                          // a spec that built once builds again
  if (!again.value()->load(p.save())) __builtin_trap();  // and its state loads into it
  return 0;
}
