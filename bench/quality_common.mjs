// What the yes/no quality runs share (bench/quality.mjs on the bundled files,
// bench/quality_unseen.mjs on sets the project has not tuned on): a file's rows, the batch
// baseline with its C chosen by cross-validation on the training part, and one onepass run of
// a pipeline over a split.
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { accuracy, design, fitLogistic, predict } from './batch_logistic.mjs';
import { binaryFigures } from './quality_imbalance.mjs';

export const C_GRID = [0.01, 0.1, 1, 10, 100];
export const FOLDS = 5;
/** A bundled set of more rows than this gets one split (the first seed): Adult's batch
 * baseline's cross-validated Newton fits take minutes per split in JavaScript. */
export const ONE_SPLIT_ABOVE_ROWS = 5000;

/** The value of --splits N of the quality scripts: a whole number from 1; otherwise
 * fail(message). */
export function splitsOption(value, fail) {
  if (!/^[1-9][0-9]*$/.test(value ?? ''))
    fail(`--splits needs a whole number from 1 (got ${value})`);
  return Number(value);
}

/** The .csv files of a directory of data sets, sorted by name; an Error says why there are none
 * (the directory cannot be read, or holds no .csv file). */
export function csvFilesIn(dir) {
  let files;
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort();
  } catch (e) {
    throw new Error(`cannot read the directory ${dir}: ${e.message}`);
  }
  if (files.length === 0) throw new Error(`${dir} holds no .csv file`);
  return files;
}

/** The seeds a bundled set of `rowCount` rows is split by (bench/quality.mjs's rule). */
export function bundledSeeds(rowCount, seeds) {
  return rowCount > ONE_SPLIT_ABOVE_ROWS ? seeds.slice(0, 1) : seeds;
}

/** The bundled files' form (data/README.md): a header, numbers, the label last, '' missing. */
export function parse(text) {
  const lines = text.trim().split('\n');
  const header = lines[0];
  const rows = lines.slice(1).map((l) => l.split(','));
  return { header, lines: lines.slice(1), rows };
}

/** A bundled file (data/, gzipped when its name ends in .gz), parsed. */
export function readBundled(path) {
  const raw = readFileSync(path);
  return parse(new TextDecoder().decode(path.endsWith('.gz') ? gunzipSync(raw) : raw));
}

/** The rows of one file of data/README.md's form, checked: every row as wide as the header,
 * every label 1 or -1 (the unseen sets of bench/unseen_sets.R). */
export function readSet(path) {
  const { header, lines, rows } = parse(readFileSync(path, 'utf8'));
  const width = header.split(',').length;
  if (rows.length < 2) throw new Error(`${path}: fewer than 2 data rows`);
  rows.forEach((row, i) => {
    if (row.length !== width)
      throw new Error(`${path}, line ${i + 2}: ${row.length} cells, the header has ${width}`);
    if (row[width - 1] !== '1' && row[width - 1] !== '-1')
      throw new Error(
        `${path}, line ${i + 2}, column ${width}: the label must be 1 or -1 (got '${row[width - 1]}')`,
      );
  });
  return { header, lines, rows };
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

/** One pass of `spec` over the training set in its order, then the test set predicted: the
 * progressive error and log-loss over the training part, and the test part's figures. */
export function onepassOn(train, test, spec) {
  const r = train.evaluateOn(test, spec, { seed: 1 });
  return {
    progressive: r.progressive.error,
    progressiveLogLoss: r.progressive.logLoss,
    accuracy: r.test.accuracy,
    balancedAccuracy: r.test.balancedAccuracy,
    diverged: r.diverged,
  };
}
