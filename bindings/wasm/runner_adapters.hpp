// JsRunner and its two runners: a CSV stream (JsCsvRunner) and an svmlight stream
// (JsSvmlightRunner) through several pipelines, for the JS CsvRunner and SvmlightRunner. Included
// by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/api/runners.hpp"

namespace onepass_wasm {

using emscripten::val;

// What a runner over one parse shares, whatever the format (CsvRunner: CSV, SvmlightRunner:
// svmlight): bytes in through its chunk buffer, one call per chunk; its pipelines' figures out.
template <class RunnerType>
class JsRunner {
 public:
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  // Parses the first n bytes of the chunk buffer; "" or the error that stopped the stream.
  val push(std::size_t n) { return status_value(runner_->push(chunk_.data(), n)); }
  val finish() { return status_value(runner_->finish()); }

  std::size_t size() const { return runner_->size(); }
  std::string spec(std::size_t i) const { return runner_->pipeline(i).spec(); }
  std::string canonical(std::size_t i) const { return runner_->pipeline(i).canonical_spec(); }
  bool has_probability(std::size_t i) const { return runner_->pipeline(i).has_probability(); }
  val stats(std::size_t i) const { return parsed(onepass::stats_json(*runner_, i)); }
  val curve(std::size_t i, double after_rows) const {
    return pipeline_curve(runner_->pipeline(i), after_rows);
  }
  val window_curve(std::size_t i) const { return pipeline_window_curve(runner_->pipeline(i)); }
  val snapshot(std::size_t i) const { return pipeline_snapshot(runner_->pipeline(i)); }
  // Pipeline i as a model file, and its result as `onepass run --json` prints it
  // (api/runners.hpp).
  // The text, or { error } when it would pass the bound of a model file (api/runners.hpp
  // model_file).
  val to_json(std::size_t i) const { return text_or_error(onepass::model_file(*runner_, i)); }
  std::string result_json(std::size_t i) const { return onepass::run_result_json(*runner_, i); }

 protected:
  // options.every and options.window (0 when not given): the curve's step and window.
  static std::uint64_t count_option(const val& options, const char* key) {
    return options[key].isNumber() ? static_cast<std::uint64_t>(options[key].as<double>()) : 0;
  }
  std::unique_ptr<RunnerType> runner_;
  ChunkBuffer chunk_;
};

// The CSV options of a run (JsCsvRunner) from JS: the caller's, and when it trains models further
// (options.models), what the first model's schema says (api/runners.hpp read_as_models). A
// parser worker (JsBlockParser) reads with the same options, so it reads the same rows.
inline std::string runner_csv_options(const val& options, onepass::CsvOptions& opt) {
  std::string err = csv_options(options, opt);
  return err.empty() ? onepass::read_as_models(strings_of(options["models"]), opt).message() : err;
}

class JsCsvRunner : public JsRunner<onepass::CsvRunner> {
 public:
  // options: { pipelines: string[] | models: string[] (model files to train further),
  //            label?, positive?, onError?: "stop"|"skip", every?, header?, delimiter? }
  std::string init(val options) {
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    if (!err.empty()) return err;
    const std::vector<std::string> models = strings_of(options["models"]);
    auto runner =
        onepass::start_csv_runner(opt, strings_of(options["pipelines"]), models,
                                  count_option(options, "every"), count_option(options, "window"));
    if (!runner) return runner.message();
    runner_ = runner.take();
    return shuffle_from(options).message();
  }

