// The demo's store and the rules that derive the page from its state (web/src/store.ts,
// state.ts, messages.ts), run in node: the page's TypeScript is bundled by esbuild (the build's
// own bundler) with the package left outside, then imported. No browser: these modules touch
// no DOM.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { importDemoModules } from '../js/demo_modules.mjs';

let dir;
let m;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-store-'));
  m = await importDemoModules(['store', 'state', 'messages'], dir);
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('update replaces the state: get returns it and every subscriber is told', () => {
  const store = m.createStore({ a: 1, b: 'x' });
  const first = store.get();
  const told = [];
  const stop = store.subscribe((s, previous) => told.push([s.a, previous.a]));
  store.update({ a: 2 });
  assert.deepEqual(store.get(), { a: 2, b: 'x' });
  assert.notEqual(store.get(), first, 'a new object');
  assert.deepEqual(first, { a: 1, b: 'x' }, 'the state before is left as it was');
  store.update((s) => ({ a: s.a + 1 }));
  assert.equal(store.get().a, 3);
  assert.deepEqual(told, [
    [2, 1],
    [3, 2],
  ]);
  stop();
  store.update({ a: 4 });
  assert.equal(told.length, 2, 'no word after unsubscribing');
});

test('an update made by a subscriber reaches every subscriber, which all end on the last state', () => {
  const store = m.createStore({ n: 0, double: 0 });
  const seen = { first: [], second: [] };
  store.subscribe((s) => {
    seen.first.push(s.n);
    if (s.double !== s.n * 2) store.update({ double: s.n * 2 });
  });
  store.subscribe((s) => seen.second.push([s.n, s.double]));
  store.update({ n: 5 });
  assert.deepEqual(store.get(), { n: 5, double: 10 });
  assert.deepEqual(seen.first, [5, 5]);
  assert.deepEqual(seen.second.at(-1), [5, 10]);
});

test('watch renders now, and again only when its part of the state changes', () => {
  const store = m.createStore({ list: [1], other: 0 });
  const rendered = [];
  m.watch(
    store,
    (s) => [s.list, s.list.length],
    ([list]) => rendered.push(list),
  );
  store.update({ other: 1 });
  store.update((s) => ({ list: [...s.list, 2] }));
  assert.deepEqual(rendered, [[1], [1, 2]]);
});

const heart = { kind: 'url', url: 'http://x/heart.csv', name: 'heart.csv' };
const specs = 'zscore | logreg\nperceptron';

/** A page whose last run was of the setup shown. */
function ranState() {
  const s = m.initialState(heart, specs);
  const options = m.runOptionsOf(s, m.specsOf(s.settings.specs));
  const run = {
    ...m.startingRun(1, 'heart.csv', options),
    phase: 'done',
    progress: { rows: 270, bytes: 1e4, total: 1e4, elapsedMs: 100 },
    results: [{ rows: 270 }],
  };
  return { ...s, run };
}

test('results are out of date once the pipelines or options differ from those they ran with', () => {
  const s = ranState();
  assert.equal(m.staleness(s), '');
  const edited = { ...s, settings: { ...s.settings, specs: 'zscore | logreg' } };
  assert.match(m.staleness(edited), /^Out of date: the pipelines changed since this run/);
  // Written back as it ran (spaces and blank lines aside): not out of date.
  const back = { ...s, settings: { ...s.settings, specs: ` zscore | logreg \n\nperceptron\n` } };
  assert.equal(m.staleness(back), '');
  const holdout = { ...s, settings: { ...s.settings, holdout: 0.2 } };
  assert.match(m.staleness(holdout), /the holdout changed/);
  // The seed only matters to shuffled rows or a holdout.
  assert.equal(m.staleness({ ...s, settings: { ...s.settings, seed: '7' } }), '');
  const shuffled = { ...s, settings: { ...s.settings, shuffleBuffer: 10000 } };
  assert.match(m.staleness(shuffled), /the row order changed/);
  const ranShuffled = {
    ...shuffled,
    run: { ...s.run, options: m.runOptionsOf(shuffled, ['zscore | logreg', 'perceptron']) },
  };
  assert.equal(m.staleness(ranShuffled), '');
  const reseeded = { ...ranShuffled, settings: { ...ranShuffled.settings, seed: '7' } };
  assert.match(m.staleness(reseeded), /the seed changed/);
  // While the worker works the setup is locked: nothing is said.
  assert.equal(m.staleness({ ...edited, job: { kind: 'run', paused: false } }), '');
});

