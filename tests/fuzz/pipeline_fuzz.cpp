// Fuzz target: a spec string (up to the first newline) built into a pipeline, then rows of
// values from the edges of double (NaN, infinities, 1e308, 1e-308, subnormals) learned, scored
// and saved. Bad specs and bad rows are errors; the learner's parameters stay finite (the
// divergence guard, docs/algorithms.md 2.6), a saved state loads back, and so does the run
// state, which when damaged is refused or still learns.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/limits.hpp"
#include "fuzz_input.hpp"
#include "pipeline/pipeline.hpp"

using namespace onepass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::string spec = in.until('\n');
  // The curve's stride, and the rolling window past its bound too: zero bytes give the 2 and 3
  // the seed corpus was written for. A window past kMaxWindow must be refused. One within it is
  // held whole from the first row (two numbers a row, in each copy of the run state below), so
  // past kMaxWindow / 4096 an execution takes seconds under ASan: such windows are drawn at
  // that size, since what is fuzzed is the bound, not the allocator's speed.
  const std::size_t every = in.size(1, std::size_t{1} << 20, 2);
  std::size_t window = in.size(0, 2 * kMaxWindow, 3);
  if (window > kMaxWindow / 4096 && window <= kMaxWindow) window = kMaxWindow / 4096;
  auto built = Pipeline::build(spec, every, window);
  if (built && window > kMaxWindow) __builtin_trap();  // the bound holds
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
  // The whole run state (a runner on two threads) loads back as it was, and one damaged by the
  // rest of the input (values from the edges of double at chosen places, or cut short) is
  // refused or loads into a pipeline that still learns with finite parameters.
  // (Of a pipeline that took rows: finish() without one marks a warm-up scaler of no width
  // fitted, which a state of no width does not keep, as a model file does not; a runner finishes
  // only pipelines that took rows.)
  const std::vector<double> run = p.run_state();
  if (!again.value()->load_run_state(run)) __builtin_trap();
  const std::vector<double> back = again.value()->run_state();  // bit for bit (NaN included)
  if (p.dims() > 0 && (back.size() != run.size() ||
                       std::memcmp(back.data(), run.data(), run.size() * sizeof(double)) != 0))
    __builtin_trap();
  std::vector<double> damaged = run;
  while (in.left() >= 2 && !damaged.empty()) {
    const std::uint8_t where = in.byte(), what = in.byte();
    if (what == 0xff)
      damaged.resize(where % damaged.size());
    else if (!damaged.empty())
      damaged[where % damaged.size()] = fuzz::edge_value(what);
  }
  Pipeline& q = *again.value();
  if (q.load_run_state(damaged) && q.dims() > 0) {
    std::vector<double> row(q.numeric_dims(), 0.5);
    (void)q.learn_one(row.data(), row.size(), 1);
    for (double w : q.learner().params())
      if (!std::isfinite(w)) __builtin_trap();
    (void)q.warnings();
  }
  return 0;
}
