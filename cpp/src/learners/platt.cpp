#include "learners/platt.hpp"

#include <cmath>

#include "core/numerics.hpp"
#include "learners/modifier_entry.hpp"

namespace onepass {

void Platt::calibrate(double s, int y, double w) {
  if (!std::isfinite(s) || !std::isfinite(s * s) || !(w > 0)) return;
  double* st = state_.data();
  const double a = st[kA], b = st[kB];
  // docs/algorithms.md 4.29 (PLATT-t): Platt's smoothed target, from the rows so far, this one's
  // label included (it is known once the row is predicted).
  double& seen = y > 0 ? st[kPos] : st[kNeg];
  const double n = seen + w;
  const double t = y > 0 ? (n + 1) / (n + 2) : 1 / (n + 2);
  const double z = calibrated(s), p = sigmoid(z);
  const double h = w * p * (1 - p);
  const double rows = st[kRows] + 1, squares = st[kSquares] + s * s;
  const double haa = st[kHaa] + h * s * s, hab = st[kHab] + h * s, hbb = st[kHbb] + h;
  // (PLATT-S): the curvature so far and the prior's, kPrior (r^2, 1) with r^2 the mean square
  // score, so the prior is as strong whatever the scores' scale.
  const double r2 = squares / rows;
  const double saa = haa + kPrior * r2, sbb = hbb + kPrior;
  // (PLATT-g): the weighted gradient of the log-loss in (a, b), (p - t)(s, 1).
  const double g = w * (p - t);
  double da = 0, db = 0;
  if (saa > 0) {  // otherwise every score so far was 0: nothing is known of a
    const double det = saa * sbb - hab * hab;
    da = (sbb * g * s - hab * g) / det;
    db = (saa * g - hab * g * s) / det;
  } else {
    db = g / sbb;
  }
  // (PLATT-c): the step never takes this row's logit past its target's logit, where the row's
  // loss is least (a row of a score far off the others would otherwise throw a and b far).
  const double target = std::log(t / (1 - t));
  const double moved = z - (da * s + db);
  if ((moved - target) * (z - target) < 0) {
    const double f = (z - target) / (da * s + db);
    da *= f;
    db *= f;
  }
  const double next_a = a - da, next_b = b - db;
  if (!std::isfinite(next_a) || !std::isfinite(next_b) || !std::isfinite(haa) ||
      !std::isfinite(squares))
    return;
  st[kA] = next_a;
  st[kB] = next_b;
  st[kHaa] = haa;
  st[kHab] = hab;
  st[kHbb] = hbb;
  seen = n;
  st[kRows] = rows;
  st[kSquares] = squares;
}

Snapshot Platt::snapshot_of(const double* params) const {
  Snapshot s = WrappedLearner::snapshot_of(params);
  s.scalars.emplace_back("platt_a", state_[kA]);
  s.scalars.emplace_back("platt_b", state_[kB]);
  return s;
}

std::vector<RegistryEntry> platt_stages() {
  RegistryEntry platt = parameterless_modifier_entry<Platt>(
      "online Platt scaling: probabilities sigma(a s + b) from the learner's score s, learned "
      "from the scores of rows not yet learned; comes last",
      "4.29", "Platt, Probabilistic Outputs for Support Vector Machines (1999)");
  platt.probability = true;
  return one_entry(std::move(platt));
}

}  // namespace onepass
