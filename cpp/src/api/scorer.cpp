#include "onepass/api/scorer.hpp"

#include <cstdio>

#include "core/number_text.hpp"
#include "core/numerics.hpp"
#include "io/csv_quoting.hpp"
#include "onepass/api/csv_options.hpp"

namespace onepass {

Result<std::unique_ptr<Scorer>> Scorer::csv(const std::string& model, CsvOptions options) {
  auto loaded = model_from_json(model);
  if (!loaded) return loaded.status();
  if (Status st = read_as_model(loaded.value().schema, true, options); !st) return st;
  if (Status st = check_csv_options(options); !st) return st;
  options.label_optional = true;
  std::unique_ptr<Scorer> s(new Scorer());
  s->pipeline_ = std::move(loaded.value().pipeline);
  s->schema_ = std::move(loaded.value().schema);
  s->csv_ = std::make_unique<CsvScorer>(options, *s->pipeline_);
  return s;
}

Result<std::unique_ptr<Scorer>> Scorer::svmlight(const std::string& model,
                                                 SvmlightOptions options) {
  auto loaded = model_from_json(model);
  if (!loaded) return loaded.status();
  Status st = read_as_model(loaded.value().schema, loaded.value().pipeline->dims(), options);
  if (st) st = SvmlightReader::check(options);
  if (!st) return st;
  std::unique_ptr<Scorer> s(new Scorer());
  s->pipeline_ = std::move(loaded.value().pipeline);
  s->schema_ = std::move(loaded.value().schema);
  s->sparse_ = std::make_unique<SvmlightScorer>(options, *s->pipeline_);
  return s;
}

Status Scorer::push(const char* data, std::size_t size) {
  return sparse_ ? sparse_->push(data, size) : csv_->push(data, size);
}

Status Scorer::finish() {
  return sparse_ ? sparse_->finish() : csv_->finish();
}

ScoredRows Scorer::take() {
  return sparse_ ? take_from(*sparse_) : take_from(*csv_);
}

template <class Stream>
ScoredRows Scorer::take_from(Stream& s) {
  ScoredRows out;
  out.scores = std::move(s.scores);
  out.labels = std::move(s.labels);
  out.lines = std::move(s.lines);
  s.clear();
  const bool probability = has_probability();
  for (std::size_t i = 0; i < out.scores.size(); ++i) {
    const double z = out.scores[i];
    const auto predicted = static_cast<std::int8_t>(label_of_score(z));  // D-TIE
    out.predictions.push_back(predicted);
    if (probability) out.probabilities.push_back(sigmoid(z));  // docs/algorithms.md 2.1
    if (out.labels[i] != 0) {
      ++labelled_;
      if (out.labels[i] == predicted) ++correct_;
    }
  }
  rows_ += out.scores.size();
  return out;
}

std::string Scorer::class_name(int prediction) const {
  const ClassNames names = class_names(schema_);
  return prediction > 0 ? names.positive : names.negative;
}

std::string Scorer::csv_header() const {
  return has_probability() ? "line,prediction,score,probability\n" : "line,prediction,score\n";
}

std::string Scorer::summary() const {
  std::string out = std::to_string(rows_) + " rows predicted";
  if (labelled_ > 0) {
    char accuracy[32];
    std::snprintf(accuracy, sizeof accuracy, "%.4f",
                  static_cast<double>(correct_) / static_cast<double>(labelled_));
    out += "; accuracy on the " + std::to_string(labelled_) + " labelled rows: " + accuracy;
  }
  if (skipped() > 0)
    out += "; " + std::to_string(skipped()) + " bad rows skipped (the first " +
           std::to_string(errors().size()) + " are listed)";
  return out;
}

std::string Scorer::csv_lines(const ScoredRows& rows) const {
  ClassNames names = class_names(schema_);
  names.positive = csv_field(names.positive);
  names.negative = csv_field(names.negative);
  const bool probability = rows.probabilities.size() == rows.scores.size();
  std::string out;
  for (std::size_t i = 0; i < rows.scores.size(); ++i) {
    out += std::to_string(i < rows.lines.size() ? rows.lines[i] : 0);
    out += ',';
    out += i < rows.predictions.size() && rows.predictions[i] > 0 ? names.positive : names.negative;
    out += ',';
    out += js_number_text(rows.scores[i]);
    if (probability) out += ',' + js_number_text(rows.probabilities[i]);
    out += '\n';
  }
  return out;
}

}  // namespace onepass
