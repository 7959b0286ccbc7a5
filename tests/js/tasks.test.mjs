// Multiclass and regression labels (docs/algorithms.md 1.8) in every front end: the API, the JS
// CLI (its table and JSON), the native CLI, agreeing to the last digit; models saved, resumed and
// refused; and bad input named by line and column.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, nativeRun, readFixture, root } from './helpers.mjs';

const penguins = join(root, 'tests/fixtures/penguins.csv');
const cars = join(root, 'tests/fixtures/cars_mpg.csv');

test('a label of three classes learns with the multiclass default, beside its baseline', async () => {
  const op = await load();
  const r = await op.runCsv(readFixture('penguins.csv'), { shuffleBuffer: 1000 });
  const p = r.results[0];
  assert.equal(p.task, 'multiclass');
  assert.equal(p.pipeline, 'zscore | softmax(eta0=0.5) +avg');
  assert.deepEqual(p.classes, ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.equal(p.rows, 344);
  const total = p.confusion.flat().reduce((a, b) => a + b, 0);
  assert.equal(total, 344);
  const right = p.confusion.reduce((a, row, k) => a + row[k], 0);
  assert.equal(p.accuracy, right / 344);
  assert.equal(p.mistakes, 344 - right);
  assert.deepEqual(p.baseline, { class: 'Adelie', accuracy: 152 / 344 });
  assert.ok(p.accuracy > 0.9, `accuracy ${p.accuracy}`);
  assert.equal(p.noBetterThanBaseline, false);
  assert.ok(p.logLoss > 0 && p.logLoss < 0.5);
  assert.equal(p.perClass.length, 3);
  assert.match(r.info.notices.join('\n'), /task multiclass: the label 'Species' has 3 values/);
});

test('a numeric target learns regression, beside the mean predictor', async () => {
  const op = await load();
  const r = await op.runCsv(readFixture('cars_mpg.csv'), {
    onError: 'skip',
    shuffleBuffer: 1000,
    pipelines: ['zscore | pareg2 +avg', 'zscore | linreg', 'zscore | huber'],
  });
  assert.equal(r.info.skipped, 8); // the rows without a target
  for (const p of r.results) {
    assert.equal(p.task, 'regression');
    assert.equal(p.rows, 398);
    assert.ok(p.rmse < p.baseline.rmse, `${p.pipeline}: ${p.rmse} vs ${p.baseline.rmse}`);
    assert.ok(p.r2 > 0.5, `${p.pipeline}: R^2 ${p.r2}`);
    assert.equal(p.noBetterThanBaseline, false);
  }
  assert.match(r.info.errors[0].message, /column 8 \(Miles_per_Gallon\): the target is missing/);
});

test('both CLIs print the same figures for both tasks', () => {
  for (const [file, extra] of [
    [
      penguins,
      [
        '--pipeline',
        'zscore | softmax +avg',
        '--pipeline',
        'zscore | pa2',
        '--pipeline',
        'mperceptron',
      ],
    ],
    [
      cars,
      ['--skip-bad-rows', '--pipeline', 'zscore | pareg1', '--pipeline', 'minmax | huber +avg'],
    ],
  ]) {
    const args = [file, '--every', '50', ...extra];
    const js = cli(['run', ...args, '--json', '--threads', '1']);
    assert.equal(js.status, 0, js.stderr);
    const native = nativeRun(args);
    const wasm = jsonLines(js.stdout);
    assert.equal(wasm.length, native.length);
    for (let i = 0; i < wasm.length; i++) assert.deepEqual(wasm[i], native[i]);
  }
});

test("the JS CLI's table shows each task's figures, its baseline and the default it chose", () => {
  const m = cli(['run', penguins]);
  assert.equal(m.status, 0, m.stderr);
  assert.match(
    m.stderr,
    /pipeline: zscore \| softmax\(eta0=0\.5\) \+avg \(the default for classes; choose/,
  );
  assert.match(m.stdout, /\(3 classes: Adelie, Chinstrap, Gentoo\)/);
  assert.match(m.stdout, /pipeline\s+mistakes\s+accuracy\s+bal\. acc\.\s+macro F1\s+log-loss/);
  assert.match(m.stdout, /baseline\s+always 'Adelie', the majority class: accuracy 0\.4419/);
  const r = cli(['run', cars, '--skip-bad-rows']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /pipeline: zscore \| pareg2\(c=0\.1\) \+avg \(the default for a number;/);
  assert.match(r.stdout, /\(a numeric target\)/);
  assert.match(r.stdout, /pipeline\s+MAE\s+RMSE\s+R\^2/);
  assert.match(r.stdout, /baseline\s+the mean of the targets before each row: MAE \d/);
});

test('--task overrides the detection, and a named positive class is one against the rest', () => {
  const asNumber = cli(['run', penguins, '--task', 'regression']);
  assert.equal(asNumber.status, 1);
  assert.match(
    asNumber.stderr,
    /line 2, column 7 \(Species\): the target 'Adelie' is not a finite number \(the task is regression\)/,
  );
  const rest = jsonLines(cli(['run', penguins, '--positive', 'Gentoo', '--json']).stdout)[0];
  assert.equal(rest.task, 'binary');
  assert.equal(rest.rows, 344);
  assert.equal(rest.baseline.positive, false); // 124 Gentoo of 344
  const wrong = cli(['run', penguins, '--pipeline', 'zscore | linreg']);
  assert.equal(wrong.status, 1);
  assert.match(wrong.stderr, /the label asks for multiclass: 'linreg' predicts a number/);
});

test('a multiclass model saved by one CLI resumes in the other exactly as one run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-tasks-'));
  try {
    const lines = readFileSync(penguins, 'utf8').trim().split('\n');
    const head = join(dir, 'head.csv'),
      tail = join(dir, 'tail.csv');
    writeFileSync(head, lines.slice(0, 201).join('\n') + '\n');
    writeFileSync(tail, [lines[0], ...lines.slice(201)].join('\n') + '\n');
    const model = join(dir, 'm.json');
    const spec = 'zscore | mpa1 +avg';
    const first = cli(['run', head, '--pipeline', spec, '--save', model]);
    assert.equal(first.status, 0, first.stderr);
    const saved = JSON.parse(readFileSync(model, 'utf8'));
    assert.equal(saved.version, 5);
    assert.equal(saved.schema.task, 'multiclass');
    assert.deepEqual(saved.schema.classes, ['Adelie', 'Chinstrap']); // Gentoo comes later
    const resumed = nativeRun([tail, '--load', model])[0];
    const whole = nativeRun([penguins, '--pipeline', spec])[0];
    assert.deepEqual(resumed.arrays, whole.arrays);
    assert.deepEqual(resumed.confusion, whole.confusion);
    assert.deepEqual(resumed.classes, whole.classes);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('a pipeline of the API learns class indices and targets, and refuses what is not one', async () => {
  const op = await load();
  const sm = op.pipeline('softmax');
  sm.learnOne([1, 2], 0);
  sm.learnOne([3, -1], 2);
  const s = sm.stats();
  assert.equal(s.task, 'multiclass');
  assert.equal(s.rows, 2);
  assert.throws(() => sm.learnOne([1, 2], 1.5), /class index from 0 to 999/);
  sm.dispose();
  const ovr = op.pipeline('zscore | logreg', { task: 'multiclass' });
  ovr.learnOne([1, 2], 1);
  assert.equal(ovr.snapshot().learner.name.startsWith('one-vs-rest'), true);
  ovr.dispose();
  const reg = op.pipeline('linreg');
  reg.learnOne([1, 2], 3.5);
  assert.equal(reg.stats().task, 'regression');
  assert.throws(() => reg.learnOne([1, 2], Infinity), /finite number/);
  reg.dispose();
  assert.throws(() => op.pipeline('pa', { task: 'regression' }), /'pa' learns yes\/no labels/);
});

test('both CLIs predict a saved model of each task alike: class names and probabilities, or numbers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-predict-'));
  try {
    for (const [file, extra, header] of [
      [
        penguins,
        ['--shuffle-buffer', '1000'],
        'line,prediction,score,p(Adelie),p(Chinstrap),p(Gentoo)',
      ],
      [cars, ['--skip-bad-rows'], 'line,prediction'],
    ]) {
      const model = join(dir, 'm.json');
      assert.equal(cli(['run', file, ...extra, '--save', model, '--quiet']).status, 0);
      const js = cli(['predict', file, '--model', model, '--skip-bad-rows']);
      assert.equal(js.status, 0, js.stderr);
      const native = spawnSync(
        join(root, 'build/native/onepass-native'),
        ['predict', file, '--model', model, '--skip-bad-rows'],
        { encoding: 'utf8' },
      );
      assert.equal(native.status, 0, native.stderr);
      assert.equal(js.stdout, native.stdout);
      assert.equal(js.stdout.split('\n')[0], header);
      const summary = (s) =>
        s
          .trim()
          .split('\n')
          .at(-1)
          .replace(/^onepass(-native)?: /, '');
      assert.equal(summary(js.stderr), summary(native.stderr));
    }
    const other = cli(['predict', penguins, '--model', join(dir, 'm.json')]);
    assert.equal(other.status, 1); // the cars' model reads the cars' columns
    assert.match(other.stderr, /the file has no column 'Cylinders', which the model needs/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('the API scores a multiclass model: class index, scores and probabilities', async () => {
  const op = await load();
  const runner = op.csvRunner({ shuffleBuffer: 1000 });
  runner.push(readFixture('penguins.csv'));
  runner.finish();
  const model = runner.modelJSON(0);
  runner.dispose();
  const scorer = op.csvScorer(model);
  const rows = scorer.push(readFixture('penguins.csv'));
  scorer.finish();
  assert.equal(scorer.schema.task, 'multiclass');
  assert.deepEqual(scorer.schema.classes, ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.equal(rows.values.length, 344);
  assert.equal(rows.classProbabilities.length, 3 * 344);
  for (let i = 0; i < 344; i++) {
    const p = rows.classProbabilities.subarray(3 * i, 3 * i + 3);
    assert.ok(Math.abs(p[0] + p[1] + p[2] - 1) < 1e-12);
    assert.equal(rows.values[i], p.indexOf(Math.max(...p)));
    assert.equal(rows.probabilities[i], p[rows.values[i]]);
  }
  assert.ok(scorer.correct / scorer.labelled > 0.95);
  assert.equal(scorer.toCsv(rows).split('\n')[0].split(',')[1], 'Adelie');
  scorer.dispose();
  // A pipeline of numeric features predicts row by row.
  const sm = op.pipeline('zscore | softmax');
  for (let i = 0; i < 60; i++) sm.learnOne([i % 3, (i * 7) % 5], i % 3);
  const t = sm.predictTarget([2, 1]);
  assert.equal(t.scores.length, 3);
  assert.equal(t.label, 2);
  assert.equal(sm.predictOne([2, 1]), 2);
  const pa = op.pipeline('pa');
  pa.learnOne([1], 1);
  assert.throws(() => pa.predictTarget([1]), /a binary pipeline/);
  pa.dispose();
  sm.dispose();
});

test('models of classes merge by name in both CLIs; a model of numbers with them is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-merge-'));
  try {
    const model = join(dir, 'm.json'),
      numbers = join(dir, 'n.json');
    assert.equal(cli(['run', penguins, '--save', model, '--quiet']).status, 0);
    const js = cli(['merge', model, model, '-o', join(dir, 'js.json')]);
    assert.equal(js.status, 0, js.stderr);
    const native = spawnSync(
      join(root, 'build/native/onepass-native'),
      ['merge', model, model, '-o', join(dir, 'native.json')],
      { encoding: 'utf8' },
    );
    assert.equal(native.status, 0, native.stderr);
    const merged = readFileSync(join(dir, 'js.json'), 'utf8');
    assert.equal(readFileSync(join(dir, 'native.json'), 'utf8'), merged);
    assert.deepEqual(JSON.parse(merged).schema.classes, ['Adelie', 'Chinstrap', 'Gentoo']);
    assert.equal(cli(['run', cars, '--skip-bad-rows', '--save', numbers, '--quiet']).status, 0);
    const mixed = cli(['merge', model, numbers, '-o', join(dir, 'out.json')]);
    assert.equal(mixed.status, 1);
    assert.match(mixed.stderr, /the models learn different tasks/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
