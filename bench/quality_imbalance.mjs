// `npm run quality`, imbalanced classes (after bench/quality_tasks.mjs): what class weights
// (docs/algorithms.md 4.28) buy on files where one class is rare, measured by the figures such a
// file needs: balanced accuracy (docs/algorithms.md 6.5, what the front ends rank by) and the
// positive class's F1, besides accuracy, which the majority class already scores well on.
// The sets are made from the bundled files (data/README.md): 10,000 of Adult's rows drawn at
// random, at their own 24% of positives, and those rows, diabetes, breast_cancer_wdbc and
// ionosphere with their positives subsampled at random (seeded) to 5% or 10% (SETS). For each set
// and each of its seeded stratified 80/20 splits:
//   - onepass's default pipeline and `zscore | logreg`, each without class weights and with
//     classWeight: 'balanced' (a read option of the data set), one pass over the training part in
//     the split's random order, then the test part predicted by the trained model frozen;
//   - batch L2 logistic regression (bench/batch_logistic.mjs, Newton's method to convergence),
//     without weights and with scikit-learn's balanced weights n / (K n_c), C chosen by 5-fold
//     stratified CV balanced accuracy on the training part;
//   - the training part's majority class.
// Writes the "Imbalanced classes" section of docs/quality.md (after the other sections, which it
// leaves as they are) and prints it. Its building blocks are exported for
// tests/js/quality_imbalance.test.mjs; the report runs only when the file is run. `--check`
// (writes nothing; tests/js/quality_check.test.mjs runs it): the whole run on CHECK_SETS
// (diabetes-10%, wdbc-5% and ionosphere-10%: the small sets; Adult's two take most of the run's
// time in their batch fits), compared with the published section's rows of those sets
// (bench/published.mjs).
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { load } from 'onepass';
import { checkQualitySection } from './published.mjs';
import { writeQualitySection } from './report.mjs';
import { balancedClassWeights, design, fitLogistic, predict } from './batch_logistic.mjs';
import { split } from './task_data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const C_GRID = [0.01, 0.1, 1, 10, 100];
export const FOLDS = 5;
/** The seed of the rows drawn to make the sets (the splits have their own seeds). */
export const SAMPLE_SEED = 1;
/** Splits of the small sets: their test parts hold 4 to 11 positives each, so one split's
 * balanced accuracy moves in steps of 4.5 to 12.5 points. */
const SMALL_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/** Adult's sets: one split (seed 1); the batch fits' cross-validation over C_GRID takes most of
 * the run's time there. */
const LARGE_SEEDS = [1];
/** The sets: a bundled file, `sample` of its rows drawn at random (all of them without it), then
 * its positives subsampled to `share` of the rows (every negative kept; the file's own share
 * without it). */
export const SETS = [
  { name: 'adult', file: 'adult_train.csv.gz', sample: 10000 },
  { name: 'adult-5%', file: 'adult_train.csv.gz', sample: 10000, share: 0.05 },
  { name: 'diabetes-10%', file: 'diabetes.csv', share: 0.1 },
  { name: 'wdbc-5%', file: 'breast_cancer_wdbc.csv', share: 0.05 },
  { name: 'ionosphere-10%', file: 'ionosphere.csv', share: 0.1 },
];
/** The sets --check recomputes. */
export const CHECK_SETS = ['diabetes-10%', 'wdbc-5%', 'ionosphere-10%'];

// ------------------------------------------------------------------ data and splits
/** A bundled file (a header, numbers, the label last as 1 or -1; data/README.md): its header,
 * its data lines and their cells. */
export function readBundled(file) {
  const raw = readFileSync(join(root, 'data', file));
  const text = new TextDecoder().decode(file.endsWith('.gz') ? gunzipSync(raw) : raw);
  const [header, ...lines] = text.trim().split('\n');
  return { header, lines, rows: lines.map((l) => l.split(',')) };
}

/** +1/-1 of a row, as bench/batch_logistic.mjs's design reads its label. */
export const labelOf = (row) => (Number(row.at(-1)) > 0 ? 1 : -1);

/** A seeded random order of 0..n-1: the shuffle of task_data.mjs's split, its two parts
 * together, so that every seeded order in the quality scripts comes from one generator. */
