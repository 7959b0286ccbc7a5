// op.fit and op.predict: the common task (train, test, save, score new rows) in one call each,
// for the three tasks, giving what the streaming objects give for the same rows.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { load } from 'onepass';
import { cli, dataFile, root } from './helpers.mjs';

const fixture = (name) => join(root, 'tests', 'fixtures', name);
let op;
let dir;
before(async () => {
  op = await load();
  dir = mkdtempSync(join(tmpdir(), 'onepass-fit-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A CSV's header and rows split in two files: every third row tests, the others train. */
function split(path, name) {
  const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  const file = (keep, part) => {
    const out = join(dir, `${name}_${part}.csv`);
    writeFileSync(out, [header, ...rows.filter((_, i) => keep(i % 3))].join('\n') + '\n');
    return out;
  };
  return { train: file((k) => k !== 2, 'train'), test: file((k) => k === 2, 'test') };
}

/** What the streaming objects give for the same files: the runner's model and figures, the
 * evaluation's test figures, and the scorer's over the test file. */
async function byHand(train, testFile, spec, read = {}) {
  const runner = op.csvRunner({ ...read, pipelines: [spec] });
  await runner.pushAll(train);
  runner.finish();
  const progressive = runner.results()[0];
  const model = runner.modelJSON(0);
  runner.dispose();
  const data = await op.loadDataset(train, read);
  const testData = await op.loadDataset(testFile, { ...read, like: data });
  const run = data.evaluateOn(testData, progressive.canonical);
  data.dispose();
  testData.dispose();
  const scorer = op.csvScorer(model, read);
  scorer.push(readFileSync(testFile));
  scorer.finish();
  const scored = { labelled: scorer.labelled, correct: scorer.correct, summary: scorer.summary };
  scorer.dispose();
  return { progressive, model, run, scored };
}

test('the task in five lines: train, test accuracy, save, score new rows', async () => {
  const heart = split(dataFile('heart.csv'), 'heart');
  const modelFile = join(dir, 'model.json');
  const { model, test } = await op.fit(heart.train, { test: heart.test });
  writeFileSync(modelFile, JSON.stringify(model));
  const { predictions } = await op.predict(readFileSync(modelFile, 'utf8'), heart.test);
  assert.ok(test.accuracy > 0.7, `accuracy ${test.accuracy}`);
  assert.equal(test.rows, 90);
  assert.equal(predictions.length, 90);
  assert.ok(predictions.every((p) => p === '1' || p === '-1'));
  // Both CLIs read the model and predict the same classes.
  const native = (args) =>
    spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  for (const run of [cli, native]) {
    const out = run(['predict', heart.test, '--model', modelFile]);
    assert.equal(out.status, 0, out.stderr);
    const lines = out.stdout.trim().split('\n').slice(1);
    assert.deepEqual(
      lines.map((l) => l.split(',')[1]),
      predictions,
    );
  }
});

test('a yes/no label: the model and figures of a runner, an evaluation and a scorer', async () => {
  const heart = split(dataFile('heart.csv'), 'heart');
  for (const spec of ['zscore | logreg', 'zscore | pa2(c=0.1) +avg']) {
    const fitted = await op.fit(heart.train, { pipeline: spec, test: heart.test });
    const hand = await byHand(heart.train, heart.test, spec);
    // The same bytes of model for the same training rows.
    assert.equal(JSON.stringify(fitted.model), JSON.stringify(JSON.parse(hand.model)));
    assert.deepEqual(
      { ...fitted.progressive, snapshot: null },
      { ...hand.progressive, snapshot: null },
    );
    assert.deepEqual(fitted.test.run, hand.run);
    assert.equal(fitted.test.accuracy, hand.run.test.accuracy);
    for (const key of ['accuracy', 'balancedAccuracy', 'f1', 'logLoss'])
      assert.equal(fitted.test.run.progressive[key], fitted.progressive[key], key);
    assert.equal(fitted.test.auc, hand.run.test.auc);
    // The figures are the returned model's: the scorer of that model agrees.
    assert.equal(fitted.test.ofModel, true);
    assert.equal(fitted.test.accuracy, hand.scored.correct / hand.scored.labelled);
    assert.equal(fitted.test.trainRows, fitted.progressive.rows);
    assert.equal(fitted.info.rows, 180);
  }
});

test('classes: the model, the figures, and predictions by class name', async () => {
  const penguins = split(fixture('penguins.csv'), 'penguins');
  const fitted = await op.fit(penguins.train, { test: penguins.test });
  const hand = await byHand(penguins.train, penguins.test, fitted.progressive.pipeline);
  assert.equal(fitted.progressive.task, 'multiclass');
  assert.equal(JSON.stringify(fitted.model), JSON.stringify(JSON.parse(hand.model)));
  assert.deepEqual(fitted.test.run, hand.run);
  assert.equal(fitted.test.accuracy, hand.scored.correct / hand.scored.labelled);
  // The evaluation learned what the runner learned: the same progressive figures.
  for (const key of ['accuracy', 'balancedAccuracy', 'macroF1', 'logLoss'])
    assert.equal(fitted.test.run.progressive[key], fitted.progressive[key], key);
  assert.equal(typeof fitted.test.macroF1, 'number');
  assert.equal(typeof fitted.test.baselineAccuracy, 'number');
  const p = await op.predict(fitted.model, penguins.test);
  assert.deepEqual(p.classes, ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.equal(p.accuracy, fitted.test.accuracy);
  assert.ok(p.predictions.every((c) => p.classes.includes(c)));
  assert.equal(p.classProbabilities.length, 3 * p.rows);
});

test('a number: regression figures, bad rows skipped, predictions as numbers', async () => {
  const cars = split(fixture('cars_mpg.csv'), 'cars');
  const read = { onError: 'skip' };
  const fitted = await op.fit(cars.train, { ...read, test: cars.test });
  const hand = await byHand(cars.train, cars.test, fitted.progressive.pipeline, read);
  assert.equal(fitted.progressive.task, 'regression');
  assert.equal(JSON.stringify(fitted.model), JSON.stringify(JSON.parse(hand.model)));
  assert.deepEqual(fitted.test.run, hand.run);
  for (const key of ['mae', 'rmse', 'r2'])
    assert.equal(fitted.test.run.progressive[key], fitted.progressive[key], key);
  assert.ok(fitted.test.rmse < fitted.test.baselineRmse, `${fitted.test.rmse}`);
  assert.ok(fitted.info.skipped > 0);
  assert.match(fitted.info.errors[0].message, /the target is missing/);
  const p = await op.predict(fitted.model, cars.test, read);
  assert.equal(p.task, 'regression');
  assert.ok(p.predictions.every((v) => typeof v === 'number' && Number.isFinite(v)));
  assert.equal(p.accuracy, null);
  assert.match(p.summary, /MAE/);
});

test('a holdout: the evaluation of a seeded split, and the model of every row', async () => {
  const heart = dataFile('heart.csv');
  const fitted = await op.fit(heart, { holdout: 0.25, seed: 3 });
  const runner = op.csvRunner({});
  await runner.pushAll(heart);
  runner.finish();
  assert.equal(JSON.stringify(fitted.model), JSON.stringify(runner.toJSON(0)));
  const data = await op.loadDataset(heart);
  const run = data.holdout(fitted.progressive.canonical, { testFraction: 0.25, seed: 3 });
  assert.deepEqual(fitted.test.run, run);
  assert.equal(fitted.test.accuracy, run.test.accuracy);
  assert.deepEqual(fitted.test.protocol, {
    kind: 'holdout',
    testFraction: 0.25,
    seed: 3,
    stratified: true,
  });
  assert.equal(fitted.test.ofModel, false);
  assert.equal(fitted.test.rows + fitted.test.trainRows, 270);
  const byDefault = await op.fit(heart, { holdout: true });
  assert.equal(byDefault.test.protocol.testFraction, op.evaluationDefaults.testFraction);
  assert.equal(byDefault.test.protocol.seed, op.evaluationDefaults.seed);
  runner.dispose();
  data.dispose();
});

test('without a test: the runner alone, from any source (gzip bytes too)', async () => {
  const bytes = readFileSync(dataFile('heart.csv'));
  const fitted = await op.fit(gzipSync(bytes), { pipeline: 'zscore | logreg', every: 50 });
  const { results } = await op.runCsv(bytes, { pipelines: ['zscore | logreg'], every: 50 });
  assert.equal(fitted.test, null);
  assert.deepEqual(fitted.progressive.curve, results[0].curve);
  assert.equal(fitted.progressive.mistakes, results[0].mistakes);
});

test('predict scores every row of a file without a final line break', async () => {
  const text = readFileSync(dataFile('heart.csv'), 'utf8').trimEnd();
  const rows = text.split('\n').length - 1;
  const { model } = await op.fit(text + '\n');
  // The scorer's push() holds the unterminated last line: the next chunk may continue it.
  const scorer = op.csvScorer(model);
  const pushed = scorer.push(new TextEncoder().encode(text)).scores.length;
  const finished = scorer.finish().scores.length;
  scorer.dispose();
  assert.deepEqual([pushed, finished], [rows - 1, 1]);
  const p = await op.predict(model, text);
  assert.equal(p.rows, rows);
  assert.equal(p.predictions.length, rows);
  assert.equal(p.lines[rows - 1], rows + 1);
  // Without the label column too (new rows to score).
  const unlabelled = text
    .split('\n')
    .map((l) => l.slice(0, l.lastIndexOf(',')))
    .join('\n');
  const q = await op.predict(model, unlabelled);
  assert.deepEqual(q.predictions, p.predictions);
  assert.equal(q.labelled, 0);
  assert.equal(q.accuracy, null);
});

test('bad input is refused with a message that says where and what', async () => {
  const heart = dataFile('heart.csv');
  const other = join(dir, 'other.csv');
  writeFileSync(other, 'a,b,label\n1,2,1\n3,4,-1\n');
  await assert.rejects(op.fit(heart, { test: other }), /^Error: the test source: .*age/);
  await assert.rejects(
    op.fit(heart, { test: other, holdout: 0.2 }),
    /fit takes either options.test .* or options.holdout/,
  );
  await assert.rejects(op.fit(heart, { pipelines: ['pa1'] }), /fit: unknown option 'pipelines'/);
  await assert.rejects(op.fit(heart, { pipeline: ['pa1'] }), /option pipeline is one spec string/);
  await assert.rejects(op.fit(heart, { holdout: 1.5 }), /fraction/);
  await assert.rejects(op.fit(heart, { holdout: '0.2' }), /option holdout is the share/);
  await assert.rejects(op.fit(heart, { pipeline: 'zscore | nope' }), /nope/);
  // A bad row of either source: its line and column, the test source's said so.
  const good = 'x,y,label\n1,2,1\n2,3,-1\n3,4,1\n';
  const bad = 'x,y,label\n1,2,1\n2,3,-1\n3,abc,1\n';
  const err = await op.fit(bad, { numeric: ['y'] }).catch((e) => e);
  assert.match(err.message, /^line 4, column 2 \(y\): 'abc' is not a number/);
  assert.deepEqual([err.line, err.column], [4, 2]);
  const inTest = await op.fit(good, { numeric: ['y'], test: bad }).catch((e) => e);
  assert.match(inTest.message, /^the test source: line 4, column 2 \(y\): 'abc'/);
  assert.deepEqual([inTest.line, inTest.column], [4, 2]);
  const { model } = await op.fit(heart);
  await assert.rejects(op.predict(model, heart, { lable: 'x' }), /predict: unknown option 'lable'/);
  await assert.rejects(op.predict(model, other), /age/);
});

test('the types: the task type-checks under strict, test figures without a null check', () => {
  const typed = join(root, 'build', 'fit-types');
  mkdirSync(typed, { recursive: true });
  const file = join(typed, 'task.mts');
  writeFileSync(
    file,
    `import { load } from 'onepass';
import { writeFileSync } from 'node:fs';
const op = await load();
const { model, test } = await op.fit('train.csv', { test: 'test.csv' });
console.log(test.accuracy, test.rows, test.ofModel);
writeFileSync('model.json', JSON.stringify(model));
const { predictions } = await op.predict(model, 'new.csv');
const first: string | number = predictions[0];
const held = await op.fit('train.csv', { holdout: 0.2, pipeline: 'zscore | logreg', seed: 3 });
console.log(first, held.test.protocol.kind, held.progressive.rows, held.info.skipped);
const plain = await op.fit('train.csv', { label: 'y', onError: 'skip' });
// @ts-expect-error without a test source or a holdout, there may be no test figures
console.log(plain.test.rows);
// @ts-expect-error fit takes one pipeline, not a list
await op.fit('train.csv', { pipelines: ['pa1'] });
`,
  );
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.esnext.disposable.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(problems, []);
});
