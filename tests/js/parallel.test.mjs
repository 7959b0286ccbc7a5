// Parsing on every core (docs/design.md, "Every core"): with parser
// workers, and with a runner split between two threads, a run gives what one thread gives, bit
// for bit, whatever the input: a file by its path, a Blob, a stream; string labels, empty cells,
// bad rows skipped or stopping, a quote half-way, a cancel.
import assert from 'node:assert/strict';
import { appendFileSync, createReadStream, openAsBlob, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { cli, root } from './helpers.mjs';
import {
  SPECS,
  assertSame,
  cancelled,
  csvText,
  dir,
  file,
  fileChunks,
  op,
  run,
} from './parallel_helpers.mjs';
// The same module the package loads (its own path): a test may fix the learning thread's share.
import { ReadShare } from '../../lib/parallel/read_share.js';
import { RunnerSplit } from '../../lib/parallel/runner_split.js';
import { EarlyThreads, KeptThreads, threadCounts } from '../../lib/parallel/parser_threads.js';

before(() => {
  // Workers read every block from the first (the learning thread's share is tested below, and
  // would otherwise take what small files have before the workers are set up).
  ReadShare.fixed = 0;
  RunnerSplit.fixed = false; // no runner is split but in the tests of that (below)
});

test('a file by its path: 2 and 3 threads learn the bits of one', async () => {
  const path = file('plain.csv', csvText(120000));
  const one = await run(path, 1);
  assert.equal(one.apart, 0);
  assert.equal(one.info.rows, 120000);
  for (const threads of [2, 3]) {
    const many = await run(path, threads);
    assert.ok(many.apart >= 3, `blocks read by workers: ${many.apart}`);
    assertSame(one, many);
  }
});

test('a Blob and a stream of chunks: the same bits as one thread', async () => {
  const text = csvText(250000);
  const path = file('blob.csv', text);
  const one = await run(path, 1);
  const blob = await run(await openAsBlob(path), 2);
  assert.ok(blob.apart >= 2);
  assertSame(one, blob);
  const streamed = await run(fileChunks(path, 77777), 2);
  assert.ok(streamed.apart >= 2);
  assertSame(one, streamed);
});

test('bad rows: skipped ones are named at their true lines, a stopping one stops the same', async () => {
  const text = csvText(250000, (i) => (i === 150000 || i === 200001 ? '1,2,oops,4,no\n' : ''));
  const path = file('bad.csv', text);
  const skip = await run(path, 1, { onError: 'skip' });
  assert.equal(skip.info.skipped, 2);
  const skipMany = await run(path, 2, { onError: 'skip' });
  assert.ok(skipMany.apart >= 2);
  assertSame(skip, skipMany);
  const stop = await run(path, 1);
  assert.match(stop.error, /line 150003, column 3/);
  assertSame(stop, await run(path, 3));
});

test('after a quote the learning thread reads the rest, and the bits stay the same', async () => {
  const text = csvText(250000, (i) => (i === 200000 ? '"1.5",2,3,"4",yes\n' : ''));
  const path = file('quoted.csv', text);
  const one = await run(path, 1);
  const many = await run(path, 2);
  assert.ok(many.apart >= 2 && many.apart < 6, `blocks read by workers: ${many.apart}`);
  assertSame(one, many);
});

test('what never settles stays on one thread: a categorical column, a short file', async () => {
  let text = 'x,color,label\n'; // over 3 MB: blocks are cut, and the run asks whether to read apart
  for (let i = 0; i < 300000; i++)
    text += `${i % 13},${['red', 'blue', 'green'][i % 3]},${i % 2}\n`;
  const path = file('categorical.csv', text);
  const categorical = await run(path, 2, { positive: '1' });
  assert.equal(categorical.apart, 0);
  assertSame(await run(path, 1, { positive: '1' }), categorical);
  const short = file('short.csv', csvText(500));
  assert.equal((await run(short, 2)).apart, 0);
});

test('threads is checked; the CLI takes --threads and prints the same whatever N', async () => {
  const runner = op.csvRunner({ pipelines: ['logreg'] });
  await assert.rejects(
    runner.pushAll('a,b\n1,1\n', { threads: 0 }),
    /option threads must be a whole number from 1 to 256 \(got 0\)/,
  );
  await assert.rejects(
    runner.pushAll('a,b\n1,1\n', { thread: 2 }),
    /pushAll: unknown option 'thread'/,
  );
  runner.dispose();
  const path = file('cli.csv', csvText(60000));
  const out = (threads) =>
    cli([
      'run',
      path,
      '-p',
      'zscore | logreg',
      '--positive',
      'yes',
      '--json',
      '--threads',
      threads,
    ]);
  const one = out('1');
  assert.equal(one.status, 0, one.stderr);
  assert.equal(out('3').stdout, one.stdout);
  const bad = out('0');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--threads takes a whole number from 1 to 256 \(got '0'\)/);
});

