#include "onepass/io/model_json.hpp"

#include "onepass/core/parse_number.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>

#include <nlohmann/json.hpp>

namespace onepass {

namespace {

using nlohmann::json;

// A model nests a few levels (a wrapper's inner learner); the checksum and the readers walk the
// document recursively, so nesting is bounded here: "[[[[..." cannot exhaust the stack.
constexpr std::size_t kMaxModelDepth = 64;

Status bad(const std::string& what) {
  return Status::error("not a valid onepass model: " + what);
}

// Records where a syntax error is (nlohmann without exceptions, which wasm cannot catch).
class DomParser : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  explicit DomParser(json& j) : json_sax_dom_parser(j, false) {}
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& ex) {
    error_at = position;
    return json_sax_dom_parser::parse_error(position, token, ex);
  }
  bool start_object(std::size_t n) { return deeper() && json_sax_dom_parser::start_object(n); }
  bool start_array(std::size_t n) { return deeper() && json_sax_dom_parser::start_array(n); }
  bool end_object() { return --depth, json_sax_dom_parser::end_object(); }
  bool end_array() { return --depth, json_sax_dom_parser::end_array(); }
  std::size_t error_at = 0;
  bool too_deep = false;

 private:
  bool deeper() {
    too_deep = ++depth > kMaxModelDepth;
    return !too_deep;
  }
  std::size_t depth = 0;
};

// Parses JSON text with the bounded nesting above; the error says where it stopped.
Result<json> parse_json(const std::string& text) {
  json j;
  DomParser parser(j);
  const bool ok = json::sax_parse(text, &parser) && !j.is_discarded();
  if (parser.too_deep)
    return bad("JSON nested more than " + std::to_string(kMaxModelDepth) + " levels deep");
  if (!ok)
    return bad("JSON syntax error at byte " + std::to_string(parser.error_at) +
               (parser.error_at >= text.size() ? " (the file is truncated)" : ""));
  return j;
}

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

// JSON text is UTF-8, but a CSV's names, levels and labels are bytes (a Latin-1 header, say).
// A string that is not valid UTF-8 is written reversibly: the marker U+F8FF, then each valid
// character as it is and each other byte b as U+F700 + b (private-use characters); a character
// that itself lies in U+F700..U+F7FF, or a leading U+F8FF, is written byte by byte the same
// way, so that reading maps every such string back to its exact bytes.
constexpr char32_t kEscapeMarker = 0xF8FF, kEscapedByte = 0xF700;

