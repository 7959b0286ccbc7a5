#include "eval/task_progress.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/state_codec.hpp"
#include "eval/curve_bound.hpp"

namespace onepass {

double TaskProgress::nan() {
  return std::numeric_limits<double>::quiet_NaN();
}

// After add_to_window, so that the point's windowed error counts its own row. The mean over
// the window is taken afresh (O(window) a point, not a row): a running sum of a regression's
// errors would round otherwise than rolling_error().
void TaskProgress::add_point(double value) {
  if (every_ && rows_ == next_point_) {
    curve_.push_back({rows_, value, window_ ? rolling_error() : nan()});
    next_point_ += every_;
    bound_curve(curve_, every_, next_point_, rows_);
  }
}

void TaskProgress::add_to_window(double value) {
  if (!window_) return;
  if (ring_.empty()) ring_.assign(window_, 0.0);
  ring_[head_] = value;
  if (++head_ == window_) head_ = 0;
  if (fill_ < window_) ++fill_;
}

void TaskProgress::record_class(std::size_t predicted, std::size_t actual, double loss) {
  const std::size_t k = std::max(predicted, actual) + 1;
  if (k > confusion_.size()) {
    for (auto& row : confusion_) row.resize(k, 0);
    confusion_.resize(k, std::vector<std::uint64_t>(k, 0));
  }
  ++confusion_[actual][predicted];
  ++rows_;
  mistakes_ += predicted != actual;
  if (!std::isnan(loss)) {
    probabilistic_ = true;
    loss_sum_ += loss;
  }
  add_to_window(predicted != actual ? 1.0 : 0.0);
  add_point(static_cast<double>(mistakes_));
}

void TaskProgress::record_value(double predicted, double target) {
  const double e = target - predicted;
  // docs/algorithms.md 6.7: the mean predictor predicts the mean of the targets before the row.
  const double base = rows_ ? mean_ : 0.0;
  ++rows_;
  sae_ += std::fabs(e);
  sse_ += e * e;
  base_sae_ += std::fabs(target - base);
  base_sse_ += (target - base) * (target - base);
  const double d = target - mean_;
  mean_ += d / static_cast<double>(rows_);
  m2_ += d * (target - mean_);
  add_to_window(std::fabs(e));
  add_point(sae_);
}

double TaskProgress::rolling_error() const {
  if (fill_ == 0) return nan();
  double sum = 0;
  for (std::uint64_t i = 0; i < fill_; ++i) sum += ring_[i];
  return sum / static_cast<double>(fill_);
}

double TaskProgress::accuracy() const {
  return rows_ ? static_cast<double>(rows_ - mistakes_) / static_cast<double>(rows_) : nan();
}

std::uint64_t TaskProgress::class_rows(std::size_t k) const {
  std::uint64_t n = 0;
  for (std::uint64_t v : confusion_[k]) n += v;
  return n;
}

double TaskProgress::recall(std::size_t k) const {
  const std::uint64_t n = class_rows(k);
  return n ? static_cast<double>(confusion_[k][k]) / static_cast<double>(n) : 0.0;
}

double TaskProgress::precision(std::size_t k) const {
  std::uint64_t predicted = 0;
  for (const auto& row : confusion_) predicted += row[k];
  return predicted ? static_cast<double>(confusion_[k][k]) / static_cast<double>(predicted) : 0.0;
}

double TaskProgress::f1(std::size_t k) const {
  const double p = precision(k), r = recall(k);
  return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

// docs/algorithms.md 6.6: a figure's mean over the classes present among the rows' labels.
template <class Figure>
double TaskProgress::mean_over_classes(Figure figure) const {
  double sum = 0;
  std::size_t present = 0;
  for (std::size_t k = 0; k < classes(); ++k)
    if (class_rows(k) > 0) {
      sum += (this->*figure)(k);
      ++present;
    }
  return present ? sum / static_cast<double>(present) : nan();
}

double TaskProgress::balanced_accuracy() const {
  return mean_over_classes(&TaskProgress::recall);
}
double TaskProgress::macro_f1() const {
  return mean_over_classes(&TaskProgress::f1);
}

double TaskProgress::weighted_f1() const {
  if (!rows_) return nan();
  double sum = 0;
  for (std::size_t k = 0; k < classes(); ++k) sum += static_cast<double>(class_rows(k)) * f1(k);
  return sum / static_cast<double>(rows_);
}

double TaskProgress::log_loss() const {
  return probabilistic_ && rows_ ? loss_sum_ / static_cast<double>(rows_) : nan();
}

std::size_t TaskProgress::majority_class() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < classes(); ++k)
    if (class_rows(k) > class_rows(best)) best = k;
  return best;
}

