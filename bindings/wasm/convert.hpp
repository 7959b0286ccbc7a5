// Converters between the core's types and JS values (embind), and the typed-array views
// through which bulk data crosses: what every adapter shares.
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "onepass/api/csv_options.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/models.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/api/runners.hpp"

namespace onepass_wasm {

using emscripten::val;

// A JS-owned copy (Float64Array, Int8Array, ...) of the values, safe after memory grows.
template <class T>
inline val typed_copy(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

// A view of n elements of a buffer owned here (a std::vector or RowValues), for JS to fill;
// valid until the next call that may allocate.
template <class Buffer>
inline val writable_view(Buffer& buffer, std::size_t n) {
  buffer.resize(n);
  return val(emscripten::typed_memory_view(n, buffer.data()));
}

// The bytes of a chunk, written by JS into wasm memory through view(n) and then read by the call
// that consumes them (data()): one copy, and no allocation per chunk. Every consumer of bytes
// (runners, data sets, scorers, parser workers) holds one. It only grows: resized to each
// chunk's size, chunks of varying size (a stream's, a block and its tail) made the vector fill
// with zeros what it regrew, a loop in wasm that cost 0.6 ms a megabyte, 15 times the copy
// (docs/design.md, "Copies and garbage").
class ChunkBuffer {
 public:
  val view(std::size_t n) {
    if (bytes_.size() < n) bytes_.resize(n);
    return val(emscripten::typed_memory_view(n, bytes_.data()));
  }
  const char* data() const { return reinterpret_cast<const char*>(bytes_.data()); }

 private:
  std::vector<std::uint8_t> bytes_;
};

inline val snapshot_value(const onepass::Snapshot& s) {
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

inline val pipeline_snapshot(const onepass::Pipeline& p) {
  val scalers = val::array();
  for (std::size_t i = 0; i < p.scaler_count(); ++i)
    scalers.call<void>("push", snapshot_value(p.scaler(i).snapshot()));
  val out = val::object();
  out.set("scalers", scalers);
  out.set("learner",
          snapshot_value(p.learns_task() ? p.task_learner().snapshot() : p.learner().snapshot()));
  return out;
}

inline val strings_value(const std::vector<std::string>& items) {
  val out = val::array();
  for (const auto& s : items) out.call<void>("push", s);
  return out;
}

// A JSON text of api/ as the JS value it describes.
inline val parsed(const std::string& json) {
  return val::global("JSON").call<val>("parse", json);
}

// A pipeline's progressive figures (api/run_json.hpp stats_json).
inline val pipeline_stats(const onepass::Pipeline& p) {
  return parsed(onepass::stats_json(p));
}

// Curve points from index `from` on, as [rows, mistakes, rows, mistakes, ...] (a regression
// pipeline's second number: its cumulative absolute error).
inline val pipeline_curve(const onepass::Pipeline& p, double after_rows) {
  std::vector<double> flat;
  const auto add = [&](const auto& c, auto value) {
    // The points past a row count (docs/algorithms.md 6.1: thinning drops old points only, so
    // the last row a reader has seen still marks where its new points start).
    std::size_t i = c.size();
    while (i > 0 && static_cast<double>(c[i - 1].rows) > after_rows) --i;
    for (; i < c.size(); ++i) {
      flat.push_back(static_cast<double>(c[i].rows));
      flat.push_back(static_cast<double>(value(c[i])));
    }
  };
  if (p.learns_task())
    add(p.task_progress().curve(), [](const onepass::TaskCurvePoint& t) { return t.value; });
  else
    add(p.progress().curve(), [](const onepass::CurvePoint& t) { return t.mistakes; });
  return typed_copy(flat);
}

// With a window: every curve point's windowed error (docs/algorithms.md 6.1) as [rows, error,
// rows, error, ...] (NaN at a point a model saved before points kept it); without one, null.
inline val pipeline_window_curve(const onepass::Pipeline& p) {
  std::vector<double> flat;
  const auto add = [&](const auto& c) {
    for (const auto& point : c) {
      flat.push_back(static_cast<double>(point.rows));
      flat.push_back(point.window_error);
    }
  };
  if (p.learns_task()) {
    if (!p.task_progress().window()) return val::null();
    add(p.task_progress().curve());
  } else {
    if (!p.progress().window()) return val::null();
    add(p.progress().curve());
  }
  return typed_copy(flat);
}

inline std::vector<std::string> strings_of(const val& list) {
  std::vector<std::string> out;
  if (!list.isUndefined() && !list.isNull()) {
    const int n = list["length"].as<int>();
    for (int i = 0; i < n; ++i) out.push_back(list[i].as<std::string>());
  }
  return out;
}

// options.onError: "skip" counts bad rows and goes on; otherwise the first one stops.
inline onepass::ErrorPolicy error_policy(const val& options) {
  return options["onError"].isString() && options["onError"].as<std::string>() == "skip"
             ? onepass::ErrorPolicy::skip
             : onepass::ErrorPolicy::stop;
}

// CSV options from JS, by the names of api/csv_options.hpp (one definition for every front
// end): strings as they are, numbers and booleans as text, lists joined with ','. "" or the error.
inline std::string csv_options(const val& options, onepass::CsvOptions& opt) {
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
    } else if (v.typeOf().as<std::string>() == "object") {
      // { yes: 5, no: 1 } (classWeight): name=value pairs, in the object's order.
      const val entries = val::global("Object").call<val>("entries", v);
      const int n = entries["length"].as<int>();
      for (int i = 0; i < n; ++i)
        text += (i ? "," : "") + entries[i][0].as<std::string>() + "=" +
                val::global("String")(entries[i][1]).as<std::string>();
    } else {
      return std::string("option ") + info.name +
             " must be a string, number, boolean, list or object";
    }
    onepass::Status st = onepass::set_csv_option(opt, info.name, text);
    if (!st) return st.message();
  }
  return onepass::check_csv_options(opt).message();
}

// svmlight options from JS: { dims, indexBase?: 0|1, positive?, task?, onError? } (the checks
// are the reader's: SvmlightReader::check). Returns what is wrong with a task, or "".
inline std::string svmlight_options(const val& options, onepass::SvmlightOptions& opt) {
  if (options["dims"].isNumber()) opt.dims = static_cast<std::size_t>(options["dims"].as<double>());
  if (options["indexBase"].isNumber())
    opt.index_base = static_cast<int>(options["indexBase"].as<double>());
  if (options["positive"].isString()) opt.positive = options["positive"].as<std::string>();
  opt.on_error = error_policy(options);
  if (options["task"].isUndefined()) return "";
  const std::string task = options["task"].isString() ? options["task"].as<std::string>() : "";
  if (onepass::parse_task(task, opt.task)) return "";
  return std::string("option task must be ") + onepass::kTaskNames + ", got '" + task + "'";
}

// options.format === "svmlight": the rows are svmlight text, not a CSV.
inline bool svmlight_format(const val& options) {
  return options["format"].isString() && options["format"].as<std::string>() == "svmlight";
}

inline val schema_value(const onepass::ModelSchema& s) {
  val features = val::array();
  for (const auto& f : s.features) features.call<void>("push", f);
  val out = val::object();
  out.set("features", features);
  out.set("label", s.label);
  out.set("positive", s.positive);
  out.set("negative", s.negative);
  out.set("input", std::string(s.svmlight ? "svmlight" : "csv"));
  if (s.svmlight) out.set("indexBase", s.index_base);
  out.set("task", std::string(onepass::task_name(s.task)));
  out.set("classes", strings_value(s.classes));
  return out;
}

// What a push or finish returns to JS: "" when it went well, the message, or for a row at
// fault { message, line, column } (core/status.hpp Status::at), which the JS layer throws as
// an Error with those fields.
inline val status_value(const onepass::Status& st) {
  if (st) return val(std::string());
  if (st.line() == 0) return val(st.message());
  val out = val::object();
  out.set("message", st.message());
  out.set("line", static_cast<double>(st.line()));
  out.set("column", static_cast<double>(st.column()));
  return out;
}

inline val error_value(const std::string& message) {
  val out = val::object();
  out.set("error", message);
  return out;
}

// A text, or { error } in its place.
inline val text_or_error(const onepass::Result<std::string>& text) {
  return text ? val(text.value()) : error_value(text.message());
}

}  // namespace onepass_wasm
