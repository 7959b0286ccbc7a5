// npm run quality (bench/quality.mjs): its batch baseline is exact, and the quick mode runs to
// the end with the default pipeline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { accuracy, design, fitLogistic } from '../../bench/batch_logistic.mjs';
import { load } from '../../lib/index.js';
import { readData, root } from './helpers.mjs';

const rowsOf = (name) =>
  new TextDecoder()
    .decode(readData(name))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

test('the batch baseline reaches the optimum: the gradient of its objective is zero', () => {
  for (const [name, C] of [
    ['heart.csv', 1],
    ['sonar.csv', 100], // nearly separable: many Newton steps with line search
    ['diabetes_na.csv', 0.01], // missing cells as the training mean
  ]) {
    const rows = rowsOf(name);
    const { X, y } = design(rows, [...rows.keys()]);
    const theta = fitLogistic(X, y, C);
    const d = X[0].length;
    // Objective |w|^2/2 + C sum log(1 + exp(-y (w.x + b))): its gradient, by hand.
    const g = Array.from(theta.subarray(0, d)).concat([0]);
    for (let i = 0; i < X.length; i++) {
      let s = theta[d];
      for (let j = 0; j < d; j++) s += theta[j] * X[i][j];
      const q = 1 / (1 + Math.exp(y[i] * s));
      for (let j = 0; j < d; j++) g[j] -= C * y[i] * q * X[i][j];
      g[d] -= C * y[i] * q;
    }
    const worst = Math.max(...g.map(Math.abs));
    assert.ok(worst < 1e-6 * Math.max(1, C), `${name}, C = ${C}: gradient ${worst}`);
    assert.ok(accuracy(theta, X, y) > 0.7, name);
  }
});

test('npm run quality -- --quick runs to the end with the default pipeline', async () => {
  const { defaultPipeline } = await load();
  const r = spawnSync(process.execPath, [join(root, 'bench/quality.mjs'), '--quick'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.includes(`Default: \`${defaultPipeline}\``), r.stdout);
  for (const name of ['heart.csv', 'liver.csv'])
    assert.match(
      r.stdout,
      new RegExp(`^\\| ${name.replace('.', '\\.')} \\| \\d+ \\| \\d+ \\|( [\\d.-]+ \\|){7}`, 'm'),
    );
  assert.match(r.stdout, /^\| \*\*mean\*\* \|/m);
});
