#include "drift/adwin.hpp"

#include <cmath>

namespace onepass {

namespace {

// The number of values in a bucket of row i.
double bucket_size(std::size_t row) {
  return std::ldexp(1.0, static_cast<int>(row));
}

// A width of 2^53 values is more than any stream gives; more rows would make the widths inexact.
constexpr std::size_t kMostRows = 54;

}  // namespace

BoundParams<Adwin::Config> Adwin::params() {
  using C = Config;
  auto delta = real_param(&C::delta, "delta", 0.002, 0, 1,
                          "significance of a cut: a stationary window is cut with probability "
                          "at most delta",
                          true);
  delta.spec().max_exclusive = true;
  return {delta,
          integer_param(&C::clock, "clock", 32, 1, 1e9,
                        "look for a cut every clock values (1: on every value)"),
          integer_param(&C::max_buckets, "max_buckets", 5, 1, 1000,
                        "buckets of each size kept before the two oldest merge"),
          integer_param(&C::min_window_length, "min_window_length", 5, 1, 1e9,
                        "values each side of a cut must have at least"),
          integer_param(&C::grace_period, "grace_period", 10, 0, 1e9,
                        "no cut until the window holds more than this many values")};
}

void Adwin::restart() {
  rows_.assign(1, Row());
  total_ = squares_ = width_ = 0;
  tick_ = 0;
}

DriftSignal Adwin::step(double x) {
  insert(x);
  // The clock spreads the O(log W) scan over `clock` values (docs/algorithms.md 6.8.1); the grace
  // period keeps the first values from being judged at all.
  ++tick_;
  bool cut = false;
  if (tick_ % config_.clock == 0 && width_ > static_cast<double>(config_.grace_period)) {
    // The first cut (the shortest W0) says which way the mean moved (docs/algorithms.md 6.10).
    double rise = 0;
    while (cut_once(rise)) {
      if (!cut) set_drift_rose(rise > 0);
      cut = true;
    }
  }
  return cut ? DriftSignal::drift : DriftSignal::none;
}

void Adwin::insert(double x) {
  rows_[0].push_back({x, 0});
  width_ += 1;
  if (width_ > 1) {
    const double d = x - total_ / (width_ - 1);
    squares_ += (width_ - 1) * d * d / width_;
  }
  total_ += x;
  // A row that overflows merges its two oldest buckets into one of the next row, which may
  // overflow in turn: the window keeps O(max_buckets log W) buckets.
  for (std::size_t i = 0; rows_[i].size() > config_.max_buckets; ++i) {
    const double n = bucket_size(i);
    const Bucket a = rows_[i][0], b = rows_[i][1];
    const double gap = a.total / n - b.total / n;
    const Bucket merged{a.total + b.total, a.squares + b.squares + n * n * gap * gap / (n + n)};
    if (i + 1 == rows_.size()) rows_.emplace_back();
    rows_[i + 1].push_back(merged);
    rows_[i].erase(rows_[i].begin(), rows_[i].begin() + 2);
  }
}

bool Adwin::cut_once(double& rise) {
  // W0 grows from the oldest bucket, W1 is the rest; each boundary between buckets is a
  // candidate cut (docs/algorithms.md 6.8.1).
  double n0 = 0, n1 = width_, u0 = 0, u1 = total_;
  const double least = static_cast<double>(config_.min_window_length);
  for (std::size_t i = rows_.size(); i-- > 0;) {
    const Row& row = rows_[i];
    for (std::size_t k = 0; k < row.size(); ++k) {
      n0 += bucket_size(i);
      n1 -= bucket_size(i);
      u0 += row[k].total;
      u1 -= row[k].total;
      if (i == 0 && k + 1 == row.size()) return false;  // W0 is the whole window
      if (n0 >= least && n1 >= least && far_apart(n0, n1, u0 / n0 - u1 / n1)) {
        rise = u1 / n1 - u0 / n0;
        drop_oldest();
        return true;
      }
    }
  }
  return false;
}

bool Adwin::far_apart(double n0, double n1, double mean_gap) const {
  // The bound of ADWIN2 as MOA and River compute it: the harmonic sizes shrunk by the
  // minimum length, delta' = delta / ln(W), and the window's variance (docs/algorithms.md 6.8.1).
  const double least = static_cast<double>(config_.min_window_length);
  const double log_term = std::log(2 * std::log(width_) / config_.delta);
  const double inverse_m = 1 / (n0 - least + 1) + 1 / (n1 - least + 1);
  const double epsilon =
      std::sqrt(2 * inverse_m * (squares_ / width_) * log_term) + 2.0 / 3.0 * log_term * inverse_m;
  return std::fabs(mean_gap) > epsilon;
}

void Adwin::drop_oldest() {
  Row& last = rows_.back();
  const double n = bucket_size(rows_.size() - 1);
  const Bucket b = last.front();
  width_ -= n;
  total_ -= b.total;
  const double gap = b.total / n - total_ / width_;
  squares_ -= b.squares + n * width_ * gap * gap / (n + width_);
  last.erase(last.begin());
  if (last.empty() && rows_.size() > 1) rows_.pop_back();
}

void Adwin::save_state(StateWriter& out) const {
  out.put(static_cast<double>(tick_));
  out.put(width_);
  out.put(total_);
  out.put(squares_);
  out.put(static_cast<double>(rows_.size()));
  for (const Row& row : rows_) {
    std::vector<double> flat;
    for (const Bucket& b : row) {
      flat.push_back(b.total);
      flat.push_back(b.squares);
    }
    out.put(flat);
  }
}

bool Adwin::load_state(StateReader& in) {
  const std::uint64_t tick = in.get_whole();
  const double width = in.get(), total = in.get(), squares = in.get();
  const std::size_t count = in.get_size(kMostRows);
  if (in.failed() || count == 0) return false;
  std::vector<Row> rows(count);
  double values = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::vector<double> flat = in.get_array();
    if (in.failed() || flat.size() % 2 != 0 || flat.size() / 2 > config_.max_buckets) return false;
    for (std::size_t k = 0; k < flat.size(); k += 2) rows[i].push_back({flat[k], flat[k + 1]});
    values += static_cast<double>(rows[i].size()) * bucket_size(i);
  }
  // The buckets must hold the window's values, and the oldest row must not be empty.
  if (!in.done() || values != width || (count > 1 && rows.back().empty())) return false;
  tick_ = tick;
  width_ = width;
  total_ = total;
  squares_ = squares;
  rows_ = std::move(rows);
  return true;
}

std::vector<DetectorEntry> adwin_detectors() {
  DetectorEntry e = detector_entry(
      Adwin::kName, "ADWIN: cuts the window where an older and a newer part differ in mean",
      "6.8.1",
      "Bifet & Gavalda, Learning from Time-Changing Data with Adaptive Windowing (SDM 2007)");
  bind_detector<Adwin>(e, Adwin::params());
  std::vector<DetectorEntry> out;
  out.push_back(std::move(e));
  return out;
}

}  // namespace onepass
