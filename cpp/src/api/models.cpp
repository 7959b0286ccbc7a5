#include "onepass/api/models.hpp"

namespace onepass {

ModelSchema schema_for_rows(const Pipeline& pipeline, ModelSchema schema,
                            const std::vector<std::string>& names) {
  if (!schema.encoded.features.empty()) return schema;
  if (!names.empty()) schema.features = names;
  schema.features = model_feature_names(schema, pipeline.dims());
  if (schema.positive.empty()) {  // the numeric label values (models/model_json.hpp class_names)
    const ClassNames numeric = class_names(schema);
    schema.positive = numeric.positive;
    schema.negative = numeric.negative;
  }
  return schema;
}

std::string rows_of_numbers_refused(const ModelSchema& schema, const std::string& instead) {
  if (!schema.dates.empty())
    return "this model reads raw CSV rows (the date column " + schema.dates[0].first + " gives " +
           std::to_string(date_feature_count(schema.dates[0].second)) +
           " of its features; docs/algorithms.md 1.10): " + instead;
  if (schema.encoded.features.empty()) return "";
  return "this model reads raw CSV rows (" + std::to_string(schema.encoded.features.size()) +
         " of its " + std::to_string(schema.features.size()) +
         " features encode categorical or text columns): " + instead;
}

}  // namespace onepass
