// Batch L2 logistic regression for `npm run quality` (bench/quality.mjs): the learner a data
// scientist would fit with all the data in memory, solved exactly (Newton's method to
// convergence), with no dependency. tests/js/quality.test.mjs checks its optimality conditions.
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

/** Minimises C sum log(1 + exp(-y (w.x + b))) + |w|^2/2 (LIBLINEAR's primal, b unpenalised) by
 * Newton's method with a backtracking line search; returns [w..., b]. */
export function fitLogistic(X, y, C) {
  const d = X[0].length,
    p = d + 1;
  const theta = new Float64Array(p);
  const score = (t, x) => {
    let s = t[d];
    for (let j = 0; j < d; j++) s += t[j] * x[j];
    return s;
  };
  const objective = (t) => {
    let f = 0;
    for (let j = 0; j < d; j++) f += 0.5 * t[j] * t[j];
    for (let i = 0; i < X.length; i++) f += C * log1pexp(-y[i] * score(t, X[i]));
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
      const a = -C * y[i] * q; // d/ds of C log(1 + exp(-y s))
      const h = C * q * (1 - q);
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
    if (!(gStep > 0)) break; // no descent left in floating point
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

export function accuracy(theta, X, y) {
  const d = X[0].length;
  let right = 0;
  for (let i = 0; i < X.length; i++) {
    let s = theta[d];
    for (let j = 0; j < d; j++) s += theta[j] * X[i][j];
    if ((s >= 0 ? 1 : -1) === y[i]) right++;
  }
  return right / X.length;
}