export function permutation(n, seed) {
  const { test, train } = split(n, seed);
  return [...test, ...train];
}

/** `k` of the indices 0..n-1 drawn at random (seeded), in their order in the file. */
export function sampleRows(n, k, seed) {
  return permutation(n, seed)
    .slice(0, k)
    .sort((a, b) => a - b);
}

/** The indices kept when the positives (labels +1) are subsampled to `share` of the rows: every
 * negative, and round(share N / (1 - share)) positives drawn at random (seeded), in file order. */
export function subsample(labels, share, seed) {
  const pos = [];
  labels.forEach((y, i) => y > 0 && pos.push(i));
  const neg = labels.length - pos.length;
  const k = Math.round((share * neg) / (1 - share));
  if (k < 1 || k > pos.length)
    throw new Error(`cannot make ${share} of positives from ${pos.length} and ${neg} negatives`);
  const kept = new Set(
    permutation(pos.length, seed)
      .slice(0, k)
      .map((j) => pos[j]),
  );
  return labels.map((_, i) => i).filter((i) => labels[i] < 0 || kept.has(i));
}

/** A seeded stratified 80/20 split: of each class, the first round(0.2 n_c) rows of a random
 * order are the test part (the library's holdout keeps the class shares too, D-EVAL-1). Both
 * parts are in that random order, the classes mixed, so a pass over the training part sees no
 * run of one class. */
export function stratifiedSplit(labels, seed, testShare = 0.2) {
  const count = new Map();
  for (const y of labels) count.set(y, (count.get(y) ?? 0) + 1);
  const quota = new Map([...count].map(([y, n]) => [y, Math.round(testShare * n)]));
  const train = [],
    test = [];
  for (const i of permutation(labels.length, seed)) {
    const left = quota.get(labels[i]);
    if (left > 0) {
      quota.set(labels[i], left - 1);
      test.push(i);
    } else train.push(i);
  }
  return { train, test };
}

/** The fold of each of `labels`: the j-th row of a class is in fold j mod k, so that every fold
 * has its share of the rare class (a fold without it has no balanced accuracy). */
export function stratifiedFolds(labels, k) {
  const seen = new Map();
  return labels.map((y) => {
    const j = seen.get(y) ?? 0;
    seen.set(y, j + 1);
    return j % k;
  });
}

/** Balanced accuracy, the positive class's F1 and accuracy (docs/algorithms.md 6.5) of +1/-1
 * predictions: F1 is 0 with no true positive, balanced accuracy NaN when a class is absent. */
export function binaryFigures(actual, predicted) {
  let tp = 0,
    fp = 0,
    tn = 0,
    fn = 0;
  for (let i = 0; i < actual.length; i++) {
    if (actual[i] > 0) predicted[i] > 0 ? tp++ : fn++;
    else predicted[i] > 0 ? fp++ : tn++;
  }
  return {
    balancedAccuracy: (tp / (tp + fn) + tn / (tn + fp)) / 2,
    f1: tp ? (2 * tp) / (2 * tp + fp + fn) : 0,
    accuracy: (tp + tn) / actual.length,
  };
}

// ------------------------------------------------------------------ batch and baseline
/** Batch L2 logistic regression fitted on the training rows, without class weights or with
 * balanced ones (computed on the rows each fit sees, as scikit-learn's fit does), C chosen by
 * FOLDS-fold stratified CV on the training part: the best balanced accuracy of the folds'
 * predictions pooled (the smallest C on a tie). Returns C and its test figures. */