// The length of the valid UTF-8 character at s[i] and its code point, or 0 (invalid).
std::size_t utf8_char(const std::string& s, std::size_t i, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? c : c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

void put_utf8(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool escaped_char(char32_t cp) {
  return cp >= kEscapedByte && cp < kEscapedByte + 256;
}

std::string file_string(const std::string& s) {
  bool plain = true;
  char32_t cp = 0;
  for (std::size_t i = 0, n; plain && i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    plain = n > 0 && !escaped_char(cp) && !(i == 0 && cp == kEscapeMarker);
  }
  if (plain) return s;
  std::string out;
  put_utf8(kEscapeMarker, out);
  for (std::size_t i = 0, n; i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    if (n > 0 && !escaped_char(cp) && !(i == 0 && cp == kEscapeMarker)) {
      out.append(s, i, n);
      continue;
    }
    const std::size_t bytes = n ? n : 1;
    for (std::size_t k = 0; k < bytes; ++k)
      put_utf8(kEscapedByte + static_cast<unsigned char>(s[i + k]), out);
    n = bytes;
  }
  return out;
}

std::string memory_string(const std::string& s) {
  char32_t cp = 0;
  if (utf8_char(s, 0, cp) == 0 || cp != kEscapeMarker) return s;
  std::string out;
  for (std::size_t i = 3, n; i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    if (n == 0) return s;  // not written by file_string: left as it is
    if (escaped_char(cp))
      out += static_cast<char>(cp - kEscapedByte);
    else
      out.append(s, i, n);
  }
  return out;
}

// Every string of a document in its file form (to write) or its memory form (read back).
json map_strings(const json& j, std::string (*f)(const std::string&)) {
  if (j.is_string()) return f(j.get<std::string>());
  if (j.is_array()) {
    json a = json::array();
    for (const json& x : j) a.push_back(map_strings(x, f));
    return a;
  }
  if (j.is_object()) {
    json o = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) o[f(it.key())] = map_strings(it.value(), f);
    return o;
  }
  return j;
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
  // replace: a body read back holds bytes again (map_strings); merge sorts by its checksum.
  for (unsigned char c : canonical(body).dump(-1, ' ', false, json::error_handler_t::replace)) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return buf;
}

const char* kind_text(EncodedFeature::Kind k) {
  return k == EncodedFeature::level          ? "level"
         : k == EncodedFeature::level_bucket ? "bucket"
                                             : "word";
}

json encoder_json(const EncodedSchema& e) {
  json columns = json::array();
  for (const auto& c : e.columns) columns.push_back({{"name", c.name}, {"text", c.text}});
  json features = json::array();
  for (const auto& f : e.features) features.push_back({f.column, kind_text(f.kind), f.key, f.name});
  return {{"max_levels", e.options.max_levels},
          {"level_buckets", e.options.level_buckets},
          {"text_bits", e.options.text_bits},
          {"columns", columns},
          {"features", features}};
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

json body_of(const Pipeline& p, const ModelSchema& schema) {
  const PipelineState st = p.save();
  json scalers = json::array();
  for (std::size_t i = 0; i < st.scalers.size(); ++i)
    scalers.push_back({{"name", p.scaler(i).snapshot().name}, {"state", numbers(st.scalers[i])}});
  json features = json::array();
  for (const auto& f : schema.features) features.push_back(f);
  const bool encoded = !schema.encoded.columns.empty();
  // Version 4 says a text column's words count +1; a version 2 model trained further stays 2.
  const bool text = !schema.encoded.options.signed_words &&
                    std::any_of(schema.encoded.columns.begin(), schema.encoded.columns.end(),
                                [](const EncodedSchema::Column& c) { return c.text; });
  json body = {{"format", "onepass-model"},
               {"version", schema.svmlight ? 3
                           : text          ? 4
                           : encoded       ? 2
                                           : 1},
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
  if (st.scale_encoded) {
    body["scale_encoded"] = true;
    body["numeric_dims"] = st.numeric;
  }
  if (encoded) {
    body["width"] = st.width ? st.width : st.dims;
    body["encoder"] = encoder_json(schema.encoded);
    if (!schema.label_trim.empty()) body["schema"]["label_trim"] = schema.label_trim;
    if (!schema.header) body["schema"]["header"] = false;
  }
  if (schema.decimal == ',') body["schema"]["decimal"] = ",";
  if (!schema.number_forms.empty()) {
    json forms = json::array();
    for (const auto& [column, form] : schema.number_forms)
      forms.push_back(
          {{"column", column}, {"formatted", form.formatted}, {"missing", form.missing}});
    body["schema"]["number_forms"] = forms;
  }
  if (schema.svmlight) {
    body["schema"]["input"] = "svmlight";
    body["schema"]["index_base"] = schema.index_base;
  }
  return body;
}

// Parses and checks the envelope: format, version, checksum. Returns the body without checksum.
Result<json> parse_model(const std::string& text) {
  Result<json> parsed = parse_json(text);
  if (!parsed) return parsed.status();
  json j = parsed.take();
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
  return map_strings(j, memory_string);
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
  // issue 21: an edited file re-signed with Infinity or NaN would load and predict nonsense.
  // A stage's state is always finite (the guard of spec 2.6 keeps it so); the progress
  // counters may hold an infinite log-loss sum.
  for (std::size_t i = 0; i < st.scalers.size(); ++i) {
    const std::string where = not_finite(st.scalers[i]);
    if (!where.empty()) return bad("scaler " + std::to_string(i + 1) + " state " + where);
  }
  for (const LearnerState* l = &st.learner; l; l = l->inner.empty() ? nullptr : &l->inner[0]) {
    std::string where = not_finite(l->params);
    if (!where.empty()) return bad("the learner's parameter " + where);
    where = not_finite(l->state);
    if (!where.empty()) return bad("the learner's state " + where);
  }
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
  s.label_trim = text_of(*schema, "label_trim");
  if (text_of(*schema, "decimal") == ",") s.decimal = ',';
  if (const json* forms = member(*schema, "number_forms")) {
    if (!forms->is_array()) return bad("its number forms are damaged");
    for (const json& f : *forms) {
      NumberForm form;
      const json* formatted = member(f, "formatted");
      if (!member(f, "column") || !formatted || !formatted->is_boolean() ||
          !read_strings(member(f, "missing") ? f["missing"] : json(), form.missing))
        return bad("its number forms are damaged");
      form.formatted = formatted->get<bool>();
      s.number_forms.emplace_back(text_of(f, "column"), std::move(form));
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

// The element-wise mean of models' states (of one spec and width) as a model file.
Result<std::string> merge_states(const json& first, const std::vector<PipelineState>& states,
                                 const ModelSchema& schema);

}  // namespace

std::string model_to_json(const Pipeline& pipeline, const ModelSchema& schema) {
  json j = map_strings(body_of(pipeline, schema), file_string);
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
  if (!j.is_object()) return bad("it is not a JSON object");
  j.erase("checksum");
  j["checksum"] = checksum_of(j);
  return j.dump();
}

namespace {

using ModelTexts = std::vector<std::pair<std::string, json>>;  // (checksum, body)

// Models with encoders merge only when they read the same numeric features, label and encoded
// columns with the same encoder options (their levels may differ).
Status same_encoded_schema(const std::vector<ModelSchema>& schemas) {
  const ModelSchema& united = schemas[0];
  const std::size_t numeric = united.numeric_count();
  for (const ModelSchema& s : schemas) {
    const bool same =
        s.label == united.label && s.positive == united.positive && s.numeric_count() == numeric &&
        std::equal(s.features.begin(), s.features.begin() + numeric, united.features.begin()) &&
        s.encoded.columns.size() == united.encoded.columns.size() &&
        s.encoded.options.max_levels == united.encoded.options.max_levels &&
        s.encoded.options.level_buckets == united.encoded.options.level_buckets &&
        s.encoded.options.text_bits == united.encoded.options.text_bits;
    if (!same)
      return Status::error(
          "the models differ in their schema; only models of the same pipeline and features "
          "can be merged");
    if (s.encoded.options.signed_words != united.encoded.options.signed_words)
      return Status::error(
          "the models count text words differently (a model of format version 2 counts a word "
          "with its hash's sign): train them with the same version of onepass to merge them");
    for (std::size_t c = 0; c < s.encoded.columns.size(); ++c)
      if (s.encoded.columns[c].name != united.encoded.columns[c].name ||
          s.encoded.columns[c].text != united.encoded.columns[c].text)
        return Status::error("the models encode different columns and cannot be merged");
  }
  return Status::ok();
}

// design.md 10.5: each model's state with its encoded features moved to their place in the
// union of every model's features (`united` grows to it).
Result<std::vector<PipelineState>> states_over_union(const ModelTexts& models,
                                                     const std::vector<ModelSchema>& schemas,
                                                     ModelSchema& united) {
  const json& first = models[0].second;
  const std::size_t numeric = united.numeric_count();
  const auto key = [](const EncodedFeature& f) {
    return std::to_string(f.column) + '\x1f' + std::to_string(f.kind) + '\x1f' + f.key;
  };
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < united.encoded.features.size(); ++i)
    index[key(united.encoded.features[i])] = i;
  for (std::size_t m = 1; m < schemas.size(); ++m)
    for (const EncodedFeature& f : schemas[m].encoded.features)
      if (index.emplace(key(f), united.encoded.features.size()).second) {
        united.encoded.features.push_back(f);
        united.features.push_back(f.name);
      }
  std::vector<PipelineState> states;
  for (std::size_t m = 0; m < models.size(); ++m) {
    Result<PipelineState> st = state_of(models[m].second);
    if (!st) return st.status();
    auto pipeline = Pipeline::build(text_of(first, "spec"));
    if (!pipeline) return pipeline.status();
    Status loaded = pipeline.value()->load(st.value());
    if (!loaded) return bad(loaded.message());
    if (pipeline.value()->scales_encoded() &&
        schemas[m].encoded.features.size() != united.encoded.features.size())
      return Status::error(
          "models whose scalers scale their categorical and text features merge only when "
          "they saw the same levels");
    std::vector<std::size_t> position(numeric + schemas[m].encoded.features.size());
    for (std::size_t j = 0; j < numeric; ++j) position[j] = j;
    for (std::size_t e = 0; e < schemas[m].encoded.features.size(); ++e)
      position[numeric + e] = numeric + index[key(schemas[m].encoded.features[e])];
    pipeline.value()->remap_features(position, numeric + united.encoded.features.size());
    states.push_back(pipeline.value()->save());
  }
  return states;
}

}  // namespace

Result<std::string> merge_models(const std::vector<std::string>& texts) {
  if (texts.empty()) return Status::error("merge needs at least one model");
  ModelTexts models;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    Result<json> m = parse_model(texts[i]);
    if (!m) return Status::error("model " + std::to_string(i + 1) + ": " + m.message());
    std::string sum = checksum_of(m.value());  // before take(): argument order is unspecified
    models.emplace_back(std::move(sum), m.take());
  }
  std::sort(models.begin(), models.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });  // canonical order
  const json& first = models[0].second;
  const bool encoded = member(first, "encoder") != nullptr;
  for (const auto& [sum, m] : models)
    for (const char* key : {"spec", "dims", "schema", "encoder"}) {
      if (encoded && std::string(key) == "schema") continue;  // compared below
      const json* a = member(m, key);
      const json* b = member(first, key);
      if (encoded && std::string(key) == "encoder" && a && b) continue;  // compared below
      if ((a == nullptr) != (b == nullptr) || (a && *a != *b))
        return Status::error(std::string("the models differ in their ") + key +
                             "; only models of the same pipeline and features can be merged");
    }
  std::vector<ModelSchema> schemas;
  for (const auto& [sum, m] : models) {
    Result<ModelSchema> schema = schema_of(m);
    if (!schema) return schema.status();
    schemas.push_back(schema.take());
  }
  // design.md 10.5: models whose encoders saw different levels merge over the union of their
  // features; each learner's features move to their place in it (unseen ones at their initial
  // values, as if they had been 0).
  ModelSchema& united = schemas[0];
  if (encoded) {
    if (Status st = same_encoded_schema(schemas); !st) return st;
    auto states = states_over_union(models, schemas, united);
    if (!states) return states.status();
    return merge_states(first, states.value(), united);
  }
  std::vector<PipelineState> states;
  for (const auto& [sum, m] : models) {
    Result<PipelineState> st = state_of(m);
    if (!st) return st.status();
    states.push_back(st.take());
  }
  return merge_states(first, states, united);
}

namespace {

Result<std::string> merge_states(const json& first, const std::vector<PipelineState>& states,
                                 const ModelSchema& schema) {
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
  // first model's in the canonical order. Every model's counters are checked before any is
  // added (the first model's were written before being checked: found by the model fuzz target).
  for (const auto& s : states)
    if (s.progress.size() < Progressive::kEndCounter)
      return bad("a model's progress counters are damaged");
  for (std::size_t i = Progressive::kFirstCounter; i < Progressive::kEndCounter; ++i) {
    merged.progress[i] = 0;
    for (const auto& s : states) merged.progress[i] += s.progress[i];
  }
  auto pipeline = Pipeline::build(text_of(first, "spec"));
  if (!pipeline) return pipeline.status();
  Status st = pipeline.value()->load(merged);
  if (!st) return Status::error("the merged state does not load: " + st.message());
  return model_to_json(*pipeline.value(), schema);
}

}  // namespace

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
  return s;
}

ModelSchema model_schema_of(const SvmlightReader& r) {
  ModelSchema s;
  s.positive = r.positive_label();
  s.negative = r.negative_label();
  s.svmlight = true;
  s.index_base = r.index_base();
  return s;
}

Status read_as_model(const ModelSchema& schema, std::size_t dims, SvmlightOptions& opt) {
  if (!schema.svmlight)
    return Status::error(
        "the model was trained on a CSV file; it reads CSV rows, not svmlight ones");
  if (opt.dims == 0) opt.dims = dims;
  opt.index_base = schema.index_base;
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
  if (!schema.header) opt.header = false;
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
