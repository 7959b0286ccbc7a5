#include "scalers/quantile_sketch.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/branchless_sort.hpp"

namespace onepass {
namespace {

bool is_negative_zero(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits == std::uint64_t{1} << 63;
}

}  // namespace

void QuantileSketch::insert(double v) {
  buffer_.push_back(v);
  ++n_;
  compressed_ = n_ % period_ == 0;
  if (compressed_) merge_buffer<true>();
}

void QuantileSketch::flush() const {
  if (!buffer_.empty()) merge_buffer<false>();
}

const double* QuantileSketch::sort_buffer() const {
  const std::size_t n = buffer_.size();
  if (n < 2) return buffer_.data();
  // Every correct sort gives the same sequence but for -0.0 and 0.0, which compare equal:
  // std::sort leaves them in an order of its own (and not the same in every standard library),
  // and min and max may even turn one into the other. Which zero a tuple keeps shows in the
  // answers (so in a robust scaling of -0.0) and in the saved state, so a buffer holding both
  // is sorted by std::sort, as it always was. That is rare: zeros are mostly of one sign.
  const auto zeros = std::count(buffer_.begin(), buffer_.end(), 0.0);
  if (zeros > 1) {
    const auto negative = std::count_if(buffer_.begin(), buffer_.end(), is_negative_zero);
    if (negative > 0 && negative < zeros) {
      std::sort(buffer_.begin(), buffer_.end());
      return buffer_.data();
    }
  }
  std::size_t m = 8;
  while (m < n) m *= 2;
  if (sorted_.size() < 2 * m) sorted_.resize(2 * m);
  std::copy(buffer_.begin(), buffer_.end(), sorted_.begin());
  return sort_padded(sorted_.data(), sorted_.data() + m, n, m);
}

template <bool kCompress>
void QuantileSketch::merge_buffer() const {
  const std::size_t old_size = tuples_.size(), added = buffer_.size(), size = old_size + added;
  if (size == 0) return;
  const Tuple* old = tuples_.data();
  const double* add = sort_buffer();
  // A new value is known exactly (delta 0) when it comes first or after every old tuple;
  // elsewhere its rank is uncertain by 2 eps n. The same bound limits compress's merges.
  const double bound = std::floor(2 * eps_ * static_cast<double>(n_));
  if (scratch_.size() < size) scratch_.resize(size);
  Tuple* out = scratch_.data();
  std::size_t w = size;  // out[w, size): the summary decided so far, right to left

  // The merged sequence is emitted right to left, largest first: a value goes after the old
  // tuples not larger than it (as a sequential insert would put it), so an old tuple comes
  // out first only when it is larger. The leftmost element, which compress always keeps, is
  // set aside first; the old tuples [i_lo, i) and the values [j_lo, j) remain.
  std::size_t i = old_size, j = added, i_lo = 0, j_lo = 0;
  Tuple first;
  if (added == 0 || (old_size > 0 && old[0].v <= add[0])) {
    first = old[0];
    i_lo = 1;
  } else {
    first = Tuple{add[0], 1, 0.0};
    j_lo = 1;
  }
  if (size > 1) {
    // The rightmost element is kept too: it starts the run that compress merges into.
    Tuple next;
    if (j > j_lo && (i == i_lo || !(old[i - 1].v > add[j - 1]))) {
      --j;
      next = Tuple{add[j], 1, i == old_size ? 0.0 : bound};
    } else {
      next = old[--i];
    }
    // Compress, as tuples come out right to left: a tuple is merged into its right neighbour
    // (the leftmost kept so far, `next`) while g + g_next + delta_next <= bound; otherwise
    // `next` is final and the tuple becomes the new `next`. Branches on purpose, here and in
    // the merge below: a decision to compress mostly follows from the merge's last choices (a
    // new value, delta = bound, never takes in its left neighbour; a new value left of an old
    // tuple often goes into it), which the branch predictor sees. Branch-free selects, or a
    // merge pass then a compress pass, made an insert 1.2 and 1.6 times slower.
    auto push = [&](const Tuple& t) {
      if (kCompress && t.g + next.g + next.delta <= bound) {
        next.g += t.g;
      } else {
        out[--w] = next;
        next = t;
      }
    };
    while (i > i_lo && j > j_lo) {
      const Tuple& a = old[i - 1];
      const double b = add[j - 1];
      if (a.v > b) {
        push(a);
        --i;
      } else {
        push(Tuple{b, 1, i == old_size ? 0.0 : bound});
        --j;
      }
    }
    while (i > i_lo) push(old[--i]);
    while (j > j_lo) {
      --j;
      push(Tuple{add[j], 1, i == old_size ? 0.0 : bound});
    }
    out[--w] = next;
  }
  out[--w] = first;
  tuples_.assign(out + w, out + size);
  buffer_.clear();
}

double QuantileSketch::quantile(double phi) const {
  double out;
  quantiles(&phi, 1, &out);
  return out;
}

void QuantileSketch::quantiles(const double* phis, std::size_t count, double* out) const {
  flush();
  if (tuples_.empty()) {
    std::fill(out, out + count, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  const double n = static_cast<double>(n_);
  const double slack = eps_ * n;
  // One walk serves every phi: the answers' positions do not decrease with the rank asked for.
  std::size_t i = 0;
  double rmin = tuples_[0].g;
  for (std::size_t k = 0; k < count; ++k) {
    const double limit = std::clamp(std::ceil(phis[k] * n), 1.0, n) + slack;
    while (i < tuples_.size() && !(rmin + tuples_[i].delta > limit)) {
      if (++i < tuples_.size()) rmin += tuples_[i].g;
    }
    out[k] = i == tuples_.size() ? tuples_.back().v : tuples_[i == 0 ? 0 : i - 1].v;
  }
}

}  // namespace onepass

namespace onepass {

void QuantileSketch::save(StateWriter& w) const {
  w.put(static_cast<double>(n_));
  std::vector<double> flat;
  for (const Tuple& t : tuples_) flat.insert(flat.end(), {t.v, t.g, t.delta});
  w.put(flat);
  w.put(buffer_);  // as it is: flushing here would make a resumed sketch differ
}

bool QuantileSketch::load(StateReader& r) {
  const std::size_t n = r.get_size();
  const std::vector<double> flat = r.get_array();
  std::vector<double> buffer = r.get_array();
  if (r.failed() || flat.size() % 3 != 0) return false;
  buffer_ = std::move(buffer);
  n_ = n;
  tuples_.clear();
  for (std::size_t i = 0; i < flat.size(); i += 3)
    tuples_.push_back({flat[i], flat[i + 1], flat[i + 2]});
  compressed_ = false;
  return true;
}

}  // namespace onepass
