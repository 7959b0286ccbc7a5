// JsPipeline: one pipeline (built from a spec or loaded from a model file) for the JS
// Pipeline class.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "onepass/core/numerics.hpp"
#include "onepass/io/label_map.hpp"

namespace onepass_wasm {

using emscripten::val;

class JsPipeline {
 public:
  std::string init(const std::string& spec, double every, double window) {
    auto built = onepass::Pipeline::build(spec, static_cast<std::uint64_t>(every),
                                          static_cast<std::uint64_t>(window));
    if (!built) return built.message();
    pipeline_ = built.take();
    return "";
  }

  // Loads a model file; "" or the error.
  std::string init_model(const std::string& text) {
    auto loaded = onepass::model_from_json(text);
    if (!loaded) return loaded.message();
    pipeline_ = std::move(loaded.value().pipeline);
    schema_ = loaded.value().schema;
    return "";
  }
  // The model file; feature names from `features` (or those it was loaded with, or x1..xd).
  std::string to_json(val features) const {
    return onepass::model_to_json(*pipeline_, schema_with(features));
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
  // The schema to save or export with: the loaded one, `features` naming the features when
  // given, and the label values +1/-1 when it has none.
  onepass::ModelSchema schema_with(val features) const {
    onepass::ModelSchema schema = schema_;
    std::vector<std::string> names = strings_of(features);
    if (!names.empty()) schema.features = names;
    schema.features = onepass::model_feature_names(schema, pipeline_->dims());
    if (schema.positive.empty()) {  // the numeric label values (io/model_json.hpp class_names)
      const onepass::ClassNames names = onepass::class_names(schema);
      schema.positive = names.positive;
      schema.negative = names.negative;
    }
    return schema;
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

  // Rows of `dims` values in the input buffer, labels in the label buffer. Returns
  // { predictions: Int8Array } or, at the first bad row, also { error } (rows before it learned).
  val learn_many(std::size_t count, std::size_t dims) {
    return learn_rows(count, [&](std::size_t i, int y) {
      return pipeline_->learn_one(input_.data() + i * dims, dims, y);
    });
  }

  // Sparse rows (core/sparse_row.hpp) in CSR form: row i is entries offsets[i] ..
  // offsets[i + 1] of the index buffer and of the input buffer (the values), `dims` wide.
  // Learned in O(non-zeros) where the pipeline allows it; the result is learn_many's.
  val offset_buffer(std::size_t n) { return writable_view(offsets_, n); }
  val index_buffer(std::size_t n) { return writable_view(indices_, n); }
  val learn_sparse_many(std::size_t count, std::size_t dims) {
    const std::string bad = csr_error(count);
    if (!bad.empty()) {
      val out = val::object();
      out.set("error", bad);
      out.set("predictions", val::global("Int8Array").new_(0));
      return out;
    }
    return learn_rows(count, [&](std::size_t i, int y) -> onepass::Result<int> {
      onepass::Result<onepass::SparseRow> row = csr_row(i);
      if (!row) return row.status();
      return pipeline_->learn_sparse(row.value(), dims, y);
    });
  }
  // The margins of `count` sparse rows in the buffers of learn_sparse_many; nothing is
  // learned. { scores: Float64Array } or, at the first bad row, also { error } (the rows
  // before it scored).
  val score_sparse_many(std::size_t count, std::size_t dims) const {
    std::vector<double> scores;
    val out = val::object();
    std::string error = csr_error(count);
    std::size_t bad_row = 0;
    bool row_fault = false;  // a row is at fault, not the batch's shape
    for (std::size_t i = 0; error.empty() && i < count; ++i) {
      onepass::Result<onepass::SparseRow> row = csr_row(i);
      onepass::Result<double> s =
          row ? pipeline_->score_sparse(row.value(), dims) : onepass::Result<double>(row.status());
      if (s)
        scores.push_back(s.value());
      else
        error = s.message(), bad_row = i, row_fault = true;
    }
    if (!error.empty()) set_error(out, error, bad_row, row_fault);
    out.set("scores", typed_copy(scores));
    return out;
  }

  // Margin of the row in the input buffer, or the error message.
  val score(std::size_t dims) const {
    auto r = pipeline_->score_one(input_.data(), dims);
    return r ? val(r.value()) : val(r.message());
  }
  // The row's predicted label (+1, or -1; a tie predicts +1: D-TIE) and, for learners that give
  // one, the probability of the positive class (the core's stable sigmoid, docs/algorithms.md
  // 2.1): { label, probability } or the error message.
  val predict(std::size_t dims) const {
    auto r = pipeline_->score_one(input_.data(), dims);
    if (!r) return val(r.message());
    val out = val::object();
    out.set("label", onepass::label_of_score(r.value()));
    out.set("probability",
            pipeline_->has_probability() ? val(onepass::sigmoid(r.value())) : val::null());
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
  val curve(std::size_t from) const { return pipeline_curve(*pipeline_, from); }
  val snapshot() const { return pipeline_snapshot(*pipeline_); }

 private:
  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  // Labels of learn_many and learn_sparse_many in the label buffer, checked; each row learned
  // by learn(i, y) until the first error. Returns { predictions: Int8Array } and, at a bad
  // row, { error } naming it (the rows before it are learned).
  template <class Learn>
  val learn_rows(std::size_t count, Learn learn) {
    std::vector<std::int8_t> predictions;
    predictions.reserve(count);
    val out = val::object();
    for (std::size_t i = 0; i < count; ++i) {
      // The readers' rule (io/label_map.hpp), over the pipeline's life: 1 positive, 0 or -1
      // negative, not both.
      int y = 0;
      std::string bad;
      if (!label_map_.map_number(labels_[i], y, bad)) {
        set_error(out, bad, i, true);
        break;
      }
      onepass::Result<int> r = learn(i, y);
      if (!r) {
        set_error(out, r.message(), i, true);
        break;
      }
      predictions.push_back(static_cast<std::int8_t>(r.value()));
    }
    out.set("predictions",
            val::global("Int8Array")
                .new_(emscripten::typed_memory_view(predictions.size(), predictions.data()))
                .call<val>("slice"));
    return out;
  }

  // A failed batch: the message, and which row when one is at fault (not the batch's shape),
  // as values the caller composes (issue 14: no message to take apart).
  static void set_error(val& out, const std::string& message, std::size_t row, bool of_row) {
    out.set("error", message);
    if (of_row) out.set("row", static_cast<double>(row));
  }

  // Whether the sparse buffers hold `count` rows in compressed sparse row form: "" or why not.
  std::string csr_error(std::size_t count) const {
    if (offsets_.size() == count + 1 && offsets_[0] == 0 && offsets_[count] == indices_.size() &&
        indices_.size() == input_.size())
      return "";
    return "the offsets must start at 0 and end at the number of entries (" +
           std::to_string(indices_.size()) + "), one more than the rows (" + std::to_string(count) +
           "), with one value per index";
  }
  onepass::Result<onepass::SparseRow> csr_row(std::size_t i) const {
    if (offsets_[i + 1] < offsets_[i] || offsets_[i + 1] > indices_.size())
      return onepass::Status::error("its offsets (" + std::to_string(offsets_[i]) + " to " +
                                    std::to_string(offsets_[i + 1]) +
                                    ") do not rise within the entries");
    return onepass::SparseRow{indices_.data() + offsets_[i], input_.data() + offsets_[i],
                              offsets_[i + 1] - offsets_[i]};
  }

  std::vector<double> input_, labels_;
  std::vector<std::uint32_t> offsets_, indices_;
  onepass::LabelMap label_map_{""};
};

}  // namespace onepass_wasm
