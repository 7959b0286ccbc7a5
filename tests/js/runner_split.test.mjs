// A runner split between two threads (docs/design.md, "Every core"; parallel/runner_split.ts):
// when learning is the bound, a worker parses every block and learns some of the pipelines, and
// the run gives what one thread gives, bit for bit: a file, a Blob, a stream, after a quote,
// cancelled, with models trained further, a worker failing mid-split, live figures.
import assert from 'node:assert/strict';
import { openAsBlob, statSync, truncateSync } from 'node:fs';
import { before, test } from 'node:test';
import { ReadShare } from '../../lib/parallel/read_share.js';
import { RunnerSplit, SplitWeighing } from '../../lib/parallel/runner_split.js';
import { assertSame, cancelled, csvText, file, fileChunks, op, run } from './parallel_helpers.mjs';

before(() => {
  ReadShare.fixed = 0; // workers read every block, as in parallel.test.mjs
  RunnerSplit.fixed = false; // each test below fixes the split it tests
});

// A runner split between two threads (runner_split.ts): pipelines 0 and 1 share a z-score and
// stay together; the worker learns the marked ones.
const RUNNER_SPECS = [
  'zscore | logreg',
  'zscore | pa1 +avg',
  'robust | perceptron',
  'winnow',
  'pa',
];
const WORKER_LEARNS = [
  [false, false, true, true, false],
  [true, true, false, false, true],
];

test('a runner split between two threads learns the bits of one: file, Blob, stream', async () => {
  const text = csvText(250000, (i) => (i === 150000 ? '1,2,oops,4,no\n' : ''));
  const path = file('split.csv', text);
  const chunks = () => fileChunks(path, 100000);
  try {
    for (const options of [{ onError: 'skip' }, {}]) {
      const one = await run(path, 1, { ...options, pipelines: RUNNER_SPECS });
      for (const mask of WORKER_LEARNS) {
        RunnerSplit.fixed = mask;
        for (const source of [path, await openAsBlob(path), chunks()]) {
          const split = await run(source, 2, { ...options, pipelines: RUNNER_SPECS });
          if (!split.error) assert.equal(split.pipelinesApart, mask.filter(Boolean).length);
          assertSame(one, split);
        }
      }
    }
  } finally {
    RunnerSplit.fixed = false;
  }
});

test("a split runner after a quote, and cancelled, still holds one thread's bits", async () => {
  const text = csvText(250000, (i) => (i === 200000 ? '"1.5",2,3,"4",yes\n' : ''));
  const path = file('split-quoted.csv', text);
  const chunks = () => fileChunks(path, 65536);
  RunnerSplit.fixed = WORKER_LEARNS[0];
  try {
    const one = await run(path, 1, { pipelines: RUNNER_SPECS });
    assertSame(one, await run(path, 2, { pipelines: RUNNER_SPECS })); // the worker reads the rest too
    assertSame(one, await run(chunks(), 2, { pipelines: RUNNER_SPECS })); // the rest is sent to it
    // Cancels at every progress call (before, at and after the quoted block, and in the rest
    // read here): the blocks in flight, and the rest, are learned on both sides alike.
    const runner = op.csvRunner({ pipelines: RUNNER_SPECS, positive: 'yes' });
    let calls = 0;
    await runner.pushAll(path, { threads: 2, onProgress: () => void ++calls });
    runner.dispose();
    assert.ok(calls >= 6, `${calls} progress calls`);
    for (let call = 1; call < calls; call++) {
      const cancelledRun = op.csvRunner({ pipelines: RUNNER_SPECS, positive: 'yes' });
      await cancelled(cancelledRun, path, 2, call);
      const rows = cancelledRun.results().map((r) => r.rows);
      assert.ok(rows[0] > 0 && rows[0] < 250001, `rows ${rows}`);
      assert.deepEqual(
        rows,
        RUNNER_SPECS.map(() => cancelledRun.info().rows),
        `cancelled at progress call ${call} of ${calls}`,
      );
      cancelledRun.dispose();
    }
  } finally {
    RunnerSplit.fixed = false;
  }
});

test('a split runner of models trained further learns the bits of one thread', async () => {
  const first = op.csvRunner({ pipelines: RUNNER_SPECS, positive: 'yes' });
  first.push(new TextEncoder().encode(csvText(20000)));
  first.finish();
  const models = RUNNER_SPECS.map((_, i) => first.toJSON(i));
  first.dispose();
  const path = file('split-models.csv', csvText(250000));
  RunnerSplit.fixed = WORKER_LEARNS[0];
  try {
    const one = await run(path, 1, { models });
    assert.equal(one.info.rows, 250000);
    const split = await run(path, 2, { models });
    assert.equal(split.pipelinesApart, 2);
    assertSame(one, split);
  } finally {
    RunnerSplit.fixed = false;
  }
});