double TaskProgress::majority_accuracy() const {
  if (!rows_) return nan();
  return static_cast<double>(class_rows(majority_class())) / static_cast<double>(rows_);
}

double TaskProgress::rmse() const {
  return rows_ ? std::sqrt(sse_ / rows_) : nan();
}
double TaskProgress::baseline_rmse() const {
  return rows_ ? std::sqrt(base_sse_ / rows_) : nan();
}
double TaskProgress::r2_of(double sse) const {
  return rows_ && m2_ > 0 ? 1 - sse / m2_ : nan();
}
double TaskProgress::r2() const {
  return r2_of(sse_);
}
double TaskProgress::baseline_r2() const {
  return r2_of(base_sse_);
}

bool TaskProgress::no_better_than_baseline() const {
  if (!rows_) return false;
  if (task_ == Task::regression) return !(rmse() < baseline_rmse());
  // docs/algorithms.md 6.6: nor a balanced accuracy above the majority's 1/K (K: the classes
  // with rows).
  std::size_t present = 0;
  for (std::size_t k = 0; k < classes(); ++k) present += class_rows(k) > 0;
  return !(accuracy() > majority_accuracy()) &&
         !(balanced_accuracy() > 1.0 / static_cast<double>(present));
}

// [every, window, rows, mistakes, loss sum, probabilistic, K, K x K confusion, sae, sse, mean,
//  m2, baseline sae, baseline sse, curve points C, 2C values, window fill, head, ring,
//  and with a window and curve points the points' windowed errors (an array of C; a state
//  saved before points kept them ends at the ring and loads with NaN ones)]
std::vector<double> TaskProgress::save() const {
  std::vector<double> out;
  StateWriter w(out);
  for (double v : {static_cast<double>(every_), static_cast<double>(window_),
                   static_cast<double>(rows_), static_cast<double>(mistakes_), loss_sum_,
                   probabilistic_ ? 1.0 : 0.0, static_cast<double>(classes())})
    w.put(v);
  for (const auto& row : confusion_)
    for (std::uint64_t v : row) w.put(static_cast<double>(v));
  for (double v : {sae_, sse_, mean_, m2_, base_sae_, base_sse_}) w.put(v);
  w.put(static_cast<double>(curve_.size()));
  for (const auto& p : curve_) {
    w.put(static_cast<double>(p.rows));
    w.put(p.value);
  }
  w.put(static_cast<double>(fill_));
  w.put(static_cast<double>(head_));
  w.put(ring_);
  if (window_ && !curve_.empty()) {
    std::vector<double> errors;
    for (const auto& p : curve_) errors.push_back(p.window_error);
    w.put(errors);
  }
  return out;
}

bool TaskProgress::load(const std::vector<double>& saved) {
  StateReader r(saved);
  TaskProgress p(task_);
  p.every_ = r.get_whole();
  p.window_ = r.get_whole();
  p.next_point_ = p.every_;
  p.rows_ = r.get_whole();
  p.mistakes_ = r.get_whole();
  p.loss_sum_ = r.get();
  p.probabilistic_ = r.get_whole(1) == 1;
  const std::size_t k = r.get_count();
  if (r.failed() || (k > 0 && saved.size() / k < k)) return false;
  p.confusion_.assign(k, std::vector<std::uint64_t>(k, 0));
  for (auto& row : p.confusion_)
    for (auto& v : row) v = r.get_whole();
  for (double* v : {&p.sae_, &p.sse_, &p.mean_, &p.m2_, &p.base_sae_, &p.base_sse_}) *v = r.get();
  const std::size_t points = r.get_count();
  for (std::size_t i = 0; i < points && !r.failed(); ++i) {
    const std::uint64_t rows = r.get_whole();
    p.curve_.push_back({rows, r.get()});
  }
  if (p.every_) p.next_point_ = (p.rows_ / p.every_ + 1) * p.every_;
  p.fill_ = r.get_whole();
  p.head_ = r.get_whole();
  p.ring_ = r.get_array();
  if (!r.failed() && !r.done()) {
    const std::vector<double> errors = r.get_array();
    if (errors.size() != p.curve_.size() || !p.window_) return false;
    for (std::size_t i = 0; i < errors.size(); ++i) p.curve_[i].window_error = errors[i];
  }
  if (r.failed() || !r.done() || p.fill_ > p.window_ ||
      p.head_ >= std::max<std::uint64_t>(p.window_, 1) ||
      (!p.ring_.empty() && p.ring_.size() != p.window_))
    return false;
  *this = std::move(p);
  return true;
}

