// +platt through the public API and both CLIs (docs/algorithms.md 4.29): a margin learner's
// pipeline reports a log-loss and a reliability curve (6.5), its model gives probabilities to
// the scorer, whose threshold is then a probability, and both CLIs print the same.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { cli, dataFile, jsonLines, readData, root } from './helpers.mjs';

let op;
before(async () => {
  op = await load();
});

const heart = readData('heart.csv');

test('zscore | pa2 +platt reports a log-loss and a reliability curve; zscore | pa2 neither', () => {
  const r = op.csvRunner({ pipelines: ['zscore | pa2 +platt', 'zscore | pa2'] });
  r.push(heart);
  r.finish();
  const [platt, plain] = r.results();
  assert.equal(platt.hasProbability, true);
  assert.equal(plain.hasProbability, false);
  assert.equal(platt.task, 'binary');
  assert.ok(Number.isFinite(platt.logLoss) && platt.logLoss < Math.log(2), `${platt.logLoss}`);
  assert.equal(plain.logLoss, null);
  assert.equal(plain.calibration, undefined);
  const bins = platt.calibration;
  assert.equal(bins.length, 10);
  assert.deepEqual(
    bins.map((b) => [b.lower, b.upper]),
    [...Array(10).keys()].map((i) => [i / 10, (i + 1) / 10]),
  );
  assert.equal(
    bins.reduce((n, b) => n + b.count, 0),
    270,
  );
  for (const b of bins) {
    if (b.count === 0) {
      assert.equal(b.meanPredicted, null);
      assert.equal(b.observedRate, null);
      continue;
    }
    assert.ok(b.meanPredicted >= b.lower && b.meanPredicted <= b.upper, JSON.stringify(b));
    assert.ok(b.observedRate >= 0 && b.observedRate <= 1);
  }
  // The rows' positives, counted in the bins, are the file's (120 of 270).
  const positives = bins.reduce(
    (n, b) => n + (b.count ? Math.round(b.observedRate * b.count) : 0),
    0,
  );
  assert.equal(positives, r.info().positives);
  // The result line the CLIs print carries the same bins.
  const line = JSON.parse(r.resultJSON(0));
  assert.deepEqual(line.calibration, bins);
  assert.equal(line.logLoss, platt.logLoss);
  assert.equal(JSON.parse(r.resultJSON(1)).calibration, undefined);
  r.dispose();
});

test('a +platt pipeline gives probabilities: predictProbaOne, the scorer and its threshold', () => {
  const p = op.pipeline('zscore | pa2 +avg +platt');
  const [head, ...rows] = heart.toString('utf8').trim().split('\n');
  for (const l of rows.slice(0, 200)) {
    const v = l.split(',').map(Number);
    p.learnOne(v.slice(0, 13), v[13]);
  }
  const x = rows[230].split(',').slice(0, 13).map(Number);
  const margin = p.scoreOne(x);
  assert.ok(Math.abs(p.predictProbaOne(x) - 1 / (1 + Math.exp(-margin))) < 1e-12);
  p.dispose();

  const r = op.csvRunner({ pipelines: ['zscore | pa2 +avg +platt'] });
  r.push(Buffer.from([head, ...rows.slice(0, 200)].join('\n') + '\n'));
  r.finish();
  const model = r.toJSON(0);
  r.dispose();
  const scorer = op.csvScorer(model);
  assert.equal(scorer.csvHeader, 'line,prediction,score,probability\n');
  const scored = scorer.push(heart);
  scorer.dispose();
  assert.equal(scored.probabilities.length, 270);
  const t = [...scored.probabilities].sort((a, b) => a - b)[100];
  const s = op.csvScorer(model, { threshold: t });
  const got = s.push(heart).predictions;
  s.dispose();
  assert.deepEqual(
    [...got],
    [...scored.probabilities].map((q) => (q >= t ? 1 : -1)),
  );
  assert.throws(() => op.csvScorer(model, { threshold: 2 }), /between 0 and 1/);

  // Both CLIs: the same predictions, a probability per row, the threshold on it.
  const dir = mkdtempSync(join(tmpdir(), 'onepass-platt-'));
  const file = join(dir, 'model.json');
  writeFileSync(file, JSON.stringify(model));
  const args = ['predict', dataFile('heart.csv'), '--model', file, '--threshold', '0.3'];
  const js = cli(args);
  const native = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  assert.equal(js.status, 0, js.stderr);
  assert.equal(native.stdout, js.stdout);
  const said = js.stdout.trim().split('\n');
  assert.equal(said[0], 'line,prediction,score,probability');
  assert.ok(
    said.slice(1).every((l) => {
      const [, prediction, , q] = l.split(',');
      return Number(q) >= 0.3 === (prediction === '1');
    }),
  );
});

test('both CLIs run +platt alike, and refuse it twice or before +avg', () => {
  const args = [dataFile('heart.csv'), '-p', 'zscore | pa2(c=0.1) +avg +platt', '--json'];
  const js = cli(['run', ...args]);
  assert.equal(js.status, 0, js.stderr);
  const [line] = jsonLines(js.stdout);
  assert.equal(line.calibration.length, 10);
  assert.ok(line.logLoss > 0);
  for (const [spec, message] of [
    ['pa2 +platt +platt', /'\+platt' is given twice; a learner is calibrated once/],
    ['pa2 +platt +avg', /'\+platt' comes after '\+avg'/],
  ]) {
    const r = cli(['run', dataFile('heart.csv'), '-p', spec]);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, message);
  }
  const reg = op.registry().find((e) => e.name === 'platt');
  assert.equal(reg.kind, 'modifier');
  assert.equal(reg.probability, true);
});
