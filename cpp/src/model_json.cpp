#include "onepass/io/model_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

#include <nlohmann/json.hpp>

namespace onepass {

namespace {

using nlohmann::json;

// Records where a syntax error is (nlohmann without exceptions, which wasm cannot catch).
class DomParser : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  explicit DomParser(json& j) : json_sax_dom_parser(j, false) {}
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& ex) {
    error_at = position;
    return json_sax_dom_parser::parse_error(position, token, ex);
  }
  std::size_t error_at = 0;
};

// JSON has no NaN or infinity: those are written as the strings "NaN", "Infinity", "-Infinity".
json numbers(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) {
    if (std::isfinite(x))
      a.push_back(x);
    else
      a.push_back(std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity");
  }
  return a;
}

bool read_numbers(const json& j, std::vector<double>& out) {
  if (!j.is_array()) return false;
  out.clear();
  out.reserve(j.size());
  for (const json& x : j) {
    if (x.is_number()) {
      out.push_back(x.get<double>());
    } else if (x.is_string()) {
      const std::string s = x.get<std::string>();
      if (s == "NaN")
        out.push_back(std::numeric_limits<double>::quiet_NaN());
      else if (s == "Infinity" || s == "-Infinity")
        out.push_back(s[0] == '-' ? -HUGE_VAL : HUGE_VAL);
      else
        return false;
    } else {
      return false;
    }
  }
  return true;
}

bool read_strings(const json& j, std::vector<std::string>& out) {
  if (!j.is_array()) return false;
  out.clear();
  for (const json& x : j) {
    if (!x.is_string()) return false;
    out.push_back(x.get<std::string>());
  }
  return true;
}

const json* member(const json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string text_of(const json& j, const char* key) {
  const json* m = member(j, key);
  return m && m->is_string() ? m->get<std::string>() : std::string();
}

json learner_json(const LearnerState& s, const std::string& name) {
  json j = {{"name", name},
            {"params", numbers(s.params)},
            {"state", numbers(s.state)},
            {"reverted_steps", s.reverted_steps}};
  if (!s.inner.empty()) j["inner"] = learner_json(s.inner[0], "");
  return j;
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
  return true;
}

// Every number as a double, -0 as 0: so that a file re-written by another JSON library (90.0
// as 90, -0 as 0) has the same canonical form.
json canonical(const json& j) {
  if (j.is_number()) {
    const double v = j.get<double>();
    return json(v == 0 ? 0.0 : v);
  }
  if (j.is_array()) {
    json a = json::array();
    for (const json& x : j) a.push_back(canonical(x));
    return a;
  }
  if (j.is_object()) {
    json o = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) o[it.key()] = canonical(it.value());
    return o;
  }
  return j;
}

std::string checksum_of(const json& body) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : canonical(body).dump()) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return buf;
}

json body_of(const Pipeline& p, const ModelSchema& schema) {
  const PipelineState st = p.save();
  json scalers = json::array();
  for (std::size_t i = 0; i < st.scalers.size(); ++i)
    scalers.push_back({{"name", p.scaler(i).snapshot().name}, {"state", numbers(st.scalers[i])}});
  json features = json::array();
  for (const auto& f : schema.features) features.push_back(f);
  return {{"format", "onepass-model"},
          {"version", kModelFormatVersion},
          {"spec", p.canonical_spec()},
          {"dims", st.dims},
          {"schema",
           {{"features", features},
            {"label", schema.label},
            {"positive", schema.positive},
            {"negative", schema.negative}}},
          {"scalers", scalers},
          {"learner", learner_json(st.learner, p.learner().snapshot().name)},
          {"progress", numbers(st.progress)}};
}

Status bad(const std::string& what) {
  return Status::error("not a valid onepass model: " + what);
}

// Parses and checks the envelope: format, version, checksum. Returns the body without checksum.
Result<json> parse_model(const std::string& text) {
  json j;
  DomParser parser(j);
  if (!json::sax_parse(text, &parser) || j.is_discarded())
    return bad("JSON syntax error at byte " + std::to_string(parser.error_at) +
               (parser.error_at >= text.size() ? " (the file is truncated)" : ""));
  if (text_of(j, "format") != "onepass-model")
    return bad("its \"format\" is not \"onepass-model\"");
  const json* version = member(j, "version");
  if (!version || !version->is_number_integer()) return bad("it has no format version");
  const auto v = version->get<std::int64_t>();
  if (v > kModelFormatVersion)
    return Status::error("the model file has format version " + std::to_string(v) +
                         ", newer than this onepass reads (" + std::to_string(kModelFormatVersion) +
                         "); update onepass to load it");
  if (v < 1) return bad("format version " + std::to_string(v) + " does not exist");
  const std::string sum = text_of(j, "checksum");
  j.erase("checksum");
  if (sum != checksum_of(j))
    return Status::error(
        "the model file was edited or damaged: its checksum does not match its content");
  return j;
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
  st.dims = dims->get<std::size_t>();
  for (const json& s : *scalers) {
    st.scalers.emplace_back();
    const json* state = member(s, "state");
    if (!state || !read_numbers(*state, st.scalers.back())) return bad("a scaler state is damaged");
  }
  if (!read_learner(*learner, st.learner)) return bad("the learner state is damaged");
  if (!read_numbers(*progress, st.progress)) return bad("the progress counters are damaged");
  return st;
}

Result<ModelSchema> schema_of(const json& j) {
  ModelSchema s;
  const json* schema = member(j, "schema");
  if (!schema ||
      !read_strings(member(*schema, "features") ? (*schema)["features"] : json(), s.features))
    return bad("the schema (feature names) is missing");
  s.label = text_of(*schema, "label");
  s.positive = text_of(*schema, "positive");
  s.negative = text_of(*schema, "negative");
  return s;
}

