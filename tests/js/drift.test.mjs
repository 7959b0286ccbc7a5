// +drift (docs/algorithms.md 6.10) through the package and both CLIs: a stream whose rule turns
// is signalled at its turn, the CLIs agree on every drift and on the weights learned, the table
// says what happened, and a resumed model keeps its watch.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { execFileSync } from 'node:child_process';
import { cli, jsonLines, nativeRun, root } from './helpers.mjs';

// 8,000 rows of two numbers; the label is x > y for the first 4,000 rows and x < y after.
function turning() {
  let s = 'x,y,label\n';
  let seed = 3;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 8000; i++) {
    const x = rnd();
    const y = rnd();
    s += `${x.toFixed(4)},${y.toFixed(4)},${x > y === i < 4000 ? 1 : 0}\n`;
  }
  return s;
}

const enc = (s) => new TextEncoder().encode(s);

test('the API reports the drift at the turn, and reset learns the new rule', async () => {
  const op = await load();
  const r = await op.runCsv(turning(), {
    pipelines: ['zscore | pa2 +avg', 'zscore | pa2 +avg +drift(action=reset)'],
  });
  const [plain, reset] = r.results;
  assert.equal(plain.drift, undefined);
  assert.equal(reset.drift.detector, 'adwin');
  assert.equal(reset.drift.action, 'reset');
  assert.ok(reset.drift.drifts >= 1);
  assert.ok(
    reset.drift.rows.some((row) => row > 4000 && row < 4300),
    String(reset.drift.rows),
  );
  assert.ok(reset.error < plain.error - 0.05, `${plain.error} ${reset.error}`);
});

test('both CLIs agree on a +drift run; the table says what happened', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-drift-'));
  try {
    const file = join(dir, 'turning.csv');
    writeFileSync(file, turning());
    const spec = 'zscore | pa2 +avg +drift(detector=ddm,action=background)';
    const js = jsonLines(cli(['run', file, '-p', spec, '--json']).stdout)[0];
    const native = nativeRun([file, '-p', spec])[0];
    assert.deepEqual(native.drift, js.drift);
    assert.deepEqual(native.weights, js.weights);
    assert.equal(js.canonical.includes('+drift(detector=ddm,action=background'), true);
    const table = cli(['run', file, '-p', spec]).stdout;
    assert.match(table, /\d+ drifts? at rows \d+.*: background learner in/);
    // --window: the error of the last rows, as both CLIs give it.
    const windowed = jsonLines(cli(['run', file, '-p', spec, '--window', '500', '--json']).stdout);
    const nativeWindowed = nativeRun([file, '-p', spec, '--window', '500'])[0];
    assert.equal(typeof windowed[0].rollingError, 'number');
    assert.equal(windowed[0].rollingError, nativeWindowed.rollingError);
    assert.equal(js.rollingError, undefined);
    // The curve's points carry the window's error beside the cumulative mistakes, alike in both
    // CLIs; the last point's is the run's rollingError (8,000 rows, a point every 1,000).
    const every = ['--every', '1000', '--window', '500'];
    const curved = jsonLines(cli(['run', file, '-p', spec, ...every, '--json']).stdout)[0];
    const nativeCurved = nativeRun([file, '-p', spec, ...every])[0];
    assert.deepEqual(curved.curve, nativeCurved.curve);
    assert.equal(curved.curve.length, 8);
    for (const point of curved.curve) assert.equal(point.length, 3);
    assert.equal(curved.curve[7][2], curved.rollingError);
    for (const point of curved.curve) assert.ok(point[2] >= 0 && point[2] <= 1, String(point));
    const unwindowed = jsonLines(
      cli(['run', file, '-p', spec, '--every', '1000', '--json']).stdout,
    );
    assert.deepEqual(
      unwindowed[0].curve,
      curved.curve.map(([rows, mistakes]) => [rows, mistakes]),
    );
    const bad = cli(['run', file, '-p', 'pa +drift(detector=cusum)']);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /cusum/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the API gives the windowed error at each curve point, and a resumed run keeps it', async () => {
  const op = await load();
  const text = turning();
  const options = { pipelines: ['zscore | pa2'], every: 1000, window: 500 };
  const r = await op.runCsv(text, options);
  const [result] = r.results;
  assert.equal(result.rollingCurve.length, 2 * 8);
  assert.deepEqual(
    Array.from(result.rollingCurve).filter((_, k) => k % 2 === 0),
    Array.from(result.curve).filter((_, k) => k % 2 === 0),
  );
  assert.equal(result.rollingCurve[15], result.rollingError);
  const plain = (await op.runCsv(text, { pipelines: ['zscore | pa2'], every: 1000 })).results[0];
  assert.equal(plain.rollingCurve, undefined);
  // Saved at row 4,200 and resumed, the model's curve points keep their windowed errors.
  const lines = text.split('\n');
  const first = op.csvRunner(options);
  first.push(enc(lines.slice(0, 4201).join('\n') + '\n'));
  first.finish();
  const second = op.csvRunner({ models: [first.toJSON(0)] });
  second.push(enc(lines[0] + '\n' + lines.slice(4201).join('\n')));
  second.finish();
  assert.deepEqual(second.stats(0).rollingCurve, result.rollingCurve);
  // A single pipeline's stats carry it too.
  const p = op.pipeline('perceptron(bias=false)', { every: 2, window: 2 });
  const xs = [
    [1, 0],
    [0, 1],
    [1, 0],
    [0, -1],
  ];
  const ys = [1, 0, 1, 0];
  xs.forEach((x, i) => p.learnOne(x, ys[i]));
  assert.deepEqual(Array.from(p.stats().rollingCurve), [2, 0.5, 4, 0.5]);
});

