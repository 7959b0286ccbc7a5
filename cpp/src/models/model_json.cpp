// The model file's format: a pipeline's state and schema as one signed JSON document, written
// and read back with every value checked (docs/design.md, "Models"). Its JSON side (bounded
// parsing, byte-exact strings, the checksum) is model_document.cpp's; merging, model_merge.cpp's.
#include "models/model_json.hpp"

#include "core/json_release.hpp"
#include "core/parse_number.hpp"
#include "models/model_document.hpp"
#include "models/model_shape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>

#include <nlohmann/json.hpp>

namespace onepass {

using namespace model_document;

namespace {

// The documents are built member by member, never from an initializer list of pairs: nlohmann
// destroys each pair it copies from (an allocation, core/json_release.hpp) and leaks the object
// when a member's allocation fails. Each part is built in place, in the document whose release
// reaches it, never apart and then moved in: a failure would drop it whole.

// A learner's state, into `out` (made an object).
void set_learner(const LearnerState& s, const std::string& name, json& out) {
  json& j = out = json::object();
  j["name"] = name;
  set_numbers(s.params, j["params"]);
  set_numbers(s.state, j["state"]);
  j["reverted_steps"] = s.reverted_steps;
  if (s.inner.size() == 1) set_learner(s.inner[0], "", j["inner"]);
  // One-vs-rest (docs/algorithms.md 4.21): one learner per class.
  if (s.inner.size() > 1) {
    json& inners = j["inners"] = json::array();
    for (const LearnerState& in : s.inner) set_learner(in, "", inners.emplace_back());
  }
}

bool read_learner(const json& j, LearnerState& s) {
  const json* params = member(j, "params");
  const json* state = member(j, "state");
  const json* reverted = member(j, "reverted_steps");
  if (!params || !state || !reverted || !reverted->is_number_unsigned()) return false;
  if (!read_numbers(*params, s.params) || !read_numbers(*state, s.state)) return false;
  s.reverted_steps = reverted->get<std::uint64_t>();
  s.inner.clear();
  if (const json* inner = member(j, "inner")) {
    s.inner.emplace_back();
    return read_learner(*inner, s.inner[0]);
  }
  if (const json* inners = member(j, "inners")) {
    if (!inners->is_array() || inners->size() > kMaxClasses) return false;
    for (const json& in : *inners) {
      s.inner.emplace_back();
      if (!read_learner(in, s.inner.back())) return false;
    }
  }
  return true;
}

const char* kind_text(EncodedFeature::Kind k) {
  return k == EncodedFeature::level          ? "level"
         : k == EncodedFeature::level_bucket ? "bucket"
                                             : "word";
}

// An encoder's options, columns and features, into `out` (made an object).
void set_encoder(const EncodedSchema& e, json& out) {
  json& j = out = json::object();
  j["max_levels"] = e.options.max_levels;
  j["level_buckets"] = e.options.level_buckets;
  j["text_bits"] = e.options.text_bits;
  json& columns = j["columns"] = json::array();
  for (const auto& c : e.columns) {
    json& column = columns.emplace_back(json::object());
    column["name"] = c.name;
    column["text"] = c.text;
  }
  json& features = j["features"] = json::array();
  for (const auto& f : e.features) {
    json& feature = features.emplace_back(json::array());
    feature.push_back(f.column);
    feature.push_back(kind_text(f.kind));
    feature.push_back(f.key);
    feature.push_back(f.name);
  }
}

bool read_encoder(const json& j, EncodedSchema& e) {
  const json* levels = member(j, "max_levels");
  const json* buckets = member(j, "level_buckets");
  const json* bits = member(j, "text_bits");
  const json* columns = member(j, "columns");
  const json* features = member(j, "features");
  if (!levels || !levels->is_number_unsigned() || !buckets || !buckets->is_number_unsigned() ||
      !bits || !bits->is_number_unsigned() || !columns || !columns->is_array() || !features ||
      !features->is_array())
    return false;
  e.options.max_levels = levels->get<std::size_t>();
  e.options.level_buckets = buckets->get<std::size_t>();
  e.options.text_bits = static_cast<int>(std::min<std::uint64_t>(bits->get<std::uint64_t>(), 64));
  if (!check_encoder_options(e.options)) return false;
  for (const json& c : *columns) {
    const json* text = member(c, "text");
    if (!member(c, "name") || !text || !text->is_boolean()) return false;
    e.columns.push_back({text_of(c, "name"), text->get<bool>()});
  }
  for (const json& f : *features) {
    if (!f.is_array() || f.size() != 4 || !f[0].is_number_unsigned() || !f[1].is_string() ||
        !f[2].is_string() || !f[3].is_string())
      return false;
    EncodedFeature ef;
    ef.column =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(f[0].get<std::uint64_t>(), 1u << 30));
    const std::string kind = f[1].get<std::string>();
    if (kind == "level")
      ef.kind = EncodedFeature::level;
    else if (kind == "bucket")
      ef.kind = EncodedFeature::level_bucket;
    else if (kind == "word")
      ef.kind = EncodedFeature::text_bucket;
    else
      return false;
    ef.key = f[2].get<std::string>();
    ef.name = f[3].get<std::string>();
    e.features.push_back(std::move(ef));
  }
  // The features must restore into an encoder (columns, levels and buckets in range, none twice).
  FeatureEncoder check(e.options, 0);
  for (const auto& c : e.columns) c.text ? check.add_text(c.name) : check.add_categorical(c.name);
  return static_cast<bool>(check.restore(e.features));
}

// The model's body (all but its checksum), into `out` (made an object).
void set_body(const Pipeline& p, const ModelSchema& schema, json& out) {
  const PipelineState st = p.save();
  const bool encoded = !schema.encoded.columns.empty();
  // Version 4 says a text column's words count +1; a version 2 model trained further stays 2.
  const bool text = !schema.encoded.options.signed_words &&
                    std::any_of(schema.encoded.columns.begin(), schema.encoded.columns.end(),
                                [](const EncodedSchema::Column& c) { return c.text; });
  const bool task = st.outputs > 0 || p.task() != Task::binary;
  json& body = out = json::object();
  body["format"] = "onepass-model";
  body["version"] = !st.class_weights.empty() || !st.drift.empty() ? 6
                    : task                                         ? 5
                    : schema.svmlight                              ? 3
                    : text                                         ? 4
                    : encoded                                      ? 2
                                                                   : 1;
  body["spec"] = p.canonical_spec();
  body["dims"] = st.dims;
  json& names = body["schema"] = json::object();
  put(names, "features", schema.features);
  names["label"] = schema.label;
  names["positive"] = schema.positive;
  names["negative"] = schema.negative;
  json& scalers = body["scalers"] = json::array();
  for (std::size_t i = 0; i < st.scalers.size(); ++i) {
    json& scaler = scalers.emplace_back(json::object());
    scaler["name"] = p.scaler(i).snapshot().name;
    set_numbers(st.scalers[i], scaler["state"]);
  }
  set_learner(st.learner,
              p.learns_task() ? p.task_learner().snapshot().name : p.learner().snapshot().name,
              body["learner"]);
  set_numbers(st.progress, body["progress"]);
  // Version 5: the task (docs/algorithms.md 1.8), a multiclass label's classes by index, and
  // the learner's outputs.
  if (task) {
    body["schema"]["task"] = task_name(p.task());
    put(names, "classes", schema.classes);
    body["outputs"] = st.outputs;
  }
  // Version 6: the class weights and the counts that balanced ones follow (docs/algorithms.md
  // 4.28), by class index (a binary label's: negative, positive).
  if (!st.class_weights.empty()) {
    const ClassWeights& w = p.class_weights();
    json& weights = body["class_weights"] = json::object();
    weights["mode"] = w.mode() == ClassWeights::Mode::balanced ? "balanced" : "given";
    set_numbers(w.given_weights(), weights["weights"]);
    set_numbers(w.counts(), weights["counts"]);
  }
  // +drift (docs/algorithms.md 6.10): the watch's state and its background learner, so that a
  // resumed run signals and acts as the uninterrupted one (version 6).
  if (!st.drift.empty()) {
    json& drift = body["drift"] = json::object();
    set_numbers(st.drift, drift["state"]);
    if (st.has_drift_background) {
      set_learner(st.drift_background, "", drift["background"]);
      drift["background_outputs"] = st.drift_background_outputs;
    }
  }
  if (st.scale_encoded) {
    body["scale_encoded"] = true;
    body["numeric_dims"] = st.numeric;
  }
  if (encoded) {
    body["width"] = st.width ? st.width : st.dims;
    set_encoder(schema.encoded, body["encoder"]);
    if (!schema.label_trim.empty()) body["schema"]["label_trim"] = schema.label_trim;
    if (!schema.header) body["schema"]["header"] = false;
  }
  if (schema.decimal == ',') body["schema"]["decimal"] = ",";
  if (!schema.number_forms.empty()) {
    json& forms = body["schema"]["number_forms"] = json::array();
    for (const auto& [column, form] : schema.number_forms) {
      json& f = forms.emplace_back(json::object());
      f["column"] = column;
      f["formatted"] = form.formatted;
      f["missing"] = form.missing;
    }
  }
  if (!schema.dates.empty()) {
    json& dates = body["schema"]["dates"] = json::array();
    for (const auto& [column, form] : schema.dates) {
      json& d = dates.emplace_back(json::object());
      d["column"] = column;
      d["order"] = date_order_name(form.order);
      d["time"] = form.time;
    }
  }
  if (schema.svmlight) {
    body["schema"]["input"] = "svmlight";
    body["schema"]["index_base"] = schema.index_base;
  }
}

// "value 3 is Infinity" for the first value that is not finite, or "".
std::string not_finite(const std::vector<double>& values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      return "value " + std::to_string(i + 1) + " is " +
             (std::isnan(values[i]) ? "NaN"
              : values[i] > 0       ? "Infinity"
                                    : "-Infinity");
  return "";
}

// "parameter value 3 is NaN" or "state value 1 is Infinity" for the first value of a learner,
// or of a learner it holds (a wrapper's, the members of a leader, docs/algorithms.md 4.32),
// that is not finite; or "".
std::string not_finite_learner(const LearnerState& l) {
  if (std::string where = not_finite(l.params); !where.empty()) return "parameter " + where;
  if (std::string where = not_finite(l.state); !where.empty()) return "state " + where;
  for (const LearnerState& inner : l.inner)
    if (std::string where = not_finite_learner(inner); !where.empty()) return where;
  return "";
}

}  // namespace

