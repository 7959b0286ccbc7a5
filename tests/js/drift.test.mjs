// +drift (docs/algorithms.md 6.10) through the package and both CLIs: a stream whose rule turns
// is signalled at its turn, the CLIs agree on every drift and on the weights learned, the table
// says what happened, and a resumed model keeps its watch.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, nativeRun } from './helpers.mjs';

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
    const bad = cli(['run', file, '-p', 'pa +drift(detector=cusum)']);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /cusum/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
