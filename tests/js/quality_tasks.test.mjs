// npm run quality, multiclass and regression (bench/quality_tasks.mjs): its batch references are
// exact on cases worked by hand, the data sets read as the tables say, and the quick mode runs
// to the end with each task's default, better than the baseline and near the reference.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  fitSoftmax,
  fitSoftmaxCV,
  predictSoftmax,
  softmaxProbabilities,
} from '../../bench/batch_multiclass.mjs';
import { fitRidge, fitRidgeCV, predictRidge } from '../../bench/batch_ridge.mjs';
import { csvOf, design, split, taskSets } from '../../bench/task_data.mjs';
import { root } from './helpers.mjs';

const rows = (list) => list.map((r) => Float64Array.from(r));

test('ridge with lambda 0 recovers an exact linear function; lambda shrinks as its formula says', () => {
  // y = 2 x1 - 3 x2 + 0.5 x3 + 7 on 6 points in general position.
  const X = rows([
    [0, 0, 1],
    [1, 0, 0],
    [0, 1, 0],
    [1, 1, 1],
    [2, -1, 3],
    [-1, 2, 0.5],
  ]);
  const y = X.map((x) => 2 * x[0] - 3 * x[1] + 0.5 * x[2] + 7);
  const m = fitRidge(X, y, 0);
  for (const [got, want] of [
    [m.w[0], 2],
    [m.w[1], -3],
    [m.w[2], 0.5],
    [m.b, 7],
  ])
    assert.ok(Math.abs(got - want) < 1e-9, `${got} vs ${want}`);
  assert.ok(Math.abs(predictRidge(m, Float64Array.of(3, 3, 3)) - (6 - 9 + 1.5 + 7)) < 1e-9);
  // One feature, x = -1, 0, 1 and y = 2x + 1: centred, sum x^2 = 2 and sum xy = 4, so
  // w = 4 / (2 + lambda) and b = mean(y) = 1 (the bias is not penalised).
  const X1 = rows([[-1], [0], [1]]);
  const y1 = [-1, 1, 3];
  for (const lambda of [0, 1, 2, 10]) {
    const r = fitRidge(X1, y1, lambda);
    assert.ok(Math.abs(r.w[0] - 4 / (2 + lambda)) < 1e-12, `lambda ${lambda}: w ${r.w[0]}`);
    assert.ok(Math.abs(r.b - 1) < 1e-12);
  }
  // Cross-validation on noiseless data picks the least penalty.
  const X2 = rows([...Array(40)].map((_, i) => [Math.sin(i), Math.cos(3 * i)]));
  const y2 = X2.map((x) => 4 * x[0] - x[1] + 2);
  assert.equal(fitRidgeCV(X2, y2, [0.001, 1, 100], 5).lambda, 0.001);
});

test('multinomial logistic regression reaches its optimum and separates separable classes', () => {
  // Three classes along a line, separable: 100% with a large C.
  const X = rows([[-3], [-2.5], [-2], [-0.3], [0], [0.4], [2], [2.6], [3]]);
  const y = [0, 0, 0, 1, 1, 1, 2, 2, 2];
  const m = fitSoftmax(X, y, 3, 100);
  assert.deepEqual(
    X.map((x) => predictSoftmax(m, x)),
    y,
  );
  // The gradient of |W|^2/2 + C sum(logsumexp(s) - s_y) is zero at the returned point (by
  // hand), and b of the last class is held at 0.
  const X2 = rows([...Array(30)].map((_, i) => [Math.sin(i), Math.cos(2 * i), (i % 7) - 3]));
  const y2 = X2.map((x, i) => (x[0] + 0.3 * x[2] > 0.5 ? 2 : i % 3 === 0 ? 1 : 0));
  for (const C of [0.1, 1, 10]) {
    const r = fitSoftmax(X2, y2, 3, C);
    assert.equal(r.b[2], 0);
    const gW = r.W.map((w) => Array.from(w));
    const gb = [0, 0, 0];
    for (let i = 0; i < X2.length; i++) {
      const p = softmaxProbabilities(r, X2[i]);
      for (let k = 0; k < 3; k++) {
        const a = C * (p[k] - (y2[i] === k ? 1 : 0));
        for (let j = 0; j < 3; j++) gW[k][j] += a * X2[i][j];
        gb[k] += a;
      }
    }
    const worst = Math.max(...gW.flat().map(Math.abs), ...gb.map(Math.abs));
    assert.ok(worst < 1e-7 * Math.max(1, C), `C = ${C}: gradient ${worst}`);
    const probs = softmaxProbabilities(r, X2[0]);
    assert.ok(Math.abs(probs.reduce((s, v) => s + v, 0) - 1) < 1e-12);
  }
  assert.ok([0.01, 1, 100].includes(fitSoftmaxCV(X, y, 3, [0.01, 1, 100], 3).C));
});

