// The synthetic streams with concept drift (docs/algorithms.md 6.9), defined once for every front
// end: `onepass generate` and `onepass-native generate` write their CSV, and the wasm module hands
// the catalog and the CSV to the JS API (streams(), generateCsv(), streamCsv()) and through it to
// the demo's generated samples. The streams, their parameters and the CSV's form are the core's
// (streams/stream_catalog.hpp); this is how a front end asks for them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "onepass/api/limits.hpp"  // kMaxStreamRows
#include "streams/stream_catalog.hpp"

namespace onepass {

// The seed of a stream when none is given (the CLIs without --seed, the JS API without seed).
inline constexpr std::uint64_t kDefaultStreamSeed = 1;

// The catalog as JSON: [{ name, summary, section (of docs/algorithms.md, "6.9.1"), params }],
// each parameter as the registry gives a stage's (api/registry_json.hpp): { name, kind,
// default, range, min, max, minExclusive, maxExclusive, choices, help }.
std::string streams_json();

// The catalog as both CLIs' `generate --list` prints it: each stream's name, summary and section,
// then its parameters with their defaults, ranges and help.
std::string streams_text();

// Parameters written "name=value", as a CLI's --param gives them, in order: the name is what
// comes before the first '='. A word without '=' or without a name is an error quoting it.
Result<StreamParams> stream_params(const std::vector<std::string>& words);

// A stream asked for: its name, parameters, rows and seed.
struct StreamRequest {
  std::string name;
  StreamParams params;
  std::uint64_t rows = 0;
  std::uint64_t seed = kDefaultStreamSeed;
};

// Whether the request can be written, before anything is: an unknown stream (the error lists the
// known ones), rows outside [1, kMaxStreamRows], a parameter unknown, given twice or out of its
// range (the error names it and its range).
Status check_stream(const StreamRequest& request);

// The stream as CSV into `out` (streams/stream_catalog.hpp write_stream_csv): a header, then a
// line per row. The native CLI writes a file or its standard output with it.
Status write_stream(const StreamRequest& request, std::ostream& out);

// The same CSV a piece at a time, for a caller that cannot hold it whole (the wasm module: a
// billion rows are tens of gigabytes, and a JS string is at most about 512 MB). The pieces,
// joined, are write_stream's bytes.
class StreamCsv {
 public:
  // About this many bytes a piece: whole lines, at least one.
  static constexpr std::size_t kPieceBytes = std::size_t{1} << 20;

  static Result<std::unique_ptr<StreamCsv>> open(const StreamRequest& request);

  // The next piece: the header and the first rows, then the next rows; "" once every row is
  // given.
  std::string next();
  bool done() const { return started_ && stream_->made() >= rows_; }
  // The rows given so far.
  std::uint64_t rows() const { return stream_->made(); }

 private:
  StreamCsv(std::unique_ptr<StreamGenerator> stream, std::uint64_t rows)
      : stream_(std::move(stream)), rows_(rows) {}
  std::unique_ptr<StreamGenerator> stream_;
  std::uint64_t rows_;
  bool started_ = false;
  StreamRow row_;
};

}  // namespace onepass