test('the registry lists +drift with its parameters and each detector with its own', async () => {
  const op = await load();
  const drift = op.registry().find((e) => e.name === 'drift');
  assert.equal(drift.kind, 'modifier');
  assert.equal(drift.spec, '6.10');
  assert.deepEqual(
    drift.params.map((p) => [p.name, p.default]),
    [
      ['detector', 'adwin'],
      ['action', 'report'],
      ['scalers', 'false'],
    ],
  );
  const names = ['adwin', 'ddm', 'eddm', 'hddm_a', 'hddm_w', 'page_hinkley', 'kswin'];
  assert.deepEqual(drift.params[0].choices, names);
  assert.deepEqual(
    drift.detectors.map((d) => d.name),
    names,
  );
  const adwin = drift.detectors[0].params.find((p) => p.name === 'delta');
  assert.deepEqual(
    [adwin.default, adwin.min, adwin.max, adwin.minExclusive],
    ['0.002', 0, 1, true],
  );
  const ph = drift.detectors.find((d) => d.name === 'page_hinkley');
  assert.equal(ph.params.find((p) => p.name === 'delta').default, '0.005');
  // Both CLIs list it: the same JSON, and the JS CLI's text names each detector's parameters.
  const native = execFileSync(join(root, 'build/native/onepass-native'), ['list'], {
    encoding: 'utf8',
  });
  assert.equal(cli(['list', '--json']).stdout, native);
  const text = cli(['list']).stdout;
  assert.match(text, /\n {2}drift {8}a drift detector/);
  assert.match(text, /detector=kswin: .*\n {6}alpha {6}default 0\.005/);
});

test('a model saved mid-stream resumes its watch exactly', async () => {
  const op = await load();
  const text = turning();
  const lines = text.split('\n');
  const head = lines.slice(0, 4201).join('\n') + '\n';
  const tail = lines[0] + '\n' + lines.slice(4201).join('\n');
  const spec = 'zscore | logreg +drift(detector=hddm_a,action=background)';
  const whole = op.csvRunner({ pipelines: [spec] });
  whole.push(enc(text));
  whole.finish();
  const first = op.csvRunner({ pipelines: [spec] });
  first.push(enc(head));
  first.finish();
  const model = first.toJSON(0);
  assert.ok(model.drift.state.length > 0);
  const second = op.csvRunner({ models: [model] });
  second.push(enc(tail));
  second.finish();
  assert.deepEqual(second.toJSON(0).learner, whole.toJSON(0).learner);
  assert.deepEqual(second.toJSON(0).drift, whole.toJSON(0).drift);
});
