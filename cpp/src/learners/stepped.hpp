// The sparse-native learners whose rule is one template step(row, y) over the row type: dense
// and sparse rows take the same step (a dense row's zeros move nothing; learner.hpp,
// Learner::nonzeros), so both paths give the same bits given the same margin, and a step on a
// sparse row costs O(non-zeros).
#pragma once

#include "learners/learner.hpp"

namespace onepass {

// Base is the learner's family (Learner itself, MarginLinear, AdaptiveLogistic, ...); Derived
// declares
//   template <class Row> bool step(const Row& x, int y);  // returns whether params_ changed
// and, when step is private, befriends this class.
template <class Derived, class Base>
class SteppedLearner : public Base {
 public:
  using Base::Base;
  bool sparse_native() const override { return true; }

 protected:
  bool update(const double* x, int y) override { return self().step(x, y); }
  bool update_sparse(const SparseRow& x, int y) override { return self().step(x, y); }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace onepass
