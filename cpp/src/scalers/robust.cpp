#include "scalers/robust.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"

namespace onepass {

RobustScaler::RobustScaler(Config c) : eps_(c.eps), lower_(c.lower), upper_(c.upper) {
  // {lower, median, upper} in increasing order, once, between the extremes {0, 1}: the sketch
  // answers all five in one walk.
  const double phis[3] = {lower_, 0.5, upper_};
  std::sort(phi_order_, phi_order_ + 3,
            [&](std::size_t a, std::size_t b) { return phis[a] < phis[b]; });
  sorted_phis_[0] = 0.0;
  for (std::size_t k = 0; k < 3; ++k) sorted_phis_[k + 1] = phis[phi_order_[k]];
  sorted_phis_[4] = 1.0;
}

void RobustScaler::update(const double* x) {
  each_observed(x, [&](std::size_t j, double xj) {
    QuantileSketch& q = sketches_[j];
    q.insert(xj);
    if (q.compressed() || q.count() * 2 * eps_ <= 1) {
      // The three quantiles in one walk of the sketch, asked for in increasing order.
      double found[5], at[3];
      q.quantiles(sorted_phis_, 5, found);
      for (std::size_t k = 0; k < 3; ++k) at[phi_order_[k]] = found[k + 1];
      median_[j] = at[1];
      // A feature whose inter-quantile range is 0 but that varies (a rare 0/1 level, a sparse
      // count) is scaled by its range instead, never mapped to a constant.
      spread_[j] = at[2] - at[0];
      if (spread_[j] <= kSpreadEpsilon) spread_[j] = found[4] - found[0];
    }
  });
}

void RobustScaler::transform(const double* x, double* out) const {
  x = without_huge(x, false);
  for (std::size_t j = 0; j < dims_; ++j) {
    if (std::isnan(x[j]))
      out[j] = x[j];
    else
      out[j] = spread_[j] <= kSpreadEpsilon ? 0.0 : (x[j] - median_[j]) / spread_[j];
  }
}

std::vector<double> RobustScaler::save() const {
  std::vector<double> out;
  StateWriter w(out);
  for (const QuantileSketch& q : sketches_) q.save(w);
  w.put(median_);
  w.put(spread_);
  return out;
}

Status RobustScaler::load(const std::vector<double>& saved) {
  StateReader r(saved);
  std::vector<QuantileSketch> sketches(dims_, QuantileSketch(eps_));
  for (QuantileSketch& q : sketches)
    if (!q.load(r)) break;
  std::vector<double> median = r.get_array(), spread = r.get_array();
  if (!r.done() || median.size() != dims_ || spread.size() != dims_)
    return Status::error(std::string("the saved state of scaler '") + kName +
                         "' is damaged or from another pipeline");
  sketches_ = std::move(sketches);
  median_ = std::move(median);
  spread_ = std::move(spread);
  return Status::ok();
}

Snapshot RobustScaler::snapshot() const {
  std::vector<double> sizes(dims_);
  for (std::size_t j = 0; j < dims_; ++j) sizes[j] = static_cast<double>(sketches_[j].size());
  return {kName, {{"median", median_}, {"spread", spread_}, {"sketch_size", sizes}}, {}};
}

std::vector<RegistryEntry> robust_stages() {
  using C = RobustScaler::Config;
  RegistryEntry robust =
      scaler_entry(RobustScaler::kName,
                   "(x - median)/(inter-quantile range, or the range when that is 0) from a "
                   "bounded-memory quantile sketch",
                   "5.9", "");
  // eps sizes the sketch (a buffer of 1/(2 eps) values per feature, O(1/eps log(eps n))
  // tuples): bounded below so that memory stays bounded and no size overflows.
  const BoundParams<C> params = {
      real_param(&C::eps, "eps", 0.01, 0.0001, 0.5,
                 "rank error of the quantile sketch (memory ~ 1/eps)"),
      real_param(&C::lower, "lower", 0.25, 0, 1, "lower quantile of the spread"),
      real_param(&C::upper, "upper", 0.75, 0, 1, "upper quantile of the spread")};
  bind_check(robust, params, [](const C& c) {
    if (c.lower < c.upper) return Status::ok();
    return Status::error(std::string(RobustScaler::kName) + ": lower (" + format_number(c.lower) +
                         ") must be below upper (" + format_number(c.upper) + ")");
  });
  bind_scaler<RobustScaler>(robust, params);
  return one_entry(std::move(robust));
}

}  // namespace onepass
