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
  // Explains each row from now on (api/scorer.hpp explain): "" or why not. true asks for the
  // default count (pipeline/explain.hpp kDefaultExplainCount), as `--explain` alone does.
  std::string explain(val count) {
    if (count.isTrue()) return scorer_->explain(onepass::kDefaultExplainCount).message();
    const double n = count.isNumber() ? count.as<double>() : 0;
    if (!(n >= 1 && n <= static_cast<double>(onepass::kMaxExplainCount) &&
          n == static_cast<double>(static_cast<std::size_t>(n))))
      return "explain is true or a whole number from 1 to " +
             std::to_string(onepass::kMaxExplainCount);
    return scorer_->explain(static_cast<std::size_t>(n)).message();
  }
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
    out.set("explanations", scorer_->explained() ? explanations_value(r) : val::null());
    return out;
  }
  // The predictions CSV (api/scorer.hpp): its header, and the lines of rows that take()
  // gave (the JS Scorer's toCsv hands them back).
  std::string csv_header() const { return scorer_->csv_header(); }
  std::string csv_lines(val scores, val predictions, val probabilities, val lines, val values,
                        val class_probabilities, val explanations) const {
    onepass::ScoredRows r;
    if (!explanations.isNull() && !explanations.isUndefined())
      r.explanations = explanations_of(explanations);
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
  // Each row's explanation (docs/algorithms.md 1.9) as { contributions: [{ feature, index,
  // value, contribution }], rest, bias }, and back (csv_lines).
  val explanations_value(const onepass::ScoredRows& r) const {
    const std::vector<std::string>& names = scorer_->feature_names();
    val rows = val::array();
    for (std::size_t i = 0; i < r.explanations.size(); ++i) {
      const onepass::Explanation& e = r.explanations[i];
      val top = val::array();
      for (std::size_t k = 0; k < e.top.size(); ++k) {
        const auto& c = e.top[k];
        val item = val::object();
        item.set("feature",
                 c.feature < names.size() ? names[c.feature] : std::to_string(c.feature));
        item.set("index", static_cast<double>(c.feature));
        item.set("value", c.value);
        item.set("contribution", c.contribution);
        top.set(k, item);
      }
      val row = val::object();
      row.set("contributions", top);
      row.set("rest", e.rest);
      row.set("bias", e.bias);
      rows.set(i, row);
    }
    return rows;
  }
  static std::vector<onepass::Explanation> explanations_of(const val& rows) {
    std::vector<onepass::Explanation> out(rows["length"].as<std::size_t>());
    for (std::size_t i = 0; i < out.size(); ++i) {
      const val row = rows[i];
      const val top = row["contributions"];
      out[i].rest = row["rest"].as<double>();
      out[i].bias = row["bias"].as<double>();
      for (std::size_t k = 0, n = top["length"].as<std::size_t>(); k < n; ++k) {
        const val c = top[k];
        out[i].top.push_back({static_cast<std::size_t>(c["index"].as<double>()),
                              c["value"].as<double>(), c["contribution"].as<double>()});
      }
    }
    return out;
  }

  std::unique_ptr<onepass::Scorer> scorer_;
  ChunkBuffer chunk_;
};

}  // namespace onepass_wasm
