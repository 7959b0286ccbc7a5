#include "models/scorer.hpp"

namespace onepass {

Result<double> score_row(const Pipeline& p, const RowBlock& block, std::size_t i) {
  if (block.sparse) return p.score_sparse(block.tail(i), block.width);
  if (block.encoded()) return p.score_encoded(block.row(i), block.tail(i));
  return p.score_one(block.row(i), block.dims);
}

Result<double> score_row(const Pipeline& p, const SparseBlock& block, std::size_t i) {
  return p.score_sparse(block.row(i), p.dims());
}

}  // namespace onepass