test('runs on every core leave no file open, and their kept workers end when idle', async () => {
  const path = file('fds.csv', csvText(90000));
  const open = () => readdirSync('/proc/self/fd').length;
  KeptThreads.endAll();
  await settleDescriptors(open, Infinity);
  const before = open();
  const idle = KeptThreads.idleMs;
  KeptThreads.idleMs = 300;
  try {
    for (let i = 0; i < 3; i++) assert.ok((await run(path, 3)).apart > 0);
    await keptNow(2); // the two parsers, for the next run
    // Unused for idleMs, they end, and give their descriptors back as their threads stop.
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(KeptThreads.size, 0);
    await settleDescriptors(open, before);
    assert.ok(open() <= before, `${open()} descriptors open, ${before} before`);
  } finally {
    KeptThreads.idleMs = idle;
  }
});

/** Waits (at most 5 s) until `count` threads are kept: a run's workers drop it first ('ended'). */
async function keptNow(count) {
  const until = Date.now() + 5000;
  while (KeptThreads.size !== count && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  assert.equal(KeptThreads.size, count, 'threads kept');
}

/** Waits (at most 5 s) until no more than `most` descriptors are open: ended workers' threads
 * give theirs back as they stop. */
async function settleDescriptors(open, most) {
  const until = Date.now() + 5000;
  let last = open();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = open();
    if (now <= most || (most === Infinity && now === last) || Date.now() > until) return;
    last = now;
  }
}

test('a later run takes the threads the one before kept: none started, the bits of one', async () => {
  const path = file('kept.csv', csvText(120000));
  const one = await run(path, 1);
  KeptThreads.endAll();
  const started = threadCounts.started;
  assertSame(one, await run(path, 3));
  assert.equal(threadCounts.started - started, 2, 'the first run starts its two parsers');
  for (let i = 0; i < 2; i++) assertSame(one, await run(path, 3));
  assert.equal(threadCounts.started - started, 2, 'later runs take the kept ones');
  // A cancelled run's workers drop it, replies in flight included, before the next run has them.
  const runner = op.csvRunner({ pipelines: SPECS, positive: 'yes' });
  await cancelled(runner, path, 3, 2);
  runner.dispose();
  assertSame(one, await run(path, 3));
  // A stream's blocks, a runner split (one worker learns pipelines), then a file again.
  assertSame(one, await run(fileChunks(path, 65536), 3));
  RunnerSplit.fixed = [false, false, true]; // the z-scored two share their scaler: one side
  try {
    const split = await run(path, 2);
    assert.equal(split.pipelinesApart, 1);
    assertSame(one, split);
  } finally {
    RunnerSplit.fixed = false;
  }
  assertSame(one, await run(path, 3));
  assert.equal(threadCounts.started - started, 2, 'no run since started a thread');
  // Another module (another load()) has threads of its own.
  const other = await load();
  const runner2 = other.csvRunner({ pipelines: SPECS, positive: 'yes' });
  await runner2.pushAll(path, { threads: 2 });
  runner2.dispose();
  assert.equal(threadCounts.started - started, 3);
});

