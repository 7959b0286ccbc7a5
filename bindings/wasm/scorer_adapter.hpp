// JsScorer: frozen predictions of a saved model over CSV or svmlight bytes (api/scorer.hpp),
// for the JS Scorer class.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "onepass/api/scorer.hpp"

namespace onepass_wasm {

using emscripten::val;

class JsScorer {
 public:
  // A model file and how to read the rows: CSV options (the model's schema fills what they
  // leave out), or { format: "svmlight", positive?, onError? } for a model of svmlight rows.
  std::string init(const std::string& model, val options) {
    onepass::Result<std::unique_ptr<onepass::Scorer>> made = onepass::Status::ok();
    if (svmlight_format(options)) {
      onepass::SvmlightOptions opt;
      if (std::string err = svmlight_options(options, opt); !err.empty()) return err;
      made = onepass::Scorer::svmlight(model, opt);
    } else {
      onepass::CsvOptions opt;
      std::string err = csv_options(options, opt);
      if (!err.empty()) return err;
      made = onepass::Scorer::csv(model, opt);
    }
    if (!made) return made.message();
    scorer_ = made.take();
    return "";
  }
  // The decision threshold (api/scorer.hpp set_threshold): "" or why not.
  std::string set_threshold(double t) { return scorer_->set_threshold(t).message(); }
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  val push(std::size_t n) { return status_value(scorer_->push(chunk_.data(), n)); }
  val finish() { return status_value(scorer_->finish()); }
  // The rows scored since the last call: { scores, predictions, probabilities (null when the
  // model gives none), labels (0: none), lines }.
  val take() {
    const onepass::ScoredRows r = scorer_->take();
    std::vector<double> lines(r.lines.begin(), r.lines.end());
    val out = val::object();
    out.set("scores", typed_copy(r.scores));
    out.set("predictions", typed_copy(r.predictions));
    out.set("probabilities",
            scorer_->has_probability() ? typed_copy(r.probabilities) : val::null());
    out.set("labels", typed_copy(r.labels));
    out.set("lines", typed_copy(lines));
    // A multiclass or regression model (docs/algorithms.md 1.8): the class index or number,
    // and every class's probability (K per row) where the learner has them.
    const bool task = scorer_->task() != onepass::Task::binary;
    out.set("values", task ? typed_copy(r.values) : val::null());
    out.set("targets", task ? typed_copy(r.targets) : val::null());
    out.set("classProbabilities", task && !r.class_probabilities.empty()
                                      ? typed_copy(r.class_probabilities)
                                      : val::null());
    return out;
  }
  // The predictions CSV (api/scorer.hpp): its header, and the lines of rows that take()
  // gave (the JS Scorer's toCsv hands them back).
  std::string csv_header() const { return scorer_->csv_header(); }
  std::string csv_lines(val scores, val predictions, val probabilities, val lines, val values,
                        val class_probabilities) const {
    onepass::ScoredRows r;
    if (!values.isNull() && !values.isUndefined())
      r.values = emscripten::convertJSArrayToNumberVector<double>(values);
    if (!class_probabilities.isNull() && !class_probabilities.isUndefined())
      r.class_probabilities = emscripten::convertJSArrayToNumberVector<double>(class_probabilities);
    r.scores = emscripten::convertJSArrayToNumberVector<double>(scores);
    r.predictions = emscripten::convertJSArrayToNumberVector<std::int8_t>(predictions);
    if (!probabilities.isNull() && !probabilities.isUndefined())
      r.probabilities = emscripten::convertJSArrayToNumberVector<double>(probabilities);
    const std::vector<double> at = emscripten::convertJSArrayToNumberVector<double>(lines);
    r.lines.assign(at.begin(), at.end());
    return scorer_->csv_lines(r);
  }
  bool has_probability() const { return scorer_->has_probability(); }
  bool has_labels() const { return scorer_->has_labels(); }
  val schema() const { return schema_value(scorer_->schema()); }
  // { rows, labelled, correct } so far, and the model's names of the two classes.
  val counts() const {
    val out = val::object();
    out.set("rows", static_cast<double>(scorer_->rows()));
    out.set("labelled", static_cast<double>(scorer_->labelled()));
    out.set("correct", static_cast<double>(scorer_->correct()));
    out.set("positive", scorer_->class_name(1));
    out.set("negative", scorer_->class_name(-1));
    out.set("skipped", static_cast<double>(scorer_->skipped()));
    return out;
  }
  // The messages of the bad rows passed over so far (the first of them, each naming its line),
  // and what a predict prints at its end.
  val errors() const {
    std::vector<std::string> messages;
    for (const onepass::RowError& e : scorer_->errors()) messages.push_back(e.message);
    return strings_value(messages);
  }
  std::string summary() const { return scorer_->summary(); }

 private:
  std::unique_ptr<onepass::Scorer> scorer_;
  ChunkBuffer chunk_;
};

}  // namespace onepass_wasm
