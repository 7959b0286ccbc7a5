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

bool AdwinStats::valid(const AdwinConfig& c) const {
  if (rows.empty() || rows.size() > kMostRows) return false;
  double values = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].size() > c.max_buckets) return false;
    values += static_cast<double>(rows[i].size()) * bucket_size(i);
  }
  // The buckets must hold the window's values, and the oldest row must not be empty.
  return values == width && (rows.size() == 1 || !rows.back().empty());
}

DriftSignal Adwin::step(double x) {
  insert(x);
  // The clock spreads the O(log W) scan over `clock` values (docs/algorithms.md 6.8.1); the grace
  // period keeps the first values from being judged at all.
  ++stats_.tick;
  bool cut = false;
  if (stats_.tick % config_.clock == 0 &&
      stats_.width > static_cast<double>(config_.grace_period)) {
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
  stats_.rows[0].push_back({x, 0});
  stats_.width += 1;
  if (stats_.width > 1) {
    const double d = x - stats_.total / (stats_.width - 1);
    stats_.squares += (stats_.width - 1) * d * d / stats_.width;
  }
  stats_.total += x;
  // A row that overflows merges its two oldest buckets into one of the next row, which may
  // overflow in turn: the window keeps O(max_buckets log W) buckets.
  for (std::size_t i = 0; stats_.rows[i].size() > config_.max_buckets; ++i) {
    const double n = bucket_size(i);
    const Bucket a = stats_.rows[i][0], b = stats_.rows[i][1];
    const double gap = a.total / n - b.total / n;
    const Bucket merged{a.total + b.total, a.squares + b.squares + n * n * gap * gap / (n + n)};
    if (i + 1 == stats_.rows.size()) stats_.rows.emplace_back();
    stats_.rows[i + 1].push_back(merged);
    stats_.rows[i].erase(stats_.rows[i].begin(), stats_.rows[i].begin() + 2);
  }
}

bool Adwin::cut_once(double& rise) {
  // W0 grows from the oldest bucket, W1 is the rest; each boundary between buckets is a
  // candidate cut (docs/algorithms.md 6.8.1).
  double n0 = 0, n1 = stats_.width, u0 = 0, u1 = stats_.total;
  const double least = static_cast<double>(config_.min_window_length);
  for (std::size_t i = stats_.rows.size(); i-- > 0;) {
    const Row& row = stats_.rows[i];
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
  const double log_term = std::log(2 * std::log(stats_.width) / config_.delta);
  const double inverse_m = 1 / (n0 - least + 1) + 1 / (n1 - least + 1);
  const double epsilon = std::sqrt(2 * inverse_m * (stats_.squares / stats_.width) * log_term) +
                         2.0 / 3.0 * log_term * inverse_m;
  return std::fabs(mean_gap) > epsilon;
}

void Adwin::drop_oldest() {
  Row& last = stats_.rows.back();
  const double n = bucket_size(stats_.rows.size() - 1);
  const Bucket b = last.front();
  stats_.width -= n;
  stats_.total -= b.total;
  const double gap = b.total / n - stats_.total / stats_.width;
  stats_.squares -= b.squares + n * stats_.width * gap * gap / (n + stats_.width);
  last.erase(last.begin());
  if (last.empty() && stats_.rows.size() > 1) stats_.rows.pop_back();
}

std::vector<DetectorEntry> adwin_detectors() {
  return {detector_entry<Adwin>(
      "ADWIN: cuts the window where an older and a newer part differ in mean", "6.8.1",
      "Bifet & Gavalda, Learning from Time-Changing Data with Adaptive Windowing (SDM 2007)")};
}

}  // namespace onepass
