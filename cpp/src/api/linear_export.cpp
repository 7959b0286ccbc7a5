#include "onepass/api/linear_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>

#include "core/json_release.hpp"
#include "core/numerics.hpp"
#include "onepass/api/json_text.hpp"

namespace onepass {

namespace {

// The learner part of a multiclass or regression model's linear form (docs/algorithms.md 1.8).
Result<LinearModel> task_linear_model(const Pipeline& pipeline, const ModelSchema& schema,
                                      LinearModel out) {
  const TaskLearner& learner = pipeline.task_learner();
  std::vector<std::vector<double>> w;
  std::vector<double> b;
  if (!learner.linear_forms(w, b))
    return Status::error("the learner (" + learner.snapshot().name +
                         ") has a score that is not of the form w.x + b for every class, so the "
                         "pipeline has no exact linear form");
  for (std::size_t k = 0; k < w.size(); ++k)
    if (!all_finite(w[k].data(), w[k].size()) || !std::isfinite(b[k]))
      return Status::error("the learner's weights are not finite");
  if (w.empty()) return Status::error("the model has not seen a class yet");
  out.task = pipeline.task();
  out.positive = out.negative = "";
  if (out.task == Task::regression) {
    out.w = w[0];
    out.b = b[0];
    return out;
  }
  out.classes = schema.classes;
  for (std::size_t k = out.classes.size(); k < w.size(); ++k)
    out.classes.push_back(std::to_string(k));
  out.classes.resize(w.size());
  out.class_w = std::move(w);
  out.class_b = std::move(b);
  out.link = learner.link();
  out.logistic = out.link != TaskLearner::Link::none;
  return out;
}

}  // namespace

Result<LinearModel> linear_model(const Pipeline& pipeline, const ModelSchema& schema) {
  const std::size_t d = pipeline.dims();
  if (!schema.encoded.features.empty() || pipeline.width() > d)
    return Status::error(
        "the model encodes categorical or text columns: a linear export takes numeric columns "
        "only");
  if (!schema.dates.empty())
    return Status::error("the model reads date columns (" + schema.dates[0].first +
                         "; docs/algorithms.md 1.10): a linear export takes numeric columns only");
  if (d == 0) return Status::error("the model has no features (it has learned no row)");
  LinearModel out;
  out.spec = pipeline.canonical_spec();
  out.features = model_feature_names(schema, d);
  const ClassNames names = class_names(schema);
  out.positive = names.positive;
  out.negative = names.negative;
  for (std::size_t i = 0; i < pipeline.scaler_count(); ++i) {
    const Scaler& s = pipeline.scaler(i);
    LinearModel::Step step;
    step.scaler = s.snapshot().name;
    if (!s.affine_form(step.shift, step.factor))
      return Status::error("scaler " + std::to_string(i + 1) + " (" + step.scaler +
                           ") is not an affine map per feature, so the pipeline has no exact "
                           "linear form; these have one: zscore, pareto, vast, level, twosd, "
                           "ewzscore, robust, minmax (without clip), maxabs");
    if (!all_finite(step.shift.data(), step.shift.size()) ||
        !all_finite(step.factor.data(), step.factor.size()))
      return Status::error("scaler " + std::to_string(i + 1) + " (" + step.scaler +
                           ") holds a value that is not finite");
    out.steps.push_back(std::move(step));
  }
  if (pipeline.learns_task()) return task_linear_model(pipeline, schema, std::move(out));
  const Learner& learner = pipeline.learner();
  if (!learner.linear_form(out.w, out.b))
    return Status::error("the learner (" + learner.snapshot().name +
                         ") has no margin of the form w.x + b, so the pipeline has no exact "
                         "linear form (the Winnow family, nag, fs and fs1 have none)");
  if (!all_finite(out.w.data(), out.w.size()) || !std::isfinite(out.b))
    return Status::error("the learner's weights are not finite");
  out.logistic = pipeline.has_probability();
  return out;
}

// ---- ONNX: the protobuf wire format of onnx.proto's messages, written directly (a handful
// of field kinds; the protobuf library would be the only dependency of the wasm build for it).

namespace {

class Proto {
 public:
  Proto& integer(int field, std::int64_t v) {
    key(field, 0);
    varint(static_cast<std::uint64_t>(v));
    return *this;
  }
  Proto& bytes(int field, const std::string& s) {
    key(field, 2);
    varint(s.size());
    out_ += s;
    return *this;
  }
  Proto& message(int field, const Proto& m) { return bytes(field, m.out_); }
  const std::string& str() const { return out_; }