bool TaskProgress::remap_classes(const std::vector<std::size_t>& position, std::size_t classes) {
  if (confusion_.size() > position.size()) return false;
  for (std::size_t a = 0; a < confusion_.size(); ++a)
    if (position[a] >= classes) return false;
  std::vector<std::vector<std::uint64_t>> moved(classes, std::vector<std::uint64_t>(classes, 0));
  for (std::size_t a = 0; a < confusion_.size(); ++a)
    for (std::size_t p = 0; p < confusion_.size(); ++p)
      moved[position[a]][position[p]] = confusion_[a][p];
  confusion_ = std::move(moved);
  return true;
}

bool TaskProgress::merged(const std::vector<const TaskProgress*>& parts, const TaskProgress* base,
                          TaskProgress& out) {
  // Each part counts once and the base 1 - K times: c_B + sum_k (c_k - c_B).
  std::vector<std::pair<const TaskProgress*, double>> terms;
  for (const TaskProgress* p : parts) terms.emplace_back(p, 1.0);
  if (base) terms.emplace_back(base, 1.0 - static_cast<double>(parts.size()));
  bool fine = true;
  const auto sum = [&](auto count) {
    double total = 0;
    for (const auto& [p, c] : terms) total += c * static_cast<double>(count(*p));
    if (base)
      for (const TaskProgress* p : parts) fine = fine && count(*p) >= count(*base);
    return total;
  };
  const auto whole = [&](auto count) {
    const double total = sum(count);
    fine = fine && total >= 0;
    return total >= 0 ? static_cast<std::uint64_t>(total) : 0;
  };
  TaskProgress m = *parts[0];
  m.rows_ = whole([](const TaskProgress& p) { return p.rows_; });
  m.mistakes_ = whole([](const TaskProgress& p) { return p.mistakes_; });
  m.loss_sum_ = sum([](const TaskProgress& p) { return p.loss_sum_; });
  m.probabilistic_ = false;
  std::size_t k = 0;
  for (const auto& [p, c] : terms) {
    m.probabilistic_ = m.probabilistic_ || p->probabilistic_;
    k = std::max(k, p->classes());
  }
  m.confusion_.assign(k, std::vector<std::uint64_t>(k, 0));
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = 0; b < k; ++b)
      m.confusion_[a][b] = whole([&](const TaskProgress& p) {
        return a < p.classes() && b < p.classes() ? p.confusion_[a][b] : std::uint64_t{0};
      });
  for (double TaskProgress::*v : {&TaskProgress::sae_, &TaskProgress::sse_,
                                  &TaskProgress::base_sae_, &TaskProgress::base_sse_})
    m.*v = sum([&](const TaskProgress& p) { return p.*v; });
  // docs/algorithms.md 3.4 (MERGE-m), (MERGE-s) over the signed sum of the rows: the sum of
  // squared deviations about any point is linear in the rows counted.
  const double n = static_cast<double>(m.rows_);
  if (n > 0) {
    double mean = 0;
    for (const auto& [p, c] : terms) mean += c * static_cast<double>(p->rows_) * p->mean_;
    mean /= n;
    double m2 = 0;
    for (const auto& [p, c] : terms)
      m2 += c * (p->m2_ + static_cast<double>(p->rows_) * (p->mean_ - mean) * (p->mean_ - mean));
    m.mean_ = mean;
    m.m2_ = std::max(m2, 0.0);
  }
  if (!fine) return false;
  out = std::move(m);
  return true;
}

}  // namespace onepass