  // Parallel parsing (docs/design.md, "Every core"). Whether parser workers may read the next
  // blocks: 1 they may; 0 not yet (the roles' sample or the second label is still to come); -1
  // never (encoded columns take new levels, and a multiclass label new classes, in stream
  // order; the other tasks' rows are read by the stream's reader).
  int read_apart_state() const {
    const onepass::CsvReader& r = runner_->reader();
    if (r.can_read_apart()) return 1;
    return r.schema_ready() && (r.encoder().columns() > 0 || r.task() != onepass::Task::binary) ? -1
                                                                                                : 0;
  }
  // A buffer of `rows` rows (x: rows x dims doubles, y: labels) for JS to fill with a block a
  // worker read; learn_apart learns it with the worker's counts.
  val apart_buffer(std::size_t rows) {
    const std::size_t dims = runner_->reader().dims();
    apart_.dims = dims;
    apart_.x.resize(rows * dims);  // both first: growing the heap would detach a view made before
    apart_.y.resize(rows);
    val out = val::object();
    out.set("x", writable_view(apart_.x, rows * dims));
    out.set("y", writable_view(apart_.y, rows));
    return out;
  }
  val learn_apart(val counts) {
    onepass::ApartCounts c;
    c.bytes = static_cast<std::uint64_t>(counts["bytes"].as<double>());
    c.lines = static_cast<std::uint64_t>(counts["lines"].as<double>());
    c.rows = static_cast<std::uint64_t>(counts["rows"].as<double>());
    c.positives = static_cast<std::uint64_t>(counts["positives"].as<double>());
    c.missing = static_cast<std::uint64_t>(counts["missing"].as<double>());
    return status_value(runner_->learn_apart(apart_, c));
  }
  // Rows a parser in this thread read apart (JsBlockParser::learn_into).
  val learn_rows(onepass::RowBlock& rows, const onepass::ApartCounts& c) {
    return status_value(runner_->learn_apart(rows, c));
  }

  // A runner on two threads (onepass::CsvRunner::set_learning; docs/design.md, "Every core"): each
  // pipeline's group, which pipelines learn here, the run states that come back, and the
  // milliseconds spent parsing and in each pipeline, which the split is weighed by.
  val groups() const {
    val out = val::array();
    for (std::size_t g : runner_->groups()) out.call<void>("push", static_cast<double>(g));
    return out;
  }
  val set_learning(val mask) {
    std::vector<bool> learning;
    const auto n = mask["length"].as<std::size_t>();
    for (std::size_t i = 0; i < n; ++i) learning.push_back(mask[i].as<bool>());
    return status_value(runner_->set_learning(learning));
  }
  val run_state(std::size_t i) const { return typed_copy(runner_->run_state(i)); }
  val load_run_state(std::size_t i, val state) {
    return status_value(
        runner_->load_run_state(i, emscripten::convertJSArrayToNumberVector<double>(state)));
  }
  val costs() const {
    val out = val::object();
    out.set("parse", runner_->parse_ms());
    val pipelines = val::array();
    for (std::size_t i = 0; i < runner_->size(); ++i)
      pipelines.call<void>("push", runner_->pipeline_ms(i));
    out.set("pipelines", pipelines);
    return out;
  }

 private:
  onepass::RowBlock apart_;

  // options.shuffleBuffer rows, seeded by options.seed (default 1); refused past the core's bound.
  onepass::Status shuffle_from(const val& options) {
    if (!options["shuffleBuffer"].isNumber()) return onepass::Status::ok();
    const double seed = options["seed"].isNumber() ? options["seed"].as<double>()
                                                   : static_cast<double>(onepass::kDefaultSeed);
    return runner_->shuffle(static_cast<std::size_t>(options["shuffleBuffer"].as<double>()),
                            static_cast<std::uint64_t>(seed));
  }

 public:
  // What the reader has read (api/run_json.hpp reader_info_json), with what the run says of
  // the data once the stream is finished.
  val info() const {
    const onepass::CsvReader& r = runner_->reader();
    return parsed(onepass::reader_info_json(
        r, r.finished() ? runner_->warnings() : std::vector<std::string>()));
  }
};

// Sparse rows from svmlight / libsvm text through several pipelines (onepass::SvmlightRunner).
class JsSvmlightRunner : public JsRunner<onepass::SvmlightRunner> {
 public:
  // options: { pipelines: string[] | models: string[] (model files of svmlight rows to train
  //            further), dims (the models' by default), indexBase?: 0|1, positive?, task?,
  //            onError?: "stop"|"skip", every?, window? }
  std::string init(val options) {
    onepass::SvmlightOptions opt;
    if (std::string err = svmlight_options(options, opt); !err.empty()) return err;
    const std::vector<std::string> models = strings_of(options["models"]);
    auto runner = onepass::start_svmlight_runner(opt, strings_of(options["pipelines"]), models,
                                                 count_option(options, "every"),
                                                 count_option(options, "window"));
    if (!runner) return runner.message();
    runner_ = runner.take();
    return "";
  }

  val info() const { return parsed(onepass::reader_info_json(runner_->reader())); }
};

}  // namespace onepass_wasm
