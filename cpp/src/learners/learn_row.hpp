// A learner's training score and step on a row, dense or sparse, for the code that takes both
// kinds of row through one template (the pipeline's step, +drift's background learner, the
// leader's members). A step given a margin takes the score its prediction computed (spec 6.1).
#pragma once

#include "core/sparse_row.hpp"
#include "learners/learner.hpp"

namespace onepass {

inline double training_score(const Learner& l, const double* x) {
  return l.train_score(x);
}
inline double training_score(const Learner& l, const SparseRow& x) {
  return l.train_score_sparse(x);
}
inline bool learn_row(Learner& l, const double* x, int y) {
  return l.learn(x, y);
}
inline bool learn_row(Learner& l, const SparseRow& x, int y) {
  return l.learn_sparse(x, y);
}
inline bool learn_row(Learner& l, const double* x, int y, double margin) {
  return l.learn(x, y, margin);
}
inline bool learn_row(Learner& l, const SparseRow& x, int y, double margin) {
  return l.learn_sparse(x, y, margin);
}

}  // namespace onepass
