// The bound of a model file's size (kMaxModelBytes, core/limits.hpp): a file past it is refused
// unread, and a model whose file would pass it is not written.
#include <string>

#include "core/limits.hpp"
#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

namespace {

// The bound of kMaxModelBytes as a reader and a writer say it: "the model file <is> N bytes,
// more than ...; <then>".
Status beyond_model_size(std::uint64_t bytes, const char* is, const char* then) {
  return Status::error(std::string("the model file ") + is + " " + std::to_string(bytes) +
                       " bytes, more than a model file may be (" + std::to_string(kMaxModelBytes) +
                       " bytes: 2^24 inputs at 32 bytes a number, about the longest text "
                       "JavaScript holds); " +
                       then);
}

}  // namespace

Status check_model_size(std::uint64_t bytes) {
  if (bytes <= kMaxModelBytes) return Status::ok();
  return beyond_model_size(bytes, "is", "it is not read");
}

Status check_model_text(std::uint64_t bytes) {
  if (bytes <= kMaxModelBytes) return Status::ok();
  return beyond_model_size(bytes, "would be", "it is not written, since it could not be read back");
}

Result<std::string> model_file_text(const Pipeline& pipeline, const ModelSchema& schema) {
  const PipelineState state = pipeline.save();
  std::uint64_t numbers = values_in(state.learner) + values_in(state.drift_background) +
                          state.progress.size() + state.class_weights.size() + state.drift.size();
  for (const auto& scaler : state.scalers) numbers += scaler.size();
  Status st = check_model_text(2 * numbers);  // at least: the text is not built
  if (!st) return st;
  std::string text = model_to_json(pipeline, schema);
  st = check_model_text(text.size());
  if (!st) return st;
  return text;
}

}  // namespace onepass
