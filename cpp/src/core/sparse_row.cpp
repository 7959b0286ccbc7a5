#include "core/sparse_row.hpp"

#include <cmath>
#include <string>

namespace onepass {

Status check_sparse_row(const SparseRow& x, std::size_t dims) {
  for (std::size_t k = 0; k < x.nnz; ++k) {
    const std::string at =
        "entry " + std::to_string(k + 1) + " (feature index " + std::to_string(x.index[k]) + ")";
    if (x.index[k] >= dims)
      return Status::error(at + " is outside the row's " + std::to_string(dims) + " features");
    if (k > 0 && x.index[k] <= x.index[k - 1])
      return Status::error(at + " does not come after feature index " +
                           std::to_string(x.index[k - 1]) +
                           ": indices must be strictly increasing");
    if (std::isinf(x.value[k])) return Status::error(at + " is not finite");
  }
  return Status::ok();
}

}  // namespace onepass
