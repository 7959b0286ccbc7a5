// Class weights (docs/algorithms.md 4.28) through the package and both CLIs: 'balanced' and given
// weights find a rare class the unweighted default misses, the weights travel in the model and a
// resumed run keeps them, the two CLIs agree, and bad weights are clear errors.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, nativeRun } from './helpers.mjs';

// 3,000 rows, 4% "yes", which x shifts up a little: the default without weights finds few.
function rare() {
  let s = 'x,z,label\n';
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 3000; i++) {
    const yes = rnd() < 0.04;
    s += `${(rnd() + (yes ? 0.6 : 0)).toFixed(4)},${rnd().toFixed(4)},${yes ? 'yes' : 'no'}\n`;
  }
  return s;
}

const recall = (p) => p.tp / (p.tp + p.fn);

test('balanced and given weights find the rare class; the result says which weights', async () => {
  const op = await load();
  const run = (classWeight) =>
    op.runCsv(rare(), { positive: 'yes', ...(classWeight ? { classWeight } : {}) });
  const plain = (await run()).results[0];
  const balanced = (await run('balanced')).results[0];
  const given = (await run({ yes: 20, no: 1 })).results[0];
  assert.ok(recall(balanced) > recall(plain) + 0.3, `${recall(plain)} ${recall(balanced)}`);
  assert.ok(recall(given) > recall(plain) + 0.3, `${recall(plain)} ${recall(given)}`);
  assert.ok(balanced.balancedAccuracy > plain.balancedAccuracy + 0.1);
  assert.equal(plain.classWeights, undefined);
  assert.equal(balanced.classWeights.mode, 'balanced');
  assert.deepEqual((await run('yes=20')).results[0].classWeights, {
    mode: 'given',
    weights: [1, 20],
  });
  // By the balanced rule, from the counts: the negative class's weight below 1, the rare one's
  // near n / (2 n_yes).
  const [no, yes] = balanced.classWeights.weights;
  const nYes = balanced.tp + balanced.fn;
  assert.ok(Math.abs(yes - (3000 + 2) / (2 * (nYes + 1))) < 1e-9);
  assert.ok(Math.abs(no - (3000 + 2) / (2 * (3000 - nYes + 1))) < 1e-9);
});

test('the weights are saved with the model, and a resumed run keeps them exactly', async () => {
  const op = await load();
  const text = rare();
  const lines = text.split('\n');
  const head = lines.slice(0, 1501).join('\n') + '\n';
  const tail = lines[0] + '\n' + lines.slice(1501).join('\n');
  const whole = op.csvRunner({ positive: 'yes', classWeight: 'balanced' });
  const enc = (s) => new TextEncoder().encode(s);
  whole.push(enc(text));
  whole.finish();
  const first = op.csvRunner({ positive: 'yes', classWeight: 'balanced' });
  first.push(enc(head));
  first.finish();
  const model = first.toJSON(0);
  assert.equal(model.version, 6);
  assert.equal(model.class_weights.mode, 'balanced');
  const counted = model.class_weights.counts;
  assert.equal(counted[0] + counted[1], 1500);
  const second = op.csvRunner({ models: [model] });
  second.push(enc(tail));
  second.finish();
  assert.deepEqual(second.toJSON(0).learner, whole.toJSON(0).learner);
  assert.deepEqual(second.toJSON(0).class_weights, whole.toJSON(0).class_weights);
  assert.throws(
    () => op.csvRunner({ models: [model], classWeight: 'balanced' }),
    /a model trained further keeps the class weights it was trained with/,
  );
});

test('both CLIs weigh alike, and the table names the best by balanced accuracy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-weights-'));
  try {
    const file = join(dir, 'rare.csv');
    writeFileSync(file, rare());
    const args = [file, '--positive', 'yes', '--class-weight', 'balanced'];
    const pipelines = ['-p', 'zscore | pa2(c=0.1) +avg', '-p', 'zscore | logreg'];
    const js = jsonLines(cli(['run', ...args, ...pipelines, '--json']).stdout);
    const native = nativeRun([...args, ...pipelines]);
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(native[i].weights, js[i].weights);
      assert.deepEqual(native[i].classWeights, js[i].classWeights);
    }
    const table = cli(['run', ...args, ...pipelines]).stdout;
    const best = js[0].balancedAccuracy >= js[1].balancedAccuracy ? js[0] : js[1];
    assert.match(
      table,
      new RegExp(`best by balanced accuracy: ${best.canonical.replace(/[()|+]/g, '\\$&')}`),
    );
    assert.match(table, / F1 /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad class weights are clear errors', async () => {
  const op = await load();
  assert.throws(
    () => op.csvRunner({ classWeight: 'yes=0' }),
    /option classWeight: the weight of class 'yes' must be from 0.01 to 100, got 0/,
  );
  assert.throws(
    () => op.csvRunner({ classWeight: { yes: -2 } }),
    /the weight of class 'yes' must be from 0.01 to 100, got -2/,
  );
  const r = op.csvRunner({ positive: 'yes', classWeight: { maybe: 3 } });
  assert.throws(() => {
    r.push(new TextEncoder().encode(rare()));
    r.finish();
  }, /option classWeight names class 'maybe', which is not a value of the label \(its values: yes, no\)/);
  const prices =
    'x,y\n' + Array.from({ length: 50 }, (_, i) => `${i},${i * 1.5 + 0.25}`).join('\n');
  const regression = op.csvRunner({ classWeight: 'balanced' });
  assert.throws(() => {
    regression.push(new TextEncoder().encode(prices));
    regression.finish();
  }, /the label is a number \(regression\), so it has no classes to weigh/);
  const bad = cli(['run', '-', '--class-weight', 'yes=abc'], 'a,b\n1,yes\n');
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /the weight of class 'yes' is not a number: 'abc'/);
});

test('a pipeline of the API takes class weights by the labels it learns, as a run does', async () => {
  const op = await load();
  const text = rare();
  const rows = text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const x = Float64Array.from(rows.flatMap((r) => [Number(r[0]), Number(r[1])]));
  const y = Int8Array.from(rows.map((r) => (r[2] === 'yes' ? 1 : -1)));
  for (const [mine, theirs] of [
    ['balanced', 'balanced'],
    [{ 1: 5, '-1': 0.5 }, 'yes=5,no=0.5'],
  ]) {
    const p = op.pipeline(op.defaultPipeline, { classWeight: mine }); // the run's pipeline
    p.learnMany(x, y, 2);
    const run = (await op.runCsv(text, { positive: 'yes', classWeight: theirs })).results[0];
    assert.deepEqual(p.snapshot().learner, run.snapshot.learner);
    assert.equal(p.stats().tp, run.tp);
    p.dispose();
  }
  const classes = op.pipeline('softmax', { classWeight: { 0: 1, 2: 10 } });
  classes.learnOne([1, 2], 2);
  classes.dispose();
  assert.throws(
    () => op.pipeline('logreg', { classWeight: { yes: 2 } }),
    /option classWeight names class 'yes', which is not a class of the label \(its classes: -1, 1\)/,
  );
  assert.throws(() => op.pipeline('linreg', { classWeight: 'balanced' }), /regression/);
});
