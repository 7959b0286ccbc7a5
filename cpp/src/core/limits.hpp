// The bounds of what one run may ask of the core, defined once. The core enforces each with an
// error naming it, whatever the front end; the CLIs' flags take their ranges from here, and the
// JS layer reads them from the module (onepass/api/limits.hpp, op.limits()).
#pragma once

#include <cstddef>
#include <cstdint>

namespace onepass {

// The widest input a pipeline takes: its stages keep a few doubles per feature, so a larger
// width (a damaged model's "dims": 1e12, an svmlight --dims of 2^31) is refused before anything
// is allocated.
inline constexpr std::size_t kMaxDims = std::size_t{1} << 24;
// A record's default bound, in bytes (a CSV record, an svmlight line): a stray quote, or a
// stream with no line break, is refused at it instead of filling memory. A CSV's is an option
// (maxRecordBytes); an svmlight line's is this.
inline constexpr std::size_t kDefaultMaxRecordBytes = std::size_t{1} << 20;
// The largest record bound a run may set (CsvOptions::max_record_bytes, maxRecordBytes), and the
// most columns (max_fields, maxFields): neither is allocated up front, but a record is held
// whole while it is read, so its bound is a bound on the reader's memory.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 30;
inline constexpr std::size_t kMaxFields = 10000000;
// The feature encoder's options (io/feature_encoder.hpp): named levels per categorical column,
// hashed buckets past them, and the bits of a text column's 2^bits hashed buckets.
inline constexpr std::size_t kMaxLevels = 1000000;
inline constexpr std::size_t kMaxLevelBuckets = std::size_t{1} << 20;
inline constexpr int kMaxTextBits = 24;
// The points a progressive curve keeps: past it, every other point is dropped and the stride
// doubles (eval/curve_bound.hpp), so `--every 1` over a long stream stays small.
inline constexpr std::size_t kMaxCurvePoints = 10000;
// The rolling window of progressive figures, in rows: the window keeps two numbers a row.
inline constexpr std::uint64_t kMaxWindow = 10000000;
// The shuffle buffer of a run over a stream, in rows: it holds the rows themselves.
inline constexpr std::size_t kMaxShuffleRows = 10000000;
// The classes of a multiclass label (docs/algorithms.md 1.8): a multiclass learner keeps a row
// of weights per class, so a label column of free text (an id, a name per row) is refused
// before its model outgrows memory.
inline constexpr std::size_t kMaxClasses = 1000;
// A multiclass model's weights, classes x features (2^25 doubles: 256 MB, twice that under
// +avg): a label of many classes over hashed words (2^18 features a text column) would
// otherwise outgrow a browser's memory. A class that would pass it is refused.
inline constexpr std::size_t kMaxTaskWeights = std::size_t{1} << 25;
// The widest input whose covariance arow_full keeps whole (docs/algorithms.md 4.31): the matrix
// holds (512 + 1)^2 numbers, 2 MB, and a step costs that many; a wider input goes on diagonal.
inline constexpr std::size_t kMaxFullCovarianceDims = 512;
// The largest class weight, given or balanced (docs/algorithms.md 4.28), and 1 / it the
// smallest: a row weighted more would take steps no learning rate is set for.
inline constexpr double kMaxClassWeight = 100;
// The drift rows a +drift pipeline keeps to report (docs/algorithms.md 6.10); every drift is
// counted, but a detector that fires on every few rows (EDDM on a noisy stream) must not grow
// a model file without bound.
inline constexpr std::size_t kMaxDriftEvents = 1000;

// The text of a model file, in bytes: the widest pipeline's kMaxDims (2^24) inputs, one number
// each, at the 32 bytes a number takes as the writer writes it (a shortest round-trip double is
// at most 24 characters; a comma, a line break and the indent of its depth make the rest):
// 2^29 bytes, 512 MiB. A model that keeps several numbers an input (a scaler's statistics, a
// learner's state) is bounded to fewer inputs by it: four numbers an input, 2^22 inputs. Parsing
// takes several times the text in memory, so a larger file is refused before it is read; it is
// also about V8's longest string (2^29 - 24 characters), so no JS front end could pass one.
inline constexpr std::size_t kMaxModelBytes = std::size_t{1} << 29;

// What a run's pipelines may hold, in bytes, natively (pipeline/run_memory.hpp): their stages'
// state at the run's width, estimated before any of it is allocated. The wasm build's bound is
// the module's memory maximum instead (Emscripten's 2 GiB), read from the module itself; 16 GiB
// natively keeps a CLI run on an ordinary machine from paging to a halt.
inline constexpr std::uint64_t kMaxRunBytes = std::uint64_t{1} << 34;
// What the native program keeps for itself beside its pipelines when the process has a memory
// limit (an address-space limit, ulimit -v, or its cgroup's): the bound is that limit less
// this, if smaller than kMaxRunBytes (pipeline/memory_bound.hpp). It covers the code and its
// libraries mapped, the threads' stacks and malloc's arenas (address space reserved 64 MiB at a
// time), and a record held while it is read at its default bound.
inline constexpr std::uint64_t kProgramMemoryBytes = std::uint64_t{1} << 29;

// The rows of a generated stream (docs/algorithms.md 6.9): a billion rows of SEA are about 60 GB
// of CSV, past what any run needs, and the bound keeps every row index and schedule within
// 2^53, where doubles still count exactly.
inline constexpr std::uint64_t kMaxStreamRows = 1000000000;

}  // namespace onepass
