// Fuzz target: model files. The bytes are read as a model; as a model edited past its checksum
// (re-signed, so that the loader's checks behind the checksum are reached); and, split at the
// first NUL, as two models merged. A model that loads scores a row (or predicts it, a model of
// classes or numbers), saves again
// and exports as a linear model when it has that form.
#include <cstdint>
#include <string>

#include "fuzz_input.hpp"
#include "models/model_json.hpp"
#include "onepass/api/linear_export.hpp"

using namespace onepass;

namespace {

void use(const std::string& text) {
  auto loaded = model_from_json(text);
  if (!loaded) return;
  Pipeline& p = *loaded.value().pipeline;
  std::vector<double> x(p.dims(), 0.5);
  (void)p.score_one(x.data(), x.size());  // a multiclass or regression model says why not
  if (p.learns_task()) {
    std::vector<double> scores, probabilities;
    (void)p.predict_target(x.data(), SparseRow{}, scores, probabilities);
  }
  const std::string again = model_to_json(p, loaded.value().schema);
  if (!model_from_json(again)) __builtin_trap();  // what loads, saves and loads again
  // What loads exports, or says why not (api/linear_export.hpp).
  if (auto linear = linear_model(p, loaded.value().schema)) {
    if (onnx_model(linear.value()).empty() || linear_model_json(linear.value()).empty())
      __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  use(text);
  if (auto resigned = resign_model(text)) use(resigned.value());
  fuzz::Input in(data, size);
  const std::string a = in.until('\0');
  const std::string b(in.rest(), in.left());
  auto ra = resign_model(a), rb = resign_model(b);
  if (ra && rb) {
    if (auto merged = merge_models({ra.value(), rb.value()})) use(merged.value());
  }
  return 0;
}
