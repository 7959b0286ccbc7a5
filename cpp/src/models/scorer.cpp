#include "models/scorer.hpp"

#include "core/sparse_row.hpp"

namespace onepass {

Result<double> score_row(const Pipeline& p, const RowBlock& block, std::size_t i) {
  if (block.sparse) return p.score_sparse(block.tail(i), block.width);
  if (block.encoded()) return p.score_encoded(block.row(i), block.tail(i));
  return p.score_one(block.row(i), block.dims);
}

Result<double> score_row(const Pipeline& p, const SparseBlock& block, std::size_t i) {
  return p.score_sparse(block.row(i), p.dims());
}

namespace {

// An svmlight row's prediction: made dense, as its pipeline's input (O(features), as a yes/no
// model scores one).
Result<double> predict_sparse(const Pipeline& p, const SparseRow& x, std::vector<double>& scores,
                              std::vector<double>& probabilities) {
  if (Status st = check_sparse_row(x, p.dims()); !st) return st;
  thread_local std::vector<double> dense;
  dense.assign(p.dims(), 0.0);
  densify(x, p.dims(), dense.data());
  return p.predict_target(dense.data(), SparseRow{}, scores, probabilities);
}

// An svmlight row explained: made dense, as its pipeline's input.
Result<Explanation> explain_sparse(const Pipeline& p, const Explainer& e, const SparseRow& x,
                                   std::size_t output, std::size_t count) {
  if (Status st = check_sparse_row(x, p.dims()); !st) return st;
  thread_local std::vector<double> dense;
  dense.assign(p.dims(), 0.0);
  densify(x, p.dims(), dense.data());
  return e.explain(p, dense.data(), SparseRow{}, output, count);
}

}  // namespace

Result<Explanation> explain_row(const Pipeline& p, const Explainer& e, const RowBlock& block,
                                std::size_t i, std::size_t output, std::size_t count) {
  if (block.sparse) return explain_sparse(p, e, block.tail(i), output, count);
  if (block.dims != p.numeric_dims())
    return Status::error("the row has " + std::to_string(block.dims) +
                         " numeric values; the model reads " + std::to_string(p.numeric_dims()));
  if (block.encoded()) return e.explain(p, block.row(i), block.tail(i), output, count);
  return e.explain(p, block.row(i), SparseRow{}, output, count);
}

Result<Explanation> explain_row(const Pipeline& p, const Explainer& e, const SparseBlock& block,
                                std::size_t i, std::size_t output, std::size_t count) {
  return explain_sparse(p, e, block.row(i), output, count);
}

Result<double> predict_row(const Pipeline& p, const RowBlock& block, std::size_t i,
                           std::vector<double>& scores, std::vector<double>& probabilities) {
  if (block.sparse) return predict_sparse(p, block.tail(i), scores, probabilities);
  return p.predict_target(block.row(i), block.tail(i), scores, probabilities);
}

Result<double> predict_row(const Pipeline& p, const SparseBlock& block, std::size_t i,
                           std::vector<double>& scores, std::vector<double>& probabilities) {
  return predict_sparse(p, block.row(i), scores, probabilities);
}

}  // namespace onepass
