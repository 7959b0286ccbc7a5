// The walk of a model's text that builds nothing (models/model_shape.hpp): nlohmann's SAX
// events, one small record per open object or array.
#include "models/model_shape.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/limits.hpp"
#include "models/model_document.hpp"
#include "models/model_json.hpp"

namespace onepass::model_document {

namespace {

// The values that fields no model has may hold in all (a note a tool added, say): past it, a
// file is refused before its document is built, whatever its checksum says.
constexpr std::uint64_t kMaxUnknownValues = 4096;

// A learner's part (its parameters, its state) holds at most this many numbers a weight, plus
// kLearnerHead: the FS family keeps 3 parameters a weight (a weight and a feature map's two), and
// a wrapper's state keeps two copies of its learner's parameters (+avg: 6 a weight on fs), with
// a head of counters; 8 leaves room without letting a part grow with anything but the inputs.
// A full covariance (arow_full, docs/algorithms.md 4.31) holds the square of its inputs and
// the bias, up to kMaxFullCovarianceDims inputs, an output.
constexpr std::uint64_t kLearnerNumbersPerWeight = 8;
constexpr std::uint64_t kLearnerHead = 64;

// Every field a model file has, at any depth (models/model_json.hpp), sorted.
constexpr const char* kKnownKeys[] = {"background",    "background_outputs",
                                      "checksum",      "class_weights",
                                      "classes",       "column",
                                      "columns",       "counts",
                                      "dates",         "decimal",
                                      "dims",          "drift",
                                      "encoder",       "features",
                                      "format",        "formatted",
                                      "header",        "index_base",
                                      "inner",         "inners",
                                      "input",         "label",
                                      "label_trim",    "learner",
                                      "level_buckets", "max_levels",
                                      "missing",       "mode",
                                      "name",          "negative",
                                      "number_forms",  "numeric_dims",
                                      "order",         "outputs",
                                      "params",        "positive",
                                      "progress",      "reverted_steps",
                                      "scale_encoded", "scalers",
                                      "schema",        "spec",
                                      "state",         "task",
                                      "text",          "text_bits",
                                      "time",          "version",
                                      "weights",       "width"};

bool known_key(const std::string& key) {
  return std::binary_search(std::begin(kKnownKeys), std::end(kKnownKeys), key,
                            [](const std::string& a, const std::string& b) { return a < b; });
}

// What the walk keeps of the header, and what it measured.
struct Shape {
  std::string format;
  bool has_version = false, has_dims = false;
  std::int64_t version = 0;
  const char* dims_type = nullptr;  // the JSON type of "dims" when it is not a whole number
  std::uint64_t dims = 0, width = 0, outputs = 0;
  std::uint64_t longest_learner_part = 0, features = 0, unknown_values = 0;
  std::string unknown_key;
};

// One open object or array: the key it is held by (an array's, its holder's), the key of the
// value being read (objects), and what it is.
struct Level {
  bool array = false, unknown = false, learner = false, learner_part = false, features = false;
  std::string holder, key;
  std::uint64_t count = 0;
};

class ShapeReader : public nlohmann::json_sax<json> {
 public:
  explicit ShapeReader(Shape& shape) : shape_(shape) {}
  bool null() override { return value(); }
  bool boolean(bool) override { return value("a boolean"); }
  bool number_integer(number_integer_t v) override {
    if (top_key("version")) shape_.has_version = true, shape_.version = v;
    return value("a negative number");
  }
  bool number_unsigned(number_unsigned_t v) override {
    if (top_key("version"))
      shape_.has_version = true,
      shape_.version = static_cast<std::int64_t>(std::min<std::uint64_t>(v, INT64_MAX));
    if (top_key("dims")) shape_.dims = v;
    if (top_key("width")) shape_.width = v;
    if (top_key("outputs")) shape_.outputs = v;
    return value(nullptr);
  }
  bool number_float(number_float_t, const string_t&) override { return value("a fraction"); }
  bool string(string_t& s) override {
    if (top_key("format")) shape_.format = s;
    return value("a string");
  }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return value("an object") && open(false); }
  bool key(string_t& k) override {
    levels_.back().key = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return value("an array") && open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }
  bool too_deep = false;

