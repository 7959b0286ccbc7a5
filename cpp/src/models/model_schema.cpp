// A model's schema against the readers: the schema a reader's file gives a model, the reader
// options that read a file as a model's (its label, positive class, roles and width), and the
// checks that a file's columns are the model's (docs/design.md, "Models").
#include <algorithm>
#include <string>
#include <vector>

#include "models/model_json.hpp"

namespace onepass {

namespace {

// Labels 1 vs -1 or 0 are read as numbers: the caller need not name a positive class.
bool numeric_labels(const ModelSchema& s) {
  return s.positive == "1" && (s.negative == "-1" || s.negative == "0" || s.negative.empty());
}

// The positive class a model reads with: its own. One given that differs (after the label's
// trim) would flip the meaning of every row it learns and of every prediction's label.
Status positive_of_model(const ModelSchema& schema, const std::string& trim,
                         std::string& positive) {
  const auto trimmed = [&](std::string s) {
    const std::size_t b = s.find_first_not_of(trim);
    if (b == std::string::npos) return std::string();
    return s.substr(b, s.find_last_not_of(trim) - b + 1);
  };
  // Equal as text, or as numbers ("+1" and "1.0" are the label 1, as LabelMap reads them).
  const auto same = [&](const std::string& a, const std::string& b) {
    double x = 0, y = 0;
    return a == b || (parse_number(a, x, '.') == NumberParse::ok &&
                      parse_number(b, y, '.') == NumberParse::ok && x == y);
  };
  if (!positive.empty() && !schema.positive.empty() &&
      !same(trimmed(positive), trimmed(schema.positive)))
    return Status::error("the model's positive class is " + quote_cell(schema.positive) +
                         " (its negative " + quote_cell(class_names(schema).negative) +
                         "); it cannot read " + quote_cell(positive) +
                         " as the positive class: leave option positive (CLI --positive) out");
  if (positive.empty() && !numeric_labels(schema)) positive = schema.positive;
  return Status::ok();
}

}  // namespace

ClassNames class_names(const ModelSchema& schema) {
  return {schema.positive.empty() ? "1" : schema.positive,
          schema.negative.empty() ? "-1" : schema.negative};
}

ModelSchema model_schema_of(const CsvReader& r) {
  ModelSchema s;
  s.features = r.feature_names();
  s.label = r.label_name();
  s.positive = r.positive_label();
  s.negative = r.negative_label();
  s.encoded = r.encoded_schema();
  s.label_trim = r.label_trim();
  s.header = r.has_header();
  if (r.decimal() == ',') s.decimal = ',';
  s.number_forms = r.number_forms();
  s.dates = r.date_forms();
  s.task = r.task();
  s.classes = r.classes();
  return s;
}

ModelSchema model_schema_of(const SvmlightReader& r) {
  ModelSchema s;
  s.positive = r.positive_label();
  s.negative = r.negative_label();
  s.svmlight = true;
  s.index_base = r.index_base();
  s.task = r.task();
  s.classes = r.classes();
  return s;
}

Status read_as_model(const ModelSchema& schema, std::size_t dims, SvmlightOptions& opt) {
  if (!schema.svmlight)
    return Status::error(
        "the model was trained on a CSV file; it reads CSV rows, not svmlight ones");
  if (opt.dims == 0) opt.dims = dims;
  opt.index_base = schema.index_base;
  // The model's task and classes: its rows are read as it learned them.
  opt.task = schema.task;
  opt.classes = schema.classes;
  if (schema.task != Task::binary) return Status::ok();
  return positive_of_model(schema, "", opt.positive);
}

Status read_as_model(const ModelSchema& schema, bool scoring, CsvOptions& opt) {
  if (schema.svmlight)
    return Status::error(
        "the model was trained on svmlight rows; it reads svmlight input (format svmlight), not "
        "a CSV file");
  opt.features.assign(schema.features.begin(), schema.features.begin() + schema.numeric_count());
  opt.encoded = schema.encoded;
  opt.freeze_encoder = scoring;
  if (opt.label.empty()) opt.label = schema.label;
  if (opt.label_trim.empty()) opt.label_trim = schema.label_trim;
  if (opt.decimal == 0 && schema.decimal == ',') opt.decimal = ',';
  opt.number_forms = schema.number_forms;
  opt.dates = schema.dates;
  if (!schema.header) opt.header = false;
  // The model's task and classes: a resumed run maps each class to the index it learned.
  opt.task_given = true;
  opt.task = schema.task;
  opt.classes = schema.classes;
  if (schema.task != Task::binary) return Status::ok();
  // Trained further, the model keeps the negative label it learned, whatever rows come now.
  if (!scoring && opt.negative.empty()) opt.negative = schema.negative;
  return positive_of_model(schema, opt.label_trim, opt.positive);
}

Status check_features(const ModelSchema& schema, const std::vector<std::string>& csv) {
  if (schema.features == csv) return Status::ok();
  std::string a, b;
  for (const auto& f : schema.features) a += (a.empty() ? "" : ", ") + f;
  for (const auto& f : csv) b += (b.empty() ? "" : ", ") + f;
  return Status::error("the model was trained on the features (" + a + "); this file has (" + b +
                       ")");
}

std::vector<std::string> model_feature_names(const ModelSchema& schema, std::size_t dims) {
  if (schema.features.size() == dims) return schema.features;
  std::vector<std::string> names;
  for (std::size_t j = 0; j < dims; ++j) names.push_back("x" + std::to_string(j + 1));
  return names;
}

}  // namespace onepass
