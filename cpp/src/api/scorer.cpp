#include "onepass/api/scorer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/number_text.hpp"
#include "core/numerics.hpp"
#include "eval/threshold.hpp"
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

void Scorer::count_task_rows(const std::vector<double>& values,
                             const std::vector<double>& targets) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i >= targets.size() || std::isnan(targets[i])) continue;
    ++labelled_;
    const double e = targets[i] - values[i];
    correct_ += e == 0;
    absolute_error_ += std::fabs(e);
    squared_error_ += e * e;
  }
  rows_ += values.size();
}

template <class Stream>
ScoredRows Scorer::take_from(Stream& s) {
  ScoredRows out;
  out.scores = std::move(s.scores);
  out.labels = std::move(s.labels);
  out.lines = std::move(s.lines);
  out.explanations = std::move(s.explanations);
  if (pipeline_->learns_task()) {
    out.values = std::move(s.values);
    out.class_probabilities = std::move(s.class_probabilities);
    out.predictions.assign(out.scores.size(), 0);
    const std::size_t k =
        out.scores.empty() ? 0 : out.class_probabilities.size() / out.scores.size();
    for (std::size_t i = 0; k > 0 && i < out.values.size(); ++i)
      out.probabilities.push_back(
          out.class_probabilities[i * k + static_cast<std::size_t>(out.values[i])]);
    count_task_rows(out.values, s.targets);
    out.targets = std::move(s.targets);
    s.clear();
    return out;
  }
  s.clear();
  const bool probability = has_probability();
  for (std::size_t i = 0; i < out.scores.size(); ++i) {
    const double z = out.scores[i];
    const double p = probability ? sigmoid(z) : 0;  // docs/algorithms.md 2.1
    if (probability) out.probabilities.push_back(p);
    // D-TIE: a score at the threshold is positive; the probability compared is the one given.
    const double score = decision_score(z, probability);
    const auto predicted =
        static_cast<std::int8_t>(thresholded_ ? (score >= threshold_ ? 1 : -1) : label_of_score(z));
    out.predictions.push_back(predicted);
    if (out.labels[i] != 0) {
      ++labelled_;
      if (out.labels[i] == predicted) ++correct_;
    }
  }
  rows_ += out.scores.size();
  return out;
}

Status Scorer::set_threshold(double t) {
  if (pipeline_->learns_task())
    return Status::error("a threshold decides between two classes; this model learns " +
                         std::string(task_name(task())) + " labels");
  if (has_probability()) {
    if (!(t > 0 && t < 1))
      return Status::error(
          "the threshold of a model that gives probabilities is a probability "
          "between 0 and 1 (exclusive), not " +
          js_number_text(t));
  } else if (!std::isfinite(t)) {
    return Status::error("the threshold of this model's margin is a finite number, not " +
                         js_number_text(t));
  }
  threshold_ = t;
  thresholded_ = true;
  return Status::ok();
}

Status Scorer::explain(std::size_t count) {
  if (count < 1 || count > kMaxExplainCount)
    return Status::error("explain lists 1 to " + std::to_string(kMaxExplainCount) +
                         " contributions a row, not " + std::to_string(count));
  auto explainer = Explainer::of(*pipeline_);
  if (!explainer) return explainer.status();
  if (sparse_)
    sparse_->explain(explainer.take(), count);
  else
    csv_->explain(explainer.take(), count);
  explain_ = std::min(count, pipeline_->width());
  features_ = model_feature_names(schema_, pipeline_->width());
  return Status::ok();
}

std::string Scorer::explain_header() const {
  std::string out;
  for (std::size_t k = 1; k <= explain_; ++k) {
    const std::string n = std::to_string(k);
    out += ",feature" + n + ",value" + n + ",contribution" + n;
  }
  return explain_ ? out + ",rest,bias" : out;
}

std::string Scorer::explain_cells(const ScoredRows& rows, std::size_t i) const {
  if (explain_ == 0 || i >= rows.explanations.size()) return "";
  const Explanation& e = rows.explanations[i];
  std::string out;
  for (std::size_t k = 0; k < explain_; ++k) {
    if (k >= e.top.size()) {
      out += ",,,";
      continue;
    }
    const Explanation::Contribution& c = e.top[k];
    out += ',' + csv_field(c.feature < features_.size() ? features_[c.feature]
                                                        : std::to_string(c.feature));
    out += ',' + js_number_text(c.value) + ',' + js_number_text(c.contribution);
  }
  return out + ',' + js_number_text(e.rest) + ',' + js_number_text(e.bias);
}

std::string Scorer::class_name(int prediction) const {
  const ClassNames names = class_names(schema_);
  return prediction > 0 ? names.positive : names.negative;
}

std::string Scorer::csv_header() const {
  if (task() == Task::regression) return "line,prediction" + explain_header() + "\n";
  if (task() == Task::multiclass) {
    // docs/algorithms.md 6.6: each class's probability, named by the class.
    std::string out = "line,prediction,score";
    if (has_probability())
      for (const std::string& c : schema_.classes) out += "," + csv_field("p(" + c + ")");
    return out + explain_header() + "\n";
  }
  return (has_probability() ? "line,prediction,score,probability" : "line,prediction,score") +
         explain_header() + "\n";
}

std::string Scorer::summary() const {
  std::string out = std::to_string(rows_) + " rows predicted";
  if (labelled_ > 0 && task() == Task::regression) {
    const double n = static_cast<double>(labelled_);
    char figures[96];
    std::snprintf(figures, sizeof figures, "MAE %.4f, RMSE %.4f", absolute_error_ / n,
                  std::sqrt(squared_error_ / n));
    out += "; on the " + std::to_string(labelled_) + " rows with a target: " + figures;
  } else if (labelled_ > 0) {
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
  if (pipeline_->learns_task()) return task_csv_lines(rows);
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
    out += explain_cells(rows, i);
    out += '\n';
  }
  return out;
}

std::string Scorer::task_csv_lines(const ScoredRows& rows) const {
  const bool classes = task() == Task::multiclass;
  const std::size_t n = rows.values.size();
  const std::size_t k = n ? rows.class_probabilities.size() / n : 0;
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += std::to_string(i < rows.lines.size() ? rows.lines[i] : 0);
    out += ',';
    const auto c = static_cast<std::size_t>(rows.values[i]);
    if (!classes)
      out += js_number_text(rows.values[i]);
    else
      out += csv_field(c < schema_.classes.size() ? schema_.classes[c] : std::to_string(c)) + ',' +
             js_number_text(i < rows.scores.size() ? rows.scores[i] : 0);
    for (std::size_t j = 0; classes && j < k; ++j)
      out += ',' + js_number_text(rows.class_probabilities[i * k + j]);
    out += explain_cells(rows, i);
    out += '\n';
  }
  return out;
}

}  // namespace onepass
