// The module's functions (no class): the registry, defaults, option lists, the CSV preview,
// grids, merging and the heap's size, each a conversion of what api/ and the core define.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include <emscripten/heap.h>
#include <malloc.h>

#include <algorithm>
#include <string>

#include "convert.hpp"
#include "onepass/api/command_line.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/limits.hpp"
#include "onepass/api/models.hpp"

namespace onepass_wasm {

using emscripten::val;

// The wasm heap: its size (it grows, never shrinks) and the bytes that live objects use
// (dlmalloc's count), so that a caller can see what dispose() (or the finalizer) gives back.
inline val memory_value() {
  const struct mallinfo info = mallinfo();
  val out = val::object();
  out.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  out.set("inUseBytes", static_cast<double>(info.uordblks));
  return out;
}

// Every combination of a parameter grid applied to a spec (eval/protocols.hpp grid_specs):
// { specs } or { error }.
inline val grid_specs_value(const std::string& spec, const std::string& grid) {
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
inline val metric_names_value() {
  return strings_value(onepass::metric_names());
}

// The core's bounds (api/limits.hpp): { maxDims, maxWindow, maxShuffleBuffer, maxClasses,
// maxTaskWeights, maxClassWeight, maxDriftEvents, maxStreamRows, maxCurvePoints, maxModelBytes,
// maxRunBytes }.
inline val limits_value() {
  val out = val::object();
  out.set("maxDims", static_cast<double>(onepass::kMaxDims));
  out.set("maxWindow", static_cast<double>(onepass::kMaxWindow));
  out.set("maxShuffleBuffer", static_cast<double>(onepass::kMaxShuffleRows));
  out.set("maxClasses", static_cast<double>(onepass::kMaxClasses));
  out.set("maxTaskWeights", static_cast<double>(onepass::kMaxTaskWeights));
  out.set("maxClassWeight", onepass::kMaxClassWeight);
  out.set("maxDriftEvents", static_cast<double>(onepass::kMaxDriftEvents));
  out.set("maxStreamRows", static_cast<double>(onepass::kMaxStreamRows));
  out.set("maxCurvePoints", static_cast<double>(onepass::kMaxCurvePoints));
  out.set("maxModelBytes", static_cast<double>(onepass::kMaxModelBytes));
  out.set("maxRunBytes", static_cast<double>(onepass::run_memory_limit()));
  return out;
}

// "" when a model file of `bytes` bytes may be read, else why not (models/model_json.hpp
// check_model_size): a CLI asks before it reads the file.
inline std::string model_size_error_value(double bytes) {
  return onepass::check_model_size(static_cast<std::uint64_t>(bytes)).message();
}

// What both CLIs say when a bad row stopped a run with --save (api/runners.hpp).
inline std::string saved_before_stop_value(double rows, const std::string& file) {
  return onepass::saved_before_stop(static_cast<std::uint64_t>(rows), file);
}

// A CLI's words, the command first (api/command_line.hpp): { command, files, options: { flag:
// [values] } } or { error }.
inline val command_line_value(val words) {
  auto line = onepass::parse_command_line(strings_of(words));
  val out = val::object();
  if (!line) {
    out.set("error", line.message());
    return out;
  }
  out.set("command", line.value().command);
  out.set("files", strings_value(line.value().files));
  val options = val::object();
  for (const auto& [flag, values] : line.value().options) options.set(flag, strings_value(values));
  out.set("options", options);
  return out;
}

// The reading flags' rules once the model's format is known ("" when there is no model), for
// a command line that parse_command_line accepted: "" or the mistake.
inline std::string check_reading_value(val words, const std::string& model,
                                       const std::string& model_name) {
  auto line = onepass::parse_command_line(strings_of(words));
  if (!line) return line.message();
  return onepass::check_reading(line.value(), model, model_name).message();
}

// { model } or { error }; options { mean: boolean, weights: number[], base: string } (the TS layer
// checked their types; the core checks the weights, docs/algorithms.md 3.4).
inline val merge_value(val models, val options) {
  onepass::MergeOptions merge;
  merge.mean = options["mean"].as<bool>();
  const val weights = options["weights"];
  const int n = weights["length"].as<int>();
  for (int i = 0; i < n; ++i) merge.weights.push_back(weights[i].as<double>());
  merge.base = options["base"].as<std::string>();
  auto merged = onepass::merge_models(strings_of(models), merge);
  val out = val::object();
  if (merged)
    out.set("model", merged.value());
  else
    out.set("error", merged.message());
  return out;
}

// The pipeline a run uses when none is given (api/defaults.hpp).
inline std::string default_pipeline() {
  return onepass::kDefaultPipeline;
}

// The evaluation protocols' defaults (eval/protocols.hpp): what a front end shows or applies when
// the user gives none.
inline val evaluation_defaults() {
  const onepass::EvalOptions opt;
  val out = val::object();
  out.set("testFraction", onepass::kDefaultTestFraction);
  out.set("validation", onepass::kDefaultValidationFraction);
  out.set("seed", static_cast<double>(opt.seed));
  out.set("k", static_cast<double>(opt.k));
  return out;
}

// The CSV options (api/csv_options.hpp): { name, flag, switchValue?, svmlight, min?, max? }, for
// the JS layer's check of option keys and the CLI's flags, with a whole-number option's bounds.
inline val csv_option_infos() {
  val out = val::array();
  for (const auto& info : onepass::csv_option_infos()) {
    val item = val::object();
    item.set("name", std::string(info.name));
    item.set("flag", std::string(info.flag));
    if (info.switch_value) item.set("switchValue", std::string(info.switch_value));
    item.set("svmlight", info.svmlight);
    if (info.min <= info.max) {
      item.set("min", static_cast<double>(info.min));
      item.set("max", static_cast<double>(info.max));
    }
    out.call<void>("push", item);
  }
  return out;
}

// The head of a CSV as the reader sees it (api/csv_preview.hpp): { columns, rows, delimiter,
// notices, labelValues, positive, numericLabels, headRows } or { error }.
inline val preview_csv(const std::string& head, bool complete, val options) {
  onepass::CsvOptions opt;
  const std::string err = csv_options(options, opt);
  if (!err.empty()) return error_value(err);
  const double rows = options["rows"].isNumber() ? options["rows"].as<double>()
                                                 : static_cast<double>(onepass::kPreviewRows);
  auto preview = onepass::preview_csv(head, complete, opt,
                                      static_cast<std::size_t>(std::clamp(rows, 0.0, 1000.0)));
  return preview ? parsed(onepass::to_json(preview.value())) : error_value(preview.message());
}

}  // namespace onepass_wasm
