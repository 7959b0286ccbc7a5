// A parser worker's reader (docs/design.md, "Every core"): it reads the head of the stream that
// the run's own reader read, so that it holds the same schema, then reads later blocks of whole
// records apart (CsvReader::read_apart) into rows that the run learns (JsCsvRunner::learn_apart).
// Included by bindings/embind.cpp only (the registration table).
#pragma once

#include "convert.hpp"
#include "runner_adapters.hpp"

namespace onepass_wasm {

class JsBlockParser {
 public:
  // options: the run's (csvRunner's) options. A bad row is skipped here whatever the run's
  // policy, so that this reader stays usable: the run's own reader reads that block again and
  // names the row.
  std::string init(val options) {
    onepass::CsvOptions opt;
    std::string err = runner_csv_options(options, opt);
    if (!err.empty()) return err;
    opt.on_error = onepass::ErrorPolicy::skip;
    reader_ = std::make_unique<onepass::CsvReader>(opt);
    return "";
  }
  val chunk_buffer(std::size_t n) { return chunk_.view(n); }
  // The head of the stream, as the run's reader read it: its rows were learned there.
  std::string head(std::size_t n) {
    const onepass::Status st = reader_->feed(chunk_.data(), n, rows_);
    rows_.clear();
    return st.message();
  }
  // Reads the first n bytes of the chunk buffer apart: { rows, bytes, lines, positives, missing,
  // x: Float64Array, y: Int8Array } with x and y views of this reader's rows, valid until its
  // next call (the caller copies them into buffers it recycles), or null when the run's reader
  // must read the bytes.
  val read(std::size_t n) {
    onepass::ApartCounts& c = counts_;
    if (!reader_->read_apart(chunk_.data(), n, rows_, c)) return val::null();
    val out = val::object();
    out.set("rows", static_cast<double>(c.rows));
    out.set("bytes", static_cast<double>(c.bytes));
    out.set("lines", static_cast<double>(c.lines));
    out.set("positives", static_cast<double>(c.positives));
    out.set("missing", static_cast<double>(c.missing));
    out.set("x", val(emscripten::typed_memory_view(rows_.x.size(), rows_.x.data())));
    out.set("y", val(emscripten::typed_memory_view(rows_.y.size(), rows_.y.data())));
    return out;
  }
  // The rows read() read, learned by a runner of this thread (a runner on two threads: this
  // worker learns some of the pipelines too); afterwards they are gone.
  val learn_into(JsCsvRunner& runner) { return runner.learn_rows(rows_, counts_); }

 private:
  onepass::ApartCounts counts_;
  std::unique_ptr<onepass::CsvReader> reader_;
  ChunkBuffer chunk_;
  onepass::RowBlock rows_;
};

}  // namespace onepass_wasm
