// The JS face of the core: converts types and errors, holds no algorithm. Bulk data crosses
// once per call through typed-array views over buffers owned here (inputBuffer, chunkBuffer):
// JS writes into the view, then calls the method that consumes it. A failure comes back as a
// string (the core's message); the TypeScript layer (bindings/ts) turns it into an Error.
#include <algorithm>

#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/registry_json.hpp"
#include "onepass/eval/protocols.hpp"
#include "onepass/io/model_json.hpp"
#include "onepass/pipeline.hpp"
#include "onepass/race.hpp"
#include "onepass/registry.hpp"
#include "onepass/scorer.hpp"
#include "onepass/sparse_race.hpp"

using emscripten::val;

namespace {

// A JS-owned copy (Float64Array, Int8Array, ...) of the values, safe after memory grows.
template <class T>
val typed_copy(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

// A view of n elements of a buffer owned here, for JS to fill; valid until the next call
// that may allocate.
template <class T>
val writable_view(std::vector<T>& buffer, std::size_t n) {
  buffer.resize(n);
  return val(emscripten::typed_memory_view(n, buffer.data()));
}

val snapshot_value(const onepass::Snapshot& s) {
  val arrays = val::object();
  for (const auto& a : s.arrays) arrays.set(a.name, typed_copy(a.values));
  val scalars = val::object();
  for (const auto& [k, v] : s.scalars) scalars.set(k, v);
  val out = val::object();
  out.set("name", s.name);
  out.set("arrays", arrays);
  out.set("scalars", scalars);
  return out;
}

val pipeline_snapshot(const onepass::Pipeline& p) {
  val scalers = val::array();
  for (std::size_t i = 0; i < p.scaler_count(); ++i)
    scalers.call<void>("push", snapshot_value(p.scaler(i).snapshot()));
  val out = val::object();
  out.set("scalers", scalers);
  out.set("learner", snapshot_value(p.learner().snapshot()));
  return out;
}

val strings_value(const std::vector<std::string>& items) {
  val out = val::array();
  for (const auto& s : items) out.call<void>("push", s);
  return out;
}

val pipeline_stats(const onepass::Pipeline& p) {
  const onepass::Progressive& pr = p.progress();
  val out = val::object();
  out.set("rows", static_cast<double>(pr.rows()));
  out.set("mistakes", static_cast<double>(pr.mistakes()));
  out.set("error", pr.error());
  const onepass::Confusion& c = pr.confusion();
  out.set("tp", static_cast<double>(c.tp));
  out.set("fp", static_cast<double>(c.fp));
  out.set("tn", static_cast<double>(c.tn));
  out.set("fn", static_cast<double>(c.fn));
  auto number_or_null = [](double v) { return std::isnan(v) ? val::null() : val(v); };
  out.set("logLoss", number_or_null(pr.log_loss()));
  out.set("rollingError", number_or_null(pr.rolling_error()));
  out.set("rollingLogLoss", number_or_null(pr.rolling_log_loss()));
  out.set("diverged", p.learner().diverged());
  out.set("revertedSteps", static_cast<double>(p.learner().reverted_steps()));
  out.set("warnings", strings_value(p.warnings()));
  return out;
}

// Curve points from index `from` on, as [rows, mistakes, rows, mistakes, ...].
val pipeline_curve(const onepass::Pipeline& p, std::size_t from) {
  const auto& c = p.progress().curve();
  std::vector<double> flat;
  for (std::size_t i = from; i < c.size(); ++i) {
    flat.push_back(static_cast<double>(c[i].rows));
    flat.push_back(static_cast<double>(c[i].mistakes));
  }
  return typed_copy(flat);
}

std::vector<std::string> strings_of(const val& list) {
  std::vector<std::string> out;
  if (!list.isUndefined() && !list.isNull()) {
    const int n = list["length"].as<int>();
    for (int i = 0; i < n; ++i) out.push_back(list[i].as<std::string>());
  }
  return out;
}

// options.onError: "skip" counts bad rows and goes on; otherwise the first one stops.
onepass::ErrorPolicy error_policy(const val& options) {
  return options["onError"].isString() && options["onError"].as<std::string>() == "skip"
             ? onepass::ErrorPolicy::skip
             : onepass::ErrorPolicy::stop;
}

// CSV options from JS, by the names of api/csv_options.hpp (one definition for every front
// end): strings as they are, numbers and booleans as text, lists joined with ','. "" or the error.
std::string csv_options(const val& options, onepass::CsvOptions& opt) {
  for (const auto& info : onepass::csv_option_infos()) {
    const val v = options[info.name];
    if (v.isUndefined() || v.isNull()) continue;
    std::string text;
    if (v.isString()) {
      text = v.as<std::string>();
    } else if (v.isTrue() || v.isFalse()) {
      text = v.isTrue() ? "true" : "false";
    } else if (v.isNumber()) {
      text = val::global("String")(v).as<std::string>();
    } else if (val::global("Array").call<bool>("isArray", v)) {
      text = v.call<std::string>("join", std::string(","));
    } else {
      return std::string("option ") + info.name + " must be a string, number, boolean or list";
    }
    onepass::Status st = onepass::set_csv_option(opt, info.name, text);
    if (!st) return st.message();
  }
  return onepass::check_csv_options(opt).message();
}

// svmlight options from JS: { dims, indexBase?: 0|1, positive?, onError? } (the checks are the
// reader's: SvmlightReader::check).
void svmlight_options(const val& options, onepass::SvmlightOptions& opt) {
  if (options["dims"].isNumber()) opt.dims = static_cast<std::size_t>(options["dims"].as<double>());
  if (options["indexBase"].isNumber())
    opt.index_base = static_cast<int>(options["indexBase"].as<double>());
  if (options["positive"].isString()) opt.positive = options["positive"].as<std::string>();
  opt.on_error = error_policy(options);
}

// options.format === "svmlight": the rows are svmlight text, not a CSV.
bool svmlight_format(const val& options) {
  return options["format"].isString() && options["format"].as<std::string>() == "svmlight";
}

// Each column's name, role and why (info() and previewCsv()).
val columns_value(const std::vector<onepass::ColumnInfo>& columns) {
  val out = val::array();
  for (const auto& c : columns) {
    val col = val::object();
    col.set("name", c.name);
    col.set("role", std::string(onepass::role_name(c.role)));
    col.set("reason", c.reason);
    out.call<void>("push", col);
  }
  return out;
}

val schema_value(const onepass::ModelSchema& s) {
  val features = val::array();
  for (const auto& f : s.features) features.call<void>("push", f);
  val out = val::object();
  out.set("features", features);
  out.set("label", s.label);
  out.set("positive", s.positive);
  out.set("negative", s.negative);
  out.set("input", std::string(s.svmlight ? "svmlight" : "csv"));
  if (s.svmlight) out.set("indexBase", s.index_base);
  return out;
}

class JsPipeline {
 public:
  std::string init(const std::string& spec, double every, double window) {
    auto built = onepass::Pipeline::build(spec, static_cast<std::uint64_t>(every),
                                          static_cast<std::uint64_t>(window));
    if (!built) return built.message();
    pipeline_ = built.take();
    return "";
  }

  // Loads a model file; "" or the error.
  std::string init_model(const std::string& text) {
    auto loaded = onepass::model_from_json(text);
    if (!loaded) return loaded.message();
    pipeline_ = std::move(loaded.value().pipeline);
    schema_ = loaded.value().schema;
    return "";
  }
  // The model file; feature names from `features` (or those it was loaded with, or x1..xd).
  std::string to_json(val features) const {
    return onepass::model_to_json(*pipeline_, schema_with(features));
  }
  // The linear form (api/linear_export.hpp) as ONNX bytes, { onnx: Uint8Array }, and as JSON
  // weights, { weights: string }; or { error }.
  val to_onnx(val features) const {
    return linear_export(features, [](const onepass::LinearModel& m) {
      const std::string bytes = onepass::onnx_model(m);
      const val out = typed_copy(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
      return std::make_pair(std::string("onnx"), out);
    });
  }
  val linear_weights(val features) const {
    return linear_export(features, [](const onepass::LinearModel& m) {
      return std::make_pair(std::string("weights"), val(onepass::linear_model_json(m)));
    });
  }
  val schema() const { return schema_value(schema_); }

 private:
  // The schema to save or export with: the loaded one, `features` naming the features when
  // given, and the label values +1/-1 when it has none.
  onepass::ModelSchema schema_with(val features) const {
    onepass::ModelSchema schema = schema_;
    std::vector<std::string> names = strings_of(features);
    if (!names.empty()) schema.features = names;
    schema.features = onepass::model_feature_names(schema, pipeline_->dims());
    if (schema.positive.empty()) {
      schema.positive = "1";
      schema.negative = "-1";
    }
    return schema;
  }
  template <class Write>
  val linear_export(val features, Write write) const {
    val out = val::object();
    auto m = onepass::linear_model(*pipeline_, schema_with(features));
    if (!m) {
      out.set("error", m.message());
      return out;
    }
    auto [key, value] = write(m.value());
    out.set(key, value);
    return out;
  }

 public:
  val input_buffer(std::size_t n) { return writable_view(input_, n); }
  val label_buffer(std::size_t n) { return writable_view(labels_, n); }

  // Rows of `dims` values in the input buffer, labels in the label buffer. Returns
  // { predictions: Int8Array } or, at the first bad row, also { error } (rows before it learned).
  val learn_many(std::size_t count, std::size_t dims) {
    return learn_rows(count, [&](std::size_t i, int y) {
      return pipeline_->learn_one(input_.data() + i * dims, dims, y);
    });
  }

  // Sparse rows (core/sparse_row.hpp) in CSR form: row i is entries offsets[i] ..
  // offsets[i + 1] of the index buffer and of the input buffer (the values), `dims` wide.
  // Learned in O(non-zeros) where the pipeline allows it; the result is learn_many's.
  val offset_buffer(std::size_t n) { return writable_view(offsets_, n); }
  val index_buffer(std::size_t n) { return writable_view(indices_, n); }
  val learn_sparse_many(std::size_t count, std::size_t dims) {
    const std::string bad = csr_error(count);
    if (!bad.empty()) {
      val out = val::object();
      out.set("error", bad);
      out.set("predictions", val::global("Int8Array").new_(0));
      return out;
    }
    return learn_rows(count, [&](std::size_t i, int y) -> onepass::Result<int> {
      onepass::Result<onepass::SparseRow> row = csr_row(i);
      if (!row) return row.status();
      return pipeline_->learn_sparse(row.value(), dims, y);
    });
  }
  // The margins of `count` sparse rows in the buffers of learn_sparse_many; nothing is
  // learned. { scores: Float64Array } or, at the first bad row, also { error } (the rows
  // before it scored).
  val score_sparse_many(std::size_t count, std::size_t dims) const {
    std::vector<double> scores;
    val out = val::object();
    std::string error = csr_error(count);
    for (std::size_t i = 0; error.empty() && i < count; ++i) {
      onepass::Result<onepass::SparseRow> row = csr_row(i);
      onepass::Result<double> s =
          row ? pipeline_->score_sparse(row.value(), dims) : onepass::Result<double>(row.status());
      if (s)
        scores.push_back(s.value());
      else
        error = "row " + std::to_string(i) + ": " + s.message();
    }
    if (!error.empty()) out.set("error", error);
    out.set("scores", typed_copy(scores));
    return out;
  }

  // Margin of the row in the input buffer, or the error message.
  val score(std::size_t dims) const {
    auto r = pipeline_->score_one(input_.data(), dims);
    return r ? val(r.value()) : val(r.message());
  }

  void finish() {
    if (pipeline_->dims() != 0) pipeline_->finish();
  }
  bool has_probability() const { return pipeline_->has_probability(); }
  std::size_t dims() const { return pipeline_->dims(); }
  std::string spec() const { return pipeline_->spec(); }
  std::string canonical() const { return pipeline_->canonical_spec(); }
  val stats() const { return pipeline_stats(*pipeline_); }
  val curve(std::size_t from) const { return pipeline_curve(*pipeline_, from); }
  val snapshot() const { return pipeline_snapshot(*pipeline_); }

 private:
  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  // Labels of learn_many and learn_sparse_many in the label buffer, checked; each row learned
  // by learn(i, y) until the first error. Returns { predictions: Int8Array } and, at a bad
  // row, { error } naming it (the rows before it are learned).
  template <class Learn>
  val learn_rows(std::size_t count, Learn learn) {
    std::vector<std::int8_t> predictions;
    predictions.reserve(count);
    val out = val::object();
    for (std::size_t i = 0; i < count; ++i) {
      const double label = labels_[i];
      const int y = label == 1 ? 1 : (label == -1 || label == 0) ? -1 : 0;
      if (y == 0) {
        out.set("error", "row " + std::to_string(i) + ": the label must be 1, 0 or -1 (got " +
                             onepass::format_number(label) + ")");
        break;
      }
      onepass::Result<int> r = learn(i, y);
      if (!r) {
        out.set("error", "row " + std::to_string(i) + ": " + r.message());
        break;
      }
      predictions.push_back(static_cast<std::int8_t>(r.value()));
    }
    out.set("predictions",
            val::global("Int8Array")
                .new_(emscripten::typed_memory_view(predictions.size(), predictions.data()))
                .call<val>("slice"));
    return out;
  }

  // Whether the sparse buffers hold `count` rows in compressed sparse row form: "" or why not.
  std::string csr_error(std::size_t count) const {
    if (offsets_.size() == count + 1 && offsets_[0] == 0 && offsets_[count] == indices_.size() &&
        indices_.size() == input_.size())
      return "";
    return "the offsets must start at 0 and end at the number of entries (" +
           std::to_string(indices_.size()) + "), one more than the rows (" + std::to_string(count) +
           "), with one value per index";
  }
  onepass::Result<onepass::SparseRow> csr_row(std::size_t i) const {
    if (offsets_[i + 1] < offsets_[i] || offsets_[i + 1] > indices_.size())
      return onepass::Status::error("its offsets (" + std::to_string(offsets_[i]) + " to " +
                                    std::to_string(offsets_[i + 1]) +
                                    ") do not rise within the entries");
    return onepass::SparseRow{indices_.data() + offsets_[i], input_.data() + offsets_[i],
                              offsets_[i + 1] - offsets_[i]};
  }

  std::vector<double> input_, labels_;
  std::vector<std::uint32_t> offsets_, indices_;
};

// What a runner over one parse shares, whatever the format (Race: CSV, SparseRace: svmlight):
// bytes in through its chunk buffer, one call per chunk; its pipelines' figures out.
template <class RaceType>
class JsRunner {
 public:
  val chunk_buffer(std::size_t n) { return writable_view(chunk_, n); }
  // Parses the first n bytes of the chunk buffer; "" or the error that stopped the stream.
  std::string push(std::size_t n) {
    return race_->push(reinterpret_cast<const char*>(chunk_.data()), n).message();
  }
  std::string finish() { return race_->finish().message(); }

  std::size_t size() const { return race_->size(); }
  std::string spec(std::size_t i) const { return race_->pipeline(i).spec(); }
  std::string canonical(std::size_t i) const { return race_->pipeline(i).canonical_spec(); }
  bool has_probability(std::size_t i) const { return race_->pipeline(i).has_probability(); }
  val stats(std::size_t i) const { return pipeline_stats(race_->pipeline(i)); }
  val curve(std::size_t i, std::size_t from) const {
    return pipeline_curve(race_->pipeline(i), from);
  }
  val snapshot(std::size_t i) const { return pipeline_snapshot(race_->pipeline(i)); }

 protected:
  // The reader's counts and kept errors, common to both formats.
  template <class Reader>
  static val reader_counts(const Reader& r) {
    val out = val::object();
    out.set("positiveLabel", r.positive_label());
    out.set("negativeLabel", r.negative_label());
    out.set("rows", static_cast<double>(r.rows()));
    out.set("positives", static_cast<double>(r.positives()));
    out.set("skipped", static_cast<double>(r.skipped()));
    out.set("bytes", static_cast<double>(r.bytes()));
    out.set("lines", static_cast<double>(r.lines()));
    val errors = val::array();
    for (const auto& e : r.errors()) {
      val item = val::object();
      item.set("line", static_cast<double>(e.line));
      item.set("column", static_cast<double>(e.column));
      item.set("message", e.message);
      errors.call<void>("push", item);
    }
    out.set("errors", errors);
    return out;
  }

  std::unique_ptr<RaceType> race_;
  std::vector<std::uint8_t> chunk_;
};

// A method of JsRunner as a method of the runner class Js: embind registers a member pointer
// on the class it names, and a base class's would not be found on Js's objects.
template <class Js, class Base, class R, class... Args>
auto method_of(R (Base::*f)(Args...)) -> R (Js::*)(Args...) {
  return f;
}
template <class Js, class Base, class R, class... Args>
auto method_of(R (Base::*f)(Args...) const) -> R (Js::*)(Args...) const {
  return f;
}

// The constructor, init and what every runner has (JsRunner).
template <class Js>
const emscripten::class_<Js>& register_runner(const emscripten::class_<Js>& c) {
  return c.template constructor<>()
      .function("init", &Js::init)
      .function("chunkBuffer", method_of<Js>(&Js::chunk_buffer))
      .function("push", method_of<Js>(&Js::push))
      .function("finish", method_of<Js>(&Js::finish))
      .function("size", method_of<Js>(&Js::size))
      .function("spec", method_of<Js>(&Js::spec))
      .function("canonical", method_of<Js>(&Js::canonical))
      .function("hasProbability", method_of<Js>(&Js::has_probability))
      .function("stats", method_of<Js>(&Js::stats))
      .function("curve", method_of<Js>(&Js::curve))
      .function("snapshot", method_of<Js>(&Js::snapshot));
}

class JsRace : public JsRunner<onepass::Race> {
 public:
  // options: { pipelines: string[] | models: string[] (model files to train further),
  //            label?, positive?, onError?: "stop"|"skip", every?, header?, delimiter? }
  std::string init(val options) {
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    const double every = options["every"].isNumber() ? options["every"].as<double>() : 0;
    const double window = options["window"].isNumber() ? options["window"].as<double>() : 0;
    const std::vector<std::string> models = strings_of(options["models"]);
    if (!models.empty()) {
      std::vector<std::unique_ptr<onepass::Pipeline>> pipelines;
      for (std::size_t i = 0; i < models.size(); ++i) {
        auto loaded = onepass::model_from_json(models[i]);
        if (!loaded) return "model " + std::to_string(i + 1) + ": " + loaded.message();
        onepass::Status st = onepass::Status::ok();
        if (i == 0) st = onepass::read_as_model(loaded.value().schema, false, opt);
        onepass::CsvOptions other;
        if (st) st = onepass::read_as_model(loaded.value().schema, false, other);
        if (!st) return "model " + std::to_string(i + 1) + ": " + st.message();
        if (other.features != opt.features ||
            other.encoded.features.size() != opt.encoded.features.size())
          return "the models were trained on different features; one CSV pass cannot feed them";
        pipelines.push_back(std::move(loaded.value().pipeline));
      }
      auto race = onepass::Race::resume(opt, std::move(pipelines));
      if (!race) return race.message();
      race_ = race.take();
      shuffle_from(options);
      return "";
    }
    auto race = onepass::Race::create(opt, strings_of(options["pipelines"]),
                                      static_cast<std::uint64_t>(every),
                                      static_cast<std::uint64_t>(window));
    if (!race) return race.message();
    race_ = race.take();
    shuffle_from(options);
    return "";
  }

  std::string to_json(std::size_t i) const {
    return onepass::model_to_json(race_->pipeline(i), onepass::model_schema_of(race_->reader()));
  }

 private:
  // options.shuffleBuffer rows, seeded by options.seed (default 1).
  void shuffle_from(const val& options) {
    if (!options["shuffleBuffer"].isNumber()) return;
    const double seed = options["seed"].isNumber() ? options["seed"].as<double>() : 1;
    race_->shuffle(static_cast<std::size_t>(options["shuffleBuffer"].as<double>()),
                   static_cast<std::uint64_t>(seed));
  }

 public:
  val info() const {
    const onepass::CsvReader& r = race_->reader();
    val out = reader_counts(r);
    val features = val::array();
    for (const auto& f : r.feature_names()) features.call<void>("push", f);
    out.set("features", features);
    out.set("label", r.label_name());
    out.set("missingCells", static_cast<double>(r.missing_cells()));
    val warnings = val::array();
    if (r.finished())
      for (const auto& w : race_->warnings()) warnings.call<void>("push", w);
    out.set("warnings", warnings);
    out.set("delimiter", std::string(1, r.delimiter() ? r.delimiter() : ','));
    out.set("columns", columns_value(r.columns()));
    out.set("notices", strings_value(r.notices()));
    return out;
  }
};

// Sparse rows from svmlight / libsvm text through several pipelines (onepass::SparseRace).
class JsSparseRace : public JsRunner<onepass::SparseRace> {
 public:
  // options: { pipelines: string[] | models: string[] (model files of svmlight rows to train
  //            further), dims (the models' by default), indexBase?: 0|1, positive?,
  //            onError?: "stop"|"skip", every?, window? }
  std::string init(val options) {
    onepass::SvmlightOptions opt;
    svmlight_options(options, opt);
    const std::vector<std::string> models = strings_of(options["models"]);
    if (!models.empty()) {
      std::vector<std::unique_ptr<onepass::Pipeline>> pipelines;
      int first_base = 1;
      for (std::size_t i = 0; i < models.size(); ++i) {
        auto loaded = onepass::model_from_json(models[i]);
        onepass::Status st = loaded ? onepass::read_as_model(loaded.value().schema,
                                                             loaded.value().pipeline->dims(), opt)
                                    : loaded.status();
        if (!st) return "model " + std::to_string(i + 1) + ": " + st.message();
        if (i > 0 && (loaded.value().schema.index_base != first_base ||
                      loaded.value().pipeline->dims() != pipelines[0]->dims()))
          return "the models were trained on different svmlight inputs (width or index base); "
                 "one pass cannot feed them";
        first_base = loaded.value().schema.index_base;
        pipelines.push_back(std::move(loaded.value().pipeline));
      }
      auto race = onepass::SparseRace::resume(opt, std::move(pipelines));
      if (!race) return race.message();
      race_ = race.take();
      return "";
    }
    const double every = options["every"].isNumber() ? options["every"].as<double>() : 0;
    const double window = options["window"].isNumber() ? options["window"].as<double>() : 0;
    auto race = onepass::SparseRace::create(opt, strings_of(options["pipelines"]),
                                            static_cast<std::uint64_t>(every),
                                            static_cast<std::uint64_t>(window));
    if (!race) return race.message();
    race_ = race.take();
    return "";
  }

  std::string to_json(std::size_t i) const {
    return onepass::model_to_json(race_->pipeline(i), onepass::model_schema_of(race_->reader()));
  }

  val info() const {
    val out = reader_counts(race_->reader());
    out.set("dims", static_cast<double>(race_->reader().dims()));
    return out;
  }
};

class JsScorer {
 public:
  // A model file and how to read the rows: CSV options (the model's schema fills what they
  // leave out), or { format: "svmlight", positive?, onError? } for a model of svmlight rows.
  std::string init(const std::string& model, val options) {
    auto loaded = onepass::model_from_json(model);
    if (!loaded) return loaded.message();
    pipeline_ = std::move(loaded.value().pipeline);
    schema_ = loaded.value().schema;
    if (svmlight_format(options)) {
      onepass::SvmlightOptions opt;
      svmlight_options(options, opt);
      onepass::Status st = onepass::read_as_model(schema_, pipeline_->dims(), opt);
      if (st) st = onepass::SvmlightReader::check(opt);
      if (!st) return st.message();
      sparse_ = std::make_unique<onepass::SvmlightScorer>(opt, *pipeline_);
      return "";
    }
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    onepass::Status st = onepass::read_as_model(schema_, true, opt);
    if (!st) return st.message();
    opt.label_optional = true;
    csv_ = std::make_unique<onepass::CsvScorer>(opt, *pipeline_);
    return "";
  }
  val chunk_buffer(std::size_t n) { return writable_view(chunk_, n); }
  // f applied to the scorer of this model's format.
  template <class F>
  auto with_scorer(F f) {
    return sparse_ ? f(*sparse_) : f(*csv_);
  }

  std::string push(std::size_t n) {
    const char* data = reinterpret_cast<const char*>(chunk_.data());
    return with_scorer([&](auto& s) { return s.push(data, n).message(); });
  }
  std::string finish() {
    return with_scorer([](auto& s) { return s.finish().message(); });
  }
  // The rows scored since the last call: { scores, labels (0: none), lines }.
  val take() {
    return with_scorer([](auto& s) {
      std::vector<double> lines(s.lines.begin(), s.lines.end());
      val out = val::object();
      out.set("scores", typed_copy(s.scores));
      out.set("labels", typed_copy(s.labels));
      out.set("lines", typed_copy(lines));
      s.clear();
      return out;
    });
  }
  bool has_probability() const { return pipeline_->has_probability(); }
  bool has_labels() const { return sparse_ || csv_->reader().has_label(); }
  val schema() const { return schema_value(schema_); }

 private:
  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  std::unique_ptr<onepass::CsvScorer> csv_;
  std::unique_ptr<onepass::SvmlightScorer> sparse_;
  std::vector<std::uint8_t> chunk_;
};

val metrics_value(const onepass::Metrics& m) {
  val out = val::object();
  for (const auto& [k, v] : m) out.set(k, std::isnan(v) ? val::null() : val(v));
  return out;
}

val run_value(const onepass::RunResult& r) {
  val out = val::object();
  out.set("spec", r.spec);
  out.set("nTrain", static_cast<double>(r.n_train));
  out.set("nTest", static_cast<double>(r.n_test));
  out.set("progressive", metrics_value(r.progressive));
  out.set("train", metrics_value(r.train));
  out.set("test", metrics_value(r.test));
  out.set("diverged", r.reverted_steps > 0);
  out.set("revertedSteps", static_cast<double>(r.reverted_steps));
  val curves = val::object();
  curves.set("roc", typed_copy(r.test_curves.roc));
  curves.set("pr", typed_copy(r.test_curves.pr));
  out.set("testCurves", curves);
  return out;
}

val error_value(const std::string& message) {
  val out = val::object();
  out.set("error", message);
  return out;
}

// A labelled CSV, or svmlight rows, held in memory for the evaluation protocols (spec 6.2-6.4).
class JsDataset {
 public:
  std::string init(val options) {
    if (svmlight_format(options)) {
      onepass::SvmlightOptions opt;
      svmlight_options(options, opt);
      return start_svmlight(opt);
    }
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    reader_ = std::make_unique<onepass::CsvReader>(opt);
    scale_encoded_ = opt.scale_encoded;
    return "";
  }
  // A test file read as `train` was read: its features, encoder (frozen) and labels.
  std::string init_like(val options, const JsDataset& train) {
    if (train.svmlight_) {
      onepass::SvmlightOptions opt;
      svmlight_options(options, opt);
      onepass::Status st = onepass::read_as_model(onepass::model_schema_of(*train.svmlight_),
                                                  train.svmlight_->dims(), opt);
      return st ? start_svmlight(opt) : st.message();
    }
    if (svmlight_format(options)) return "the training data set is a CSV, not svmlight rows";
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    if (!train.reader_ || !train.reader_->schema_ready())
      return "the training data set has not been read";
    onepass::Status st =
        onepass::read_as_model(onepass::model_schema_of(*train.reader_), true, opt);
    if (!st) return st.message();
    reader_ = std::make_unique<onepass::CsvReader>(opt);
    return "";
  }
  val chunk_buffer(std::size_t n) { return writable_view(chunk_, n); }
  std::string push(std::size_t n) {
    const char* data = reinterpret_cast<const char*>(chunk_.data());
    if (!svmlight_) return reader_->feed(data, n, rows_).message();
    onepass::Status st = svmlight_->feed(data, n, sparse_block_);
    keep_sparse_block();
    return st.message();
  }
  std::string finish() {
    if (!svmlight_) return reader_->finish(rows_).message();
    onepass::Status st = svmlight_->finish(sparse_block_);
    keep_sparse_block();
    return st.message();
  }
  std::size_t size() const { return rows_.size(); }
  // The feature names (none for svmlight rows: their features are indices).
  val features() const {
    return strings_value(svmlight_ ? std::vector<std::string>() : reader_->feature_names());
  }
  double width() const { return static_cast<double>(std::max(rows_.dims, rows_.width)); }

  // options: { seed, shuffle, stratified, k (P@k), testFraction, grid, select, validation,
  //            optimistic }
  val holdout(const std::string& spec, val options) const {
    const onepass::EvalOptions opt = eval_options(options);
    const double fraction = number(options, "testFraction", 0.2);
    if (!(fraction > 0 && fraction < 1)) return error_value("the test fraction must be in (0, 1)");
    return evaluate_on(rows_, spec, onepass::holdout_split(rows_.y, fraction, opt), opt, options);
  }

  // This data set for training, `test` for testing (a given train/test pair).
  val with_test(const std::string& spec, const JsDataset& test, val options) const {
    // A CSV's encoded width is checked below, with a message that says how to read the test file.
    const auto inputs = [](const onepass::RowBlock& b) { return b.sparse ? b.width : b.dims; };
    if (test.rows_.size() > 0 &&
        (inputs(test.rows_) != inputs(rows_) || test.rows_.sparse != rows_.sparse))
      return error_value("the test file has " + onepass::format_number(test.width()) +
                         " features, the training file " + onepass::format_number(width()));
    onepass::EvalOptions opt = eval_options(options);
    if (rows_.encoded() && !rows_.sparse &&
        test.reader_->encoder().width() != reader_->encoder().width())
      return error_value(
          "the test file was not read like the training file: load it with "
          "the option like: the training data set");
    onepass::RowBlock both = rows_;
    onepass::append_rows(both, test.rows_);
    onepass::Split split;
    for (std::size_t i = 0; i < rows_.size(); ++i) split.train.push_back(i);
    for (std::size_t i = 0; i < test.rows_.size(); ++i) split.test.push_back(rows_.size() + i);
    onepass::SeededRandom rng(opt.seed);
    if (opt.shuffle) rng.shuffle(split.train);
    return evaluate_on(both, spec, split, opt, options);
  }

  val cross_validate(const std::string& spec, double folds, val options) const {
    auto cv = onepass::cross_validate(rows_, spec, static_cast<std::size_t>(folds),
                                      eval_options(options));
    if (!cv) return error_value(cv.message());
    val list = val::array();
    for (const auto& f : cv.value().folds) list.call<void>("push", run_value(f));
    val out = val::object();
    out.set("folds", list);
    out.set("mean", metrics_value(cv.value().mean));
    out.set("sd", metrics_value(cv.value().sd));
    out.set("divergedFolds", static_cast<double>(cv.value().diverged_folds));
    return out;
  }

  val learning_curve(const std::string& spec, double folds, val fractions, val options) const {
    std::vector<double> fs;
    const int n = fractions["length"].as<int>();
    for (int i = 0; i < n; ++i) fs.push_back(fractions[i].as<double>());
    auto curve = onepass::learning_curve(rows_, spec, static_cast<std::size_t>(folds), fs,
                                         eval_options(options));
    if (!curve) return error_value(curve.message());
    val points = val::array();
    for (const auto& p : curve.value()) {
      val item = val::object();
      item.set("fraction", p.fraction);
      item.set("dataShare", p.data_share);
      item.set("mean", metrics_value(p.mean));
      points.call<void>("push", item);
    }
    val out = val::object();
    out.set("points", points);
    return out;
  }

 private:
  bool scale_encoded_ = false;
  static double number(const val& o, const char* key, double def) {
    return o[key].isNumber() ? o[key].as<double>() : def;
  }
  onepass::EvalOptions eval_options(const val& o) const {
    onepass::EvalOptions opt;
    opt.scale_encoded = scale_encoded_;
    opt.seed = static_cast<std::uint64_t>(number(o, "seed", 1));
    opt.shuffle = o["shuffle"].isTrue();
    opt.stratified = !o["stratified"].isFalse();
    opt.k = static_cast<std::size_t>(number(o, "k", 20));
    return opt;
  }
  // One train/test run, or a grid search over it when options.grid is given.
  static val evaluate_on(const onepass::RowBlock& data, const std::string& spec,
                         const onepass::Split& split, const onepass::EvalOptions& opt,
                         const val& options) {
    if (!options["grid"].isString()) {
      auto r = onepass::train_and_test(data, spec, split, opt);
      return r ? run_value(r.value()) : error_value(r.message());
    }
    auto grid = onepass::parse_grid(options["grid"].as<std::string>());
    if (!grid) return error_value(grid.message());
    const std::string metric =
        options["select"].isString() ? options["select"].as<std::string>() : "accuracy";
    auto g = onepass::grid_search(data, spec, grid.value(), split, metric,
                                  number(options, "validation", 0.2),
                                  options["optimistic"].isTrue(), opt);
    if (!g) return error_value(g.message());
    val out = run_value(g.value().final);
    val candidates = val::array();
    for (const auto& [c, v] : g.value().candidates) {
      val item = val::object();
      item.set("spec", c);
      item.set("score", std::isnan(v) ? val::null() : val(v));
      candidates.call<void>("push", item);
    }
    val gv = val::object();
    gv.set("best", g.value().best);
    gv.set("select", metric);
    gv.set("optimistic", g.value().optimistic);
    gv.set("candidates", candidates);
    out.set("grid", gv);
    return out;
  }

  std::string start_svmlight(const onepass::SvmlightOptions& opt) {
    onepass::Status st = onepass::SvmlightReader::check(opt);
    if (!st) return st.message();
    svmlight_ = std::make_unique<onepass::SvmlightReader>(opt);
    rows_.sparse = true;
    rows_.width = opt.dims;
    rows_.tail_offset.assign(1, 0);
    return "";
  }
  // The svmlight rows parsed so far join the data set.
  void keep_sparse_block() {
    onepass::append_rows(rows_, sparse_block_, svmlight_->dims());
    sparse_block_.clear();
  }

  std::unique_ptr<onepass::CsvReader> reader_;
  std::unique_ptr<onepass::SvmlightReader> svmlight_;  // or svmlight rows
  onepass::SparseBlock sparse_block_;
  onepass::RowBlock rows_;
  std::vector<std::uint8_t> chunk_;
};

// The wasm heap: its size (it grows, never shrinks) and the bytes that live objects use
// (dlmalloc's count), so that a caller can see what dispose() (or the finalizer) gives back.
val memory_value() {
  const struct mallinfo info = mallinfo();
  val out = val::object();
  out.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  out.set("inUseBytes", static_cast<double>(info.uordblks));
  return out;
}

// Every combination of a parameter grid applied to a spec (eval/protocols.hpp grid_specs):
// { specs } or { error }.
val grid_specs_value(const std::string& spec, const std::string& grid) {
  val out = val::object();
  auto axes = onepass::parse_grid(grid);
  auto specs = axes ? onepass::grid_specs(spec, axes.value())
                    : onepass::Result<std::vector<std::string>>(axes.status());
  if (specs)
    out.set("specs", strings_value(specs.value()));
  else
    out.set("error", specs.message());
  return out;
}

// The metrics' names (eval/metrics.hpp: one list for every front end).
val metric_names_value() {
  return strings_value(onepass::metric_names());
}

// { model } or { error }
val merge_value(val models) {
  auto merged = onepass::merge_models(strings_of(models));
  val out = val::object();
  if (merged)
    out.set("model", merged.value());
  else
    out.set("error", merged.message());
  return out;
}

}  // namespace

// The pipeline a run uses when none is given (api/defaults.hpp).
std::string default_pipeline() {
  return onepass::kDefaultPipeline;
}

// The CSV options' names (api/csv_options.hpp), for the JS layer's check of option keys.
val csv_option_names() {
  val out = val::array();
  for (const auto& info : onepass::csv_option_infos())
    out.call<void>("push", std::string(info.name));
  return out;
}

// The head of a CSV as the reader sees it (api/csv_preview.hpp): { columns, rows, delimiter,
// notices, labelValues, positive, sampledRows } or { error }.
val preview_csv(const std::string& head, bool complete, val options) {
  onepass::CsvOptions opt;
  const std::string err = csv_options(options, opt);
  if (!err.empty()) return error_value(err);
  const double rows = options["rows"].isNumber() ? options["rows"].as<double>() : 5;
  auto preview = onepass::preview_csv(head, complete, opt,
                                      static_cast<std::size_t>(std::clamp(rows, 0.0, 1000.0)));
  if (!preview) return error_value(preview.message());
  const onepass::CsvPreview& p = preview.value();
  val out = val::object();
  out.set("columns", columns_value(p.columns));
  val rows_out = val::array();
  for (const auto& r : p.rows) {
    val cells = val::array();
    for (const auto& c : r) cells.call<void>("push", c);
    rows_out.call<void>("push", cells);
  }
  out.set("rows", rows_out);
  out.set("delimiter", std::string(1, p.delimiter));
  out.set("notices", strings_value(p.notices));
  val labels = val::array();
  for (const auto& [value, count] : p.label_values) {
    val item = val::object();
    item.set("value", value);
    item.set("count", static_cast<double>(count));
    labels.call<void>("push", item);
  }
  out.set("labelValues", labels);
  out.set("positive", p.positive);
  out.set("headRows", static_cast<double>(p.head_rows));
  return out;
}

EMSCRIPTEN_BINDINGS(onepass) {
  emscripten::function("registryJson", &onepass::registry_json);
  emscripten::function("merge", &merge_value);
  emscripten::function("memory", &memory_value);
  emscripten::function("metricNames", &metric_names_value);
  emscripten::function("gridSpecs", &grid_specs_value);
  emscripten::class_<JsPipeline>("Pipeline")
      .constructor<>()
      .function("init", &JsPipeline::init)
      .function("inputBuffer", &JsPipeline::input_buffer)
      .function("labelBuffer", &JsPipeline::label_buffer)
      .function("learnMany", &JsPipeline::learn_many)
      .function("offsetBuffer", &JsPipeline::offset_buffer)
      .function("indexBuffer", &JsPipeline::index_buffer)
      .function("learnSparseMany", &JsPipeline::learn_sparse_many)
      .function("scoreSparseMany", &JsPipeline::score_sparse_many)
      .function("score", &JsPipeline::score)
      .function("finish", &JsPipeline::finish)
      .function("initModel", &JsPipeline::init_model)
      .function("toJson", &JsPipeline::to_json)
      .function("toOnnx", &JsPipeline::to_onnx)
      .function("linearWeights", &JsPipeline::linear_weights)
      .function("schema", &JsPipeline::schema)
      .function("hasProbability", &JsPipeline::has_probability)
      .function("dims", &JsPipeline::dims)
      .function("spec", &JsPipeline::spec)
      .function("canonical", &JsPipeline::canonical)
      .function("stats", &JsPipeline::stats)
      .function("curve", &JsPipeline::curve)
      .function("snapshot", &JsPipeline::snapshot);
  register_runner(emscripten::class_<JsRace>("Race"))
      .function("toJson", &JsRace::to_json)
      .function("info", &JsRace::info);
  register_runner(emscripten::class_<JsSparseRace>("SparseRace"))
      .function("toJson", &JsSparseRace::to_json)
      .function("info", &JsSparseRace::info);
  emscripten::function("previewCsv", &preview_csv);
  emscripten::function("csvOptionNames", &csv_option_names);
  emscripten::function("defaultPipeline", &default_pipeline);
  emscripten::class_<JsDataset>("Dataset")
      .constructor<>()
      .function("init", &JsDataset::init)
      .function("initLike", &JsDataset::init_like)
      .function("chunkBuffer", &JsDataset::chunk_buffer)
      .function("push", &JsDataset::push)
      .function("finish", &JsDataset::finish)
      .function("size", &JsDataset::size)
      .function("features", &JsDataset::features)
      .function("width", &JsDataset::width)
      .function("holdout", &JsDataset::holdout)
      .function("withTest", &JsDataset::with_test)
      .function("crossValidate", &JsDataset::cross_validate)
      .function("learningCurve", &JsDataset::learning_curve);
  emscripten::class_<JsScorer>("Scorer")
      .constructor<>()
      .function("init", &JsScorer::init)
      .function("chunkBuffer", &JsScorer::chunk_buffer)
      .function("push", &JsScorer::push)
      .function("finish", &JsScorer::finish)
      .function("take", &JsScorer::take)
      .function("hasProbability", &JsScorer::has_probability)
      .function("hasLabels", &JsScorer::has_labels)
      .function("schema", &JsScorer::schema);
}
