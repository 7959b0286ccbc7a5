// Model files as every front end loads, saves, merges and reads them (the format and its checks
// live in models/model_json.hpp; docs/design.md, "Models"), and what a pipeline's score means to
// a user: the label it gives and, for the logistic learners, its probability (core/numerics.hpp
// sigmoid, the one the model scorer uses).
#pragma once

#include "core/numerics.hpp"
#include "io/label_map.hpp"
#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"
