#include "scalers/lp_shaper.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

LpTable fit_lp_table(std::vector<std::pair<double, int>> data, std::size_t n, bool zero_special) {
  LpTable t;
  if (zero_special) {
    std::size_t zeros = 0, zero_pos = 0;
    for (const auto& [v, y] : data)
      if (v == 0) {
        ++zeros;
        zero_pos += y > 0;
      }
    t.zero_prob = (zero_pos + 1.0) / (zeros + 2.0);
    data.erase(std::remove_if(data.begin(), data.end(), [](const auto& p) { return p.first == 0; }),
               data.end());
  }
  if (data.empty()) return t;
  t.any = true;
  // Step 1: sort by value, ties keeping input order.
  std::stable_sort(data.begin(), data.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  const std::size_t total = data.size();
  std::vector<std::size_t> pos_before(total + 1, 0);  // positives among the first i
  for (std::size_t i = 0; i < total; ++i) pos_before[i + 1] = pos_before[i] + (data[i].second > 0);
  // Steps 2-3: per distinct value, the window of the value's examples plus n on each side.
  for (std::size_t start = 0; start < total;) {
    std::size_t end = start;
    while (end < total && data[end].first == data[start].first) ++end;
    const std::size_t lo = start >= n ? start - n : 0;
    const std::size_t hi = std::min(total, end + n);
    const double positives = static_cast<double>(pos_before[hi] - pos_before[lo]);
    t.values.push_back(data[start].first);
    t.probs.push_back((positives + 1.0) / (static_cast<double>(hi - lo) + 2.0));
    start = end;
  }
  return t;
}

void LpShaper::fit(const double* rows, const std::int8_t* labels, std::size_t n) {
  for (std::size_t j = 0; j < dims_; ++j) {
    std::vector<std::pair<double, int>> data = column(rows, labels, n, j);
    tables_[j] = fit_lp_table(std::move(data), n_, zero_special_);
  }
}

double LpShaper::probability(std::size_t j, double v) const {
  const LpTable& t = tables_[j];
  if (zero_special_ && v == 0) return t.zero_prob;
  if (!t.any) return 0.5;  // nothing to estimate from: the Laplace prior
  const auto& vs = t.values;
  if (v <= vs.front()) return t.probs.front();  // clamp
  if (v >= vs.back()) return t.probs.back();
  const std::size_t u =
      static_cast<std::size_t>(std::lower_bound(vs.begin(), vs.end(), v) - vs.begin());
  if (vs[u] == v) return t.probs[u];
  const std::size_t l = u - 1;  // interpolate between the neighbouring training values
  return t.probs[l] + (v - vs[l]) / (vs[u] - vs[l]) * (t.probs[u] - t.probs[l]);
}

void LpShaper::save_fit(StateWriter& w) const {
  for (const LpTable& t : tables_) {
    w.put(t.any ? 1 : 0);
    w.put(t.zero_prob);
    w.put(t.values);
    w.put(t.probs);
  }
}

bool LpShaper::load_fit(StateReader& r) {
  std::vector<LpTable> tables(dims_);
  for (LpTable& t : tables) {
    t.any = r.get() != 0;
    t.zero_prob = r.get();
    t.values = r.get_array();
    t.probs = r.get_array();
    if (r.failed() || t.values.size() != t.probs.size() || (t.any && t.values.empty()))
      return false;
  }
  tables_ = std::move(tables);
  return true;
}

double LpShaper::output(double p) const {
  return log_odds_ ? std::log(p / (1.0 - p)) : p;
}

double LpShaper::shaped(std::size_t j, double v) const {
  if (!zero_special_) return output(probability(j, v));
  // 0 maps to 0; a feature without non-zero training values maps to 0 (D-LP-2).
  const LpTable& t = tables_[j];
  return t.any ? output(probability(j, v)) - output(t.zero_prob) : 0.0;
}

void LpShaper::transform(const double* x, double* out) const {
  for (std::size_t j = 0; j < dims_; ++j) out[j] = std::isnan(x[j]) ? x[j] : shaped(j, x[j]);
}

Snapshot LpShaper::snapshot() const {
  Snapshot s;
  s.name = kNames[log_odds_];
  // Per feature: the number of distinct training values, and the shaping curve's ends.
  std::vector<double> distinct(dims_), low(dims_), high(dims_);
  for (std::size_t j = 0; j < dims_; ++j) {
    const LpTable& t = tables_[j];
    distinct[j] = static_cast<double>(t.values.size());
    low[j] = t.any ? output(t.probs.front()) : 0.0;
    high[j] = t.any ? output(t.probs.back()) : 0.0;
  }
  s.arrays = {{"distinct_values", distinct}, {"shaped_at_min", low}, {"shaped_at_max", high}};
  // Each feature's shaping curve: its distinct training values and what they map to (as
  // transform() gives them), as curve_x_<j> and curve_y_<j>.
  for (std::size_t j = 0; j < dims_; ++j) {
    const LpTable& t = tables_[j];
    std::vector<double> ys;
    for (double v : t.values) ys.push_back(shaped(j, v));
    s.arrays.push_back({"curve_x_" + std::to_string(j), t.values});
    s.arrays.push_back({"curve_y_" + std::to_string(j), std::move(ys)});
  }
  add_warmup_status(s);
  return s;
}

std::vector<RegistryEntry> lp_shaper_stages() {
  using C = LpShaper::Config;
  std::vector<RegistryEntry> out;
  for (bool log_odds : {false, true}) {
    RegistryEntry e =
        scaler_entry(LpShaper::kNames[log_odds],
                     log_odds ? "log-odds shaper ln(p/(1 - p)) of the local probability"
                              : "local-probability shaper: P(positive | value) from neighbours",
                     "5.4", kS1);
    bind_scaler<LpShaper>(
        e,
        {integer_param(&C::warmup, "warmup", 500, 1, 1e9, "rows held to fit the shaping curves"),
         integer_param(&C::n, "n", 15, 0, 1e9, "neighbours taken below and above a value (D-LP-1)"),
         flag_param(&C::zero_special, "zero_special", false,
                    "zeros in a bin of their own, and 0 stays 0 (sparse data)")},
        log_odds);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace onepass
