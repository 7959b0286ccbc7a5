// A sparse row: the non-zero features of a row of width d as (index, value) pairs, indices
// strictly increasing and below d; every feature not listed is 0 (spec 1.4: "present" means
// x_j != 0). Learners and scalers that keep zeros take O(nonzeros) steps on it;
// the others see the same row made dense.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/status.hpp"

namespace onepass {

struct SparseRow {
  const std::uint32_t* index = nullptr;
  const double* value = nullptr;
  std::size_t nnz = 0;
};

// Writes the row into out (dims values).
inline void densify(const SparseRow& x, std::size_t dims, double* out) {
  for (std::size_t j = 0; j < dims; ++j) out[j] = 0.0;
  for (std::size_t k = 0; k < x.nnz; ++k) out[x.index[k]] = x.value[k];
}

// sum_k params[index_k] value_k: the dot product of a weight vector with the row.
inline double sparse_dot(const double* params, const SparseRow& x) {
  double s = 0;
  for (std::size_t k = 0; k < x.nnz; ++k) s += params[x.index[k]] * x.value[k];
  return s;
}

// Checks what SparseRow promises (increasing indices below dims, finite values; NaN stands
// for a missing value as in dense rows). Names the offending entry, 1-based.
Status check_sparse_row(const SparseRow& x, std::size_t dims);

}  // namespace onepass
