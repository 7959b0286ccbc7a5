// JsPipeline: one pipeline (built from a spec or loaded from a model file) for the JS
// Pipeline class.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "onepass/api/batch.hpp"
#include "onepass/api/models.hpp"

namespace onepass_wasm {

using emscripten::val;

class JsPipeline {
 public:
  // task: "binary", "multiclass", "regression", or "" for the task its learner learns.
  std::string init(const std::string& spec, double every, double window, const std::string& task) {
    onepass::Task t = onepass::Pipeline::task_of(spec);
    if (!task.empty() && !onepass::parse_task(task, t))
      return std::string("option task must be ") + onepass::kTaskNames + ", got '" + task + "'";
    auto built = onepass::Pipeline::build(spec, static_cast<std::uint64_t>(every),
                                          static_cast<std::uint64_t>(window), t);
    if (!built) return built.message();
    pipeline_ = built.take();
    return "";
  }

  // Class weights (the CSV option classWeight's text), before the first row; "" or the error.
  std::string set_class_weights(const std::string& text) {
    return onepass::set_class_weights_by_label(*pipeline_, text).message();
  }

  // Loads a model file; "" or the error.
  std::string init_model(const std::string& text) {
    auto loaded = onepass::model_from_json(text);
    if (!loaded) return loaded.message();
    pipeline_ = std::move(loaded.value().pipeline);
    schema_ = loaded.value().schema;
    return "";
  }
  // The model file; feature names from `features` (or those it was loaded with, or x1..xd). A
  // model with an encoder keeps its schema as loaded: its names are its columns' and levels'.
  val to_json(val features) const {
    return text_or_error(onepass::model_file_text(*pipeline_, schema_with(features)));
  }
  // The linear form (api/linear_export.hpp) as ONNX bytes, { onnx: Uint8Array }, and as JSON
  // weights, { weights: string }; or { error }.
  val to_onnx(val features) const {
    return linear_export(features, [](const onepass::LinearModel& m) {
      const std::string bytes = onepass::onnx_model(m);
      const val out = typed_copy(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
      return std::make_pair(std::string("onnx"), out);
    });
  }
  val linear_weights(val features) const {
    return linear_export(features, [](const onepass::LinearModel& m) {
      return std::make_pair(std::string("weights"), val(onepass::linear_model_json(m)));
    });
  }
  val schema() const { return schema_value(schema_); }

 private:
  onepass::ModelSchema schema_with(val features) const {
    return onepass::schema_for_rows(*pipeline_, schema_, strings_of(features));
  }
  template <class Write>
  val linear_export(val features, Write write) const {
    val out = val::object();
    auto m = onepass::linear_model(*pipeline_, schema_with(features));
    if (!m) {
      out.set("error", m.message());
      return out;
    }
    auto [key, value] = write(m.value());
    out.set(key, value);
    return out;
  }

 public:
  val input_buffer(std::size_t n) { return writable_view(input_, n); }
  val label_buffer(std::size_t n) { return writable_view(labels_, n); }

  // Rows of `dims` values in the input buffer, labels in the label buffer (api/batch.hpp).
  // Returns { predictions: Int8Array } or, at the first bad row, also { error, row } (rows
  // before it learned).
  val learn_many(std::size_t count, std::size_t dims) {
    if (const std::string no = raw_rows_only(); !no.empty())
      return batch_value(refused<std::int8_t>(no), "predictions");
    return batch_value(batch_.learn_dense(*pipeline_, input_.data(), labels_.data(), count, dims),
                       "predictions");
  }

  // Sparse rows (core/sparse_row.hpp) in CSR form: row i is entries offsets[i] ..
  // offsets[i + 1] of the index buffer and of the input buffer (the values), `dims` wide.
  // Learned in O(non-zeros) where the pipeline allows it; the result is learn_many's.
  val offset_buffer(std::size_t n) { return writable_view(offsets_, n); }
  val index_buffer(std::size_t n) { return writable_view(indices_, n); }
  val learn_sparse_many(std::size_t count, std::size_t dims) {
    if (const std::string no = raw_rows_only(); !no.empty())
      return batch_value(refused<std::int8_t>(no), "predictions");
    return batch_value(batch_.learn_sparse(*pipeline_, csr(count), labels_.data(), dims),
                       "predictions");
  }
  // The margins of `count` sparse rows in the buffers of learn_sparse_many; nothing is
  // learned. { scores: Float64Array } or, at the first bad row, also { error, row } (the rows
  // before it scored).
  val score_sparse_many(std::size_t count, std::size_t dims) const {
    if (const std::string no = raw_rows_only(); !no.empty())
      return batch_value(refused<double>(no), "scores");
    return batch_value(onepass::BatchLearner::score_sparse(*pipeline_, csr(count), dims), "scores");
  }

  // Margin of the row in the input buffer, or the error message.
  val score(std::size_t dims) const {
    if (const std::string no = raw_rows_only(); !no.empty()) return val(no);
    auto r = pipeline_->score_one(input_.data(), dims);
    return r ? val(r.value()) : val(r.message());
  }
  // The row's predicted label (+1, or -1; a tie predicts +1: D-TIE) and, for learners that give
  // one, the probability of the positive class (the core's stable sigmoid, docs/algorithms.md
  // 2.1): { label, probability } or the error message.
  // A multiclass or regression pipeline (docs/algorithms.md 1.8): { label: the class index or
  // the number predicted, probability: that class's (or null), scores, probabilities (or null) }.
  val predict(std::size_t dims) const {
    if (const std::string no = raw_rows_only(); !no.empty()) return val(no);
    if (pipeline_->learns_task()) return predict_target(dims);
    auto r = pipeline_->score_one(input_.data(), dims);
    if (!r) return val(r.message());
    val out = val::object();
    out.set("label", onepass::label_of_score(r.value()));
    out.set("probability",
            pipeline_->has_probability() ? val(onepass::sigmoid(r.value())) : val::null());
    return out;
  }

  val predict_target(std::size_t dims) const {
    if (pipeline_->width() != 0 && dims != pipeline_->dims())
      return val("the row has " + std::to_string(dims) + " features, the pipeline " +
                 std::to_string(pipeline_->dims()));
    std::vector<double> scores, probabilities;
    const onepass::Result<double> r =
        pipeline_->predict_target(input_.data(), onepass::SparseRow{}, scores, probabilities);
    if (!r) return val(r.message());
    const bool regression = pipeline_->task() == onepass::Task::regression;
    const auto k = regression ? 0 : static_cast<std::size_t>(r.value());
    val out = val::object();
    out.set("label", r.value());
    out.set("probability", probabilities.empty() ? val::null() : val(probabilities[k]));
    out.set("scores", typed_copy(scores));
    out.set("probabilities", probabilities.empty() ? val::null() : typed_copy(probabilities));
    return out;
  }

  void finish() {
    if (pipeline_->dims() != 0) pipeline_->finish();
  }
  bool has_probability() const { return pipeline_->has_probability(); }
  std::size_t dims() const { return pipeline_->dims(); }
  std::string spec() const { return pipeline_->spec(); }
  std::string canonical() const { return pipeline_->canonical_spec(); }
  val stats() const { return pipeline_stats(*pipeline_); }
  val curve(double after_rows) const { return pipeline_curve(*pipeline_, after_rows); }
  val window_curve() const { return pipeline_window_curve(*pipeline_); }
  val snapshot() const { return pipeline_snapshot(*pipeline_); }

 private:
  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  // The sparse buffers as `count` rows in CSR form (api/batch.hpp checks the form).
  onepass::CsrRows csr(std::size_t count) const {
    static const std::uint32_t none = 0;
    return {count,           offsets_.empty() ? &none : offsets_.data(),
            offsets_.size(), indices_.data(),
            indices_.size(), input_.data(),
            input_.size()};
  }
  // "" or why the model takes raw CSV rows only (api/models.hpp).
  std::string raw_rows_only() const {
    return onepass::rows_of_numbers_refused(
        schema_, "score it with csvScorer, or train it further with csvRunner({ models })");
  }

  template <class T>
  static onepass::BatchResult<T> refused(const std::string& why) {
    onepass::BatchResult<T> r;
    r.error = onepass::Status::error(why);
    return r;
  }
  // A batch's values as a typed array under `key`, and at a failure its message and, when a
  // row is at fault (not the batch's shape), which one, as values rather than text to take apart.
  template <class T>
  static val batch_value(const onepass::BatchResult<T>& r, const char* key) {
    val out = val::object();
    out.set(key, typed_copy(r.values));
    if (!r.error) {
      out.set("error", r.error.message());
      if (r.row_at_fault) out.set("row", static_cast<double>(r.row));
    }
    return out;
  }

  std::vector<double> input_, labels_;
  std::vector<std::uint32_t> offsets_, indices_;
  onepass::BatchLearner batch_;
};

}  // namespace onepass_wasm
