// Fuzz target: arbitrary bytes as a CSV stream, in arbitrary chunks, through a runner of
// pipelines (a scaler shared by two, a quantile sketch, a warm-up scaler, an averaged learner;
// or pipelines that learn classes, one-vs-rest included, or numbers: docs/algorithms.md 1.8;
// some with class weights or +drift: docs/algorithms.md 4.28, 6.10),
// then every snapshot and model a front end would take, whether the stream failed or not. The
// options that size memory are drawn up to their documented bounds (csv_bounds.hpp).
#include <cstdint>
#include <string>

#include "core/limits.hpp"
#include "csv_bounds.hpp"
#include "fuzz_input.hpp"
#include "models/model_json.hpp"
#include "pipeline/csv_runner.hpp"

using namespace onepass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t options = in.byte();
  const std::uint8_t chunks = in.byte();
  CsvOptions opt;
  opt.header = !(options & 1);
  opt.detect_header = options & 2;
  opt.on_error = options & 4 ? ErrorPolicy::skip : ErrorPolicy::stop;
  opt.scale_encoded = options & 8;
  if (options & 32) opt.decimal = ',';             // else decided from the sample
  if (options & 2) opt.class_weight = "balanced";  // docs/algorithms.md 4.28
  // The options that size memory, up to their bounds (csv_bounds.hpp), and the curve's stride
  // and window. The window keeps two numbers a row, and a model file keeps them all: at
  // kMaxWindow / 64, 3 x 10^5 numbers, whose JSON written and read back takes 3 s under ASan,
  // so here the window goes to kMaxWindow / 4096 and pipeline_fuzz draws it to the bound.
  fuzz::draw_csv_bounds(in, opt, {4096, 64, options & 16 ? 3u : 1000u});
  const std::size_t every = in.size(1, std::size_t{1} << 20, 3);
  const std::size_t window = in.size(0, kMaxWindow / 4096, 4);
  const std::vector<std::string> specs =
      options & 64 ? std::vector<std::string>{"zscore | logreg +avg", "zscore | mpa1",
                                              "robust(eps=0.1) | softmax +avg +drift(action=reset)",
                                              "maxabs | pa2 +drift(detector=ddm,action=background)"}
      : options & 128
          ? std::vector<std::string>{"zscore | pareg2 +avg +drift(action=background)",
                                     "minmax | huber", "robust(eps=0.1) | linreg"}
          : std::vector<std::string>{
                "zscore | logreg +avg", "zscore | pa1 +drift(detector=hddm_w,action=background)",
                "robust(eps=0.1) | perceptron +vote +drift(action=reset,scalers=true)",
                "as(warmup=5) | mbw"};
  auto runner = CsvRunner::create(opt, specs, every, window);
  if (!runner) return 0;
  CsvRunner& r = *runner.value();
  const bool ok = fuzz::push_in_chunks(
      chunks, in.rest(), in.left(),
      [&](const char* p, std::size_t n) { return static_cast<bool>(r.push(p, n)); });
  if (ok) (void)r.finish();
  for (std::size_t i = 0; i < r.size(); ++i) {
    const Pipeline& p = r.pipeline(i);
    (void)(p.learns_task() ? p.task_learner().snapshot() : p.learner().snapshot());
    (void)r.pipeline(i).warnings();
    if (i == 0 && r.reader().schema_ready()) {  // one model a run: the JSON costs most
      const std::string model = model_to_json(p, model_schema_of(r.reader()));
      if (!model_from_json(model)) __builtin_trap();  // what we write, we must read back
    }
  }
  (void)r.reader().warnings();
  return 0;
}
