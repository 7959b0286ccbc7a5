// Helpers shared by the C++ tests.
#pragma once

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "learners/learner.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/scorer.hpp"
#include "pipeline/registry.hpp"

namespace onepass::testing {

// CSV options set by name, as a front end sets them (api/csv_options.hpp).
inline CsvOptions with(std::initializer_list<std::pair<const char*, const char*>> options) {
  CsvOptions o;
  for (const auto& [k, v] : options) EXPECT_TRUE(set_csv_option(o, k, v)) << k;
  return o;
}

// The text of a file of data/ (the bundled datasets).
inline std::string read_data_file(const std::string& name) {
  std::ifstream in(std::string(ONEPASS_DATA_DIR) + "/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Feeds `text` to a streaming reader (CSV, svmlight) in chunks of `chunk` bytes (0: one
// chunk), then finishes it: the first error, or ok.
template <class Reader, class Block>
Status feed_in_chunks(Reader& reader, const std::string& text, std::size_t chunk, Block& out) {
  const std::size_t step = chunk ? chunk : std::max<std::size_t>(text.size(), 1);
  Status st = Status::ok();
  for (std::size_t i = 0; i < text.size() && st; i += step)
    st = reader.feed(text.data() + i, std::min(step, text.size() - i), out);
  return st ? reader.finish(out) : st;
}

// A learner of yes/no labels (the multiclass and regression ones have their own tests).
inline bool binary_learner(const RegistryEntry& e) {
  return e.kind == StageKind::learner && e.task == Task::binary;
}

// spec 9: compare with a tolerance of 1e-8.
constexpr double kGoldenTolerance = 1e-8;

// A learner built from the registry with the given parameters, reset to width d.
inline std::unique_ptr<Learner> make_learner(
    const std::string& name, std::size_t d,
    const std::vector<std::pair<std::string, std::string>>& params = {}) {
  const RegistryEntry* e = find_entry(name);
  EXPECT_NE(e, nullptr) << name;
  auto values = resolve_params(name, e->params, params);
  EXPECT_TRUE(values) << values.message();
  auto learner = e->make_learner(values.value());
  learner->reset(d);
  return learner;
}

// Whether the entry declares a parameter of that name: a trait tests select stages by (every
// warm-up scaler has "warmup", docs/algorithms.md 5.3-5.5) instead of a list of names.
inline bool has_param(const RegistryEntry& e, const std::string& name) {
  return std::any_of(e.params.begin(), e.params.end(),
                     [&](const ParamSpec& p) { return p.name == name; });
}

// The papers' rules have no bias (D-BIAS, on by default): golden vectors computed by hand
// without one name it; and the two rows those vectors are computed on.
inline const std::pair<std::string, std::string> kNoBias{"bias", "false"};
inline constexpr double kX1[] = {1, 2};
inline constexpr double kX2[] = {4, 0};

inline void expect_near_all(const std::vector<double>& got, const std::vector<double>& want,
                            double tol = kGoldenTolerance) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "index " << i;
}

// What a reader gave on `text` fed in chunks of `chunk` bytes: its error (empty if none), the
// rows, and the delimiter it used.
struct ChunkedRead {
  std::string error;
  std::size_t rows = 0, skipped = 0;
  char delimiter = 0;
};

inline ChunkedRead read_in_chunks(const std::string& text, const CsvOptions& options,
                                  std::size_t chunk) {
  CsvReader r(options);
  RowBlock rows;
  const Status st = feed_in_chunks(r, text, chunk, rows);
  return {st ? "" : st.message(), rows.size(), r.skipped(), r.delimiter()};
}

// Every chunking reads `text` as one read of the whole does; returns that read.
inline ChunkedRead read_alike_in_every_chunking(const std::string& text,
                                                const CsvOptions& options) {
  const ChunkedRead whole = read_in_chunks(text, options, text.size());
  for (std::size_t chunk = 1; chunk < text.size(); ++chunk) {
    const ChunkedRead part = read_in_chunks(text, options, chunk);
    EXPECT_EQ(part.error, whole.error) << "chunks of " << chunk;
    EXPECT_EQ(part.rows, whole.rows) << "chunks of " << chunk;
    EXPECT_EQ(part.delimiter, whole.delimiter) << "chunks of " << chunk;
  }
  return whole;
}

// The rows a scorer gives for the whole of `csv` (pushed, then finished).
inline ScoredRows scored(Scorer& s, const std::string& csv) {
  EXPECT_TRUE(s.push(csv.data(), csv.size()));
  const Status done = s.finish();
  EXPECT_TRUE(done) << done.message();
  return s.take();
}

}  // namespace onepass::testing
