// The JS face of the core: the registration table (embind) of the adapters and functions in
// bindings/wasm/; it holds no algorithm and no policy (those are api/'s and the core's). Bulk data
// crosses once per call through typed-array views over buffers owned here (inputBuffer,
// chunkBuffer): JS writes into the view, then calls the method that consumes it. A failure comes
// back as a string (the core's message), or for a row at fault as { message, line, column }
// (convert.hpp status_value); the TypeScript layer (bindings/ts) turns it into an Error.
#include <emscripten/bind.h>

#include <string>

#include "onepass/api/registry_json.hpp"
#include "onepass/api/streams.hpp"
#include "wasm/block_parser_adapter.hpp"
#include "wasm/convert.hpp"
#include "wasm/dataset_adapter.hpp"
#include "wasm/module_functions.hpp"
#include "wasm/pipeline_adapter.hpp"
#include "wasm/runner_adapters.hpp"
#include "wasm/scorer_adapter.hpp"
#include "wasm/stream_adapter.hpp"

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

// The constructor, init and the byte stream (chunkBuffer, push, finish) of a class that reads
// a file in chunks: the runners, Dataset and Scorer.
template <class Js>
const emscripten::class_<Js>& register_stream(const emscripten::class_<Js>& c) {
  return c.template constructor<>()
      .function("init", &Js::init)
      .function("chunkBuffer", method_of<Js>(&Js::chunk_buffer))
      .function("push", method_of<Js>(&Js::push))
      .function("finish", method_of<Js>(&Js::finish));
}

// What a pipeline and a runner tell of a model (a runner's take the pipeline's index first).
template <class Js>
const emscripten::class_<Js>& register_model(const emscripten::class_<Js>& c) {
  return c.function("spec", method_of<Js>(&Js::spec))
      .function("canonical", method_of<Js>(&Js::canonical))
      .function("hasProbability", method_of<Js>(&Js::has_probability))
      .function("stats", method_of<Js>(&Js::stats))
      .function("curve", method_of<Js>(&Js::curve))
      .function("windowCurve", method_of<Js>(&Js::window_curve))
      .function("snapshot", method_of<Js>(&Js::snapshot))
      .function("toJson", method_of<Js>(&Js::to_json));
}

// The stream, the models and what every runner has (JsRunner).
template <class Js>
const emscripten::class_<Js>& register_runner(const emscripten::class_<Js>& c) {
  return register_model(register_stream(c))
      .function("size", method_of<Js>(&Js::size))
      .function("resultJson", method_of<Js>(&Js::result_json));
}

}  // namespace

EMSCRIPTEN_BINDINGS(onepass) {
  emscripten::function("registryJson", &onepass::registry_json);
  emscripten::function("merge", &merge_value);
  emscripten::function("commandLine", &command_line_value);
  emscripten::function("checkReading", &check_reading_value);
  emscripten::function("memory", &memory_value);
  emscripten::function("metricNames", &metric_names_value);
  emscripten::function("limits", &limits_value);
  emscripten::function("modelSizeError", &model_size_error_value);
  emscripten::function("savedBeforeStop", &saved_before_stop_value);
  emscripten::function("gridSpecs", &grid_specs_value);
  register_model(emscripten::class_<JsPipeline>("Pipeline").constructor<>())
      .function("init", &JsPipeline::init)
      .function("inputBuffer", &JsPipeline::input_buffer)
      .function("labelBuffer", &JsPipeline::label_buffer)
      .function("learnMany", &JsPipeline::learn_many)
      .function("offsetBuffer", &JsPipeline::offset_buffer)
      .function("indexBuffer", &JsPipeline::index_buffer)
      .function("learnSparseMany", &JsPipeline::learn_sparse_many)
      .function("scoreSparseMany", &JsPipeline::score_sparse_many)
      .function("score", &JsPipeline::score)
      .function("predict", &JsPipeline::predict)
      .function("finish", &JsPipeline::finish)
      .function("initModel", &JsPipeline::init_model)
      .function("setClassWeights", &JsPipeline::set_class_weights)
      .function("toOnnx", &JsPipeline::to_onnx)
      .function("linearWeights", &JsPipeline::linear_weights)
      .function("schema", &JsPipeline::schema)
      .function("dims", &JsPipeline::dims);
  register_runner(emscripten::class_<JsCsvRunner>("CsvRunner"))
      .function("info", &JsCsvRunner::info)
      .function("readApartState", &JsCsvRunner::read_apart_state)
      .function("apartBuffer", &JsCsvRunner::apart_buffer)
      .function("learnApart", &JsCsvRunner::learn_apart)
      .function("groups", &JsCsvRunner::groups)
      .function("setLearning", &JsCsvRunner::set_learning)
      .function("runState", &JsCsvRunner::run_state)
      .function("loadRunState", &JsCsvRunner::load_run_state)
      .function("costs", &JsCsvRunner::costs);
  emscripten::class_<JsBlockParser>("BlockParser")
      .constructor<>()
      .function("init", &JsBlockParser::init)
      .function("chunkBuffer", &JsBlockParser::chunk_buffer)
      .function("head", &JsBlockParser::head)
      .function("read", &JsBlockParser::read)
      .function("learnInto", &JsBlockParser::learn_into);
  register_runner(emscripten::class_<JsSvmlightRunner>("SvmlightRunner"))
      .function("info", &JsSvmlightRunner::info);
  emscripten::function("previewCsv", &preview_csv);
  emscripten::function("csvOptionInfos", &csv_option_infos);
  emscripten::function("defaultPipeline", &default_pipeline);
  emscripten::function("evaluationDefaults", &evaluation_defaults);
  register_stream(emscripten::class_<JsDataset>("Dataset"))
      .function("initLike", &JsDataset::init_like)
      .function("size", &JsDataset::size)
      .function("features", &JsDataset::features)
      .function("notices", &JsDataset::notices)
      .function("warnings", &JsDataset::warnings)
      .function("width", &JsDataset::width)
      .function("task", &JsDataset::task)
      .function("classes", &JsDataset::classes)
      .function("defaultPipeline", &JsDataset::default_pipeline)
      .function("holdout", &JsDataset::holdout)
      .function("withTest", &JsDataset::with_test)
      .function("crossValidate", &JsDataset::cross_validate)
      .function("learningCurve", &JsDataset::learning_curve)
      .function("evaluationLine", &JsDataset::evaluation_line);
  register_stream(emscripten::class_<JsScorer>("Scorer"))
      .function("take", &JsScorer::take)
      .function("setThreshold", &JsScorer::set_threshold)
      .function("explain", &JsScorer::explain)
      .function("csvHeader", &JsScorer::csv_header)
      .function("csvLines", &JsScorer::csv_lines)
      .function("hasProbability", &JsScorer::has_probability)
      .function("hasLabels", &JsScorer::has_labels)
      .function("schema", &JsScorer::schema)
      .function("counts", &JsScorer::counts)
      .function("errors", &JsScorer::errors)
      .function("summary", &JsScorer::summary);
  emscripten::function("streamsJson", &onepass::streams_json);
  emscripten::function("streamsText", &onepass::streams_text);
  emscripten::class_<JsStreamCsv>("StreamCsv")
      .constructor<>()
      .function("init", &JsStreamCsv::init)
      .function("next", &JsStreamCsv::next)
      .function("done", &JsStreamCsv::done)
      .function("rows", &JsStreamCsv::rows);
}
