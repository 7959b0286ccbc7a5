// JsDataset: a data set read into memory for the evaluation protocols (api/dataset.hpp), for
// the JS Dataset class. Results cross as the API's JSON, parsed here.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/defaults.hpp"

namespace onepass_wasm {

using emscripten::val;

// The evaluation options from JS: { seed, shuffle, stratified, k (P@k), testFraction, grid,
// select, validation, optimistic, tuneThreshold }; what is not given keeps the API's default.
inline onepass::EvaluationOptions evaluation_options(const val& o) {
  onepass::EvaluationOptions opt;
  auto number = [&](const char* key, double def) {
    return o[key].isNumber() ? o[key].as<double>() : def;
  };
  opt.eval.seed = static_cast<std::uint64_t>(number("seed", static_cast<double>(opt.eval.seed)));
  opt.eval.shuffle = o["shuffle"].isTrue();
  opt.eval.stratified = !o["stratified"].isFalse();
  opt.eval.k = static_cast<std::size_t>(number("k", static_cast<double>(opt.eval.k)));
  opt.test_fraction = number("testFraction", opt.test_fraction);
  if (o["grid"].isString()) opt.grid = o["grid"].as<std::string>();
  if (o["select"].isString()) opt.select = o["select"].as<std::string>();
  opt.validation = number("validation", opt.validation);
  opt.optimistic = o["optimistic"].isTrue();
  if (o["tuneThreshold"].isString()) opt.tune_threshold = o["tuneThreshold"].as<std::string>();
  return opt;
}

// { kind: "holdout" | "cross-validation" | "test-file", folds?, curve?: number[], test? }
inline onepass::EvaluationProtocol evaluation_protocol(const val& p) {
  using Kind = onepass::EvaluationProtocol::Kind;
  onepass::EvaluationProtocol out;
  const std::string kind = p["kind"].isString() ? p["kind"].as<std::string>() : "holdout";
  out.kind = kind == "cross-validation" ? Kind::cross_validation
             : kind == "test-file"      ? Kind::test_file
                                        : Kind::holdout;
  if (p["folds"].isNumber()) out.folds = static_cast<std::size_t>(p["folds"].as<double>());
  if (p["test"].isString()) out.test_name = p["test"].as<std::string>();
  if (!p["curve"].isUndefined())
    for (int i = 0, n = p["curve"]["length"].as<int>(); i < n; ++i)
      out.curve.push_back(p["curve"][i].as<double>());
  return out;
}

// A result as the JS value its JSON describes, or { error }.
template <class T>
val json_value(const onepass::Result<T>& r) {
  if (!r) return error_value(r.message());
  return parsed(onepass::to_json(r.value()));
}

class JsDataset {
 public:
  std::string init(val options) {
    if (svmlight_format(options)) {
      onepass::SvmlightOptions opt;
      const std::string err = svmlight_options(options, opt);
      return err.empty() ? keep(onepass::Dataset::svmlight(opt)) : err;
    }
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    return err.empty() ? keep(onepass::Dataset::csv(opt)) : err;
  }
  // A test file read as `train` was read: its features, encoder (frozen) and labels.
  std::string init_like(val options, const JsDataset& train) {
    if (train.data_->is_svmlight()) {
      onepass::SvmlightOptions opt;
      const std::string err = svmlight_options(options, opt);
      return err.empty() ? keep(onepass::Dataset::svmlight_like(*train.data_, opt)) : err;
    }
    if (svmlight_format(options)) return "the training data set is a CSV, not svmlight rows";
    onepass::CsvOptions opt;
    std::string err = csv_options(options, opt);
    return err.empty() ? keep(onepass::Dataset::csv_like(*train.data_, opt)) : err;
  }
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  val push(std::size_t n) { return status_value(data_->push(chunk_.data(), n)); }
  val finish() { return status_value(data_->finish()); }
  std::size_t size() const { return data_->size(); }
  val features() const { return strings_value(data_->features()); }
  val notices() const { return strings_value(data_->notices()); }
  val warnings(bool shuffled) const { return strings_value(data_->warnings(shuffled)); }
  double width() const { return static_cast<double>(data_->width()); }
  std::string task() const { return onepass::task_name(data_->task()); }
  val classes() const { return strings_value(data_->classes()); }
  std::string default_pipeline() const { return onepass::default_pipeline(data_->task()); }

  val holdout(const std::string& spec, val options) const {
    return json_value(data_->holdout(spec, evaluation_options(options)));
  }
  val with_test(const std::string& spec, const JsDataset& test, val options) const {
    return json_value(data_->with_test(spec, *test.data_, evaluation_options(options)));
  }
  val cross_validate(const std::string& spec, double folds, val options) const {
    return json_value(
        data_->cross_validate(spec, static_cast<std::size_t>(folds), evaluation_options(options)));
  }
  val learning_curve(const std::string& spec, double folds, val fractions, val options) const {
    std::vector<double> fs;
    for (int i = 0, n = fractions["length"].as<int>(); i < n; ++i)
      fs.push_back(fractions[i].as<double>());
    return json_value(data_->learning_curve(spec, static_cast<std::size_t>(folds), fs,
                                            evaluation_options(options)));
  }
  // One line of `onepass evaluate --json` (api/dataset.hpp evaluation_line_json), or { error }.
  val evaluation_line(const std::string& spec, val protocol, val options, val test) const {
    const JsDataset* t = test.isUndefined() || test.isNull()
                             ? nullptr
                             : test.as<const JsDataset*>(emscripten::allow_raw_pointers());
    auto line =
        onepass::evaluation_line_json(*data_, t ? t->data_.get() : nullptr, spec,
                                      evaluation_protocol(protocol), evaluation_options(options));
    if (!line) return error_value(line.message());
    val out = val::object();
    out.set("line", line.value());
    return out;
  }

 private:
  std::string keep(onepass::Result<std::unique_ptr<onepass::Dataset>> made) {
    if (!made) return made.message();
    data_ = made.take();
    return "";
  }

  std::unique_ptr<onepass::Dataset> data_;
  ChunkBuffer chunk_;
};

}  // namespace onepass_wasm
