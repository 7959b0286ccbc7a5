// BNS scaling of S1, spec 5.5: per feature, BNS_j = max over the thresholds between adjacent
// distinct training values of |F^-1(tpr) - F^-1(fpr)| for the binarised feature [x > theta],
// with both rates clipped to [0.0005, 0.9995] (D-BNS-1); 0 when one class is absent. Then
//   x'' = BNS_j (x - m_j)/(M_j - m_j)  with the training min m_j and max M_j (D-BNS-2),
// or, zero_preserving, BNS_j x/(M_j - m_j) so that 0 stays 0; a constant feature gives 0.
// Fitted on a warm-up window; missing cells are left out and stay missing.
#pragma once

#include <vector>

#include "pipeline/stage_entry.hpp"
#include "scalers/warmup.hpp"

namespace onepass {

// spec 2.8: the standard normal quantile, for p in (0, 1). Newton's method on
// Phi(x) = erfc(-x/sqrt 2)/2 from x = 0 (Phi is convex below 0, so it converges monotonically),
// accurate to a few ulps; used instead of AS241 or Acklam's approximation for its simplicity.
double normal_quantile(double p);
// |F^-1(tpr) - F^-1(fpr)| with the rates clipped (D-BNS-1).
double bns_score(double tpr, double fpr);
// BNS_j of one feature from (value, label in {-1,+1}) pairs.
double bns_of_feature(std::vector<std::pair<double, int>> data);

class BnsScaler : public WarmupScaler {
 public:
  static constexpr const char* kName = "bns";
  struct Config {  // the registry's defaults
    std::size_t warmup = 500;
    bool zero_preserving = false;  // D-BNS-2
  };
  explicit BnsScaler(Config c) : WarmupScaler(c.warmup), zero_preserving_(c.zero_preserving) {}

  void transform(const double* x, double* out) const override;
  Snapshot snapshot() const override;

 protected:
  void init_fit() override {
    bns_.assign(dims_, 0.0);
    min_.assign(dims_, 0.0);
    max_.assign(dims_, 0.0);
  }
  void fit(const double* rows, const std::int8_t* labels, std::size_t n) override;
  void save_fit(StateWriter& w) const override {
    w.put(bns_);
    w.put(min_);
    w.put(max_);
  }
  bool load_fit(StateReader& r) override {
    std::vector<double> bns = r.get_array(), lo = r.get_array(), hi = r.get_array();
    if (r.failed() || bns.size() != dims_ || lo.size() != dims_ || hi.size() != dims_) return false;
    bns_ = std::move(bns);
    min_ = std::move(lo);
    max_ = std::move(hi);
    return true;
  }

 private:
  bool zero_preserving_;
  std::vector<double> bns_, min_, max_;
};

// bns's entry of the registry (spec 5.5).
std::vector<RegistryEntry> bns_stages();

}  // namespace onepass
