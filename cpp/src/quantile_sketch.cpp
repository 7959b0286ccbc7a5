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
  std::vector<Tuple> merged;
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
  const double bound = std::floor(2 * eps_ * static_cast<double>(n_));
  // Merge a tuple into its right neighbour while the band condition allows, keeping the ends.
  for (std::size_t i = tuples_.size() >= 2 ? tuples_.size() - 2 : 0; i >= 1; --i) {
    Tuple& next = tuples_[i + 1];
    if (tuples_[i].g + next.g + next.delta <= bound) {
      next.g += tuples_[i].g;
      tuples_.erase(tuples_.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
}

double QuantileSketch::quantile(double phi) const {
  flush();
  if (tuples_.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double n = static_cast<double>(n_);
  const double r = std::clamp(std::ceil(phi * n), 1.0, n);
  const double slack = eps_ * n;
  double rmin = 0;
  for (std::size_t i = 0; i < tuples_.size(); ++i) {
    rmin += tuples_[i].g;
    if (rmin + tuples_[i].delta > r + slack) return tuples_[i == 0 ? 0 : i - 1].v;
  }
  return tuples_.back().v;
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
