// Sorting a short buffer of doubles without branches on the values (the quantile sketch's
// buffer, scalers/quantile_sketch.hpp): std::sort mispredicts about every other comparison of
// values in random order; a sorting network and merges of runs take min, max and selects instead
// (and in wasm, f64x2.pmin and pmax, which V8 compiles to one instruction each).
#pragma once

#include <cstddef>

namespace onepass {

// Sorts data[0, n) padded with +infinity to a power of two m >= 8 (data and temp each have room
// for m values). Returns data or temp, whichever holds the m sorted values, the n given first.
// No value may be NaN, and -0.0 and 0.0 may come out in either order, or one turned into the
// other (they compare equal): a caller for whom that matters sorts such a buffer otherwise.
double* sort_padded(double* data, double* temp, std::size_t n, std::size_t m);

}  // namespace onepass
