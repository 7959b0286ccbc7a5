// Batch L2 logistic regression for `npm run quality` (bench/quality.mjs; with class weights,
// bench/quality_imbalance.mjs): the learner a data scientist would fit with all the data in
// memory, solved exactly (Newton's method to convergence), with no dependency.
// tests/js/quality.test.mjs checks its optimality conditions.
/** Rows as z-scored Float64Arrays (missing -> training mean -> 0), labels as +1/-1. */
export function design(rows, idx, stats) {
  const d = rows[0].length - 1;
  let mean = stats?.mean,
    sd = stats?.sd;
  if (!stats) {
    mean = new Float64Array(d);
    sd = new Float64Array(d);
    const count = new Float64Array(d);
    for (const i of idx)
      for (let j = 0; j < d; j++)
        if (rows[i][j] !== '') {
          mean[j] += Number(rows[i][j]);
          count[j]++;
        }
    for (let j = 0; j < d; j++) mean[j] = count[j] ? mean[j] / count[j] : 0;
    for (const i of idx)
      for (let j = 0; j < d; j++)
        if (rows[i][j] !== '') sd[j] += (Number(rows[i][j]) - mean[j]) ** 2;
    for (let j = 0; j < d; j++) sd[j] = count[j] > 1 ? Math.sqrt(sd[j] / (count[j] - 1)) : 0;
  }
  const X = idx.map((i) => {
    const x = new Float64Array(d);
    for (let j = 0; j < d; j++) {
      const v = rows[i][j] === '' ? mean[j] : Number(rows[i][j]);
      x[j] = sd[j] > 1e-12 ? (v - mean[j]) / sd[j] : 0;
    }
    return x;
  });
  const y = idx.map((i) => (Number(rows[i][d]) > 0 ? 1 : -1));
  return { X, y, stats: { mean, sd } };
}

const log1pexp = (z) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));
const sigmoid = (z) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The balanced class weights of labels y (+1/-1), scikit-learn's class_weight='balanced':
 * n / (K n_c) with K = 2, keyed by the label; a class with no row weighs 1 (nothing to weigh).
 * docs/algorithms.md 4.28 gives the online form onepass uses. */
export function balancedClassWeights(y) {
  let pos = 0;
  for (const v of y) if (v > 0) pos++;
  const neg = y.length - pos;
  return { 1: pos ? y.length / (2 * pos) : 1, '-1': neg ? y.length / (2 * neg) : 1 };
}

/** Minimises C sum c_y log(1 + exp(-y (w.x + b))) + |w|^2/2 (LIBLINEAR's primal, b unpenalised)
 * by Newton's method with a backtracking line search; returns [w..., b]. c_y is
 * classWeight[y] (as balancedClassWeights gives), 1 for every row without it: a row of weight
 * c counts as c rows, as scikit-learn's class_weight does. */
export function fitLogistic(X, y, C, classWeight) {
  const d = X[0].length,
    p = d + 1;
  const theta = new Float64Array(p);
  const Ci = classWeight ? y.map((v) => C * classWeight[v]) : y.map(() => C);
  const score = (t, x) => {
    let s = t[d];
    for (let j = 0; j < d; j++) s += t[j] * x[j];
    return s;
  };
  const objective = (t) => {
    let f = 0;
    for (let j = 0; j < d; j++) f += 0.5 * t[j] * t[j];
    for (let i = 0; i < X.length; i++) f += Ci[i] * log1pexp(-y[i] * score(t, X[i]));
    return f;
  };
  let f = objective(theta);
  for (let iter = 0; iter < 100; iter++) {
    const g = new Float64Array(p);
    const H = new Float64Array(p * p);
    for (let j = 0; j < d; j++) {
      g[j] = theta[j];
      H[j * p + j] = 1;
    }
    H[d * p + d] = 1e-10; // keeps the bias row positive definite on a one-class fold
    for (let i = 0; i < X.length; i++) {
      const x = X[i];
      const s = score(theta, x);
      const q = sigmoid(-y[i] * s);
      const a = -Ci[i] * y[i] * q; // d/ds of C c_y log(1 + exp(-y s))
      const h = Ci[i] * q * (1 - q);
      for (let j = 0; j < d; j++) g[j] += a * x[j];
      g[d] += a;
      for (let j = 0; j < d; j++) {
        const hx = h * x[j];
        if (hx === 0) continue;
        for (let k = 0; k <= j; k++) H[j * p + k] += hx * x[k];
        H[d * p + j] += hx;
      }
      H[d * p + d] += h;
    }
    // Converged when the gradient is zero to rounding (the Newton decrement alone stopped
    // early: |g| ~ 3e-5 on heart).
    if (Math.max(...g.map(Math.abs)) <= 1e-10 * (1 + C * X.length)) break;
    const step = solveSymmetric(H, g, p);
    let gStep = 0;
    for (let j = 0; j < p; j++) gStep += g[j] * step[j];
    // No descent left in floating point: the step's predicted decrease (gStep / 2) is below the
    // rounding of f, so no line search can see it (on Adult's folds at C = 0.01 the gradient
    // stalled at 1e-8 and every iteration up to the 100th halved its step down to 1e-10).
    if (!(gStep > 4 * Number.EPSILON * Math.abs(f))) break;
    let t = 1;
    for (;;) {
      const next = theta.map((v, j) => v - t * step[j]);
      const fNext = objective(next);
      if (fNext <= f - 0.25 * t * gStep || t < 1e-10) {
        theta.set(next);
        f = fNext;
        break;
      }
      t /= 2;
    }
  }
  return theta;
}

/** Solves H s = g for a symmetric positive definite H given by its lower triangle (Cholesky). */
export function solveSymmetric(H, g, p) {
  const L = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    let s = H[j * p + j];
    for (let k = 0; k < j; k++) s -= L[j * p + k] ** 2;
    const diag = Math.sqrt(Math.max(s, 1e-300));
    L[j * p + j] = diag;
    for (let i = j + 1; i < p; i++) {
      let v = H[i * p + j];
      for (let k = 0; k < j; k++) v -= L[i * p + k] * L[j * p + k];
      L[i * p + j] = v / diag;
    }
  }
  const z = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let v = g[i];
    for (let k = 0; k < i; k++) v -= L[i * p + k] * z[k];
    z[i] = v / L[i * p + i];
  }
  const s = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let v = z[i];
    for (let k = i + 1; k < p; k++) v -= L[k * p + i] * s[k];
    s[i] = v / L[i * p + i];
  }
  return s;
}

/** The label (+1/-1) [w..., b] gives row x: +1 at a score of 0. */
export function predict(theta, x) {
  const d = x.length;
  let s = theta[d];
  for (let j = 0; j < d; j++) s += theta[j] * x[j];
  return s >= 0 ? 1 : -1;
}

export function accuracy(theta, X, y) {
  let right = 0;
  for (let i = 0; i < X.length; i++) if (predict(theta, X[i]) === y[i]) right++;
  return right / X.length;
}