 private:
  bool top_key(const char* k) const {
    return levels_.size() == 1 && !levels_[0].array && levels_[0].key == k;
  }
  // Whether the value now read sits under a field no model has.
  bool in_unknown() const {
    const Level& c = levels_.back();
    return c.unknown || (!c.array && !known_key(c.key));
  }
  // A value read in the open container; `type` names it when it is "dims" and not whole.
  bool value(const char* type = "null") {
    if (levels_.empty()) return true;
    if (top_key("dims")) shape_.has_dims = true, shape_.dims_type = type;
    Level& c = levels_.back();
    ++c.count;
    if (c.learner_part)
      shape_.longest_learner_part = std::max(shape_.longest_learner_part, c.count);
    if (c.features) shape_.features = c.count;
    if (in_unknown() && ++shape_.unknown_values > kMaxUnknownValues) {
      shape_.unknown_key = c.array ? c.holder : c.key;
      return false;
    }
    return true;
  }
  bool open(bool array) {
    Level next;
    next.array = array;
    if (!levels_.empty()) {
      const Level& parent = levels_.back();
      next.unknown = in_unknown();
      next.holder = parent.array ? parent.holder : parent.key;
      const bool top = levels_.size() == 1;
      // A learner: the top's "learner", a wrapper's "inner", one-vs-rest's "inners", +drift's
      // "background".
      next.learner =
          !array && ((top && next.holder == "learner") || next.holder == "inner" ||
                     next.holder == "background" || (parent.array && parent.holder == "inners"));
      next.learner_part = array && !parent.array && parent.learner &&
                          (next.holder == "params" || next.holder == "state");
      next.features =
          array && levels_.size() == 2 && levels_[0].key == "schema" && next.holder == "features";
    }
    levels_.push_back(std::move(next));
    too_deep = levels_.size() > 64;
    return !too_deep;
  }
  bool close() {
    levels_.pop_back();
    return true;
  }
  Shape& shape_;
  std::vector<Level> levels_;
};

// The envelope and the header, as parse_model and state_of say them.
Status check_header(const Shape& s) {
  if (s.format != "onepass-model") return bad("its \"format\" is not \"onepass-model\"");
  if (!s.has_version) return bad("it has no format version");
  if (s.version > kModelFormatVersion)
    return Status::error("the model file has format version " + std::to_string(s.version) +
                         ", newer than this onepass reads (" + std::to_string(kModelFormatVersion) +
                         "); update onepass to load it");
  if (s.version < 1) return bad("format version " + std::to_string(s.version) + " does not exist");
  if (!s.has_dims) return bad("a part is missing (dims, scalers, learner or progress)");
  if (s.dims_type)
    return bad(std::string("its dims are ") + s.dims_type + ", not a whole number of inputs");
  if (s.dims > kMaxDims)
    return bad("its dims (" + std::to_string(s.dims) + ") are more than onepass takes (" +
               std::to_string(kMaxDims) + ")");
  return Status::ok();
}

}  // namespace

Status check_shape(const std::string& text) {
  if (Status size = check_model_size(text.size()); !size) return size;
  Shape s;
  ShapeReader reader(s);
  const bool walked = json::sax_parse(text, &reader);
  if (!s.unknown_key.empty())
    return bad("its field \"" + s.unknown_key + "\", which no model has, holds more than " +
               std::to_string(kMaxUnknownValues) + " values");
  if (!walked) return Status::ok();  // a syntax error or deep nesting: parse_json names it
  if (Status header = check_header(s); !header) return header;
  const std::uint64_t inputs = std::max(s.dims, std::min<std::uint64_t>(s.width, kMaxDims));
  const std::uint64_t outputs = std::clamp<std::uint64_t>(s.outputs, 1, kMaxClasses);
  const std::uint64_t square = std::min<std::uint64_t>(inputs, kMaxFullCovarianceDims) + 1;
  const std::uint64_t allowed =
      kLearnerNumbersPerWeight * outputs * (inputs + 1) + outputs * square * square + kLearnerHead;
  if (s.longest_learner_part > allowed)
    return bad("a part of its learner holds " + std::to_string(s.longest_learner_part) +
               " numbers, more than its dims (" + std::to_string(s.dims) + "), width (" +
               std::to_string(s.width) + ") and outputs (" + std::to_string(s.outputs) +
               ") allow (" + std::to_string(allowed) + ")");
  if (s.features > inputs)
    return bad("it names " + std::to_string(s.features) + " features for " +
               std::to_string(inputs) + " inputs");
  return Status::ok();
}

}  // namespace onepass::model_document