namespace model_document {

// Parses and checks the envelope: its shape first (size, format, version, header, the learner's
// parts; models/model_shape.hpp), then the checksum. Returns the body without checksum.
Result<json> parse_model(const std::string& text) {
  if (Status shape = check_shape(text); !shape) return shape;
  Result<json> parsed = parse_json(text);
  if (!parsed) return parsed.status();
  json j = parsed.take();
  const ReleasedJson<json> released(j);
  const std::string sum = text_of(j, "checksum");
  j.erase("checksum");
  if (sum != checksum_of(j))
    return Status::error(
        "the model file was edited or damaged: its checksum does not match its content");
  json body;
  const ReleasedJson<json> released_body(body);
  map_strings(j, memory_string, body);
  return Result<json>(std::move(body));
}

Result<PipelineState> state_of(const json& j) {
  PipelineState st;
  const json* dims = member(j, "dims");
  const json* scalers = member(j, "scalers");
  const json* learner = member(j, "learner");
  const json* progress = member(j, "progress");
  if (!dims || !dims->is_number_unsigned() || !scalers || !scalers->is_array() || !learner ||
      !progress)
    return bad("a part is missing (dims, scalers, learner or progress)");
  // Read as 64 bits and bounded before use (size_t is 32 bits in wasm).
  const std::uint64_t dims64 = dims->get<std::uint64_t>();
  if (dims64 > kMaxDims)
    return bad("its dims (" + std::to_string(dims64) + ") are more than onepass takes (" +
               std::to_string(kMaxDims) + ")");
  st.dims = static_cast<std::size_t>(dims64);
  if (const json* width = member(j, "width")) {
    if (!width->is_number_unsigned() || width->get<std::uint64_t>() < st.dims ||
        width->get<std::uint64_t>() > kMaxDims)
      return bad("its width is not a whole number from its dims to " + std::to_string(kMaxDims));
    st.width = width->get<std::size_t>();
  }
  if (const json* scale = member(j, "scale_encoded")) {
    const json* numeric = member(j, "numeric_dims");
    if (!scale->is_boolean() || !numeric || !numeric->is_number_unsigned() ||
        numeric->get<std::size_t>() > st.dims)
      return bad("its scale_encoded part is damaged");
    st.scale_encoded = scale->get<bool>();
    st.numeric = numeric->get<std::size_t>();
  }
  for (const json& s : *scalers) {
    st.scalers.emplace_back();
    const json* state = member(s, "state");
    if (!state || !read_numbers(*state, st.scalers.back())) return bad("a scaler state is damaged");
  }
  if (!read_learner(*learner, st.learner)) return bad("the learner state is damaged");
  if (const json* outputs = member(j, "outputs")) {
    if (!outputs->is_number_unsigned() || outputs->get<std::uint64_t>() > kMaxClasses)
      return bad("its outputs are not a whole number from 0 to " + std::to_string(kMaxClasses));
    st.outputs = outputs->get<std::size_t>();
  }
  // An edited file re-signed with Infinity or NaN would load and predict nonsense.
  // A stage's state is always finite (the guard of spec 2.6 keeps it so); the progress
  // counters may hold an infinite log-loss sum.
  for (std::size_t i = 0; i < st.scalers.size(); ++i) {
    const std::string where = not_finite(st.scalers[i]);
    if (!where.empty()) return bad("scaler " + std::to_string(i + 1) + " state " + where);
  }
  if (const std::string where = not_finite_learner(st.learner); !where.empty())
    return bad("the learner's " + where);
  if (!read_numbers(*progress, st.progress)) return bad("the progress counters are damaged");
  if (const json* drift = member(j, "drift")) {
    const json* state = member(*drift, "state");
    if (!state || !read_numbers(*state, st.drift)) return bad("its drift watch is damaged");
    if (const json* background = member(*drift, "background")) {
      const json* outputs = member(*drift, "background_outputs");
      if (!read_learner(*background, st.drift_background) || !outputs ||
          !outputs->is_number_unsigned() || outputs->get<std::uint64_t>() > kMaxClasses)
        return bad("the background learner of its drift watch is damaged");
      st.has_drift_background = true;
      st.drift_background_outputs = outputs->get<std::size_t>();
      if (const std::string where = not_finite_learner(st.drift_background); !where.empty())
        return bad("the background learner's " + where);
    }
  }
  if (const json* cw = member(j, "class_weights")) {
    const std::string mode = text_of(*cw, "mode");
    std::vector<double> weights, counts;
    const json* w = member(*cw, "weights");
    const json* n = member(*cw, "counts");
    if ((mode != "balanced" && mode != "given") || !w || !n || !read_numbers(*w, weights) ||
        !read_numbers(*n, counts) || weights.size() != counts.size())
      return bad("its class weights are damaged");
    st.class_weights = {mode == "balanced" ? 1.0 : 2.0, static_cast<double>(weights.size())};
    st.class_weights.insert(st.class_weights.end(), weights.begin(), weights.end());
    st.class_weights.insert(st.class_weights.end(), counts.begin(), counts.end());
    ClassWeights check;  // its bounds, checked once (Pipeline::load checks them again)
    if (Status ok = check.load(st.class_weights); !ok) return bad("its class weights are damaged");
  }
  return st;
}

// A member, or null: a reference, so that no copy of it is made and dropped
// (core/json_release.hpp).
static const json& member_or_null(const json& j, const char* key) {
  static const json null_value;
  const json* m = member(j, key);
  return m ? *m : null_value;
}

// A name given twice in `names`, or "".
static std::string named_twice(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  const auto twice = std::adjacent_find(names.begin(), names.end());
  return twice == names.end() ? "" : *twice;
}

Result<ModelSchema> schema_of(const json& j) {
  ModelSchema s;
  const json* schema = member(j, "schema");
  if (!schema || !read_strings(member_or_null(*schema, "features"), s.features))
    return bad("the schema (feature names) is missing");
  s.label = text_of(*schema, "label");
  s.positive = text_of(*schema, "positive");
  s.negative = text_of(*schema, "negative");
  s.label_trim = text_of(*schema, "label_trim");
  if (const json* task = member(*schema, "task")) {
    if (!task->is_string() || !parse_task(task->get<std::string>(), s.task))
      return bad(std::string("its task is not ") + kTaskNames);
    if (!read_strings(member_or_null(*schema, "classes"), s.classes) ||
        s.classes.size() > kMaxClasses)
      return bad("its classes are damaged");
  }
  if (text_of(*schema, "decimal") == ",") s.decimal = ',';
  if (const json* forms = member(*schema, "number_forms")) {
    if (!forms->is_array()) return bad("its number forms are damaged");
    for (const json& f : *forms) {
      NumberForm form;
      const json* formatted = member(f, "formatted");
      if (!member(f, "column") || !formatted || !formatted->is_boolean() ||
          !read_strings(member_or_null(f, "missing"), form.missing))
        return bad("its number forms are damaged");
      form.formatted = formatted->get<bool>();
      s.number_forms.emplace_back(text_of(f, "column"), std::move(form));
    }
  }
  if (const json* dates = member(*schema, "dates")) {
    if (!dates->is_array()) return bad("its date columns are damaged");
    for (const json& d : *dates) {
      DateForm form;
      const json* time = member(d, "time");
      if (!member(d, "column") || !time || !time->is_boolean() ||
          !parse_date_order(text_of(d, "order"), form.order))
        return bad("its date columns are damaged");
      form.time = time->get<bool>();
      s.dates.emplace_back(text_of(d, "column"), form);
    }
  }
  if (const json* header = member(*schema, "header"))
    s.header = !header->is_boolean() || header->get<bool>();
  if (const json* encoder = member(j, "encoder")) {
    // Before version 4, a text column's words were counted with their hash's sign.
    const json* version = member(j, "version");
    s.encoded.options.signed_words = version && version->get<std::int64_t>() < 4;
    if (!read_encoder(*encoder, s.encoded)) return bad("its encoder is damaged");
  }
  const std::string input = text_of(*schema, "input");
  if (!input.empty() && input != "svmlight" && input != "csv")
    return bad("its input \"" + input + "\" is neither csv nor svmlight");
  s.svmlight = input == "svmlight";
  if (s.svmlight) {
    const json* base = member(*schema, "index_base");
    if (!base || !base->is_number_integer() ||
        (base->get<std::int64_t>() != 0 && base->get<std::int64_t>() != 1))
      return bad("the index base of its svmlight input is not 0 or 1");
    s.index_base = static_cast<int>(base->get<std::int64_t>());
    if (!s.features.empty() || !s.encoded.columns.empty())
      return bad("a model of svmlight rows has no named or encoded features");
  }
  // What no writer makes and a reader would use wrongly: features matched by name must have
  // one name each, and a label's values must be told apart.
  if (const std::string twice = named_twice(s.features); !twice.empty())
    return bad("its features are not named uniquely ('" + twice + "' twice)");
  if (const std::string twice = named_twice(s.classes); !twice.empty())
    return bad("its classes are not named uniquely ('" + twice + "' twice)");
  if (!s.positive.empty() && s.positive == s.negative)
    return bad("its positive and negative classes are the same value ('" + s.positive + "')");
  return s;
}

}  // namespace model_document

