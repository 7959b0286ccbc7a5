// Adaptive Scaling of S3, spec 5.3: coefficients beta from a regression of the label (coded
// {0,1}, D-AS-3) on the centred features, then x' = f(beta_i) (x_i - mean_i) (D-AS-1; `raw`
// multiplies x_i itself), with f = beta (AS) or |beta|^gamma (GAS, ASH).
//   as, gas  beta = (Xc'Xc + r I)^-1 Xc'y, r = 1e-10 (trace/p + 1) (D-AS-2)
//   ash      beta_i = cov(x_i, y)/var(x_i), 0 when var(x_i) = 0
// Fitted on a warm-up window of `warmup` rows (spec 5.3 batch fit on a window, D-LP-3), or with
// online=true from running means and co-moments (spec 5.3 "online variant"), updated with each
// row's label after its prediction (D-AS-4) and re-solved every `refit` rows (D-AS-6); until
// the first solve the coefficients are 1 (the centred row passes on).
#pragma once

#include <vector>

#include "pipeline/stage_entry.hpp"
#include "scalers/warmup.hpp"

namespace onepass {

enum class AsKind { as, gas, ash };

// spec 5.3 step 2 on n rows of d values (no missing values), numeric targets y: the
// coefficients beta (d). Shared by the warm-up fit and the tests of spec 9.12.
std::vector<double> adaptive_scaling_beta(AsKind kind, const double* rows, const double* y,
                                          std::size_t n, std::size_t d);

class AdaptiveScaling : public WarmupScaler {
 public:
  // The registry's defaults (gas's gamma is 0.5); AS declares no gamma and keeps 1 (spec 5.3).
  struct Config {
    double gamma = 1.0;
    std::size_t warmup = 500;
    bool online = false;
    std::size_t refit = 100;
    bool raw = false;  // centre: x, not x - mean (D-AS-1)
  };
  AdaptiveScaling(AsKind kind, Config p) : WarmupScaler(p.warmup), kind_(kind), p_(p) {}

  bool fitted() const override { return p_.online || WarmupScaler::fitted(); }
  void transform(const double* x, double* out) const override;
  void observe_label(const double* x, int y) override;
  Snapshot snapshot() const override;

 protected:
  void init_fit() override;
  void fit(const double* rows, const std::int8_t* labels, std::size_t n) override;
  void save_fit(StateWriter& w) const override;
  bool load_fit(StateReader& r) override;

 private:
  void solve();  // online: beta from the co-moments
  void guard_beta();
  double factor(std::size_t j) const;

  AsKind kind_;
  Config p_;
  std::vector<double> mean_, beta_;
  // online: rows seen, mean of y, Cxy (d), Cxx (d x d for as/gas, its diagonal for ash)
  double k_ = 0, ybar_ = 0;
  std::vector<double> cxy_, cxx_;
};

// The entries of as, gas and ash (spec 5.3), in that order.
std::vector<RegistryEntry> adaptive_scaling_stages();

}  // namespace onepass
