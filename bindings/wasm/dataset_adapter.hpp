// JsDataset: a data set read into memory for the evaluation protocols (holdout, pair, k-fold
// CV, learning curves, grids), for the JS Dataset class.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"

namespace onepass_wasm {

using emscripten::val;

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
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  std::string push(std::size_t n) {
    const char* data = chunk_.data();
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
    const double fraction = number(options, "testFraction", onepass::kDefaultTestFraction);
    if (!(fraction > 0 && fraction < 1)) return error_value("the test fraction must be in (0, 1)");
    return evaluate_on(rows_, spec, onepass::holdout_split(rows_.y, fraction, opt), opt, options);
  }

  // This data set for training, `test` for testing (a given train/test pair: the protocol is
  // the core's train_test_pair; here only whether the test file was read like this one).
  val with_test(const std::string& spec, const JsDataset& test, val options) const {
    const onepass::EvalOptions opt = eval_options(options);
    if (rows_.encoded() && !rows_.sparse && test.rows_.size() > 0 &&
        test.reader_->encoder().width() != reader_->encoder().width())
      return error_value(
          "the test file was not read like the training file: load it with "
          "the option like: the training data set");
    auto pair = onepass::train_test_pair(rows_, test.rows_, opt);
    if (!pair) return error_value(pair.message());
    return evaluate_on(pair.value().first, spec, pair.value().second, opt, options);
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
    onepass::EvalOptions opt;  // its defaults are the core's
    opt.scale_encoded = scale_encoded_;
    opt.seed = static_cast<std::uint64_t>(number(o, "seed", static_cast<double>(opt.seed)));
    opt.shuffle = o["shuffle"].isTrue();
    opt.stratified = !o["stratified"].isFalse();
    opt.k = static_cast<std::size_t>(number(o, "k", static_cast<double>(opt.k)));
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
                                  number(options, "validation", onepass::kDefaultValidationFraction),
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
  ChunkBuffer chunk_;
};

}  // namespace onepass_wasm
