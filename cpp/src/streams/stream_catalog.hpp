// The catalog of synthetic streams (docs/algorithms.md 6.9): their names, a sentence for users,
// their parameters (name, default, range, help) as stages declare theirs (core/params.hpp), the
// generator built from parameters given as text ("noise=0.1"), and the stream written as CSV. A
// CLI's `generate sea --rows N --seed S noise=0.1` and the JS API reach the streams through here.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/params.hpp"
#include "core/status.hpp"
#include "streams/stream.hpp"

namespace onepass {

struct StreamInfo {
  std::string name;
  std::string summary;  // one sentence for users
  std::string section;  // of docs/algorithms.md, e.g. "6.9.1"
  std::vector<ParamSpec> params;
};

// Parameters as text, (name, value), in the order given.
using StreamParams = std::vector<std::pair<std::string, std::string>>;

// sea, hyperplane, agrawal, stagger, concept_drift.
std::vector<std::string> stream_names();
const std::vector<StreamInfo>& stream_catalog();
// The stream's entry; an unknown name's error lists the known ones.
Result<const StreamInfo*> find_stream(const std::string& name);

// rows in [1, kMaxStreamRows] (core/limits.hpp), with an error naming the bound.
Status check_stream_rows(std::uint64_t rows);

// The generator of `rows` rows of the named stream (the rows set the default schedules,
// docs/algorithms.md 6.9), its parameters checked against the stream's declarations: an error
// names the parameter and its range.
Result<std::unique_ptr<StreamGenerator>> make_stream(const std::string& name,
                                                     const StreamParams& params, std::uint64_t rows,
                                                     std::uint64_t seed);

// The stream as CSV: a header (the columns' names, then `label`), then a line per row: numbers
// as the shortest text that reads back as the same double (core/number_text.hpp), a category as
// its level's text, the label 1 or 0; lines end in "\n".
Status write_stream_csv(const std::string& name, const StreamParams& params, std::uint64_t rows,
                        std::uint64_t seed, std::ostream& out);
// The next `rows` rows of a generator already built.
Status write_stream_csv(StreamGenerator& stream, std::uint64_t rows, std::ostream& out);

// The two parts of that CSV, for a writer that gives it a piece at a time (api/streams.hpp
// StreamCsv): the header line, and the stream's next row appended to `out` as its line (`row` is
// scratch space, reused from row to row). write_stream_csv is made of them, so the pieces are
// its bytes.
std::string stream_csv_header(const StreamGenerator& stream);
void append_stream_csv_row(StreamGenerator& stream, StreamRow& row, std::string& out);

}  // namespace onepass
