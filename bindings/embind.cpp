// The JS face of the core: the registration table (embind) of the adapters in bindings/wasm/
// and of a few functions; it converts types and errors and holds no algorithm. Bulk data crosses
// once per call through typed-array views over buffers owned here (inputBuffer, chunkBuffer):
// JS writes into the view, then calls the method that consumes it. A failure comes back as a
// string (the core's message); the TypeScript layer (bindings/ts) turns it into an Error.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <algorithm>
#include <string>
#include <vector>

#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/registry_json.hpp"
#include "onepass/eval/protocols.hpp"
#include "onepass/io/model_json.hpp"
#include "wasm/block_parser_adapter.hpp"
#include "wasm/convert.hpp"
#include "wasm/dataset_adapter.hpp"
#include "wasm/pipeline_adapter.hpp"
#include "wasm/runner_adapters.hpp"
#include "wasm/scorer_adapter.hpp"

using namespace onepass_wasm;  // NOLINT: the adapters are this file's own

namespace {

// A method of JsRunner as a method of the runner class Js: embind registers a member pointer
// on the class it names, and a base class's would not be found on Js's objects.
template <class Js, class Base, class R, class... Args>
auto method_of(R (Base::*f)(Args...)) -> R (Js::*)(Args...) {
  return f;
}
template <class Js, class Base, class R, class... Args>
auto method_of(R (Base::*f)(Args...) const) -> R (Js::*)(Args...) const {
  return f;
}

// The constructor, init and what every runner has (JsRunner).
template <class Js>
const emscripten::class_<Js>& register_runner(const emscripten::class_<Js>& c) {
  return c.template constructor<>()
      .function("init", &Js::init)
      .function("chunkBuffer", method_of<Js>(&Js::chunk_buffer))
      .function("push", method_of<Js>(&Js::push))
      .function("finish", method_of<Js>(&Js::finish))
      .function("size", method_of<Js>(&Js::size))
      .function("spec", method_of<Js>(&Js::spec))
      .function("canonical", method_of<Js>(&Js::canonical))
      .function("hasProbability", method_of<Js>(&Js::has_probability))
      .function("stats", method_of<Js>(&Js::stats))
      .function("curve", method_of<Js>(&Js::curve))
      .function("snapshot", method_of<Js>(&Js::snapshot))
      .function("resultJson", method_of<Js>(&Js::result_json))
      .function("toJson", method_of<Js>(&Js::to_json));
}

// The wasm heap: its size (it grows, never shrinks) and the bytes that live objects use
// (dlmalloc's count), so that a caller can see what dispose() (or the finalizer) gives back.
val memory_value() {
  const struct mallinfo info = mallinfo();
  val out = val::object();
  out.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  out.set("inUseBytes", static_cast<double>(info.uordblks));
  return out;
}

// Every combination of a parameter grid applied to a spec (eval/protocols.hpp grid_specs):
// { specs } or { error }.
val grid_specs_value(const std::string& spec, const std::string& grid) {
  val out = val::object();
  auto axes = onepass::parse_grid(grid);
  auto specs = axes ? onepass::grid_specs(spec, axes.value())
                    : onepass::Result<std::vector<std::string>>(axes.status());
  if (specs)
    out.set("specs", strings_value(specs.value()));
  else
    out.set("error", specs.message());
  return out;
}

// The metrics' names (eval/metrics.hpp: one list for every front end).
val metric_names_value() {
  return strings_value(onepass::metric_names());
}

// { model } or { error }
val merge_value(val models) {
  auto merged = onepass::merge_models(strings_of(models));
  val out = val::object();
  if (merged)
    out.set("model", merged.value());
  else
    out.set("error", merged.message());
  return out;
}

}  // namespace

// The pipeline a run uses when none is given (api/defaults.hpp).
std::string default_pipeline() {
  return onepass::kDefaultPipeline;
}

// The evaluation protocols' defaults (eval/protocols.hpp): what a front end shows or applies when
// the user gives none.
val evaluation_defaults() {
  const onepass::EvalOptions opt;
  val out = val::object();
  out.set("testFraction", onepass::kDefaultTestFraction);
  out.set("validation", onepass::kDefaultValidationFraction);
  out.set("seed", static_cast<double>(opt.seed));
  out.set("k", static_cast<double>(opt.k));
  return out;
}

// The CSV options (api/csv_options.hpp): { name, flag, switchValue?, svmlight }, for the JS
// layer's check of option keys and the CLI's flags.
val csv_option_infos() {
  val out = val::array();
  for (const auto& info : onepass::csv_option_infos()) {
    val item = val::object();
    item.set("name", std::string(info.name));
    item.set("flag", std::string(info.flag));
    if (info.switch_value) item.set("switchValue", std::string(info.switch_value));
    item.set("svmlight", info.svmlight);
    out.call<void>("push", item);
  }
  return out;
}

