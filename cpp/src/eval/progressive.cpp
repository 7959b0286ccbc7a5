#include "eval/progressive.hpp"

#include <cmath>
#include <limits>

#include "core/numerics.hpp"
#include "eval/curve_bound.hpp"

namespace onepass {

namespace {
const double kNan = std::numeric_limits<double>::quiet_NaN();

bool whole(double v) {
  return v >= 0 && v == std::floor(v) && v < 9.007199254740992e15;
}

// A saved state that ends with its curve's windowed errors (save: the C values, then -1 - C):
// the state before them in front and the values in errors; front and errors stay empty when the
// state does not end so. False when the count does not fit the state.
bool split_window_errors(const std::vector<double>& saved, std::vector<double>& front,
                         std::vector<double>& errors) {
  if (saved.empty() || !(saved.back() < 0)) return true;
  const double n = -1.0 - saved.back();
  if (!whole(n) || n + 1 > static_cast<double>(saved.size())) return false;
  const std::size_t at = saved.size() - 1 - static_cast<std::size_t>(n);
  front.assign(saved.begin(), saved.begin() + at);
  errors.assign(saved.begin() + at, saved.end() - 1);
  return true;
}
}  // namespace

void Progressive::record(int predicted, int y, double margin, bool probabilistic) {
  confusion_.add(predicted, y);
  const double loss = probabilistic ? log_loss_from_margin(y > 0 ? 1.0 : 0.0, margin) : 0.0;
  if (probabilistic) {
    probabilistic_ = true;
    log_loss_sum_ += loss;
    bins_.add(sigmoid(margin), y);
  }
  // The window first, so that a curve point's windowed error counts its own row.
  if (window_) {
    if (ring_mistakes_.empty()) {
      ring_mistakes_.assign(window_, 0.0);
      ring_losses_.assign(window_, 0.0);
    }
    if (fill_ == window_) window_mistakes_ -= ring_mistakes_[head_] != 0;
    ring_mistakes_[head_] = predicted != y ? 1.0 : 0.0;
    window_mistakes_ += predicted != y;
    ring_losses_[head_] = loss;
    if (++head_ == window_) head_ = 0;
    if (fill_ < window_) ++fill_;
  }
  if (every_ && rows() == next_point_) {
    curve_.push_back({rows(), mistakes(), window_ ? rolling_error() : kNan});
    next_point_ += every_;
    bound_curve(curve_, every_, next_point_, rows());
  }
}

double Progressive::log_loss() const {
  if (!probabilistic_ || rows() == 0) return kNan;
  return log_loss_sum_ / rows();
}

double Progressive::rolling_error() const {
  if (fill_ == 0) return kNan;
  return static_cast<double>(window_mistakes_) / static_cast<double>(fill_);
}

double Progressive::rolling_log_loss() const {
  if (fill_ == 0 || !probabilistic_) return kNan;
  double sum = 0;
  for (std::uint64_t i = 0; i < fill_; ++i) sum += ring_losses_[i];
  return sum / static_cast<double>(fill_);
}

std::vector<double> Progressive::save() const {
  const Confusion& c = confusion_;
  std::vector<double> out = {static_cast<double>(every_),
                             static_cast<double>(window_),
                             static_cast<double>(c.tp),
                             static_cast<double>(c.fp),
                             static_cast<double>(c.tn),
                             static_cast<double>(c.fn),
                             log_loss_sum_,
                             probabilistic_ ? 1.0 : 0.0,
                             static_cast<double>(curve_.size())};
  for (const auto& p : curve_) {
    out.push_back(static_cast<double>(p.rows));
    out.push_back(static_cast<double>(p.mistakes));
  }
  out.push_back(static_cast<double>(fill_));
  out.push_back(static_cast<double>(head_));
  const bool bins = probabilistic_ && rows() > 0;
  out.insert(out.end(), ring_mistakes_.begin(), ring_mistakes_.end());
  out.insert(out.end(), ring_losses_.begin(), ring_losses_.end());
  // Bins follow a window's values, empty ones if no row filled them (a merged model's), so that
  // load tells the two apart.
  if (bins && window_ && ring_mistakes_.empty()) out.insert(out.end(), 2 * window_, 0.0);
  if (bins) {
    const std::vector<double> bins = bins_.save();
    out.insert(out.end(), bins.begin(), bins.end());
  }
  // The windowed errors of the curve's points, then -1 - C: no earlier layout ends with a
  // negative number (every count, loss and bin is >= 0), so load tells the two apart.
  if (window_ && !curve_.empty()) {
    for (const auto& p : curve_) out.push_back(p.window_error);
    out.push_back(-1.0 - static_cast<double>(curve_.size()));
  }
  return out;
}

bool Progressive::load(const std::vector<double>& saved) {
  std::vector<double> front, window_errors;
  if (!split_window_errors(saved, front, window_errors)) return false;
  const std::vector<double>& s = window_errors.empty() && front.empty() ? saved : front;
  if (s.size() < 11) return false;
  for (std::size_t i : {0, 1, 2, 3, 4, 5, 8})
    if (!whole(s[i])) return false;
  const std::size_t points = static_cast<std::size_t>(s[8]);
  const std::size_t at = 9 + 2 * points;
  if (s.size() < at + 2 || !whole(s[at]) || !whole(s[at + 1])) return false;
  const std::uint64_t window = static_cast<std::uint64_t>(s[1]);
  const std::uint64_t fill = static_cast<std::uint64_t>(s[at]),
                      head = static_cast<std::uint64_t>(s[at + 1]);
  // What follows the head: the window's values (none, or 2 window) then the bins (none, or 3
  // kBins); save writes the window's values whenever it writes bins, so the two are told apart
  // by the window's size.
  const std::size_t rest = s.size() - at - 2, bins = 3 * ReliabilityBins::kBins;
  const std::size_t ring = window && rest >= 2 * window ? 2 * window : 0;
  if (rest != ring && rest != ring + bins) return false;
  if (fill > window || (window && head >= window) || (ring == 0 && fill != 0)) return false;
  Progressive p(static_cast<std::uint64_t>(s[0]), window);
  p.confusion_ = {static_cast<std::uint64_t>(s[2]), static_cast<std::uint64_t>(s[3]),
                  static_cast<std::uint64_t>(s[4]), static_cast<std::uint64_t>(s[5])};
  p.log_loss_sum_ = s[6];
  p.probabilistic_ = s[7] != 0;
  if (!window_errors.empty() && (window_errors.size() != points || !window)) return false;
  for (std::size_t i = 0; i < points; ++i) {
    if (!whole(s[9 + 2 * i]) || !whole(s[10 + 2 * i])) return false;
    p.curve_.push_back({static_cast<std::uint64_t>(s[9 + 2 * i]),
                        static_cast<std::uint64_t>(s[10 + 2 * i]),
                        window_errors.empty() ? kNan : window_errors[i]});
  }
  p.next_point_ = p.every_ ? (p.rows() / p.every_ + 1) * p.every_ : 0;
  p.fill_ = fill;
  p.head_ = head;
  p.ring_mistakes_.assign(s.begin() + at + 2, s.begin() + at + 2 + ring / 2);
  p.ring_losses_.assign(s.begin() + at + 2 + ring / 2, s.begin() + at + 2 + ring);
  for (double m : p.ring_mistakes_) {
    if (m != 0 && m != 1) return false;
    p.window_mistakes_ += m != 0;
  }
  if (rest > ring && !p.bins_.load(s, at + 2 + ring)) return false;
  *this = std::move(p);
  return true;
}

}  // namespace onepass
