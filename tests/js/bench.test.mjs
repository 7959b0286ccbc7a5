// `npm run bench -- --quick` runs to the end on a small file (benchmarks are not tests: no
// timing is asserted here, only that every row of the table is produced).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

test('the benchmark runs to the end in quick mode', { timeout: 300000 }, () => {
  const r = spawnSync(process.execPath, [join(root, 'bench/run.mjs'), '--quick'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  for (const row of [
    'wasm in node: CSV',
    'wasm in node: a mixed CSV',
    'native build',
    'papaparse',
    'TensorFlow.js',
    '8 pipelines',
    '8 mixed pipelines',
    'headless Chromium',
    'reference: headless Chromium, a Worker only reading',
    'package size',
  ])
    assert.match(r.stdout, new RegExp(`^\\| ${row}`, 'm'), row);
  // Every stage on the dense and both sparse row sets, with its cost per non-zero.
  assert.match(
    r.stdout,
    /^\| learner logreg \+avg \| \d+ ns \| \d+ ns \([\d.]+ ns\/nz\) \| \d+ ns \([\d.]+ ns\/nz\) \|$/m,
  );
  assert.match(r.stdout, /^\| scaler maxabs \| \d+ ns \| \d+ ns \([\d.]+ ns\/nz\) \|  \|$/m);
});
