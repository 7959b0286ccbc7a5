// The evaluation protocols (docs/algorithms.md 6.2-6.4) on classes and numbers: the API's
// Dataset learns the label's task, both CLIs' `evaluate --json` agree to the last digit, and
// the JS CLI's table shows each task's own figures beside the training part's baseline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, readFixture, root } from './helpers.mjs';

const penguins = join(root, 'tests/fixtures/penguins.csv');
const cars = join(root, 'tests/fixtures/cars_mpg.csv');

test('a data set of classes is held out, cross-validated and counted by class', async () => {
  const op = await load();
  const data = await op.loadDataset(readFixture('penguins.csv'));
  try {
    assert.equal(data.task, 'multiclass');
    assert.deepEqual(data.classes, ['Adelie', 'Chinstrap', 'Gentoo']);
    const r = data.holdout('zscore | softmax +avg', { seed: 2, shuffle: true });
    assert.equal(r.task, 'multiclass');
    assert.deepEqual(r.classes, data.classes);
    // Stratified: round(0.2 n_k) of each class (152, 68, 124 rows): 30 + 14 + 25.
    assert.equal(r.nTest, 69);
    assert.deepEqual(
      r.confusion.map((row) => row.reduce((a, b) => a + b, 0)),
      [30, 14, 25],
    );
    const right = r.confusion.reduce((a, row, k) => a + row[k], 0);
    assert.equal(r.test.accuracy, right / 69);
    // The training part's majority class, Adelie, is 30 of the 69 test rows.
    assert.equal(r.test.baselineAccuracy, 30 / 69);
    assert.ok(r.test.accuracy > 0.9, `accuracy ${r.test.accuracy}`);
    assert.equal(r.perClass.length, 3);
    assert.equal(r.test.precision, undefined); // a yes/no label's figure
    const cv = data.crossValidate('zscore | mpa2', 4, { seed: 1, shuffle: true });
    assert.equal(cv.folds.length, 4);
    const mean = cv.folds.reduce((a, f) => a + f.test.macroF1, 0) / 4;
    assert.ok(Math.abs(cv.mean.macroF1 - mean) < 1e-12);
    assert.ok(cv.mean.accuracy > cv.mean.baselineAccuracy);
    assert.equal(cv.mean.logLoss, null); // mpa2 gives no probabilities
  } finally {
    data.dispose();
  }
});

test('a data set of numbers is measured by MAE, RMSE and R^2; a grid selects on R^2', async () => {
  const op = await load();
  const data = await op.loadDataset(readFixture('cars_mpg.csv'), { onError: 'skip' });
  try {
    assert.equal(data.task, 'regression');
    assert.deepEqual(data.classes, []);
    const r = data.holdout('zscore | pareg2(c=0.1) +avg', { seed: 3, shuffle: true });
    assert.equal(r.task, 'regression');
    assert.ok(r.test.r2 > 0.6, `R^2 ${r.test.r2}`);
    assert.ok(r.test.rmse < r.test.baselineRmse);
    assert.ok(r.test.baselineR2 <= 0.05);
    assert.equal(r.confusion, undefined);
    const g = data.holdout('zscore | pareg2', { grid: 'c=0.01,1', seed: 3, shuffle: true });
    assert.equal(g.grid.select, 'r2');
    const best = g.grid.candidates.reduce((a, c) => (c.score > a.score ? c : a));
    assert.equal(g.grid.best, best.spec);
    assert.throws(
      () => data.holdout('zscore | pareg2', { grid: 'c=0.01,1', select: 'auc' }),
      /unknown selection metric 'auc' for a regression label; its metrics are: mae, rmse, r2/,
    );
    assert.throws(
      () => data.holdout('logreg'),
      /'logreg' learns yes\/no labels, but the task is regression/,
    );
  } finally {
    data.dispose();
  }
});

test("both CLIs evaluate classes and numbers alike, and the table shows the task's figures", () => {
  for (const args of [
    [penguins, '--folds', '3', '--curve', '0.5,1', '-p', 'zscore | softmax +avg', '-p', 'pa1'],
    [cars, '--skip-bad-rows', '--holdout', '0.25', '-p', 'zscore | pareg2 +avg', '-p', 'huber'],
    [cars, '--skip-bad-rows', '--grid', 'c=0.1,1', '--select', 'mae', '-p', 'zscore | pareg1'],
  ]) {
    const js = cli(['evaluate', ...args, '--json', '--shuffle']);
    assert.equal(js.status, 0, js.stderr);
    const native = spawnSync(
      join(root, 'build/native/onepass-native'),
      ['evaluate', ...args, '--json', '--shuffle'],
      { encoding: 'utf8' },
    );
    assert.equal(native.status, 0, native.stderr);
    assert.deepEqual(jsonLines(js.stdout), jsonLines(native.stdout));
  }
  const classes = cli(['evaluate', penguins, '--folds', '3', '--shuffle']);
  assert.equal(classes.status, 0, classes.stderr);
  assert.match(
    classes.stdout,
    /^pipeline\s+accuracy\s+balancedAccuracy\s+macroF1\s+logLoss\s+baselineAccuracy\s*$/m,
  );
  const numbers = cli(['evaluate', cars, '--skip-bad-rows', '--shuffle']);
  assert.equal(numbers.status, 0, numbers.stderr);
  assert.match(numbers.stdout, /^pipeline\s+mae\s+rmse\s+r2\s+baselineRmse\s+baselineR2\s*$/m);
  assert.match(
    numbers.stdout,
    /^zscore \| pareg2\(c=0\.1\) \+avg\s+\d+\.\d{4}\s+\d+\.\d{4}\s+0\.\d{4}/m,
  );
});
