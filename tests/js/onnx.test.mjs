// Models that run elsewhere: a trained pipeline exported as ONNX is run by
// onnxruntime-node on the same rows (missing cells included) and gives the same labels,
// margins and probabilities as onepass; the plain weights give the same margins from the raw
// values; pipelines without an exact linear form are refused by name; `onepass export` writes
// both files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import * as ort from 'onnxruntime-node';
import { load } from '../../lib/index.js';
import { cli, dataFile, readData, root } from './helpers.mjs';

const op = await load();
const text = readData('diabetes_na.csv').toString('utf8');
const lines = text.trim().split('\n').slice(1);
// The features of each row, an empty cell as NaN (a missing value, as onepass reads it).
const rows = lines.map((l) =>
  l
    .split(',')
    .slice(0, -1)
    .map((c) => (c === '' ? NaN : Number(c))),
);
const dims = rows[0].length;

/** Models trained on the file, one per spec, as model files. */
async function trained(specs) {
  const run = op.csvRunner({ pipelines: specs, label: 'label' });
  run.push(new TextEncoder().encode(text));
  run.finish();
  const models = specs.map((_, i) => run.toJSON(i));
  run.dispose();
  return models;
}

const close = (a, b, tolerance, what) =>
  assert.ok(Math.abs(a - b) <= tolerance * (1 + Math.abs(b)), `${what}: ${a} vs ${b}`);

const EXACT = [
  'zscore | logreg',
  'zscore | pa2(c=0.1) +avg',
  'minmax | pa1',
  'maxabs | perceptron +vote',
  'twosd | arow',
  'pareto | romma',
  'zscore | minmax | fs2',
  'zscore | adagrad',
  'vast | pater1',
  'robust | pa1',
  'zscore | pa2(c=0.1) +avg +platt',
  'zscore | pa2(c=0.1) +avg +temperature',
  'zscore | leader',
];

test('onnxruntime runs the exported model as onepass scores the rows', async () => {
  const models = await trained(EXACT);
  // Logistic learners (logreg, adagrad, fs2), margin learners (PA, AROW, ...) and a margin
  // learner calibrated by +platt (docs/algorithms.md 4.29: a and b folded into the margin) or
  // by +temperature (4.30: a folded in); and the default, leader, as its leading member (4.32).
  assert.deepEqual(
    models.map((m) => op.loadPipeline(m).hasProbability),
    [true, false, false, false, false, false, true, true, false, false, true, true, true],
  );
  const x = new ort.Tensor('float64', Float64Array.from(rows.flat()), [rows.length, dims]);
  for (const [k, model] of models.entries()) {
    const p = op.loadPipeline(model);
    const session = await ort.InferenceSession.create(p.toONNX());
    assert.deepEqual(session.inputNames, ['x']);
    const out = await session.run({ x });
    const logistic = p.hasProbability;
    assert.deepEqual(
      session.outputNames,
      logistic ? ['label', 'margin', 'probability'] : ['label', 'margin'],
      EXACT[k],
    );
    rows.forEach((r, i) => {
      close(out.margin.data[i], p.scoreOne(r), 1e-9, `${EXACT[k]} row ${i} margin`);
      assert.equal(Number(out.label.data[i]), p.predictOne(r), `${EXACT[k]} row ${i} label`);
      if (logistic)
        close(out.probability.data[i], p.predictProbaOne(r), 1e-12, `${EXACT[k]} probability`);
    });
    // The plain weights: coef . x + intercept on the raw values, missing cells given `missing`.
    const w = p.linearWeights();
    assert.deepEqual(w.features, text.split('\n')[0].split(',').slice(0, -1));
    assert.equal(w.positive, '1');
    rows.forEach((r, i) => {
      const margin = r.reduce(
        (s, v, j) => s + w.coef[j] * (Number.isNaN(v) ? (w.missing[j] ?? 0) : v),
        w.intercept,
      );
      close(margin, p.scoreOne(r), 1e-7, `${EXACT[k]} row ${i} folded margin`);
    });
    p.dispose();
  }
});

test('pipelines without an exact linear form are refused, saying which stage', async () => {
  const [impute, winnow, nag] = await trained(['impute | logreg', 'maxabs | bwinnow', 'nag']);
  assert.throws(() => op.loadPipeline(impute).toONNX(), {
    message: /^no ONNX export: scaler 1 \(impute\) is not an affine map per feature/,
  });
  assert.throws(() => op.loadPipeline(winnow).linearWeights(), {
    message: /^no linear export: the learner \(bwinnow\) has no margin of the form w\.x \+ b/,
  });
  assert.throws(() => op.loadPipeline(nag).toONNX(), { message: /the learner \(nag\)/ });
  const tabular = op.csvRunner({ pipelines: ['zscore | logreg'], categorical: ['c'] });
  tabular.push(new TextEncoder().encode('a,c,label\n1,x,1\n2,y,0\n3,x,1\n'));
  tabular.finish();
  assert.throws(() => op.loadPipeline(tabular.toJSON(0)).toONNX(), {
    message: /encodes categorical or text columns/,
  });
  tabular.dispose();
});

