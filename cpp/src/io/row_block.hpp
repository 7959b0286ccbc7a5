// A block of parsed rows, what every reader (CSV, svmlight) hands a pipeline or a runner.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/sparse_row.hpp"
#include "io/row_values.hpp"

namespace onepass {

// Rows parsed from one or more chunks, row-major: the numeric features (dims per row) and,
// when the file has encoded columns, each row's encoded features (indices from dims on).
struct RowBlock {
  std::size_t dims = 0;
  std::size_t width = 0;  // every feature index of these rows is below width (>= dims)
  RowValues x;
  std::vector<std::int8_t> y;
  // A multiclass or regression stream's labels (docs/algorithms.md 1.8): each row's class index
  // or target (y is 0 then); empty for a binary one.
  std::vector<double> target;
  std::vector<std::uint64_t> line;
  // Row i's encoded features are entries tail_offset[i] .. tail_offset[i + 1] (empty when the
  // file has no encoded column).
  std::vector<std::size_t> tail_offset;
  std::vector<std::uint32_t> tail_index;
  std::vector<double> tail_value;
  // svmlight rows (io/svmlight_reader.hpp): every feature is in the tail, none numeric (dims
  // 0), and the pipeline learns them as its input (Pipeline::learn_sparse).
  bool sparse = false;
  std::size_t size() const { return y.size(); }
  const double* row(std::size_t i) const { return x.data() + i * dims; }
  // Row i's label as a pipeline takes it: +1/-1, a class index or a target.
  double label(std::size_t i) const { return target.empty() ? y[i] : target[i]; }
  bool encoded() const { return !tail_offset.empty(); }
  SparseRow tail(std::size_t i) const {
    if (tail_offset.empty()) return {};
    const std::size_t b = tail_offset[i];
    return {tail_index.data() + b, tail_value.data() + b, tail_offset[i + 1] - b};
  }
  void clear() {
    x.clear();
    y.clear();
    target.clear();
    line.clear();
    tail_offset.clear();
    tail_index.clear();
    tail_value.clear();
  }
};

// Appends `from`'s rows to `to` (the same numeric width; encoded indices as they are).
void append_rows(RowBlock& to, const RowBlock& from);

}  // namespace onepass
