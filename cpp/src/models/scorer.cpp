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

Result<double> predict_row(const Pipeline& p, const RowBlock& block, std::size_t i,
                           std::vector<double>& scores, std::vector<double>& probabilities) {
  if (block.sparse) return Status::error("svmlight rows of a multiclass or regression model");
  return p.predict_target(block.row(i), block.tail(i), scores, probabilities);
}

Result<double> predict_row(const Pipeline&, const SparseBlock&, std::size_t, std::vector<double>&,
                           std::vector<double>&) {
  return Status::error(
      "svmlight rows take yes/no labels (a multiclass or regression model "
      "reads a CSV)");
}

}  // namespace onepass
