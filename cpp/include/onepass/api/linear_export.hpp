// A trained pipeline as a plain linear model, to run it elsewhere
// (docs/algorithms.md 1.7): when every scaler is a per-feature affine map and the learner's
// margin is w.x + b, the frozen pipeline is exactly
//   z = the scalers' (x - shift) * factor in turn, a missing value (NaN) then 0,
//   margin = w.z + b, label +1 when margin >= 0, probability sigma(margin) for logistic learners.
// Written as an ONNX model (plain Sub/Mul/IsNaN/Where/MatMul/Add/Sigmoid on doubles, opset 13)
// and as JSON weights per feature in the input's own units. The front ends (the JS API and
// CLI, the native CLI) call these and add nothing.
#pragma once

#include <string>
#include <vector>

#include "core/status.hpp"
#include "models/model_json.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

struct LinearModel {
  struct Step {  // one scaler: out_j = (x_j - shift_j) * factor_j
    std::string scaler;
    std::vector<double> shift, factor;
  };
  std::string spec;
  std::vector<std::string> features;
  std::string positive, negative;  // the labels +1 and -1 stand for
  std::vector<Step> steps;
  std::vector<double> w;
  double b = 0.0;
  bool logistic = false;  // the margin is a logit: probability = sigma(margin)
  // docs/algorithms.md 1.8: a regression model's number is w.z + b (in the target's units); a
  // multiclass model has a row of weights and a bias per class, and its probabilities, when
  // it has them, are the softmax of the scores or their sigmoids normalised (4.21, 4.22).
  Task task = Task::binary;
  std::vector<std::string> classes;
  std::vector<std::vector<double>> class_w;
  std::vector<double> class_b;
  TaskLearner::Link link = TaskLearner::Link::none;
};

// The pipeline's linear form, or why it has none: a scaler that is not an affine map per
// feature (robust's and the shapers' lookups, row norms, warm-up, clipping), a learner whose
// margin is not affine (Winnow family, nag, fs, fs1), or encoded categorical or text columns.
// Feature names and labels come from the schema (model_feature_names when it has none).
Result<LinearModel> linear_model(const Pipeline& pipeline, const ModelSchema& schema);

// The bytes of an ONNX ModelProto: input "x" (double, [N, features]); outputs "label" (int64,
// +1 or -1), "margin" (double) and, for logistic learners, "probability" (double), each [N, 1].
// Metadata: onepass.spec, onepass.features (a JSON array), onepass.positive, onepass.negative.
// A multiclass model: "label" (int64 [N, 1], the class index; ArgMax keeps the first of equal
// scores, as onepass does), "scores" (double [N, K]) and "probabilities" ([N, K]) where it has
// them; onepass.classes names the indices. A regression model: "prediction" (double [N, 1]).
// onepass.task says which.
std::string onnx_model(const LinearModel& model);

// The weights in the input's units, scalers folded in (scikit-learn's coef_ and intercept_):
// { format: "onepass-linear", version: 1, spec, features, coef, intercept, missing, link,
//   positive, negative }. missing[j] is the value that stands for a missing cell (the one the
// scalers map to 0; null when every value maps to the same). ranking: [{ feature, effect }]
// sorted by effect, the largest first (a tie in the features' order), coef staying in the
// input's order: the effect is |w_j| on the scaled input, |coef_j| times the spread the scalers
// divide by (|coef_j| without a scaler; a multiclass model's largest over its classes), so that
// a feature's unit (cents or dollars) does not decide its place (docs/algorithms.md 1.7).
std::string linear_model_json(const LinearModel& model);

}  // namespace onepass
