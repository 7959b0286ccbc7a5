#include "onepass/scalers/quantile_sketch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace onepass {

void QuantileSketch::insert(double v) {
  buffer_.push_back(v);
  ++n_;
  const std::size_t period = std::max<std::size_t>(1, static_cast<std::size_t>(1 / (2 * eps_)));
  compressed_ = n_ % period == 0;
  if (compressed_) {
    flush();
    compress();
  }
}

void QuantileSketch::flush() const {
  if (buffer_.empty()) return;
  std::sort(buffer_.begin(), buffer_.end());
  // Each value goes after the tuples not larger than it, as a sequential insert would put it; a
  // new minimum or maximum is known exactly, elsewhere the rank is uncertain by 2 eps n.
  const double delta = std::floor(2 * eps_ * static_cast<double>(n_));
  // Merged into a scratch array kept between flushes: no allocation once it has grown.
  std::vector<Tuple>& merged = scratch_;
  merged.clear();
  merged.reserve(tuples_.size() + buffer_.size());
  std::size_t i = 0;
  for (double v : buffer_) {
    while (i < tuples_.size() && tuples_[i].v <= v) merged.push_back(tuples_[i++]);
    const bool at_end = merged.empty() || i == tuples_.size();
    merged.push_back(Tuple{v, 1, at_end ? 0.0 : delta});
  }
  while (i < tuples_.size()) merged.push_back(tuples_[i++]);
  tuples_.swap(merged);
  buffer_.clear();
}

void QuantileSketch::compress() {
  const std::size_t size = tuples_.size();
  if (size < 3) return;
  const double bound = std::floor(2 * eps_ * static_cast<double>(n_));
  // From right to left, merge a tuple into its right neighbour while the band condition allows,
  // keeping the ends. The kept tuples are packed towards the right end as they are decided (the
  // slot written is never left of the one read), so one pass does what erasing each merged
  // tuple would do in O(size^2).
  std::size_t kept = size - 1;  // the leftmost kept tuple so far: the right neighbour of i
  for (std::size_t i = size - 2; i >= 1; --i) {
    Tuple& next = tuples_[kept];
    if (tuples_[i].g + next.g + next.delta <= bound)
      next.g += tuples_[i].g;
    else
      tuples_[--kept] = tuples_[i];
  }
  tuples_[--kept] = tuples_[0];
  tuples_.erase(tuples_.begin(), tuples_.begin() + static_cast<std::ptrdiff_t>(kept));
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
  const double n = r.get();
  const std::vector<double> flat = r.get_array();
  std::vector<double> buffer = r.get_array();
  if (r.failed() || flat.size() % 3 != 0 || !(n >= 0)) return false;
  buffer_ = std::move(buffer);
  n_ = static_cast<std::size_t>(n);
  tuples_.clear();
  for (std::size_t i = 0; i < flat.size(); i += 3)
    tuples_.push_back({flat[i], flat[i + 1], flat[i + 2]});
  compressed_ = false;
  return true;
}

}  // namespace onepass
