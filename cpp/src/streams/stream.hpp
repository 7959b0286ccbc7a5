// A synthetic stream with concept drift (docs/algorithms.md 6.9): a generator made of code and a
// seed, so that a stream is the same bytes in every build and nothing is downloaded. Every
// generator draws from one SeededRandom (SplitMix64) in an order its section of
// docs/algorithms.md states, never from the standard library's distributions, whose results
// differ between standard libraries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace onepass {

// A column of a stream: a number, or a category whose value in a row is the index of its level.
struct StreamColumn {
  std::string name;
  std::vector<std::string> levels;  // empty: a number
  bool categorical() const { return !levels.empty(); }
};

// One row: its features (a category as its level's index, which the CSV writes as the level's
// text), its label (1 or 0, docs/algorithms.md 6.9) and the concept that labelled it (numbered
// from 1 as the papers number them), which the tests read to check the schedule.
struct StreamRow {
  std::vector<double> x;
  int label = 0;
  std::size_t concept_id = 1;
};

// Which concept labels each row (docs/algorithms.md 6.9): `first` from row 0, then the next one
// of `count` (after the last, the first again) at each change. The changes come every `every`
// rows (0: never) or at the rows listed, in increasing order (0-based: the first row of the new
// concept).
class ConceptSchedule {
 public:
  ConceptSchedule() = default;
  // Checked: 1 <= first <= count; rows increasing.
  static Result<ConceptSchedule> every_rows(std::size_t first, std::size_t count,
                                            std::uint64_t every);
  static Result<ConceptSchedule> at_rows(std::size_t first, std::size_t count,
                                         std::vector<std::uint64_t> rows);
  // The concept of 0-based row `row`, 1..count.
  std::size_t concept_at(std::uint64_t row) const;
  std::size_t count() const { return count_; }

 private:
  std::size_t first_ = 1;
  std::size_t count_ = 1;
  std::uint64_t every_ = 0;
  std::vector<std::uint64_t> rows_;
};

// A stream's generator. `next` gives rows in order; the same seed and parameters give the same
// rows.
class StreamGenerator {
 public:
  virtual ~StreamGenerator() = default;
  const std::vector<StreamColumn>& columns() const { return columns_; }
  // The next row; `row.x` is resized to the columns.
  void next(StreamRow& row) {
    row.x.resize(columns_.size());
    make(row);
    ++made_;
  }
  // The rows made so far (the 0-based index of the next one).
  std::uint64_t made() const { return made_; }

 protected:
  explicit StreamGenerator(std::vector<StreamColumn> columns) : columns_(std::move(columns)) {}
  virtual void make(StreamRow& row) = 0;

 private:
  std::vector<StreamColumn> columns_;
  std::uint64_t made_ = 0;
};

// The schedule that a stream's parameters `concept` (k, the first) and `every` (rows per
// concept) give over `rows` rows of `count` concepts. every = 0 gives equal_blocks if `blocks`,
// else no change (docs/algorithms.md 6.9).
Result<ConceptSchedule> schedule_from(std::size_t k, std::size_t every, std::uint64_t rows,
                                      std::size_t count, bool blocks);

// The rows per concept when the user gives none: each of `count` concepts once, in blocks of
// ceil(rows / count) rows (the last block may be shorter), so a stream never returns to its
// first concept (docs/algorithms.md 6.9).
std::uint64_t equal_blocks(std::uint64_t rows, std::size_t count);

}  // namespace onepass