export function batchOn(rows, train, test, balanced) {
  const weights = (y) => (balanced ? balancedClassWeights(y) : undefined);
  const fold = stratifiedFolds(
    train.map((i) => labelOf(rows[i])),
    FOLDS,
  );
  const parts = [...Array(FOLDS)].map((_, f) => {
    const fit = design(
      rows,
      train.filter((_, j) => fold[j] !== f),
    );
    const held = design(
      rows,
      train.filter((_, j) => fold[j] === f),
      fit.stats,
    );
    return { fit, held };
  });
  let best = { C: C_GRID[0], score: -1 };
  for (const C of C_GRID) {
    const actual = [],
      predicted = [];
    for (const { fit, held } of parts) {
      const theta = fitLogistic(fit.X, fit.y, C, weights(fit.y));
      held.X.forEach((x, i) => {
        actual.push(held.y[i]);
        predicted.push(predict(theta, x));
      });
    }
    const score = binaryFigures(actual, predicted).balancedAccuracy;
    if (score > best.score + 1e-12) best = { C, score };
  }
  const fit = design(rows, train);
  const held = design(rows, test, fit.stats);
  const theta = fitLogistic(fit.X, fit.y, best.C, weights(fit.y));
  return {
    C: best.C,
    figures: binaryFigures(
      held.y,
      held.X.map((x) => predict(theta, x)),
    ),
  };
}

/** The training part's majority class (the positive one on a tie, docs/algorithms.md 6.5)
 * predicted for every test row. */
export function majorityOn(rows, train, test) {
  const pos = train.filter((i) => labelOf(rows[i]) > 0).length;
  const top = 2 * pos >= train.length ? 1 : -1;
  const actual = test.map((i) => labelOf(rows[i]));
  return binaryFigures(
    actual,
    actual.map(() => top),
  );
}

// ------------------------------------------------------------------ onepass
/** The rows `idx` of a set as the bytes of a CSV with its header. */
export function csvBytes(set, idx) {
  return new TextEncoder().encode([set.header, ...idx.map((i) => set.lines[i])].join('\n') + '\n');
}

/** Each spec trained in one pass over the training rows (in their order: the split's random
 * one) without class weights and with balanced ones, then tested on the test rows frozen:
 * { [spec]: { none, balanced } } of test figures. */
export async function onepassOn(op, set, train, test, specs) {
  const plain = await op.loadDataset(csvBytes(set, train));
  const weighted = await op.loadDataset(csvBytes(set, train), { classWeight: 'balanced' });
  const held = await op.loadDataset(csvBytes(set, test), { like: plain });
  try {
    const figures = (data, spec) => {
      const t = data.evaluateOn(held, spec, { seed: 1 }).test;
      return { balancedAccuracy: t.balancedAccuracy, f1: t.f1, accuracy: t.accuracy };
    };
    return Object.fromEntries(
      specs.map((s) => [s, { none: figures(plain, s), balanced: figures(weighted, s) }]),
    );
  } finally {
    plain.dispose();
    weighted.dispose();
    held.dispose();
  }
}

// ------------------------------------------------------------------ the sets
const n0 = (v) => v.toLocaleString('en-US');

/** A set of SETS made: its header, lines and cells, and how it was made, in words. */
export function buildSet(spec) {
  const all = readBundled(spec.file);
  let idx = [...all.rows.keys()];
  const how = [];
  if (spec.sample) {
    idx = sampleRows(all.rows.length, spec.sample, SAMPLE_SEED);
    how.push(`${n0(spec.sample)} of its ${n0(all.rows.length)} rows drawn at random`);
  }
  if (spec.share) {
    const labels = idx.map((i) => labelOf(all.rows[i]));
    const before = labels.filter((y) => y > 0).length;
    idx = subsample(labels, spec.share, SAMPLE_SEED).map((j) => idx[j]);
    const after = idx.filter((i) => labelOf(all.rows[i]) > 0).length;
    how.push(
      `${how.length ? 'then ' : ''}${n0(after)} of its ${n0(before)} positives drawn at random, every negative kept`,
    );
  }
  const rows = idx.map((i) => all.rows[i]);
  const positives = rows.filter((r) => labelOf(r) > 0).length;
  return {
    ...spec,
    header: all.header,
    lines: idx.map((i) => all.lines[i]),
    rows,
    positives,
    how: how.length ? how.join(', ') : 'as it is',
  };
}

