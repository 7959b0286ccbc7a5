#include "onepass/eval/progressive.hpp"

#include <limits>

#include "onepass/core/numerics.hpp"

namespace onepass {

void Progressive::record(int predicted, int y, double margin, bool probabilistic) {
  ++rows_;
  if (predicted != y) ++mistakes_;
  if (y > 0)
    (predicted > 0 ? tp_ : fn_)++;
  else
    (predicted > 0 ? fp_ : tn_)++;
  if (probabilistic) {
    probabilistic_ = true;
    log_loss_sum_ += log_loss_from_margin(y > 0 ? 1.0 : 0.0, margin);
  }
  if (every_ && rows_ % every_ == 0) curve_.push_back({rows_, mistakes_});
}

std::vector<double> Progressive::save() const {
  std::vector<double> out = {static_cast<double>(every_),    static_cast<double>(rows_),
                             static_cast<double>(mistakes_), static_cast<double>(tp_),
                             static_cast<double>(fp_),       static_cast<double>(tn_),
                             static_cast<double>(fn_),       log_loss_sum_,
                             probabilistic_ ? 1.0 : 0.0};
  for (const auto& c : curve_) {
    out.push_back(static_cast<double>(c.rows));
    out.push_back(static_cast<double>(c.mistakes));
  }
  return out;
}

bool Progressive::load(const std::vector<double>& s) {
  if (s.size() < 9 || (s.size() - 9) % 2 != 0) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (i != 7 && !(s[i] >= 0 && s[i] == static_cast<double>(static_cast<std::uint64_t>(s[i]))))
      return false;  // counters are whole numbers >= 0
  auto u = [&](std::size_t i) { return static_cast<std::uint64_t>(s[i]); };
  every_ = u(0);
  rows_ = u(1);
  mistakes_ = u(2);
  tp_ = u(3);
  fp_ = u(4);
  tn_ = u(5);
  fn_ = u(6);
  log_loss_sum_ = s[7];
  probabilistic_ = s[8] != 0;
  curve_.clear();
  for (std::size_t i = 9; i < s.size(); i += 2) curve_.push_back({u(i), u(i + 1)});
  return true;
}

double Progressive::log_loss() const {
  if (!probabilistic_ || rows_ == 0) return std::numeric_limits<double>::quiet_NaN();
  return log_loss_sum_ / rows_;
}

}  // namespace onepass
