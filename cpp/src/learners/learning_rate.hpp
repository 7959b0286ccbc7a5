// The learning-rate schedule and regulariser scaling of S0, shared by logreg and the FS family:
// spec 4.1 (LR) with T = 1, eta_k = eta0 / (1 + k/N), k the updates made so far (D-LR-1), and
// every L2 weight divided by the horizon N (lambda' = lambda/N, D-LR-2).
#pragma once

namespace onepass {

struct HyperbolicRate {
  double eta0;
  double n;  // the horizon N
  double at(double k) const { return eta0 / (1.0 + k / n); }
  double per_row(double weight) const { return weight / n; }
};

}  // namespace onepass