test('the data sets read as their tables say, and their encoding follows the training rows', () => {
  const sets = taskSets();
  const by = Object.fromEntries(sets.map((s) => [s.name, s]));
  assert.equal(by.penguins.rows.length, 344);
  assert.equal(by['cars-mpg'].rows.length, 398); // 406 cars, 8 without a target
  assert.equal(by['seattle-weather'].rows.length, 1461);
  assert.equal(new Set(by['seattle-weather'].rows.map((r) => r.at(-1))).size, 5);
  assert.equal(sets.filter((s) => s.task === 'multiclass').length, 6);
  assert.equal(sets.filter((s) => s.task === 'regression').length, 6);
  // A seeded split: 20% test, every row once, the same for the same seed.
  const { train, test: held } = split(344, 3);
  assert.equal(held.length, 69);
  assert.deepEqual(
    [...train, ...held].sort((a, b) => a - b),
    [...Array(344).keys()],
  );
  assert.deepEqual(split(344, 3).test, held);
  // Penguins: Island (3 levels) and Sex (2 levels) one-hot, 4 numbers z-scored.
  const d = design(by.penguins, train);
  assert.equal(d.stats.width, 3 + 4 + 2);
  assert.deepEqual(d.stats.classes.sort(), ['Adelie', 'Chinstrap', 'Gentoo']);
  const col = d.X.map((x) => x[3]); // Beak Length, z-scored on the training rows
  const m = col.reduce((s, v) => s + v, 0) / col.length;
  assert.ok(Math.abs(m) < 1e-9);
  assert.match(csvOf(by.penguins, [0]), /^Island,Beak Length \(mm\),.*,Species\nTorgersen,39\.1,/);
});

test('npm run quality -- --quick: both defaults beat the baseline and come near the batch reference', () => {
  const r = spawnSync(process.execPath, [join(root, 'bench/quality_tasks.mjs'), '--quick'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const row = (name) => {
    const line = r.stdout.split('\n').find((l) => l.startsWith(`| ${name} |`));
    assert.ok(line, name);
    return line.split('|').map((c) => c.trim());
  };
  // | name | rows | classes | default: progressive | default: test | best | batch | baseline | ...
  const p = row('penguins').slice(4, 9).map(Number);
  assert.match(r.stdout, /Figure: accuracy % on the test part .* Default: `[^`]+`/);
  assert.ok(p[1] > p[4] + 40, `penguins: default ${p[1]}% vs baseline ${p[4]}%`);
  assert.ok(p[3] >= 97, `penguins: batch ${p[3]}%`); // separable but for a few birds
  assert.ok(p[3] - p[1] < 5, `penguins: gap ${p[3] - p[1]}`);
  const c = row('cars-mpg').slice(4, 9).map(Number);
  assert.match(r.stdout, /Figure: R\^2 on the test part .* Default: `[^`]+`/);
  assert.ok(c[4] < 0.05 && c[1] > 0.7, `cars-mpg: default R^2 ${c[1]} vs baseline ${c[4]}`);
  assert.ok(c[3] > 0.8 && c[3] < 0.95, `cars-mpg: batch R^2 ${c[3]}`);
  assert.ok(c[3] - c[1] < 0.1, `cars-mpg: gap ${c[3] - c[1]}`);
});
