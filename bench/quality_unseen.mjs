// `node bench/quality_unseen.mjs --dir DIR [--splits N]`: the yes/no learners measured on data
// the project has not tuned on. bench/quality.mjs chose the default pipeline and arow_full's r
// looking at the bundled files (data/); here every CSV file of DIR (the form of data/README.md's
// files: a header, numbers, the label last as 1 or -1, '' missing; bench/unseen_sets.R writes
// ten such sets from Debian's R packages) is split N times (seeds 1..N, 5 by default; 80/20,
// bench/task_data.mjs's split) and each split scored, on its test part, by:
//   - the majority class of the training part (+1 on a tie), predicted for every test row;
//   - onepass's default pipeline and the CANDIDATES, each one pass over the training part in the
//     split's random order (bench/quality_common.mjs's onepassOn, as bench/quality.mjs runs it);
//   - batch L2 logistic regression, C chosen by 5-fold CV accuracy on the training part
//     (bench/quality_common.mjs's batchBaseline, as bench/quality.mjs).
// Prints a markdown table (per set: rows, features, each column's test accuracy / balanced
// accuracy, means over the splits; then their means over the sets, each set weighing the same)
// and each column's mean gap to the default and to batch, in points, with the sets where it beats
// and trails the default. It writes no file.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { load } from 'onepass';
import { binaryFigures } from './quality_imbalance.mjs';
import {
  batchBaseline,
  csvFilesIn,
  datasetOf,
  onepassOn,
  readSet,
  splitsOption,
} from './quality_common.mjs';
import { split } from './task_data.mjs';

const USAGE = 'usage: node bench/quality_unseen.mjs --dir DIR [--splits N]';

function fail(message) {
  console.error(`quality_unseen: ${message}\n${USAGE}`);
  process.exit(2);
}

/** --dir DIR and --splits N (an integer from 1; 5 without it). */
function options(args) {
  let dir = null,
    splits = 5;
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1];
    if (args[i] === '--dir') {
      if (value === undefined) fail('--dir needs a directory');
      dir = value;
      i++;
    } else if (args[i] === '--splits') {
      splits = splitsOption(value, fail);
      i++;
    } else fail(`unknown argument ${args[i]}`);
  }
  if (dir === null) fail('--dir is required');
  return { dir, splits };
}

/** The training part's majority class (+1 on a tie) predicted for every test row. */
function majorityOn(rows, train, test) {
  const label = (i) => (rows[i].at(-1) === '1' ? 1 : -1);
  const positives = train.filter((i) => label(i) > 0).length;
  const guess = 2 * positives >= train.length ? 1 : -1;
  const figures = binaryFigures(
    test.map(label),
    test.map(() => guess),
  );
  return { accuracy: figures.accuracy, balancedAccuracy: figures.balancedAccuracy };
}

const { dir, splits } = options(process.argv.slice(2));
const op = await load();
const DEFAULT = op.defaultPipeline;
/** The pipelines measured beside the default: arow_full (docs/algorithms.md 4.31) at the three
 * r of bench/quality.mjs's candidates, and the diagonal AROW (4.16) for comparison, each with
 * the default's calibration (+temperature, 4.30, which changes no decision). */
const CANDIDATES = [
  ['arow_full(r=10)', 'zscore | arow_full(r=10) +temperature'],
  ['arow_full(r=100)', 'zscore | arow_full(r=100) +temperature'],
  ['arow_full (r=1)', 'zscore | arow_full +temperature'],
  ['arow(r=10)', 'zscore | arow(r=10) +temperature'],
];
/** The table's columns: a short name, and how a split is scored. */
const COLUMNS = [
  ['majority', (s) => majorityOn(s.rows, s.train, s.test)],
  ['default', (s) => onepassOn(s.trainSet, s.testSet, DEFAULT)],
  ...CANDIDATES.map(([name, spec]) => [name, (s) => onepassOn(s.trainSet, s.testSet, spec)]),
  ['batch', (s) => batchBaseline(s.rows, s.train, s.test)],
];