test('a run that learned nothing has no results, models or baseline', () => {
  const s = { ...ranState(), job: { kind: 'run', paused: false } };
  const going = { ...s, run: { ...s.run, phase: 'going', results: [] } };
  const progress = { rows: 0, bytes: 10, total: 10, elapsedMs: 5, series: [] };
  const info = {
    features: ['a', 'b'],
    rows: 0,
    positives: 0,
    positiveLabel: '1',
    negativeLabel: '0',
    warnings: [],
    errors: [],
    missingCells: 0,
  };
  const zero = { rows: 0, mistakes: 0, error: 0, warnings: [] };
  const done = {
    ...going,
    ...m.received(going, {
      type: 'done',
      progress,
      info,
      results: [zero, zero],
      models: ['{}', '{}'],
      cancelled: false,
      blocksApart: 0,
    }),
  };
  assert.deepEqual(done.run.results, []);
  assert.deepEqual(done.run.models, []);
  assert.equal(done.run.baseline, null);
  assert.equal(done.job, null);
  assert.equal(m.learned(done.run), false);
  assert.match(m.statusOf(done), /^Done: no row was learned/);
  const failed = {
    ...going,
    ...m.received(going, {
      type: 'failed',
      message: 'line 2: expected 3 fields, found 2',
      progress,
      info,
      results: [zero, zero],
    }),
  };
  assert.deepEqual(failed.run.results, []);
  assert.deepEqual(failed.run.problems, [
    'Stopped: line 2: expected 3 fields, found 2. Nothing was learned.',
  ]);
  // Every row bad and skipped: the core says nothing was learned, and the page does not again.
  const skipped = m.received(going, {
    type: 'failed',
    message: 'nothing was learned: all 3 data rows were bad and skipped',
    progress,
    info,
    results: [zero, zero],
  });
  assert.deepEqual(skipped.run.problems, [
    'Stopped: nothing was learned: all 3 data rows were bad and skipped.',
  ]);
});

test('a run on a number with a holdout ends once both its holdout and its sample have come, in either order', () => {
  const s = ranState();
  const options = { ...s.run.options, holdout: 0.2 };
  const going = {
    ...s,
    run: { ...s.run, options, phase: 'going', results: [] },
    job: { kind: 'run', paused: false },
  };
  const r = { task: 'regression', rows: 10, mae: 1, rmse: 1, r2: 0.5, warnings: [] };
  const info = { features: ['a'], positiveLabel: '', negativeLabel: '', warnings: [], errors: [] };
  const apply = (state, msg) => ({ ...state, ...m.received(state, msg) });
  const done = apply(going, {
    type: 'done',
    progress: { rows: 10, bytes: 10, total: 10, elapsedMs: 1, series: [] },
    info,
    results: [r],
    models: ['{}'],
    cancelled: false,
    blocksApart: 0,
  });
  assert.equal(done.run.phase, 'testing');
  assert.notEqual(done.job, null, 'the holdout and the sample are awaited');
  const holdout = { type: 'holdout', runs: [{ test: { rmse: 1 } }] };
  const sample = { type: 'sample', samples: [], rows: 0, message: '' };
  for (const [first, second] of [
    [holdout, sample],
    [sample, holdout],
  ]) {
    const one = apply(done, first);
    assert.notEqual(one.job, null, `after ${first.type} alone the job goes on`);
    const both = apply(one, second);
    assert.equal(both.job, null, `after ${first.type} then ${second.type} the job is done`);
    assert.equal(both.run.phase, 'done');
    assert.equal(both.run.holdout.length, 1);
    assert.notEqual(both.run.sample, null);
  }
});

test('predictions are out of date once the bad rows setting differs from theirs', () => {
  const s = m.initialState(heart, specs);
  const p = { phase: 'done', rows: 270, labelled: 270, correct: 200, csv: '', message: '' };
  const predicted = { ...s, predictions: { ...p, onError: 'stop' } };
  assert.equal(m.predictionsStaleness(predicted), '');
  const skip = { ...predicted, settings: { ...s.settings, onError: 'skip' } };
  assert.match(m.predictionsStaleness(skip), /^Out of date: the bad rows setting changed/);
  assert.equal(m.predictionsStaleness({ ...skip, job: { kind: 'run', paused: false } }), '');
  assert.equal(m.predictionsStaleness({ ...skip, predictions: null }), '');
});

test('Run is off while the head is read or the data has nothing to learn, and the status says why', () => {
  const s = m.initialState(heart, specs);
  const blocked = { ...s, data: { ...s.data, blocker: 'the input is empty' } };
  assert.equal(m.dataBlocker(blocked), 'the input is empty');
  assert.equal(m.statusOf(blocked), 'Cannot run: the input is empty');
  const reading = { ...s, data: { ...s.data, reading: true } };
  assert.match(m.dataBlocker(reading), /^reading heart\.csv/);
});
