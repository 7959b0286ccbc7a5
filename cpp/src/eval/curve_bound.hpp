// The curve of progressive validation is bounded (core/limits.hpp kMaxCurvePoints): when it
// reaches the bound, every other point is dropped (those at odd multiples of the stride) and
// points are recorded at twice the stride from then on, so the curve stays evenly spaced over
// the whole stream in a bounded size (docs/algorithms.md 6.1). The stride is part of the saved
// state, so a resumed run thins as the uninterrupted one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/limits.hpp"

namespace onepass {

// Point: any struct with a `rows` member. Called after a point is added.
template <class Point>
void bound_curve(std::vector<Point>& curve, std::uint64_t& every, std::uint64_t& next_point,
                 std::uint64_t rows) {
  if (curve.size() < kMaxCurvePoints || every == 0) return;
  const std::uint64_t stride = 2 * every;
  std::size_t kept = 0;
  for (const Point& p : curve)
    if (p.rows % stride == 0) curve[kept++] = p;
  curve.resize(kept);
  every = stride;
  next_point = (rows / stride + 1) * stride;
}

}  // namespace onepass
