// Batch multinomial logistic regression with an L2 penalty, the multiclass reference of
// `npm run quality` (bench/quality_tasks.mjs): what a data scientist fits with all the rows in
// memory (scikit-learn's LogisticRegression(multi_class='multinomial'), C by cross-validation),
// solved exactly by Newton's method, with no dependency. tests/js/quality_tasks.test.mjs checks
// its optimality conditions.
import { solveSymmetric } from './batch_logistic.mjs';

/** Minimises |W|^2/2 + C sum_i (log sum_k exp(s_ik) - s_iy), s_ik = w_k.x_i + b_k (the biases
 * not penalised), over the rows X (Float64Arrays) with class indices y in 0..K-1, by Newton's
 * method with a backtracking line search. The scores do not change when every b_k moves alike,
 * so b_{K-1} stays 0. Returns { W: K Float64Arrays, b: Float64Array(K) }. */
export function fitSoftmax(X, y, K, C) {
  const d = X[0].length;
  const q = d + 1; // per class: d weights then the bias
  const p = K * q;
  const theta = new Float64Array(p);
  const probs = (t, x, out) => {
    let top = -Infinity;
    for (let k = 0; k < K; k++) {
      let s = t[k * q + d];
      for (let j = 0; j < d; j++) s += t[k * q + j] * x[j];
      out[k] = s;
      if (s > top) top = s;
    }
    let z = 0;
    for (let k = 0; k < K; k++) z += out[k] = Math.exp(out[k] - top);
    for (let k = 0; k < K; k++) out[k] /= z;
    return top + Math.log(z); // log sum exp of the scores
  };
  const pk = new Float64Array(K);
  const objective = (t) => {
    let f = 0;
    for (let k = 0; k < K; k++) for (let j = 0; j < d; j++) f += 0.5 * t[k * q + j] ** 2;
    for (let i = 0; i < X.length; i++) {
      const lse = probs(t, X[i], pk);
      let s = t[y[i] * q + d];
      for (let j = 0; j < d; j++) s += t[y[i] * q + j] * X[i][j];
      f += C * (lse - s);
    }
    return f;
  };
  const last = (K - 1) * q + d; // b_{K-1}, held at 0
  let f = objective(theta);
  for (let iter = 0; iter < 200; iter++) {
    const g = new Float64Array(p);
    const H = new Float64Array(p * p); // lower triangle
    for (let k = 0; k < K; k++)
      for (let j = 0; j < d; j++) {
        g[k * q + j] = theta[k * q + j];
        H[(k * q + j) * p + k * q + j] = 1;
      }
    const xt = new Float64Array(q);
    xt[d] = 1;
    for (let i = 0; i < X.length; i++) {
      xt.set(X[i]);
      probs(theta, X[i], pk);
      for (let k = 0; k < K; k++) {
        const a = C * (pk[k] - (y[i] === k ? 1 : 0));
        for (let j = 0; j < q; j++) g[k * q + j] += a * xt[j];
      }
      // d^2/ds_k ds_l = p_k (delta_kl - p_l), times x x^T.
      for (let k = 0; k < K; k++)
        for (let l = 0; l <= k; l++) {
          const h = C * pk[k] * ((k === l ? 1 : 0) - pk[l]);
          if (h === 0) continue;
          for (let j = 0; j < q; j++) {
            const hx = h * xt[j];
            if (hx === 0) continue;
            const row = (k * q + j) * p + l * q;
            const top = k === l ? j : q - 1;
            for (let m = 0; m <= top; m++) H[row + m] += hx * xt[m];
          }
        }
    }
    g[last] = 0;
    for (let m = 0; m < p; m++) H[last * p + m] = 0;
    for (let m = last + 1; m < p; m++) H[m * p + last] = 0;
    H[last * p + last] = 1;
    if (Math.max(...g.map(Math.abs)) <= 1e-10 * (1 + C * X.length)) break;
    const step = solveSymmetric(H, g, p);
    let gStep = 0;
    for (let j = 0; j < p; j++) gStep += g[j] * step[j];
    if (!(gStep > 0)) break; // no descent left in floating point
    let t = 1,
      done = false;
    for (;;) {
      const next = theta.map((v, j) => v - t * step[j]);
      const fNext = objective(next);
      if (fNext <= f - 0.25 * t * gStep || t < 1e-10) {
        theta.set(next);
        done = f - fNext <= 1e-15 * Math.abs(f);
        f = fNext;
        break;
      }
      t /= 2;
    }
    // The objective no longer moves in floating point (a class that a cross-validation fold
    // lacks sends its bias towards -infinity without an optimum).
    if (done) break;
  }
  const W = [...Array(K)].map((_, k) => theta.slice(k * q, k * q + d));
  const b = Float64Array.from({ length: K }, (_, k) => theta[k * q + d]);
  return { W, b };
}

/** Every class's probability for the row x. */
export function softmaxProbabilities(model, x) {
  const s = model.W.map((w, k) => w.reduce((a, v, j) => a + v * x[j], model.b[k]));
  const top = Math.max(...s);
  const e = s.map((v) => Math.exp(v - top));
  const z = e.reduce((a, v) => a + v, 0);
  return e.map((v) => v / z);
}

/** The predicted class (the largest score; a tie, the lowest index). */
export function predictSoftmax(model, x) {
  const pr = softmaxProbabilities(model, x);
  let best = 0;
  for (let k = 1; k < pr.length; k++) if (pr[k] > pr[best]) best = k;
  return best;
}

/** C by `folds`-fold cross-validation on (X, y) over `grid`: the best mean accuracy (ties: the
 * lower log-loss, then the smaller C); returns { C, model } with the model refitted on all. */
export function fitSoftmaxCV(X, y, K, grid, folds) {
  let best = null;
  for (const C of grid) {
    let acc = 0,
      loss = 0;
    for (let f = 0; f < folds; f++) {
      const inFold = (i) => i % folds === f;
      const tx = X.filter((_, i) => !inFold(i)),
        ty = y.filter((_, i) => !inFold(i));
      const m = fitSoftmax(tx, ty, K, C);
      const hx = X.filter((_, i) => inFold(i)),
        hy = y.filter((_, i) => inFold(i));
      for (let i = 0; i < hx.length; i++) {
        const pr = softmaxProbabilities(m, hx[i]);
        if (predictSoftmax(m, hx[i]) === hy[i]) acc++;
        loss -= Math.log(Math.max(pr[hy[i]], 1e-15));
      }
    }
    if (!best || acc > best.acc || (acc === best.acc && loss < best.loss - 1e-9))
      best = { C, acc, loss };
  }
  return { C: best.C, model: fitSoftmax(X, y, K, best.C) };
}