 private:
  void key(int field, int wire) { varint((static_cast<std::uint64_t>(field) << 3) | wire); }
  void varint(std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) out_ += static_cast<char>((v & 0x7f) | 0x80);
    out_ += static_cast<char>(v);
  }
  std::string out_;
};

// TensorProto.DataType
constexpr int kFloat64 = 11, kInt64 = 7;

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "ONNX raw_data is little-endian");

template <class T>
Proto tensor(const std::string& name, const std::vector<std::int64_t>& dims,
             const std::vector<T>& values, int type) {
  Proto t;
  for (std::int64_t n : dims) t.integer(1, n);  // dims
  t.integer(2, type);                           // data_type
  t.bytes(8, name);                             // name
  std::string raw(values.size() * sizeof(T), '\0');
  if (!values.empty()) std::memcpy(raw.data(), values.data(), raw.size());
  t.bytes(9, raw);  // raw_data
  return t;
}

// ValueInfoProto of a [N, columns] tensor (N named "N").
Proto value_info(const std::string& name, int type, std::int64_t columns) {
  Proto rows, cols, shape, tensor_type, type_proto, info;
  rows.bytes(2, "N");        // Dimension.dim_param
  cols.integer(1, columns);  // Dimension.dim_value
  shape.message(1, rows).message(1, cols);
  tensor_type.integer(1, type).message(2, shape);  // elem_type, shape
  type_proto.message(1, tensor_type);              // TypeProto.tensor_type
  info.bytes(1, name).message(2, type_proto);
  return info;
}

Proto node(const std::string& op, const std::vector<std::string>& in, const std::string& out) {
  Proto n;
  for (const auto& i : in) n.bytes(1, i);
  n.bytes(2, out).bytes(3, out).bytes(4, op);  // output, name, op_type
  return n;
}

Proto entry(const std::string& key, const std::string& value) {
  Proto e;
  e.bytes(1, key).bytes(2, value);
  return e;
}

}  // namespace