// ------------------------------------------------------------------ the run
/** The models of the table, in its order: a key, what the table calls it and its weights. */
function models(defaultSpec) {
  const logreg = 'zscore | logreg';
  return [
    { key: `${defaultSpec}/none`, name: `\`${defaultSpec}\` (default)`, weights: 'none' },
    { key: `${defaultSpec}/balanced`, name: `\`${defaultSpec}\` (default)`, weights: 'balanced' },
    { key: `${logreg}/none`, name: `\`${logreg}\``, weights: 'none' },
    { key: `${logreg}/balanced`, name: `\`${logreg}\``, weights: 'balanced' },
    { key: 'batch/none', name: 'batch logistic regression', weights: 'none' },
    { key: 'batch/balanced', name: 'batch logistic regression', weights: 'balanced' },
    { key: 'majority', name: 'majority class', weights: '' },
  ];
}

async function main(check) {
  const started = performance.now();
  const op = await load();
  const specs = [op.defaultPipeline, 'zscore | logreg'];
  const table = models(op.defaultPipeline);
  const results = [];
  for (const spec of SETS.filter((s) => !check || CHECK_SETS.includes(s.name))) {
    const set = buildSet(spec);
    const labels = set.rows.map(labelOf);
    const seeds = set.rows.length > 5000 ? LARGE_SEEDS : SMALL_SEEDS;
    const per = [];
    for (const seed of seeds) {
      const { train, test } = stratifiedSplit(labels, seed);
      const figures = {};
      const online = await onepassOn(op, set, train, test, specs);
      for (const s of specs) {
        figures[`${s}/none`] = online[s].none;
        figures[`${s}/balanced`] = online[s].balanced;
      }
      const batch = batchOn(set.rows, train, test, false);
      const batchBalanced = batchOn(set.rows, train, test, true);
      figures['batch/none'] = batch.figures;
      figures['batch/balanced'] = batchBalanced.figures;
      figures.majority = majorityOn(set.rows, train, test);
      per.push({ figures, C: { 'batch/none': batch.C, 'batch/balanced': batchBalanced.C } });
    }
    const mean = (key, f) => per.reduce((s, p) => s + p.figures[key][f], 0) / per.length;
    results.push({
      set,
      models: table.map((m) => ({
        ...m,
        balancedAccuracy: mean(m.key, 'balancedAccuracy'),
        f1: mean(m.key, 'f1'),
        accuracy: mean(m.key, 'accuracy'),
        C: per.map((p) => p.C[m.key]).filter((c) => c !== undefined),
      })),
    });
    console.error(
      `quality imbalance: ${set.name} done (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  const text = report(results, table, op.defaultPipeline, started);
  if (check) {
    const drifted = checkQualitySection(root, 'quality_imbalance', text, {
      subset: true,
      aggregates: { columns: ['mean'] },
    });
    if (drifted) process.exit(1);
    console.log(
      `docs/quality.md, quality_imbalance: the rows of ${CHECK_SETS.join(', ')} are what npm run quality makes now`,
    );
    return;
  }
  writeQualitySection(root, 'quality_imbalance', text);
  console.log(text);
}

// ------------------------------------------------------------------ the report
const BEGIN = '<!-- quality_imbalance: begin';
const END = '<!-- quality_imbalance: end -->';
const pct = (v) => (100 * v).toFixed(1);
const points = (v) => (v >= 0 ? '+' : '') + (100 * v).toFixed(1);
const escape = (s) => s.replace(/\|/g, '\\|');

function report(results, table, defaultSpec, started) {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const of = (r, key) => r.models.find((m) => m.key === key);
  const out = [
    `${BEGIN} (written by bench/quality_imbalance.mjs) -->`,
    '',
    '## Imbalanced classes',
    '',
    `Made by \`npm run quality\` (bench/quality_imbalance.mjs) on ${new Date().toISOString().slice(0, 10)} (${cpu}), onepass ${version}, in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    `Each set: seeded stratified 80/20 splits (each class split 80/20; seeds ${SMALL_SEEDS[0]} to ${SMALL_SEEDS.at(-1)}, or one split with seed ${LARGE_SEEDS[0]} for the sets of more than 5,000 rows); the numbers are means over them. The sets, made from the bundled files (data/README.md) with seed ${SAMPLE_SEED}:`,
    '',
    ...results.map(
      ({ set }) =>
        `- **${set.name}**: data/${set.file}, ${set.how}: ${n0(set.rows.length)} rows, ${n0(set.positives)} positive (${pct(set.positives / set.rows.length)}%).`,
    ),
    '',
    `- **onepass**: one pass over the training part in the split's random order, the test part predicted by the trained model frozen. Weights *none*: every row counts once; *balanced*: the data set read with \`classWeight: 'balanced'\` (CLI \`--class-weight balanced\`), each row weighted by n / (K n_c) of the rows before it, one row of each class counted before the stream (docs/algorithms.md 4.28).`,
    `- **Batch logistic regression**: L2-penalised, Newton's method to convergence on z-scored features (bench/batch_logistic.mjs); weights *balanced*: scikit-learn's \`class_weight='balanced'\`, n / (K n_c) of the training rows. C in {${C_GRID.join(', ')}} by ${FOLDS}-fold stratified cross-validation on the training part, on the balanced accuracy of the folds' predictions pooled (for the unweighted fit too: the figure this section ranks by).`,
    `- **Majority class**: the training part's majority class${results.every((r) => 2 * r.set.positives < r.set.rows.length) ? ' (the negative one on every set here)' : ''} predicted for every test row (docs/algorithms.md 6.5, "Baseline").`,
    '',
    'Columns, each on the test part:',
    '',
    '- **balanced accuracy %**: the mean of the recall of each class, (TPR + TNR) / 2 (docs/algorithms.md 6.5); what the CLI and the demo rank pipelines by. The majority class scores 50 whatever the shares.',
    '- **F1 %**: of the positive (rare) class, 2 TP / (2 TP + FP + FN); 0 when no positive is found, so the majority class scores 0.',
    "- **accuracy %**: the share of test rows predicted right; the majority class scores the negatives' share, which a model that ignores the rare class comes near.",
    '- **batch C per split**: the C the cross-validation chose.',
    '',
    '| data set | model | class weights | balanced accuracy % | F1 % | accuracy % | batch C per split |',
    '|---|---|---|---:|---:|---:|---|',
  ];
  for (const r of results)
    r.models.forEach((m, k) =>
      out.push(
        `| ${k === 0 ? r.set.name : ''} | ${escape(m.name)} | ${m.weights} | ${pct(m.balancedAccuracy)} | ${pct(m.f1)} | ${pct(m.accuracy)} | ${m.C.join(', ')} |`,
      ),
    );
  // What balanced weights change, per model family and set: the figure the section ranks by.
  const pairs = [
    [`${defaultSpec}`, `\`${defaultSpec}\``],
    ['zscore | logreg', '`zscore | logreg`'],
    ['batch', 'batch logistic regression'],
  ];
  out.push(
    '',
    'Balanced accuracy with balanced weights minus without, in points, and the mean over the sets (each set weighs the same):',
    '',
    `| model | ${results.map((r) => r.set.name).join(' | ')} | mean |`,
    `|---|${results.map(() => '---:').join('|')}|---:|`,
  );
  const lowered = [],
    lowerF1 = [];
  for (const [key, name] of pairs) {
    const change = (r, f) => of(r, `${key}/balanced`)[f] - of(r, `${key}/none`)[f];
    const gains = results.map((r) => change(r, 'balancedAccuracy'));
    results.forEach((r, j) => gains[j] < 0 && lowered.push(`${name} on ${r.set.name}`));
    // F1 too: the weights trade false positives for the rare class's recall, which F1 may not repay.
    for (const r of results)
      if (change(r, 'f1') < 0)
        lowerF1.push(`${name} on ${r.set.name} (${points(change(r, 'f1'))})`);
    const mean = gains.reduce((s, v) => s + v, 0) / gains.length;
    out.push(`| ${escape(name)} | ${gains.map(points).join(' | ')} | ${points(mean)} |`);
  }
  out.push(
    '',
    lowered.length
      ? `Balanced weights lowered the balanced accuracy of ${lowered.join('; ')}.`
      : 'Balanced weights raised the balanced accuracy of every model on every set.',
    lowerF1.length
      ? `They lowered the positive class's F1 (change in points) of ${lowerF1.join('; ')}.`
      : "They raised the positive class's F1 of every model on every set.",
    '',
    `${END}`,
  );
  return out.join('\n') + '\n';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.includes('--check'));
