// `npm run bench -- --quick` runs to the end on a small file (benchmarks are not tests: no
// timing is asserted here, only that every row of the table is produced).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

const ROWS = [
  'onepass CLI \\(node \\+ wasm\\), whole process',
  'onepass-native',
  'onepass in node, in process, pushAll\\(path\\) on one thread',
  'onepass in node, the first run after load\\(\\) in a fresh process',
  'papaparse 5 \\(header: false, dynamicTyping, chunk callback\\)',
  'papaparse 5 as above, step callback',
  'uDSV',
  'TensorFlow.js',
  '8 pipelines',
  '8 mixed pipelines',
  'headless Chromium',
  'reference: headless Chromium, a Worker only reading',
  'package size',
];
const bench = (...args) =>
  spawnSync(process.execPath, [join(root, 'bench/run.mjs'), '--quick', ...args], {
    encoding: 'utf8',
  });

test('the benchmark runs to the end in quick mode', { timeout: 300000 }, () => {
  const r = bench();
  assert.equal(r.status, 0, r.stderr);
  for (const row of [...ROWS, 'onepass in node, in process: a mixed CSV'])
    assert.match(r.stdout, new RegExp(`^\\| ${row}`, 'm'), row);
  // The generated file's numbers vary in form: %.7g values, exponents, empty cells.
  const file = readFileSync(join(root, 'bench/data/realistic_20000.csv'), 'utf8');
  assert.match(file, /,-?\d\.\d+e-0\d,/);
  assert.match(file, /,,/);
  assert.match(file, /,-?\d\.\d{6},/);
  // Every stage on the dense and both sparse row sets, with its cost per non-zero.
  assert.match(
    r.stdout,
    /^\| learner logreg \+avg \| \d+ ns \| \d+ ns \([\d.]+ ns\/nz\) \| \d+ ns \([\d.]+ ns\/nz\) \|$/m,
  );
  assert.match(r.stdout, /^\| scaler maxabs \| \d+ ns \| \d+ ns \([\d.]+ ns\/nz\) \|  \|$/m);
  // arow_full's cost by width, beside arow's, and not among the stages' rows of 28 features.
  for (const spec of ['arow', 'arow_full'])
    assert.match(
      r.stdout,
      new RegExp(`^\\| ${spec} \\| \\d+ ns \\| \\d+ ns \\| \\d+ ns \\|$`, 'm'),
      spec,
    );
  assert.doesNotMatch(r.stdout, /^\| width /m);
  // The string-column rows (bench/strings.mjs): raw Adult as UCI writes it, and a text column.
  for (const row of [
    'onepass CLI \\(node \\+ wasm\\), default threads, default pipeline',
    'onepass-native, zscore \\\\\\| logreg',
    'reference: one plain C\\+\\+ loop',
    'scikit-learn one pass',
  ])
    assert.match(r.stdout, new RegExp(`^\\| ${row}`, 'm'), row);
  assert.match(r.stdout, /With a text column/);
  const raw = readFileSync(join(root, 'bench/data/adult_raw_x2.csv'), 'utf8');
  assert.match(raw, /^39, State-gov, 77516, Bachelors, 13, Never-married, .*, <=50K$/m);
});

test('the benchmark takes any CSV: --file, --label', { timeout: 300000 }, () => {
  const r = bench('--file', join(root, 'data/diabetes_na.csv'), '--label', 'label');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /diabetes_na\.csv, 8 features/);
  for (const row of ROWS) assert.match(r.stdout, new RegExp(`^\\| ${row}`, 'm'), row);
  // Each baseline learned the rows onepass did (the bench checks it), and no generated file
  // stands in for the user's.
  assert.doesNotMatch(r.stdout, /a mixed CSV/);
  assert.match(r.stdout, /demo Worker, 0 MB file/);
});

test('the benchmark names a label column that is not there', () => {
  const r = bench('--file', join(root, 'data/diabetes_na.csv'), '--label', 'outcome');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no column 'outcome'/);
});
