// A score computed for a row's prediction, kept for the step that learns that row next: spec 6.1
// scores a row and then learns it with that score as its margin (Learner::learn(x, y, margin)),
// so a learner that scored the row with another's score (a wrapper with its inner learner's, the
// leader with its leading member's) hands that learner the score it computed already instead of
// computing the same dot product again (docs/design.md, "+avg on sparse rows").
//
// The row is known by its place (a dense row's pointer, a sparse row's arrays and non-zeros) and
// by the score the caller gave it as its margin; `tag` tells apart whose score it is (the
// leader's member). Whoever keeps one drops it on every step, reset, load and remap: a step may
// change the parameters that gave it.
#pragma once

#include <cstddef>
#include <optional>

#include "core/sparse_row.hpp"

namespace onepass {

class ScoreMemo {
 public:
  // Keeps `inner`, the score of the learner the step will hand it to, and `outer`, the score
  // given for the row's prediction (from which the step's margin comes).
  void keep(const double* x, double inner, double outer, std::size_t tag = 0) {
    memo_ = {true, x, nullptr, 0, tag, inner, outer};
  }
  void keep(const SparseRow& x, double inner, double outer, std::size_t tag = 0) {
    memo_ = {true, x.index, x.value, x.nnz, tag, inner, outer};
  }
  // The inner score kept for row x and `tag`, if the step learns the row scored last (the same
  // row in the same place) with the score given for it as its margin; otherwise none (a learn
  // without a margin, another row). Dropped either way.
  std::optional<double> recall(const double* x, const double* margin, std::size_t tag = 0) {
    return recall(x, nullptr, 0, margin, tag);
  }
  std::optional<double> recall(const SparseRow& x, const double* margin, std::size_t tag = 0) {
    return recall(x.index, x.value, x.nnz, margin, tag);
  }
  void forget() { memo_.kept = false; }

 private:
  struct Kept {
    bool kept = false;
    const void* row = nullptr;       // the dense row, or the sparse row's indices
    const double* values = nullptr;  // the sparse row's values and non-zeros
    std::size_t nnz = 0;
    std::size_t tag = 0;
    double inner = 0, outer = 0;
  };
  std::optional<double> recall(const void* row, const double* values, std::size_t nnz,
                               const double* margin, std::size_t tag) {
    const Kept m = memo_;
    memo_.kept = false;
    // A NaN margin never equals: the learner then computes its score itself.
    if (!m.kept || !margin || m.row != row || m.values != values || m.nnz != nnz || m.tag != tag ||
        !(m.outer == *margin))
      return std::nullopt;
    return m.inner;
  }

  Kept memo_;
};

}  // namespace onepass