let files;
try {
  files = csvFilesIn(dir);
} catch (e) {
  fail(e.message);
}
const seeds = [...Array(splits)].map((_, i) => i + 1);

const started = Date.now();
const results = [];
for (const file of files) {
  const t0 = Date.now();
  let set;
  try {
    set = readSet(join(dir, file));
  } catch (e) {
    fail(e.message);
  }
  const { header, lines, rows } = set;
  // Per column, its figures on each split.
  const per = COLUMNS.map(() => []);
  for (const seed of seeds) {
    const { train, test } = split(rows.length, seed);
    const trainSet = await datasetOf(op, header, lines, train);
    const testSet = await datasetOf(op, header, lines, test);
    const s = { rows, train, test, trainSet, testSet };
    COLUMNS.forEach(([name, score], k) => {
      const r = score(s);
      if (r.diverged) console.error(`quality_unseen: ${file}, seed ${seed}: ${name} diverged`);
      per[k].push(r);
    });
    trainSet.dispose();
    testSet.dispose();
  }
  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  results.push({
    name: file.replace(/\.csv$/, ''),
    rows: rows.length,
    features: rows[0].length - 1,
    accuracy: per.map((list) => mean(list, 'accuracy')),
    balancedAccuracy: per.map((list) => mean(list, 'balancedAccuracy')),
  });
  console.error(`quality_unseen: ${file} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const pct = (v) => (100 * v).toFixed(1);
const points = (v) => (v >= 0 ? '+' : '') + (100 * v).toFixed(1);
const meanOver = (f) => results.reduce((a, r) => a + f(r), 0) / results.length;
const spec = (s) => '`' + s.replace(/\|/g, '\\|') + '`';
const names = COLUMNS.map(([name]) => name);
const k = (name) => names.indexOf(name);
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const out = [
  `Test accuracy % / balanced accuracy % on each set: the means over ${splits} seeded 80/20 split${splits > 1 ? 's' : ''} (seeds ${seeds.join(', ')}); the last row is the mean over the sets (each weighs the same).`,
  `default: ${spec(DEFAULT)}. ${CANDIDATES.map(([name, s]) => `${name}: ${spec(s)}`).join('. ')}. Each one pass over the training part in a random order.`,
  "majority: the training part's majority class for every test row. batch: L2 logistic regression (Newton's method), C by 5-fold CV accuracy on the training part.",
  '',
  `| data set | rows | features | ${names.join(' | ')} |`,
  `|---|---:|---:|${names.map(() => '---:').join('|')}|`,
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.rows} | ${r.features} | ${names
        .map((_, c) => `${pct(r.accuracy[c])} / ${pct(r.balancedAccuracy[c])}`)
        .join(' | ')} |`,
  ),
  `| **mean** | | | ${names
    .map(
      (_, c) =>
        `${pct(meanOver((r) => r.accuracy[c]))} / ${pct(meanOver((r) => r.balancedAccuracy[c]))}`,
    )
    .join(' | ')} |`,
  '',
  "Gaps in points, the column minus the default and minus batch (positive: the column is higher), of the means over the sets; won / lost / tied: the sets where its mean test accuracy is above / below / equal to the default's.",
  '',
  '| column | gap to default, accuracy | gap to default, balanced | gap to batch, accuracy | gap to batch, balanced | sets won / lost / tied against the default |',
  '|---|---:|---:|---:|---:|---:|',
  ...names.map((name, c) => {
    const gap = (key, ref) => points(meanOver((r) => r[key][c] - r[key][k(ref)]));
    let won = 0,
      lost = 0;
    for (const r of results) {
      const d = r.accuracy[c] - r.accuracy[k('default')];
      if (d > 1e-12) won++;
      else if (d < -1e-12) lost++;
    }
    return `| ${name} | ${gap('accuracy', 'default')} | ${gap('balancedAccuracy', 'default')} | ${gap('accuracy', 'batch')} | ${gap('balancedAccuracy', 'batch')} | ${won} / ${lost} / ${results.length - won - lost} |`;
  }),
  '',
  `${cpu}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
];
console.log(out.join('\n'));