std::string model_to_json(const Pipeline& pipeline, const ModelSchema& schema) {
  json body;
  const ReleasedJson<json> released_body(body);
  set_body(pipeline, schema, body);
  json j;
  const ReleasedJson<json> released(j);
  map_strings(body, file_string, j);
  j["checksum"] = checksum_of(j);
  return j.dump(1);
}

Result<LoadedModel> model_from_json(const std::string& text) {
  Result<json> parsed = parse_model(text);
  if (!parsed) return parsed.status();
  const ReleasedJson<json> released(parsed.value());
  const json& j = parsed.value();
  Result<ModelSchema> schema = schema_of(j);
  if (!schema) return schema.status();
  Result<PipelineState> st = state_of(j);
  if (!st) return st.status();
  const std::string spec = text_of(j, "spec");
  auto pipeline = Pipeline::build(spec, 0, 0, schema.value().task);
  if (!pipeline)
    return Status::error("the model's pipeline \"" + spec + "\": " + pipeline.message());
  if (schema.value().task == Task::multiclass && st.value().outputs > schema.value().classes.size())
    return bad("it has " + std::to_string(st.value().outputs) + " classes' outputs and names " +
               std::to_string(schema.value().classes.size()) + " classes");
  const std::size_t inputs = st.value().width ? st.value().width : st.value().dims;
  const std::size_t numeric = st.value().scale_encoded ? st.value().numeric : st.value().dims;
  if (!schema.value().features.empty() && schema.value().features.size() != inputs)
    return bad("it names " + std::to_string(schema.value().features.size()) + " features for " +
               std::to_string(inputs) + " inputs");
  // Named features beyond the numeric ones need the encoder that makes them (a file whose
  // "encoder" was edited away loaded, then saved a model that did not; found by
  // tests/fuzz/model_fuzz).
  if (!schema.value().features.empty() && schema.value().numeric_count() != numeric)
    return bad("its encoder does not match its width");
  Status loaded = pipeline.value()->load(st.value());
  if (!loaded) return bad(loaded.message());
  return LoadedModel{pipeline.take(), schema.take()};
}

Result<std::string> resign_model(const std::string& text) {
  Result<json> parsed = parse_json(text);
  if (!parsed) return parsed.status();
  json j = parsed.take();
  const ReleasedJson<json> released(j);
  if (!j.is_object()) return bad("it is not a JSON object");
  j.erase("checksum");
  j["checksum"] = checksum_of(j);
  return j.dump();
}

}  // namespace onepass
