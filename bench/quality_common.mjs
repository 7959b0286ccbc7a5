// What the yes/no quality runs share (bench/quality.mjs on the bundled files,
// bench/quality_unseen.mjs on sets the project has not tuned on): a file's rows, the batch
// baseline with its C chosen by cross-validation on the training part, and one onepass run of
// a pipeline over a split.
import { accuracy, design, fitLogistic, predict } from './batch_logistic.mjs';
import { binaryFigures } from './quality_imbalance.mjs';

export const C_GRID = [0.01, 0.1, 1, 10, 100];
export const FOLDS = 5;

/** The bundled files' form (data/README.md): a header, numbers, the label last, '' missing. */
export function parse(text) {
  const lines = text.trim().split('\n');
  const header = lines[0];
  const rows = lines.slice(1).map((l) => l.split(','));
  return { header, lines: lines.slice(1), rows };
}

/** Batch L2 logistic regression with C chosen by FOLDS-fold CV accuracy on the training
 * indices (the smallest C on a tie): that C, and the test part's accuracy and balanced
 * accuracy. */
export function batchBaseline(rows, train, test) {
  const folds = [...Array(FOLDS)].map((_, f) => train.filter((_, i) => i % FOLDS === f));
  let best = { C: C_GRID[0], acc: -1 };
  for (const C of C_GRID) {
    let acc = 0;
    for (let f = 0; f < FOLDS; f++) {
      const fit = design(
        rows,
        train.filter((_, i) => i % FOLDS !== f),
      );
      const held = design(rows, folds[f], fit.stats);
      acc += accuracy(fitLogistic(fit.X, fit.y, C), held.X, held.y) / FOLDS;
    }
    if (acc > best.acc + 1e-12) best = { C, acc };
  }
  const fit = design(rows, train);
  const held = design(rows, test, fit.stats);
  const theta = fitLogistic(fit.X, fit.y, best.C);
  const predicted = held.X.map((x) => predict(theta, x));
  return {
    C: best.C,
    accuracy: accuracy(theta, held.X, held.y),
    balancedAccuracy: binaryFigures(held.y, predicted).balancedAccuracy,
  };
}

/** The rows `idx` of a file (its header and data lines), in that order, as a onepass data set. */
export async function datasetOf(op, header, lines, idx) {
  return op.loadDataset(
    new TextEncoder().encode([header, ...idx.map((i) => lines[i])].join('\n') + '\n'),
  );
}

/** One pass of `spec` over the training set in its order, then the test set predicted. */
export function onepassOn(train, test, spec) {
  const r = train.evaluateOn(test, spec, { seed: 1 });
  return {
    progressive: r.progressive.error,
    accuracy: r.test.accuracy,
    balancedAccuracy: r.test.balancedAccuracy,
    diverged: r.diverged,
  };
}