namespace {

// AttributeProto of an integer (name, i, type INT).
Proto int_attribute(const std::string& name, std::int64_t v) {
  Proto a;
  a.bytes(1, name).integer(3, v).integer(20, 2);
  return a;
}

// The nodes after the scalers: z (the scaled row, missing as 0) to the outputs of the model's
// task, and their initializers (docs/algorithms.md 1.7, 1.8).
void learner_nodes(const LinearModel& m, std::int64_t d, Proto& graph) {
  graph.message(1, node("MatMul", {"z", "w"}, "wz"));
  if (m.task == Task::regression) {
    graph.message(1, node("Add", {"wz", "b"}, "prediction"));
    graph.message(5, tensor("w", {d, 1}, m.w, kFloat64));
    graph.message(5, tensor("b", {1}, std::vector<double>{m.b}, kFloat64));
    graph.message(12, value_info("prediction", kFloat64, 1));
    return;
  }
  if (m.task == Task::multiclass) {
    const auto k = static_cast<std::int64_t>(m.class_w.size());
    graph.message(1, node("Add", {"wz", "b"}, "scores"));
    Proto argmax = node("ArgMax", {"scores"}, "label");  // the first of equal scores
    argmax.message(5, int_attribute("axis", 1)).message(5, int_attribute("keepdims", 1));
    graph.message(1, argmax);
    if (m.link == TaskLearner::Link::softmax) {
      graph.message(1, node("Softmax", {"scores"}, "probabilities"));  // axis -1: the classes
    } else if (m.link == TaskLearner::Link::normalised_sigmoid) {
      graph.message(1, node("Sigmoid", {"scores"}, "sigmoids"));
      graph.message(1, node("ReduceSum", {"sigmoids", "class_axis"}, "sigmoid_sum"));
      graph.message(1, node("Div", {"sigmoids", "sigmoid_sum"}, "probabilities"));
      graph.message(5, tensor("class_axis", {1}, std::vector<std::int64_t>{1}, kInt64));
    }
    std::vector<double> w(static_cast<std::size_t>(d * k));  // [d, K], row-major
    for (std::int64_t c = 0; c < k; ++c)
      for (std::int64_t j = 0; j < d; ++j)
        w[static_cast<std::size_t>(j * k + c)] = m.class_w[c][static_cast<std::size_t>(j)];
    graph.message(5, tensor("w", {d, k}, w, kFloat64));
    graph.message(5, tensor("b", {k}, m.class_b, kFloat64));
    graph.message(12, value_info("label", kInt64, 1));
    graph.message(12, value_info("scores", kFloat64, k));
    if (m.link != TaskLearner::Link::none)
      graph.message(12, value_info("probabilities", kFloat64, k));
    return;
  }
  graph.message(1, node("Add", {"wz", "b"}, "margin"));
  graph.message(1, node("GreaterOrEqual", {"margin", "zero"}, "positive"));  // D-TIE
  graph.message(1, node("Where", {"positive", "plus_one", "minus_one"}, "label"));
  if (m.logistic) graph.message(1, node("Sigmoid", {"margin"}, "probability"));
  graph.message(5, tensor("w", {d, 1}, m.w, kFloat64));
  graph.message(5, tensor("b", {1}, std::vector<double>{m.b}, kFloat64));
  graph.message(5, tensor("plus_one", {}, std::vector<std::int64_t>{1}, kInt64));
  graph.message(5, tensor("minus_one", {}, std::vector<std::int64_t>{-1}, kInt64));
  graph.message(12, value_info("label", kInt64, 1));
  graph.message(12, value_info("margin", kFloat64, 1));
  if (m.logistic) graph.message(12, value_info("probability", kFloat64, 1));
}

// Names as a JSON array's text (the features grow with the data: released before the array is
// destroyed, core/json_release.hpp).
std::string list_text(const std::vector<std::string>& names) {
  nlohmann::json j = names;
  const ReleasedJson<nlohmann::json> released(j);
  return j.dump();
}

std::string doc_string(const LinearModel& m) {
  if (m.task == Task::regression) return "onepass " + m.spec + ": regression";
  if (m.task == Task::multiclass)
    return "onepass " + m.spec + ": multiclass, label k is classes[k] of onepass.classes";
  return "onepass " + m.spec + ": label +1 is '" + m.positive + "', -1 is '" + m.negative + "'";
}

}  // namespace

std::string onnx_model(const LinearModel& m) {
  const auto d = static_cast<std::int64_t>(m.features.size());
  Proto graph;
  std::string prev = "x";
  for (std::size_t k = 0; k < m.steps.size(); ++k) {
    const std::string id = "scaler" + std::to_string(k + 1);
    graph.message(1, node("Sub", {prev, id + "_shift"}, id + "_centred"));
    graph.message(1, node("Mul", {id + "_centred", id + "_factor"}, id));
    prev = id;
  }
  graph.message(1, node("IsNaN", {prev}, "missing"));
  graph.message(1, node("Where", {"missing", "zero", prev}, "z"));  // docs/algorithms.md 1.7
  graph.bytes(2, "onepass");
  for (std::size_t k = 0; k < m.steps.size(); ++k) {
    const std::string id = "scaler" + std::to_string(k + 1);
    graph.message(5, tensor(id + "_shift", {d}, m.steps[k].shift, kFloat64));
    graph.message(5, tensor(id + "_factor", {d}, m.steps[k].factor, kFloat64));
  }
  graph.message(5, tensor("zero", {}, std::vector<double>{0.0}, kFloat64));
  graph.bytes(10, doc_string(m));
  graph.message(11, value_info("x", kFloat64, d));
  learner_nodes(m, d, graph);

  Proto opset, model;
  opset.bytes(1, "").integer(2, 13);  // the default domain, opset 13
  model.integer(1, 7);                // ir_version 7 (ONNX 1.8, opset 13)
  model.bytes(2, "onepass").bytes(3, "0.1.0");
  model.message(7, graph).message(8, opset);
  model.message(14, entry("onepass.spec", m.spec));
  model.message(14, entry("onepass.features", list_text(m.features)));
  model.message(14, entry("onepass.task", task_name(m.task)));
  if (m.task == Task::multiclass) model.message(14, entry("onepass.classes", list_text(m.classes)));
  if (m.task == Task::binary) {
    model.message(14, entry("onepass.positive", m.positive));
    model.message(14, entry("onepass.negative", m.negative));
  }
  return model.str();
}

