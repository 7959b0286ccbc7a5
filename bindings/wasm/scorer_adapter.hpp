// JsScorer: frozen predictions of a saved model over CSV or svmlight bytes, for the JS
// Scorer classes.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"

namespace onepass_wasm {

using emscripten::val;

class JsScorer {
 public:
  // A model file and how to read the rows: CSV options (the model's schema fills what they
  // leave out), or { format: "svmlight", positive?, onError? } for a model of svmlight rows.
  std::string init(const std::string& model, val options) {
    auto loaded = onepass::model_from_json(model);
    if (!loaded) return loaded.message();
    pipeline_ = std::move(loaded.value().pipeline);
    schema_ = loaded.value().schema;
    if (svmlight_format(options)) {
      onepass::SvmlightOptions opt;
      svmlight_options(options, opt);
      onepass::Status st = onepass::read_as_model(schema_, pipeline_->dims(), opt);
      if (st) st = onepass::SvmlightReader::check(opt);
      if (!st) return st.message();
      sparse_ = std::make_unique<onepass::SvmlightScorer>(opt, *pipeline_);
      return "";
    }
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    onepass::Status st = onepass::read_as_model(schema_, true, opt);
    if (!st) return st.message();
    opt.label_optional = true;
    csv_ = std::make_unique<onepass::CsvScorer>(opt, *pipeline_);
    return "";
  }
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  // f applied to the scorer of this model's format.
  template <class F>
  auto with_scorer(F f) {
    return sparse_ ? f(*sparse_) : f(*csv_);
  }

  std::string push(std::size_t n) {
    const char* data = chunk_.data();
    return with_scorer([&](auto& s) { return s.push(data, n).message(); });
  }
  std::string finish() {
    return with_scorer([](auto& s) { return s.finish().message(); });
  }
  // The rows scored since the last call: { scores, labels (0: none), lines }.
  val take() {
    return with_scorer([](auto& s) {
      std::vector<double> lines(s.lines.begin(), s.lines.end());
      val out = val::object();
      out.set("scores", typed_copy(s.scores));
      out.set("labels", typed_copy(s.labels));
      out.set("lines", typed_copy(lines));
      s.clear();
      return out;
    });
  }
  bool has_probability() const { return pipeline_->has_probability(); }
  bool has_labels() const { return sparse_ || csv_->reader().has_label(); }
  val schema() const { return schema_value(schema_); }

 private:
  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  std::unique_ptr<onepass::CsvScorer> csv_;
  std::unique_ptr<onepass::SvmlightScorer> sparse_;
  ChunkBuffer chunk_;
};

}  // namespace onepass_wasm
