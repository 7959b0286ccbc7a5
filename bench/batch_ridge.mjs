// Batch ridge regression, the regression reference of `npm run quality`
// (bench/quality_tasks.mjs): least squares with an L2 penalty solved in closed form, lambda by
// cross-validation on the training rows (scikit-learn's RidgeCV with K folds), no dependency.
// tests/js/quality_tasks.test.mjs checks it on exact cases.
import { solveSymmetric } from './batch_logistic.mjs';

/** Minimises sum_i (y_i - w.x_i - b)^2 + lambda |w|^2 (b not penalised): the rows and targets
 * centred on their means, (X^T X + lambda I) w = X^T y by Cholesky, b = mean(y) - mean(x).w.
 * Returns { w, b }. */
export function fitRidge(X, y, lambda) {
  const d = X[0].length,
    n = X.length;
  const mx = new Float64Array(d);
  let my = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) mx[j] += X[i][j] / n;
    my += y[i] / n;
  }
  const A = new Float64Array(d * d),
    r = new Float64Array(d);
  const xc = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) xc[j] = X[i][j] - mx[j];
    const yc = y[i] - my;
    for (let j = 0; j < d; j++) {
      if (xc[j] === 0) continue;
      r[j] += xc[j] * yc;
      for (let k = 0; k <= j; k++) A[j * d + k] += xc[j] * xc[k];
    }
  }
  for (let j = 0; j < d; j++) A[j * d + j] += lambda;
  // A column that is constant on these rows (a level absent from a fold) has a zero row and
  // column; its weight is 0.
  for (let j = 0; j < d; j++) if (A[j * d + j] === 0) A[j * d + j] = 1;
  const w = solveSymmetric(A, r, d);
  let b = my;
  for (let j = 0; j < d; j++) b -= w[j] * mx[j];
  return { w, b };
}

export const predictRidge = (m, x) => m.w.reduce((a, v, j) => a + v * x[j], m.b);

/** lambda by `folds`-fold cross-validation on (X, y) over `grid` (the lowest mean squared error;
 * ties: the larger lambda); returns { lambda, model } with the model refitted on all rows. */
export function fitRidgeCV(X, y, grid, folds) {
  let best = null;
  for (const lambda of grid) {
    let sse = 0;
    for (let f = 0; f < folds; f++) {
      const inFold = (i) => i % folds === f;
      const m = fitRidge(
        X.filter((_, i) => !inFold(i)),
        y.filter((_, i) => !inFold(i)),
        lambda,
      );
      for (let i = 0; i < X.length; i++) if (inFold(i)) sse += (y[i] - predictRidge(m, X[i])) ** 2;
    }
    if (!best || sse <= best.sse * (1 + 1e-12)) best = { lambda, sse };
  }
  return { lambda: best.lambda, model: fitRidge(X, y, best.lambda) };
}
