// Rows given in batches (the JS Pipeline's learnMany, learnSparse and scoreSparse): dense rows,
// or sparse rows in compressed sparse row form (row i is entries offsets[i] .. offsets[i + 1]
// of indices and values), learned or scored until the first bad row. Labels follow the readers'
// one rule (io/label_map.hpp) over the pipeline's life: 1 positive, 0 or -1 negative, not both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/sparse_row.hpp"
#include "core/status.hpp"
#include "io/label_map.hpp"
#include "pipeline/class_weights.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// What a batch gave: a value per row done, and at a failure the error and, when a row is at
// fault (not the batch's shape), which one (the rows before it are done).
template <class T>
struct BatchResult {
  std::vector<T> values;
  Status error = Status::ok();
  bool row_at_fault = false;
  std::size_t row = 0;
};

// Sparse rows in compressed sparse row form, as given.
struct CsrRows {
  std::size_t count;  // rows
  const std::uint32_t* offsets;
  std::size_t offset_count;  // must be count + 1
  const std::uint32_t* indices;
  std::size_t entries;  // indices
  const double* values;
  std::size_t value_count;  // must be entries: one value per index
};

// Class weights for a pipeline's batches (docs/algorithms.md 4.28): the option's text (the
// CSV option classWeight's: "balanced", or "name=weight,...") over the label's classes by index,
// every class named by the caller (a yes/no label's: its negative, then its positive value).
// Set before the first row.
Status set_class_weights(Pipeline& p, const std::string& text,
                         const std::vector<std::string>& classes);
// The same for rows labelled as a pipeline's learnOne takes them: a yes/no label's classes are
// "-1" and "1", a multiclass label's their indices "0", "1", ... (up to the class bound).
Status set_class_weights_by_label(Pipeline& p, const std::string& text);

// Holds the label rule's state over a pipeline's batches (which negative value it has seen).
class BatchLearner {
 public:
  // Rows of `dims` values; the predictions made before learning each.
  BatchResult<std::int8_t> learn_dense(Pipeline& p, const double* x, const double* labels,
                                       std::size_t count, std::size_t dims);
  BatchResult<std::int8_t> learn_sparse(Pipeline& p, const CsrRows& rows, const double* labels,
                                        std::size_t dims);
  // The margins of sparse rows; nothing is learned.
  static BatchResult<double> score_sparse(const Pipeline& p, const CsrRows& rows, std::size_t dims);

 private:
  template <class Learn>
  BatchResult<std::int8_t> learn_rows(Task task, const double* labels, std::size_t count,
                                      Learn learn);

  LabelMap labels_{""};
};

}  // namespace onepass
