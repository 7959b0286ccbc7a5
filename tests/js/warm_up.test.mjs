// Onepass.warmUp (docs/design.md, "Warming up"): the CSV it streams runs the reader's paths as
// users' files do, and warming changes nothing a run computes. (What it saves in time is
// measured by npm run bench, not here.)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { warmUpCsv } from '../../lib/api/warm_up.js';
import { readData } from './helpers.mjs';

let op;
before(async () => {
  op = await load();
});

test('the warm-up CSV has the forms of users files: %.7g, integers, zeros, exponents, empty cells, a category', async () => {
  const bytes = warmUpCsv();
  const text = new TextDecoder().decode(bytes);
  assert.match(text, /,-?\d\.\d{6},/); // toPrecision(7)
  assert.match(text, /,-?\d\.\d+e-\d,/); // exponents
  assert.match(text, /,0,/);
  assert.match(text, /,,/);
  assert.deepEqual(warmUpCsv(), bytes, 'the same bytes every call');
  const { info, results } = await op.runCsv(bytes, { pipelines: ['zscore | logreg'] });
  assert.equal(info.rows, 2000);
  assert.equal(info.skipped, 0);
  assert.ok(info.missingCells > 0);
  assert.deepEqual(
    info.columns.map((c) => c.role),
    [...Array(12).fill('numeric'), 'categorical', 'label'],
  );
  // Its labels follow the numbers: a pipeline learns them (unlike noise: about half wrong).
  assert.ok(results[0].error < 0.3, `error ${results[0].error}`);
});

test('a run after warmUp() computes what it does in a module never warmed, and nothing stays held', async () => {
  const specs = ['zscore | logreg', 'perceptron +avg', op.defaultPipeline];
  const runIn = async (module) =>
    (await module.runCsv(readData('heart.csv'), { pipelines: specs })).results.map((r) =>
      JSON.stringify(r),
    );
  const fresh = await load();
  const expected = await runIn(fresh);
  // A first run leaves the module's one-time tables allocated; what a warm-up leaves is
  // measured after one.
  assert.deepEqual(await runIn(op), expected);
  const held = op.memory().inUseBytes;
  op.warmUp(); // the default pipeline
  op.warmUp(specs);
  assert.equal(op.memory().inUseBytes, held);
  assert.deepEqual(await runIn(op), expected);
});

test('warmUp refuses a bad spec or list by name, and holds nothing after', () => {
  const message = (f) => {
    try {
      f();
    } catch (e) {
      return e.message;
    }
    return 'no error';
  };
  const held = op.memory().inUseBytes;
  // The core's message for the spec (the one csvRunner gives), not a wrapper's.
  const expected = message(() => op.csvRunner({ pipelines: ['zscore | nope'] }));
  assert.match(expected, /nope/);
  assert.equal(
    message(() => op.warmUp(['zscore | nope'])),
    expected,
  );
  for (const wrong of [[], 'zscore | logreg', [42], ['logreg', null], null])
    assert.equal(
      message(() => op.warmUp(wrong)),
      "warmUp takes a list of one or more spec strings, e.g. ['zscore | logreg']",
    );
  assert.equal(op.memory().inUseBytes, held);
});