test('a worker that fails mid-split stops the run with its error; all learn here again', async () => {
  const path = file('split-fails.csv', csvText(500000));
  const size = statSync(path).size;
  RunnerSplit.fixed = WORKER_LEARNS[0];
  const runner = op.csvRunner({ pipelines: RUNNER_SPECS, positive: 'yes' });
  try {
    let calls = 0;
    // The file loses its second half while the worker reads it: its next range fails.
    const onProgress = () => void (++calls === 2 && truncateSync(path, Math.floor(size / 2)));
    await assert.rejects(
      runner.pushAll(path, { threads: 2, onProgress }),
      /a parser worker failed \(.*split-fails\.csv became shorter while it was read\); run with threads: 1/,
    );
    const here = runner.info().rows;
    assert.ok(here > 0 && here < 500000, `rows learned here: ${here}`);
    const rows = runner.results().map((r) => r.rows);
    // This thread's pipelines learned every row it read; the worker's hold the states it last
    // sent (at least the head's), never more.
    WORKER_LEARNS[0].forEach((there, i) =>
      there ? assert.ok(rows[i] > 0 && rows[i] <= here, `${rows}`) : assert.equal(rows[i], here),
    );
    RUNNER_SPECS.forEach((_, i) => assert.ok(op.loadPipeline(runner.toJSON(i)))); // finite, whole states
    // Every pipeline learns on this thread again: one more row reaches all of them.
    runner.push(new TextEncoder().encode('1,2,3,4,yes\n'));
    runner.finish();
    assert.deepEqual(
      runner.results().map((r) => r.rows),
      rows.map((r) => r + 1),
    );
  } finally {
    runner.dispose();
    RunnerSplit.fixed = false;
  }
});

test("a split runner's live figures follow the worker's pipelines during the run", async () => {
  const path = file('split-live.csv', csvText(600000));
  RunnerSplit.fixed = WORKER_LEARNS[0];
  const runner = op.csvRunner({ pipelines: RUNNER_SPECS, positive: 'yes', every: 1000 });
  try {
    const seen = [];
    await runner.pushAll(path, {
      threads: 2,
      onProgress: () => seen.push(runner.stats(2).rows),
    });
    runner.finish();
    // States come every 250 ms: some arrive before the end of a run this long.
    const during = seen.filter((r) => r > seen[0] && r < 600000);
    assert.ok(during.length > 0, `robust | perceptron's rows during the run: ${seen}`);
    assert.equal(runner.stats(2).rows, 600000);
    assert.equal(runner.stats(2).curve.length, 1200); // 600 points (rows, mistakes)
  } finally {
    runner.dispose();
    RunnerSplit.fixed = false;
  }
});

test('a runner is split when learning is the bound, weighed by what blocks cost', () => {
  RunnerSplit.fixed = null;
  const plan = (parse, pipelines, groups, parsers = 1) =>
    RunnerSplit.plan(groups, { parse, pipelines }, parsers);
  try {
    // Learning 9 ms against parsing 4: the worker parses and takes groups 0 and 3 (6 + 1 + 2
    // against 6 here), instead of 9 on this thread.
    assert.deepEqual(plan(4, [1, 1, 6, 1], [0, 0, 2, 3]), [true, true, false, true]);
    // Cheap learning: parsing is the bound, the usual parallel run.
    assert.equal(plan(4, [1, 1], [0, 1]), null);
    // One group (shared scalers), or nothing measured (a shuffled stream): no split.
    assert.equal(plan(1, [5, 5], [0, 0]), null);
    assert.equal(plan(1, [0, 0], [0, 1]), null);
    // One costly group and many parsers: splitting would not pay.
    assert.equal(plan(4, [9, 1], [0, 1], 3), null);
    // Weighed after 8 more blocks when the head's costs say a split may pay (the head ran on
    // unoptimised code), on what those blocks cost; at once when they say it cannot.
    let costs = { parse: 10, pipelines: [30, 5] };
    const runner = { costs: () => costs, groups: () => [0, 1] };
    const weighing = new SplitWeighing();
    assert.equal(weighing.due(runner, 1), false);
    for (let i = 0; i < 7; i++) assert.equal(weighing.due(runner, 1), false);
    costs = { parse: 14, pipelines: [42, 6] };
    assert.equal(weighing.due(runner, 1), true);
    assert.deepEqual(weighing.costs(runner), { parse: 4, pipelines: [12, 1] });
    costs = { parse: 10, pipelines: [3, 5] };
    assert.equal(new SplitWeighing().due(runner, 1), true);
    costs = { parse: 10, pipelines: [30, 5] };
    assert.equal(new SplitWeighing().due({ ...runner, groups: () => [0, 0] }, 1), true);
  } finally {
    RunnerSplit.fixed = false;
  }
});
