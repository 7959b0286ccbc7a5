// +temperature through the public API and both CLIs (docs/algorithms.md 4.30): the default yes/no
// pipeline's first member, calibrated, reports a log-loss and a reliability curve while its
// answers stay those of `zscore | pa2(c=0.1) +avg`; a multiclass learner under it keeps its
// answers and gains class probabilities; both CLIs print the same, and the default (4.32), whose
// members are calibrated so, gives probabilities.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { cli, dataFile, jsonLines, native } from './helpers.mjs';

let op;
before(async () => {
  op = await load();
});

const PLAIN = 'zscore | pa2(c=0.1) +avg';
const CALIBRATED = `${PLAIN} +temperature`;
const DEFAULT = 'zscore | leader';
// What must not change under the wrapper: every count of the answers.
const answers = (line) => [line.rows, line.mistakes, line.tp, line.fp, line.tn, line.fn];

test('the default is the leader of three, and gives probabilities', () => {
  assert.equal(op.defaultPipeline, DEFAULT);
  const p = op.pipeline(op.defaultPipeline);
  assert.equal(p.hasProbability, true);
  p.dispose?.();
});

test('both CLIs calibrate alike: the answers of the plain pipeline and a finite log-loss', () => {
  const args = [dataFile('heart.csv'), '-p', PLAIN, '-p', CALIBRATED, '--json'];
  const js = cli(['run', ...args]);
  const nat = native(['run', ...args]);
  assert.equal(js.status, 0, js.stderr);
  assert.equal(nat.status, 0, nat.stderr);
  const [plain, calibrated] = jsonLines(js.stdout);
  assert.equal(calibrated.pipeline, CALIBRATED);
  assert.deepEqual(answers(calibrated), answers(plain));
  assert.equal(calibrated.balancedAccuracy, plain.balancedAccuracy);
  assert.equal(plain.logLoss, null);
  assert.ok(Number.isFinite(calibrated.logLoss) && calibrated.logLoss < Math.log(2));
  assert.equal(calibrated.calibration.length, 10);
  const [nativePlain, nativeCalibrated] = jsonLines(nat.stdout);
  assert.deepEqual(answers(nativePlain), answers(plain));
  assert.deepEqual(answers(nativeCalibrated), answers(calibrated));
  assert.equal(nativeCalibrated.logLoss, calibrated.logLoss);
  assert.deepEqual(nativeCalibrated.calibration, calibrated.calibration);
  // Without --pipeline both CLIs run the default, alike, with a log-loss.
  const [byDefault] = jsonLines(cli(['run', dataFile('heart.csv'), '--json']).stdout);
  const [nativeByDefault] = jsonLines(native(['run', dataFile('heart.csv'), '--json']).stdout);
  assert.equal(byDefault.pipeline, DEFAULT);
  assert.ok(Number.isFinite(byDefault.logLoss) && byDefault.logLoss < Math.log(2));
  assert.equal(nativeByDefault.logLoss, byDefault.logLoss);
  assert.deepEqual(answers(nativeByDefault), answers(byDefault));
});

test('a multiclass learner keeps its answers under +temperature and gains a log-loss', () => {
  let csv = 'a,b,kind\n';
  for (let i = 0; i < 300; i++) {
    const k = i % 3;
    csv += `${k + Math.sin(i)},${(i * 7) % 5},${['red', 'green', 'blue'][k]}\n`;
  }
  for (const learner of ['mpa2', 'mperceptron', 'softmax', 'pa2']) {
    const spec = `zscore | ${learner} +avg`;
    const r = op.csvRunner({ pipelines: [spec, `${spec} +temperature`] });
    r.push(Buffer.from(csv));
    r.finish();
    const [plain, calibrated] = r.results();
    r.dispose();
    assert.equal(calibrated.task, 'multiclass');
    assert.equal(calibrated.mistakes, plain.mistakes, learner);
    assert.equal(calibrated.accuracy, plain.accuracy, learner);
    assert.ok(Number.isFinite(calibrated.logLoss) && calibrated.logLoss < Math.log(3), learner);
  }
});

test('both CLIs refuse +temperature twice, with +platt, before +avg and for a number', () => {
  for (const [args, message] of [
    [['-p', 'pa2 +temperature +temperature'], /'\+temperature' is given twice/],
    [['-p', 'pa2 +platt +temperature'], /'\+platt' and '\+temperature' both calibrate the score/],
    [['-p', 'pa2 +temperature +avg'], /'\+temperature' comes after '\+avg'/],
    [
      ['-p', 'zscore | pareg +temperature', '--task', 'regression'],
      /'\+temperature' calibrates the scores of a classifier, but the task is regression/,
    ],
  ]) {
    for (const run of [cli, native]) {
      const r = run(['run', dataFile('heart.csv'), ...args]);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, message);
    }
  }
  const reg = op.registry().find((e) => e.name === 'temperature');
  assert.equal(reg.kind, 'modifier');
  assert.equal(reg.probability, true);
  assert.equal(reg.spec, '4.30');
});