// The head of a CSV as the reader sees it (api/csv_preview.hpp): { columns, rows, delimiter,
// notices, labelValues, positive, numericLabels, sampledRows } or { error }.
val preview_csv(const std::string& head, bool complete, val options) {
  onepass::CsvOptions opt;
  const std::string err = csv_options(options, opt);
  if (!err.empty()) return error_value(err);
  const double rows = options["rows"].isNumber() ? options["rows"].as<double>() : 5;
  auto preview = onepass::preview_csv(head, complete, opt,
                                      static_cast<std::size_t>(std::clamp(rows, 0.0, 1000.0)));
  if (!preview) return error_value(preview.message());
  const onepass::CsvPreview& p = preview.value();
  val out = val::object();
  out.set("columns", columns_value(p.columns));
  val rows_out = val::array();
  for (const auto& r : p.rows) {
    val cells = val::array();
    for (const auto& c : r) cells.call<void>("push", c);
    rows_out.call<void>("push", cells);
  }
  out.set("rows", rows_out);
  out.set("delimiter", std::string(1, p.delimiter));
  out.set("notices", strings_value(p.notices));
  val labels = val::array();
  for (const auto& [value, count] : p.label_values) {
    val item = val::object();
    item.set("value", value);
    item.set("count", static_cast<double>(count));
    labels.call<void>("push", item);
  }
  out.set("labelValues", labels);
  out.set("positive", p.positive);
  out.set("numericLabels", p.numeric_labels);
  out.set("headRows", static_cast<double>(p.head_rows));
  return out;
}

EMSCRIPTEN_BINDINGS(onepass) {
  emscripten::function("registryJson", &onepass::registry_json);
  emscripten::function("merge", &merge_value);
  emscripten::function("memory", &memory_value);
  emscripten::function("metricNames", &metric_names_value);
  emscripten::function("gridSpecs", &grid_specs_value);
  emscripten::class_<JsPipeline>("Pipeline")
      .constructor<>()
      .function("init", &JsPipeline::init)
      .function("inputBuffer", &JsPipeline::input_buffer)
      .function("labelBuffer", &JsPipeline::label_buffer)
      .function("learnMany", &JsPipeline::learn_many)
      .function("offsetBuffer", &JsPipeline::offset_buffer)
      .function("indexBuffer", &JsPipeline::index_buffer)
      .function("learnSparseMany", &JsPipeline::learn_sparse_many)
      .function("scoreSparseMany", &JsPipeline::score_sparse_many)
      .function("score", &JsPipeline::score)
      .function("finish", &JsPipeline::finish)
      .function("initModel", &JsPipeline::init_model)
      .function("toJson", &JsPipeline::to_json)
      .function("toOnnx", &JsPipeline::to_onnx)
      .function("linearWeights", &JsPipeline::linear_weights)
      .function("schema", &JsPipeline::schema)
      .function("hasProbability", &JsPipeline::has_probability)
      .function("dims", &JsPipeline::dims)
      .function("spec", &JsPipeline::spec)
      .function("canonical", &JsPipeline::canonical)
      .function("stats", &JsPipeline::stats)
      .function("curve", &JsPipeline::curve)
      .function("snapshot", &JsPipeline::snapshot);
  register_runner(emscripten::class_<JsRace>("Race"))
      .function("info", &JsRace::info)
      .function("readApartState", &JsRace::read_apart_state)
      .function("apartBuffer", &JsRace::apart_buffer)
      .function("learnApart", &JsRace::learn_apart);
  emscripten::class_<JsBlockParser>("BlockParser")
      .constructor<>()
      .function("init", &JsBlockParser::init)
      .function("chunkBuffer", &JsBlockParser::chunk_buffer)
      .function("head", &JsBlockParser::head)
      .function("read", &JsBlockParser::read);
  register_runner(emscripten::class_<JsSparseRace>("SparseRace"))
      .function("info", &JsSparseRace::info);
  emscripten::function("previewCsv", &preview_csv);
  emscripten::function("csvOptionInfos", &csv_option_infos);
  emscripten::function("defaultPipeline", &default_pipeline);
  emscripten::function("evaluationDefaults", &evaluation_defaults);
  emscripten::function("checkEvaluation", &check_evaluation);
  emscripten::class_<JsDataset>("Dataset")
      .constructor<>()
      .function("init", &JsDataset::init)
      .function("initLike", &JsDataset::init_like)
      .function("chunkBuffer", &JsDataset::chunk_buffer)
      .function("push", &JsDataset::push)
      .function("finish", &JsDataset::finish)
      .function("size", &JsDataset::size)
      .function("features", &JsDataset::features)
      .function("width", &JsDataset::width)
      .function("holdout", &JsDataset::holdout)
      .function("withTest", &JsDataset::with_test)
      .function("crossValidate", &JsDataset::cross_validate)
      .function("learningCurve", &JsDataset::learning_curve)
      .function("evaluationLine", &JsDataset::evaluation_line);
  emscripten::class_<JsScorer>("Scorer")
      .constructor<>()
      .function("init", &JsScorer::init)
      .function("chunkBuffer", &JsScorer::chunk_buffer)
      .function("push", &JsScorer::push)
      .function("finish", &JsScorer::finish)
      .function("take", &JsScorer::take)
      .function("hasProbability", &JsScorer::has_probability)
      .function("hasLabels", &JsScorer::has_labels)
      .function("schema", &JsScorer::schema)
      .function("counts", &JsScorer::counts);
}