test('kept workers do not keep a Node process alive; node -e starts them too', () => {
  const path = file('exit.csv', csvText(300000)); // over 4 MB: its parser starts at once
  const script = `
    import { load } from ${JSON.stringify(pathToFileURL(join(root, 'lib/index.js')).href)};
    import { threadCounts } from ${JSON.stringify(
      pathToFileURL(join(root, 'lib/parallel/parser_threads.js')).href,
    )};
    const op = await load();
    const r = op.csvRunner({ pipelines: ['zscore | logreg'], positive: 'yes' });
    await r.pushAll(${JSON.stringify(path)}, { threads: 2 });
    console.log(threadCounts.started);`;
  const t0 = Date.now();
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: dir,
  });
  assert.equal(out.status, 0, out.stderr);
  // A worker started (whether it read a block before the learning thread reached the end
  // depends on the machine's load, which a test must not).
  assert.ok(Number(out.stdout) > 0, 'a parser worker started');
  // KeptThreads.idleMs is 10 s: a process that waited for its kept worker would take that long.
  assert.ok(Date.now() - t0 < 8000, `the process took ${Date.now() - t0} ms`);
});

test('a large file that never settles starts no parser thread; threads started early go to the kept ones', async () => {
  // Over 4 MB: the run starts its parsers once it has read its first block, unless that block
  // shows that no worker may read the file (a categorical column): it then reads it all here,
  // as a run on one thread does.
  let text = 'x,color,label\n';
  for (let i = 0; i < 600000; i++)
    text += `${i % 13},${['red', 'blue', 'green'][i % 3]},${i % 2}\n`;
  assert.ok(text.length > 5e6);
  const path = file('categorical-large.csv', text);
  const open = () => readdirSync('/proc/self/fd').length;
  KeptThreads.endAll();
  await settleDescriptors(open, Infinity);
  const before = open();
  const one = await run(path, 1, { positive: '1' });
  let wanted = EarlyThreads.started;
  let started = threadCounts.started;
  const many = await run(path, 3, { positive: '1' });
  assert.equal(many.apart, 0);
  assertSame(one, many);
  assert.equal(EarlyThreads.started - wanted, 0, 'no parser thread wanted');
  assert.equal(threadCounts.started - started, 0, 'no parser thread started');
  // A sample longer than the first block: the threads start early, then the roles show a
  // categorical column; the threads, never sent the run's head, are kept for the next run,
  // which takes them.
  let wide = 'x,color,label\n';
  for (let i = 0; i < 300000; i++)
    wide += `${(i % 13) + 0.123456789},${['red', 'blue', 'green'][i % 3]},${i % 2}\n`;
  assert.ok(wide.length > 5e6);
  const widePath = file('categorical-wide.csv', wide);
  const long = { positive: '1', sampleRows: 100000 }; // 1.9 MB: past the first block
  const oneLong = await run(widePath, 1, long);
  wanted = EarlyThreads.started;
  started = threadCounts.started;
  for (let i = 0; i < 3; i++) {
    const manyLong = await run(widePath, 3, long);
    assert.equal(manyLong.apart, 0);
    assertSame(oneLong, manyLong);
    await keptNow(2);
  }
  assert.equal(EarlyThreads.started - wanted, 3 * 2, 'two parser threads wanted early a run');
  assert.equal(threadCounts.started - started, 2, 'started by the first run, kept for the others');
  KeptThreads.endAll();
  await settleDescriptors(open, before);
  assert.ok(open() <= before, `${open()} descriptors open, ${before} before`);
});

test('late labels, no last line break, a quote in a stream, a cancel: as one thread', async () => {
  // The negative label first after 2 MB: no block is read apart before it.
  const late = file(
    'late.csv',
    csvText(200000).replace(/,no\n/g, (m, at) => (at < 2e6 ? ',yes\n' : m)),
  );
  const lateMany = await run(late, 2);
  assert.ok(lateMany.apart > 0);
  assertSame(await run(late, 1), lateMany);
  // The last record without a line break.
  const open = file('open-end.csv', csvText(150000).replace(/\n$/, ''));
  assertSame(await run(open, 1), await run(open, 2));
  // A quote in a stream (blocks cut here): from there on this thread reads.
  const quoted = file(
    'q.csv',
    csvText(150000, (i) => (i === 90000 ? '"1",2,3,4,no\n' : '')),
  );
  const chunks = () => fileChunks(quoted, 65536);
  const one = await run(chunks(), 1);
  const many = await run(chunks(), 2);
  assert.ok(many.apart > 0);
  assertSame(one, many);
  // A cancel from onProgress ends the run with its error; its workers are kept, and end.
  const descriptors = () => readdirSync('/proc/self/fd').length;
  KeptThreads.endAll();
  await settleDescriptors(descriptors, Infinity);
  const before = descriptors();
  const runner = op.csvRunner({ pipelines: SPECS, positive: 'yes' });
  await cancelled(runner, late, 3, 3);
  assert.ok(runner.stats(0).rows > 0, 'what was learned before the cancel is kept');
  runner.dispose();
  await keptNow(2);
  KeptThreads.endAll();
  await settleDescriptors(descriptors, before);
  assert.ok(descriptors() <= before, 'the workers ended');
});

