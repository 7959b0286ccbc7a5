// JsStreamCsv: a stream made by code (docs/algorithms.md 6.9) as CSV text a piece at a time
// (api/streams.hpp StreamCsv), for the JS StreamCsv class and through it generateCsv() and
// `onepass generate`.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include <cmath>
#include <memory>
#include <string>

#include "convert.hpp"
#include "onepass/api/streams.hpp"

namespace onepass_wasm {

using emscripten::val;

class JsStreamCsv {
 public:
  // The stream's name, its parameters as "name=value" words, the rows and the seed (undefined:
  // the core's default): "" or the error. The JS layer checks that rows and seed are whole
  // numbers; a value that is not one reads here as 0 rows, which the core refuses with its
  // message.
  std::string init(const std::string& name, val params, double rows, val seed) {
    auto words = onepass::stream_params(strings_of(params));
    if (!words) return words.message();
    onepass::StreamRequest request;
    request.name = name;
    request.params = words.take();
    request.rows = count_of(rows);
    if (seed.isNumber()) request.seed = count_of(seed.as<double>());
    auto made = onepass::StreamCsv::open(request);
    if (!made) return made.message();
    csv_ = made.take();
    return "";
  }
  // The next piece of text, about a megabyte of whole lines (the header first); "" at the end.
  std::string next() { return csv_->next(); }
  bool done() const { return csv_->done(); }
  double rows() const { return static_cast<double>(csv_->rows()); }

 private:
  // A whole number held by a double (below 2^64), else 0: never a conversion out of range.
  static std::uint64_t count_of(double v) {
    return v >= 0 && v < 18446744073709551616.0 && v == std::floor(v)
               ? static_cast<std::uint64_t>(v)
               : 0;
  }
  std::unique_ptr<onepass::StreamCsv> csv_;
};

}  // namespace onepass_wasm