test('onepass export writes the ONNX model and the weights; a refusal writes nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-export-'));
  const model = join(dir, 'model.json');
  let r = cli(['run', dataFile('heart.csv'), '--pipeline', 'zscore | logreg', '--save', model]);
  assert.equal(r.status, 0, r.stderr);
  const onnx = join(dir, 'model.onnx');
  const weights = join(dir, 'weights.json');
  r = cli(['export', model, '--onnx', onnx, '--weights', weights]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stderr,
    /exported zscore \| logreg\(.*\) \(13 features\) to .*model\.onnx and .*weights\.json/,
  );
  const session = await ort.InferenceSession.create(readFileSync(onnx));
  const heart = readData('heart.csv').toString('utf8').trim().split('\n');
  const first = heart[1].split(',').slice(0, -1).map(Number);
  const out = await session.run({
    x: new ort.Tensor('float64', Float64Array.from(first), [1, 13]),
  });
  const p = op.loadPipeline(readFileSync(model, 'utf8'));
  close(out.probability.data[0], p.predictProbaOne(first), 1e-12, 'CLI export');
  assert.equal(JSON.parse(readFileSync(weights, 'utf8')).features[0], 'age');
  // The native CLI writes the same ONNX bytes and the same weights.
  const native = spawnSync(
    join(root, 'build/native/onepass-native'),
    ['export', model, '--onnx', join(dir, 'native.onnx'), '--weights', join(dir, 'native.json')],
    { encoding: 'utf8' },
  );
  assert.equal(native.status, 0, native.stderr);
  assert.deepEqual(readFileSync(join(dir, 'native.onnx')), readFileSync(onnx));
  assert.equal(readFileSync(join(dir, 'native.json'), 'utf8'), readFileSync(weights, 'utf8'));

  r = cli(['run', dataFile('heart.csv'), '--pipeline', 'l2 | pa', '--save', model]);
  assert.equal(r.status, 0, r.stderr);
  r = cli(['export', model, '--onnx', join(dir, 'l2.onnx')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no ONNX export: scaler 1 \(l2\) is not an affine map per feature/);
  assert.throws(() => readFileSync(join(dir, 'l2.onnx')));
  const refused = spawnSync(
    join(root, 'build/native/onepass-native'),
    ['export', model, '--onnx', join(dir, 'l2-native.onnx')],
    { encoding: 'utf8' },
  );
  assert.equal(refused.status, 1);
  assert.match(
    refused.stderr,
    /no linear export: scaler 1 \(l2\) is not an affine map per feature/,
  );
  assert.throws(() => readFileSync(join(dir, 'l2-native.onnx')));
  r = cli(['export', model]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /export needs --onnx FILE and\/or --weights FILE/);
});

// A numeric multiclass and regression stream: class = the largest of three features' sums,
// target = a linear function with noise; a few cells missing.
function taskRows(n) {
  let seed = 5;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x = [rnd() * 4, rnd() * 10 - 5, rnd(), rnd() * 100];
    if (i % 17 === 3) x[2] = NaN;
    const s = [x[0], x[1] + 2, 3 * (x[2] || 0)];
    rows.push({ x, k: s.indexOf(Math.max(...s)), y: 2 * x[0] - x[1] + 0.05 * x[3] + rnd() });
  }
  return rows;
}

test('onnxruntime runs exported multiclass and regression models as onepass predicts them', async () => {
  const data = taskRows(400);
  const csv = (label) =>
    'a,b,c,d,y\n' +
    data
      .map((r) => [...r.x.map((v) => (Number.isNaN(v) ? '' : v)), label(r)].join(','))
      .join('\n') +
    '\n';
  const x = new ort.Tensor('float64', Float64Array.from(data.flatMap((r) => r.x)), [
    data.length,
    4,
  ]);
  const cases = [
    [
      csv((r) => 'abc'[r.k]),
      ['zscore | softmax +avg', 'minmax | mpa2', 'zscore | logreg +avg', 'zscore | pa1'],
    ],
    [
      csv((r) => r.y.toFixed(4)),
      ['zscore | pareg2(c=0.1) +avg', 'maxabs | linreg', 'zscore | huber +avg'],
    ],
  ];
  for (const [text, specs] of cases) {
    const run = op.csvRunner({ pipelines: specs });
    run.push(new TextEncoder().encode(text));
    run.finish();
    for (let i = 0; i < specs.length; i++) {
      const p = op.loadPipeline(run.modelJSON(i));
      const session = await ort.InferenceSession.create(p.toONNX());
      const out = await session.run({ x });
      const w = p.linearWeights();
      for (const [n, r] of data.entries()) {
        const t = p.predictTarget(r.x);
        if (p.schema.task === 'regression') {
          close(out.prediction.data[n], t.label, 1e-9, `${specs[i]} row ${n}`);
          const folded = r.x.reduce(
            (s, v, j) => s + w.coef[j] * (Number.isNaN(v) ? (w.missing[j] ?? 0) : v),
            w.intercept,
          );
          close(folded, t.label, 1e-7, `${specs[i]} row ${n} weights`);
          continue;
        }
        assert.equal(Number(out.label.data[n]), t.label, `${specs[i]} row ${n} label`);
        for (let k = 0; k < 3; k++) {
          close(out.scores.data[3 * n + k], t.scores[k], 1e-9, `${specs[i]} row ${n} score ${k}`);
          if (t.probabilities)
            close(out.probabilities.data[3 * n + k], t.probabilities[k], 1e-9, `${specs[i]} p`);
        }
      }
      if (p.schema.task === 'multiclass') {
        assert.deepEqual(w.classes, p.schema.classes); // in the order they first appeared
        assert.deepEqual([...w.classes].sort(), ['a', 'b', 'c']);
        assert.equal(w.coef.length, 3);
        assert.deepEqual(
          session.outputNames,
          p.hasProbability ? ['label', 'scores', 'probabilities'] : ['label', 'scores'],
        );
      } else assert.deepEqual(session.outputNames, ['prediction']);
      p.dispose();
    }
    run.dispose();
  }
});
