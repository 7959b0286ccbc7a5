// Model files as every front end loads, saves, merges and reads them (the format and its checks
// live in models/model_json.hpp; docs/design.md, "Models"), and what a pipeline's score means to
// a user: the label it gives and, for the logistic learners, its probability (core/numerics.hpp
// sigmoid, the one the model scorer uses).
#pragma once

#include "core/numerics.hpp"
#include "io/label_map.hpp"
#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// The schema a pipeline fed rows of numbers (the JS Pipeline, the Python estimators) is saved
// or exported with: the one it was loaded with, `names` naming the features when given (else
// its own names, or x1..xd), and the label values "1"/"-1" when it has none. A model with an
// encoder keeps its schema as loaded: its names are its columns' and levels'.
ModelSchema schema_for_rows(const Pipeline& pipeline, ModelSchema schema,
                            const std::vector<std::string>& names);

// "" when rows of numbers can be learned or scored by the model of this schema; else why not:
// a model with categorical or text columns makes most of its features from the cells of raw
// CSV rows, which rows of numbers do not have (learned or scored so, they would silently be
// the numeric columns alone). `instead` names the front end's way to read raw rows.
std::string rows_of_numbers_refused(const ModelSchema& schema, const std::string& instead);

}  // namespace onepass