// The element-wise mean of equally long vectors, summed in the given order.
bool mean_into(const std::vector<const std::vector<double>*>& parts, std::vector<double>& out) {
  out.assign(parts[0]->size(), 0.0);
  for (const auto* v : parts)
    if (v->size() != out.size()) return false;
  for (const auto* v : parts)
    for (std::size_t i = 0; i < out.size(); ++i) out[i] += (*v)[i];
  for (double& x : out) x /= static_cast<double>(parts.size());
  return true;
}

bool mean_learner(const std::vector<const LearnerState*>& parts, LearnerState& out) {
  std::vector<const std::vector<double>*> params, state;
  out.reverted_steps = 0;
  for (const auto* s : parts) {
    params.push_back(&s->params);
    state.push_back(&s->state);
    out.reverted_steps += s->reverted_steps;
    if (s->inner.size() != parts[0]->inner.size()) return false;
  }
  if (!mean_into(params, out.params) || !mean_into(state, out.state)) return false;
  out.inner.clear();
  if (parts[0]->inner.empty()) return true;
  std::vector<const LearnerState*> inner;
  for (const auto* s : parts) inner.push_back(&s->inner[0]);
  out.inner.emplace_back();
  return mean_learner(inner, out.inner[0]);
}

}  // namespace

std::string model_to_json(const Pipeline& pipeline, const ModelSchema& schema) {
  json j = body_of(pipeline, schema);
  j["checksum"] = checksum_of(j);
  return j.dump(1);
}

Result<LoadedModel> model_from_json(const std::string& text) {
  Result<json> parsed = parse_model(text);
  if (!parsed) return parsed.status();
  const json& j = parsed.value();
  Result<ModelSchema> schema = schema_of(j);
  if (!schema) return schema.status();
  Result<PipelineState> st = state_of(j);
  if (!st) return st.status();
  const std::string spec = text_of(j, "spec");
  auto pipeline = Pipeline::build(spec);
  if (!pipeline)
    return Status::error("the model's pipeline \"" + spec + "\": " + pipeline.message());
  if (!schema.value().features.empty() && schema.value().features.size() != st.value().dims)
    return bad("it names " + std::to_string(schema.value().features.size()) + " features for " +
               std::to_string(st.value().dims) + " inputs");
  Status loaded = pipeline.value()->load(st.value());
  if (!loaded) return bad(loaded.message());
  return LoadedModel{pipeline.take(), schema.take()};
}

Result<std::string> merge_models(const std::vector<std::string>& texts) {
  if (texts.empty()) return Status::error("merge needs at least one model");
  std::vector<std::pair<std::string, json>> models;  // (checksum, body)
  for (std::size_t i = 0; i < texts.size(); ++i) {
    Result<json> m = parse_model(texts[i]);
    if (!m) return Status::error("model " + std::to_string(i + 1) + ": " + m.message());
    std::string sum = checksum_of(m.value());  // before take(): argument order is unspecified
    models.emplace_back(std::move(sum), m.take());
  }
  std::sort(models.begin(), models.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });  // canonical order
  const json& first = models[0].second;
  for (const auto& [sum, m] : models)
    for (const char* key : {"spec", "dims", "schema"})
      if (!member(m, key) || !member(first, key) || *member(m, key) != *member(first, key))
        return Status::error(std::string("the models differ in their ") + key +
                             "; only models of the same pipeline and features can be merged");
  std::vector<PipelineState> states;
  for (const auto& [sum, m] : models) {
    Result<PipelineState> st = state_of(m);
    if (!st) return st.status();
    states.push_back(st.take());
  }
  PipelineState merged = states[0];
  for (std::size_t i = 0; i < merged.scalers.size(); ++i) {
    std::vector<const std::vector<double>*> parts;
    for (const auto& s : states) parts.push_back(&s.scalers[i]);
    if (!mean_into(parts, merged.scalers[i]))
      return Status::error("scaler " + std::to_string(i + 1) + " (" +
                           text_of(member(first, "scalers")->at(i), "name") +
                           ") was fitted differently in these models and cannot be averaged");
  }
  std::vector<const LearnerState*> learners;
  for (const auto& s : states) learners.push_back(&s.learner);
  if (!mean_learner(learners, merged.learner))
    return Status::error("the learners' states differ in shape and cannot be averaged");
  // Progress: the confusion counts and log-loss sum add up; the rest (curve, window) is the
  // first model's in the canonical order.
  for (std::size_t i = Progressive::kFirstCounter; i < Progressive::kEndCounter; ++i) {
    merged.progress[i] = 0;
    for (const auto& s : states) {
      if (s.progress.size() <= i) return bad("a model's progress counters are damaged");
      merged.progress[i] += s.progress[i];
    }
  }
  auto pipeline = Pipeline::build(text_of(first, "spec"));
  if (!pipeline) return pipeline.status();
  Status st = pipeline.value()->load(merged);
  if (!st) return Status::error("the merged state does not load: " + st.message());
  Result<ModelSchema> schema = schema_of(first);
  if (!schema) return schema.status();
  return model_to_json(*pipeline.value(), schema.value());
}

Status check_features(const ModelSchema& schema, const std::vector<std::string>& csv) {
  if (schema.features == csv) return Status::ok();
  std::string a, b;
  for (const auto& f : schema.features) a += (a.empty() ? "" : ", ") + f;
  for (const auto& f : csv) b += (b.empty() ? "" : ", ") + f;
  return Status::error("the model was trained on the features (" + a + "); this file has (" + b +
                       ")");
}

}  // namespace onepass