test("the learning thread's share of the reading follows the measured costs", () => {
  ReadShare.fixed = null;
  const share = new ReadShare(1);
  assert.equal(share.next(false), true, 'until the workers are set up, this thread reads');
  assert.equal(share.fraction, 0, 'nothing measured: the workers read every block');
  share.parsed(1e6, 4); // a worker: 4 ms a megabyte
  share.learned(1e6, 2); // learning its rows here: 2 ms
  // f (P + L) + (1 - f) L = (1 - f) P / K: f = (4 - 2) / (4 + 4)
  assert.equal(share.fraction, 0.25);
  const picks = Array.from({ length: 8 }, () => share.next(true));
  assert.deepEqual(picks, [false, false, false, true, false, false, false, true]);
  assert.equal(share.here, 3, 'the block before the workers were set up, and two');
  // Once a block read here was measured, its own cost H replaces P + L: a block read here that
  // costs 10 ms a megabyte (more than 4 + 2) leaves fewer to this thread. The block read before
  // the workers were set up is left out (it ran beside their start).
  share.readHere(1e6, 100);
  assert.equal(share.fraction, 0.25, 'H not measured yet: P + L');
  share.readHere(1e6, 10);
  // f H + (1 - f) L = (1 - f) P / K: f = (4 - 2) / (10 - 2 + 4)
  assert.equal(share.fraction, 2 / 12);
  const cheaper = new ReadShare(1); // and one that costs less than P + L, more
  cheaper.parsed(1e6, 4);
  cheaper.learned(1e6, 2);
  cheaper.readHere(1e6, 4);
  assert.equal(cheaper.fraction, 2 / 6);
  const cheapest = new ReadShare(1); // H below L counts as learning alone: f = (4 - 3) / (0 + 4)
  cheapest.parsed(1e6, 4);
  cheapest.learned(1e6, 3);
  cheapest.readHere(1e6, 1);
  assert.ok(Math.abs(cheapest.fraction - 0.25) < 1e-12, String(cheapest.fraction));
  const three = new ReadShare(3); // w = 4/3 < L: learning is the bound, the workers read all
  three.parsed(1e6, 4);
  three.learned(1e6, 2);
  assert.equal(three.fraction, 0);
  const cheap = new ReadShare(1); // learning costs nothing: at most half is read here
  cheap.parsed(1e6, 4);
  cheap.learned(1e6, 0);
  assert.equal(cheap.fraction, 0.5);
  ReadShare.fixed = 0;
});

test('blocks read by the learning thread too: the same bits as one thread', async () => {
  const { readHere } = ReadShare.prototype;
  const text = csvText(400000, (i) => (i === 300000 ? '1,2,oops,4,no\n' : ''));
  const path = file('shared.csv', text);
  const chunks = () => fileChunks(path, 100000);
  try {
    for (const fixed of [1 / 3, 0.5]) {
      ReadShare.fixed = fixed;
      for (const options of [{}, { onError: 'skip' }]) {
        const one = await run(path, 1, options);
        for (const [source, threads] of [
          [path, 2],
          [chunks(), 2],
          [path, 3],
        ]) {
          const many = await run(source, threads, options);
          if (!many.error)
            // (a stopped run returns no counts)
            assert.ok(many.here >= 2 && many.apart >= 2, `here ${many.here}, apart ${many.apart}`);
          assertSame(one, many);
        }
      }
    }
    // Measured shares (and this thread reading until the workers are set up): the same bits.
    // Each block read here is reported to the share with its bytes, as H weighs it.
    ReadShare.fixed = null;
    const reported = [];
    ReadShare.prototype.readHere = function (bytes, ms) {
      reported.push({ bytes, ms });
      return readHere.call(this, bytes, ms);
    };
    const one = await run(path, 1, { onError: 'skip' });
    for (const source of [path, chunks()]) {
      reported.length = 0;
      const many = await run(source, 2, { onError: 'skip' });
      assertSame(one, many);
      assert.ok(many.here >= 1, 'the first block is read here: the worker is not set up yet');
      assert.equal(reported.length, many.here);
      assert.ok(reported.every((r) => r.bytes > 0 && r.ms >= 0));
    }
  } finally {
    ReadShare.fixed = 0;
    ReadShare.prototype.readHere = readHere;
  }
});

