// The model file: one JSON document holding a whole pipeline, so that a model trained
// in the browser can be kept, used elsewhere, or trained further tomorrow. Format, version 1:
//   { "format": "onepass-model", "version": 1,
//     "spec": canonical spec string, "dims": d,
//     "schema": { "features": [names], "label": name, "positive": value, "negative": value },
//     "scalers": [ { "name", "state": [numbers] } ],
//     "learner": { "name", "params", "state", "reverted_steps", "inner": {...} (wrappers) },
//     "progress": [counters], "checksum": "fnv1a64:<hex>" }
// Version 2 adds, for pipelines with categorical or text features (docs/design.md 10):
//   "width": the learner's width, "encoder": { "max_levels", "level_buckets", "text_bits",
//     "columns": [ { "name", "text" } ], "features": [ [column, "level"|"bucket"|"word", key,
//     name] ] };
// files without them are still written as version 1.
// Version 3 adds, for pipelines trained on svmlight / libsvm rows (io/svmlight_reader.hpp):
//   "schema": { ..., "input": "svmlight", "index_base": 0 or 1 } (no feature names: the
//   features are the file's indices); CSV models are still written as version 1 or 2.
// Any version may add "schema": { ..., "number_forms": [ { "column", "formatted", "missing":
//   [words] } ] } for numeric columns written as a spreadsheet formats numbers, or with words
//   for a missing value (design.md 10.1); a reader without it stops at such a cell, with a
//   message.
// Any version may add "schema": { ..., "dates": [ { "column", "order": "ymd"|"dmy"|"mdy",
//   "time" } ] } for date columns (docs/algorithms.md 1.10), whose features are among "features";
//   a reader without it cannot find those features' columns, and says so.
// Version 4, for pipelines with a text column: its words count +1 (version 2 counted a word
//   -1 when its hash's top bit was set; such files still load and score as trained).
// Version 5, for multiclass and regression pipelines: "schema": { ..., "task", "classes" } and
//   "outputs" (the learner's outputs); "learner" holds one-vs-rest's copies under "inners".
// Version 6, for pipelines that weigh classes (docs/algorithms.md 4.28): "class_weights":
//   { "mode": "balanced" or "given", "weights": [by class], "counts": [rows by class] }; and
//   for pipelines with +drift (docs/algorithms.md 6.10): "drift": { "state": [numbers],
//   "background": learner (when it has one), "background_outputs" }.
// Numbers round-trip exactly; NaN and infinities are written as "NaN", "Infinity", "-Infinity".
// The checksum covers the canonical form of everything else (numbers as doubles, keys sorted),
// so a file re-written by another JSON library loads, and an edited or truncated one is
// rejected with a message saying so.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

constexpr int kModelFormatVersion = 6;

// What the model was trained on: every feature's name in order (the numeric ones, then the
// encoded ones), the label mapping, and the encoder of its categorical and text columns.
struct ModelSchema {
  std::vector<std::string> features;
  std::string label, positive, negative;
  // docs/algorithms.md 1.8: the task, and a multiclass label's class names by index.
  Task task = Task::binary;
  std::vector<std::string> classes;
  EncodedSchema encoded;
  std::string label_trim;
  bool header = true;  // false: the training file had no header row (columns c1..cN)
  char decimal = '.';  // ',': the training file wrote numbers with a decimal comma
  // Numeric columns not written as plain numbers ("$1,200", "-" for missing), by name.
  std::vector<std::pair<std::string, NumberForm>> number_forms;
  // Date columns by name, with their forms (docs/algorithms.md 1.10).
  std::vector<std::pair<std::string, DateForm>> dates;
  // Trained on svmlight rows (features by index, counted from index_base in the file).
  bool svmlight = false;
  int index_base = 1;
  std::size_t numeric_count() const { return features.size() - encoded.features.size(); }
};

// The names of a model's two classes, as predictions and exports show them: its label values,
// or "1" and "-1" where it has none (a pipeline trained through the batch API, or a file whose
// rows were all of one class).
struct ClassNames {
  std::string positive, negative;
};
ClassNames class_names(const ModelSchema& schema);

// The schema of what a reader has read (for saving the model trained on it).
ModelSchema model_schema_of(const CsvReader& reader);
ModelSchema model_schema_of(const SvmlightReader& reader);
// Options that read a CSV as the model's training file was read: its numeric features by
// name, its encoder (frozen when scoring; growing when training further), its label column
// and positive class, unless the caller set them. An error when the model was trained on
// svmlight rows.
Status read_as_model(const ModelSchema& schema, bool scoring, CsvOptions& options);
// Options that read svmlight rows as the model's were read: its width `dims` and positive
// class unless the caller set them, its index base. An error when the model was trained on a
// CSV.
Status read_as_model(const ModelSchema& schema, std::size_t dims, SvmlightOptions& options);

struct LoadedModel {
  std::unique_ptr<Pipeline> pipeline;
  ModelSchema schema;
};

// The bound of a model file's text (core/limits.hpp kMaxModelBytes), checked before anything
// is parsed, and by the CLIs before a file is read: an error naming the size and the bound.
Status check_model_size(std::uint64_t bytes);

// The model file's text, unchecked (tests compare it); the front ends write model_file_text's.
std::string model_to_json(const Pipeline& pipeline, const ModelSchema& schema);
// The same bound on the writer's side: a text past kMaxModelBytes could be written but never read
// back (check_model_size), so it is refused before a file is written, naming its size.
Status check_model_text(std::uint64_t bytes);
// The model file's text, or the refusal of check_model_text: first from the numbers the state
// holds (each takes at least 2 bytes, a digit and a separator), before the document is built,
// then from the text itself.
Result<std::string> model_file_text(const Pipeline& pipeline, const ModelSchema& schema);
// The schema's feature names when it has one per feature of `dims`, else x1..x<dims> (a
// pipeline built from a spec and fed rows by hand has none).
std::vector<std::string> model_feature_names(const ModelSchema& schema, std::size_t dims);
Result<LoadedModel> model_from_json(const std::string& text);

// How merge_models weighs the models (docs/algorithms.md 3.4).
struct MergeOptions {
  // The element-wise mean of every stage's state, each model alike (what merge did before it
  // weighed the models).
  bool mean = false;
  // One weight per model, in the order given, in place of the rows each learned (for a driver
  // that knows how many rows each worker learned in a round): finite, >= 0, not all 0.
  std::vector<double> weights;
  // The model every one of them continued from (a round of iterative parameter mixing,
  // docs/algorithms.md 6.12), or "": what each learned is then its rows since the base (its
  // default weight), and the merged model counts the base's rows once (its progress counters,
  // class-weight counts and scalers' counts are the base's plus what each model added).
  std::string base;
};

// Parameter mixing over models of the same spec, width and features (trained on shards of a
// stream), docs/algorithms.md 3.4: each model weighs as the rows it learned (FedAvg's n_k / n;
// a model of no rows counts for nothing), or as options say; a learner with a per-coordinate
// confidence merges each weight by it; scalers pool their statistics; progress counters are
// summed, so merging is associative. Inputs are combined in a canonical order, so the result
// does not depend on the order given.
Result<std::string> merge_models(const std::vector<std::string>& texts,
                                 const MergeOptions& options = {});

// The JSON text of a model file written back with the checksum of what it now holds, for tools
// that edit models on purpose (the fuzz targets mutate models past the checksum with it).
// Fails only on text that is not a JSON object.
Result<std::string> resign_model(const std::string& text);

// A check that a CSV's features are the model's, naming the first difference.
Status check_features(const ModelSchema& schema, const std::vector<std::string>& csv_features);

}  // namespace onepass