namespace {

using Json = nlohmann::ordered_json;

// The features by their effect, most first, as j["ranking"].
void add_effect_ranking(const LinearModel& m, Json& j) {
  // The effect of feature j is |w_j| on the scaled input z_j: |coef_j| times the spread the
  // scalers divide by (1/F_j), where they give one; |coef_j| when no scaler does (F_j = 1).
  // A multiclass model's is the largest over its classes (docs/algorithms.md 1.7).
  const std::size_t d = m.features.size();
  std::vector<double> effect(d, 0.0);
  const auto take = [&](const std::vector<double>& w) {
    for (std::size_t j = 0; j < d && j < w.size(); ++j)
      effect[j] = std::max(effect[j], std::fabs(w[j]));
  };
  if (m.task == Task::multiclass)
    for (const auto& w : m.class_w) take(w);
  else
    take(m.w);
  std::vector<std::size_t> order(d);
  for (std::size_t j = 0; j < d; ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return effect[a] > effect[b]; });
  Json& out = j["ranking"] = Json::array();
  for (std::size_t f : order) {
    Json& feature = out.emplace_back(Json::object());
    feature["feature"] = m.features[f];
    feature["effect"] = effect[f];
  }
}

}  // namespace

// The document grows with the features and classes: it is built member by member in place and
// released before it is destroyed, so that running out of memory is a std::bad_alloc, not
// std::terminate (core/json_release.hpp). Its members keep the order they have always had in
// each task's document (tests/cpp/api/json_documents_test.cpp compares the text).
std::string linear_model_json(const LinearModel& m) {
  // z_j = F_j x_j + C_j: F the product of the factors, C the scalers applied to 0.
  const std::size_t d = m.features.size();
  std::vector<double> f(d, 1.0), c(d, 0.0);
  for (std::size_t j = 0; j < d; ++j)
    for (const auto& step : m.steps) {
      f[j] *= step.factor[j];
      c[j] = (c[j] - step.shift[j]) * step.factor[j];
    }
  // The input standing for a missing cell: the one the scalers take to 0 (null when F_j = 0:
  // any input does).
  const auto add_missing = [&](Json& j) {
    Json& missing = j["missing"] = Json::array();
    for (std::size_t k = 0; k < d; ++k)
      if (f[k] == 0.0)
        missing.emplace_back(nullptr);
      else
        missing.emplace_back(c[k] == 0.0 ? 0.0 : -c[k] / f[k]);
  };
  // One output's weights in the input's units.
  const auto fold = [&](const std::vector<double>& w, double b, std::vector<double>& coef) {
    coef.assign(d, 0.0);
    for (std::size_t j = 0; j < d; ++j) {
      coef[j] = w[j] * f[j];
      b += w[j] * c[j];
    }
    return b;
  };
  Json j = object_with_room<Json>(kDocumentMembers);
  const ReleasedJson<Json> released(j);
  j["format"] = "onepass-linear";
  j["version"] = m.task == Task::binary ? 1 : 2;
  if (m.task != Task::binary) j["task"] = task_name(m.task);
  j["spec"] = m.spec;
  put(j, "features", m.features);
  std::vector<double> coef;
  if (m.task == Task::multiclass) {
    put(j, "classes", m.classes);
    std::vector<double> intercepts;
    Json& coefs = j["coef"] = Json::array();
    for (std::size_t k = 0; k < m.class_w.size(); ++k) {
      intercepts.push_back(fold(m.class_w[k], m.class_b[k], coef));
      coefs.emplace_back(coef);
    }
    put(j, "intercept", intercepts);
    add_missing(j);
    j["link"] = m.link == TaskLearner::Link::softmax              ? "softmax"
                : m.link == TaskLearner::Link::normalised_sigmoid ? "normalised-logistic"
                                                                  : "identity";
  } else {
    const double intercept = fold(m.w, m.b, coef);
    put(j, "coef", coef);
    j["intercept"] = intercept;
    add_missing(j);
    j["link"] = m.task == Task::regression ? "identity" : m.logistic ? "logistic" : "identity";
    if (m.task == Task::binary) {
      j["positive"] = m.positive;
      j["negative"] = m.negative;
    }
  }
  add_effect_ranking(m, j);
  return j.dump(2);
}

}  // namespace onepass