test('a parser worker that cannot start stops the run with its error, not a run alone', async () => {
  ReadShare.fixed = null; // the path where this thread reads until the workers are set up
  const { streamInParallel } = await import('../../lib/parallel/stream.js');
  const runner = op.csvRunner({ pipelines: ['zscore | logreg'], positive: 'yes' });
  const path = file('unstartable.csv', csvText(300000));
  try {
    await assert.rejects(
      streamInParallel(
        {
          runner: runner.raw,
          push: (bytes) => runner.push(bytes),
          options: { positive: 'yes' },
          source: { wasmUrl: join(dir, 'no-such-module.wasm') }, // the workers' module: missing
        },
        { chunks: createReadStream(path), file: { file: path, size: statSync(path).size } },
        2,
        // A pause a block (this thread reads them all until the workers are set up): the run
        // outlasts the worker's failing start even on a busy machine (CI once read all 9 MB
        // before the failure came, and rightly finished).
        () => new Promise((resolve) => setTimeout(resolve, 100)),
      ),
      /a parser worker failed \(onepass could not load its WebAssembly module .*no-such-module\.wasm.*\); run with threads: 1/,
    );
    assert.ok(runner.stats(0).rows > 0, 'the head was learned before the workers failed');
  } finally {
    runner.dispose();
    ReadShare.fixed = 0;
  }
});

test("a block with a quote at any byte is left to the run's reader (wasm SIMD's check)", async () => {
  const { loadModule } = await import('../../lib/shared/module.js');
  const { raw } = await loadModule({});
  const parser = new raw.BlockParser();
  const bytes = (text) => new TextEncoder().encode(text);
  const read = (block) => {
    parser.chunkBuffer(block.length).set(block);
    return parser.read(block.length);
  };
  try {
    assert.equal(parser.init({ positive: 'yes' }), '');
    const head = bytes(csvText(3000));
    parser.chunkBuffer(head.length).set(head);
    assert.equal(parser.head(head.length), '');
    // 8 rows (about 240 bytes: the check's 64- and 16-byte steps and its last bytes).
    const block = bytes(csvText(8).slice('a,b,c,d,label\n'.length));
    assert.equal(read(block)?.rows, 8);
    for (let at = 0; at < block.length - 1; at++) {
      const quoted = block.slice();
      quoted[at] = 34; // '"'
      assert.equal(read(quoted), null, `a quote at byte ${at} of ${block.length}`);
      // Refused before it is read: nothing changed (a quote read would leave a field open).
      assert.equal(read(block)?.rows, 8, `after a quote at byte ${at}`);
    }
  } finally {
    parser.delete();
  }
});

test('one thread reads a file straight into the module: the bits of a stream, to its end', async () => {
  const path = file('one-thread.csv', csvText(200000));
  const size = statSync(path).size;
  const fromFile = await run(path, 1);
  const fromStream = await run(fileChunks(path, 65536), 1);
  assertSame(fromStream, fromFile);
  assert.equal(fromFile.info.bytes, size);
  // Read as a stream reads a file: to its end, rows added meanwhile included.
  const runner = op.csvRunner({ pipelines: SPECS, positive: 'yes' });
  try {
    let calls = 0;
    const more = csvText(1000).slice('a,b,c,d,label\n'.length);
    const onProgress = () => void (++calls === 2 && appendFileSync(path, more));
    await runner.pushAll(path, { onProgress });
    runner.finish();
    assert.equal(runner.info().rows, 201000);
  } finally {
    runner.dispose();
  }
  const missing = op.csvRunner({ pipelines: SPECS });
  await assert.rejects(
    missing.pushAll(join(dir, 'no-such.csv')),
    /cannot read the file '.*no-such\.csv'/,
  );
  missing.dispose();
});
