// CsvRunner through the public API against the built wasm: one parse feeding several pipelines,
// results as the CLI prints them, curves, bad rows, labels, chunked byte streams, empty input.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { chunksOf, load } from 'onepass';
import { readData } from './helpers.mjs';

let op;
before(async () => {
  op = await load();
});

describe('csvRunner', () => {
  const heart = readData('heart.csv');
  const specs = ['zscore | logreg', 'zscore | pa1', 'perceptron'];

  test('one parse feeds several pipelines; chunking never changes the result', () => {
    const whole = op.csvRunner({ pipelines: specs, every: 10 });
    whole.push(heart);
    whole.finish();
    const expected = whole.results();
    assert.equal(whole.info().rows, 270);
    assert.equal(whole.info().features.length, 13);
    assert.equal(expected[0].curve.length, 2 * 27);
    for (const size of [1, 7, 4096]) {
      const r = op.csvRunner({ pipelines: specs, every: 10 });
      for (let at = 0; at < heart.length; at += size) r.push(heart.subarray(at, at + size));
      r.finish();
      assert.deepEqual(r.results(), expected, `chunks of ${size} bytes`);
      r.dispose();
    }
    // Uneven chunks: the module's chunk buffer keeps its largest size, so a short chunk after a
    // long one leaves the long one's bytes beyond it, which nothing may read.
    const uneven = op.csvRunner({ pipelines: specs, every: 10 });
    const sizes = [4096, 2, 700, 1, 3000, 5];
    for (let at = 0, i = 0; at < heart.length; at += sizes[i++ % sizes.length])
      uneven.push(heart.subarray(at, at + sizes[i % sizes.length]));
    uneven.finish();
    assert.deepEqual(uneven.results(), expected, 'uneven chunks');
    uneven.dispose();
    whole.dispose();
  });

  test("resultJSON is the run's result as the CLI prints it, feature names and skipped rows included", () => {
    // A Latin-1 header (not UTF-8) and a bad row skipped: the JSON is still written.
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('x'),
      0xe9,
      ...new TextEncoder().encode(',b,label\n1,2,1\n3,x,0\n5,6,0\n7,8,1\n'),
    ]);
    const r = op.csvRunner({ pipelines: ['zscore | logreg'], onError: 'skip', sampleRows: 0 });
    r.push(bytes);
    r.finish();
    const json = JSON.parse(r.resultJSON(0));
    const [result] = r.results();
    assert.deepEqual(
      Object.keys(json),
      [
        'pipeline',
        'canonical',
        'rows',
        'task',
        'mistakes',
        'error',
        'accuracy',
        'logLoss',
        'calibration',
        'balancedAccuracy',
        'f1',
        'baseline',
        'noBetterThanBaseline',
        'lastLabel',
        'noBetterThanLastLabel',
        'features',
        'weights',
        'bias',
        'arrays',
        'scalers',
        'diverged',
        'warnings',
        'skipped',
        'curve',
      ].sort(),
    );
    assert.equal(json.rows, 3);
    assert.equal(json.skipped, 1);
    // Labels 1 0 1 learned (the bad row skipped): 2 changes, 3 mistakes for the last label.
    assert.deepEqual(json.lastLabel, { error: 1, mistakes: 3, balancedAccuracy: 0 });
    assert.deepEqual(result.lastLabel, json.lastLabel);
    assert.equal(json.features.length, 2);
    assert.equal(json.features[1], 'b');
    assert.equal(json.logLoss, result.logLoss);
    // docs/algorithms.md 6.5: a logistic learner's reliability bins, in the live figures too.
    assert.deepEqual(json.calibration, result.calibration);
    assert.equal(
      json.calibration.reduce((n, b) => n + b.count, 0),
      3,
    );
    assert.deepEqual(json.weights, Array.from(result.snapshot.learner.arrays.w));
    assert.deepEqual(
      json.scalers.map((s) => s.name),
      ['zscore'],
    );
    assert.deepEqual(
      json.scalers[0].arrays.mean,
      Array.from(result.snapshot.scalers[0].arrays.mean),
    );
    r.dispose();
  });

  test('newCurvePoints returns each point once', () => {
    const r = op.csvRunner({ pipelines: ['pa'], every: 50 });
    r.push(heart.subarray(0, 5000));
    const first = r.newCurvePoints(0);
    r.push(heart.subarray(5000));
    r.finish();
    const rest = r.newCurvePoints(0);
    assert.deepEqual([...first, ...rest], Array.from(r.stats(0).curve));
    assert.equal(r.newCurvePoints(0).length, 0);
    r.dispose();
  });

  test('a bad row stops the stream with line and column; rows before it are learned', async () => {
    const csv = new TextEncoder().encode('a,b,label\n1,2,1\n3,4,-1\n5,oops,1\n7,8,1\n');
    // The first 1,000 rows are held while the column roles are decided, so in a file this
    // short the error surfaces at finish(); sampleRows: 0 reads row by row.
    const r = op.csvRunner({ pipelines: ['pa'] });
    r.push(csv);
    // Where the row is comes as numbers on the Error, not only in its text.
    assert.throws(() => r.finish(), {
      message:
        "line 4, column 2 (b): 'oops' is not a number (if it marks a missing value: option missing, CLI --na)",
      line: 4,
      column: 2,
    });
    assert.equal(r.stats(0).rows, 2);
    const now = op.csvRunner({ pipelines: ['pa'], sampleRows: 0 });
    assert.throws(() => now.push(csv), {
      message:
        "line 4, column 2 (b): 'oops' is not a number (if it marks a missing value: option missing, CLI --na)",
    });
    assert.equal(now.stats(0).rows, 2);
    assert.throws(() => now.push(csv), /line 4, column 2/, 'stays stopped');
    // The same from a data set, a scorer and svmlight rows; an error that is no row's has none.
    await assert.rejects(op.loadDataset(csv, { sampleRows: 0 }), { line: 4, column: 2 });
    const svm = op.svmlightRunner({ pipelines: ['pa'], dims: 3 });
    assert.throws(() => svm.push(new TextEncoder().encode('1 1:2\n-1 2:x\n')), {
      line: 2,
      column: 4,
    });
    svm.dispose();
    assert.throws(
      () => op.csvRunner({ pipelines: ['pa'] }).push(new Uint8Array([0, 1, 2])),
      (e) => e.line === undefined && /binary|not text|NUL/i.test(e.message),
    );
    now.dispose();
    r.dispose();
    const skip = op.csvRunner({ pipelines: ['pa'], onError: 'skip' });
    skip.push(csv);
    skip.finish();
    assert.equal(skip.stats(0).rows, 3);
    assert.equal(skip.info().skipped, 1);
    assert.equal(skip.info().errors[0].line, 4);
    assert.equal(skip.info().errors[0].column, 2);
    skip.dispose();
  });

  test('label by name with a positive string value', async () => {
    const text = 'cls,x\nM,1\nR,-1\nM,2\nR,-3\n';
    const stream = new Blob([text]).stream();
    const { info, results } = await op.runCsv(stream, {
      pipelines: ['perceptron(bias=false)'],
      label: 'cls',
      positive: 'M',
    });
    assert.deepEqual(info.features, ['x']);
    assert.equal(info.positives, 2);
    assert.equal(info.negativeLabel, 'R');
    assert.equal(results[0].mistakes, 0); // s = 0 ties to +1 (right), then w = 1 separates
    await assert.rejects(
      op.runCsv(new Blob(['cls,x\nM,1\n']).stream(), { pipelines: ['pa'], label: 'y' }),
      /label column 'y' not found/,
    );
  });

  test('chunksOf reads a byte stream into one buffer, whole chunks; others pass through', async () => {
    // A byte stream that hands out 3 bytes at a time, like a File's stream hands out its blocks.
    // (A copy: enqueue takes over the buffer of what it is given, and a Buffer's slice shares it.)
    const bytes = Uint8Array.from(heart.subarray(0, heart.lastIndexOf(10, 1000) + 1));
    const n = bytes.length;
    const byteStream = () => {
      let at = 0;
      return new ReadableStream({
        type: 'bytes',
        pull(c) {
          if (at >= bytes.length) {
            c.close();
            return c.byobRequest?.respond(0); // a pending read is answered "done"
          }
          c.enqueue(bytes.slice(at, (at += 3)));
        },
      });
    };
    const sizes = [];
    const seen = [];
    for await (const chunk of chunksOf(byteStream(), 64)) {
      sizes.push(chunk.length);
      seen.push(...chunk); // a chunk is only valid until the next one: copy it
    }
    assert.deepEqual(Uint8Array.from(seen), bytes);
    assert.deepEqual(sizes, [...Array(Math.floor(n / 64)).fill(64), n % 64]);
    // A stream that is not a byte stream, and an async iterable, come through as they are.
    const parts = [bytes.subarray(0, 10), bytes.subarray(10)];
    const plain = new ReadableStream({
      start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()),
    });
    const fromPlain = [];
    for await (const chunk of chunksOf(plain, 64)) fromPlain.push(chunk.length);
    assert.deepEqual(fromPlain, [10, n - 10]);
    const fromIterable = [];
    for await (const chunk of chunksOf(
      (async function* () {
        yield* parts;
      })(),
      64,
    ))
      fromIterable.push(chunk.length);
    assert.deepEqual(fromIterable, [10, n - 10]);
    // The runner learns the same from any chunking of the stream.
    const { results } = await op.runCsv(byteStream(), { pipelines: specs });
    const whole = op.csvRunner({ pipelines: specs });
    whole.push(bytes);
    whole.finish();
    assert.deepEqual(
      results.map((r) => r.mistakes),
      whole.results().map((r) => r.mistakes),
    );
    whole.dispose();
  });

  test('empty input and one-class input are reported', async () => {
    await assert.rejects(
      op.runCsv(new Blob(['']).stream(), { pipelines: ['pa'] }),
      /the input is empty/,
    );
    const { info } = await op.runCsv(new Blob(['a,label\n1,1\n']).stream(), { pipelines: ['pa'] });
    assert.match(info.warnings[0], /only one class in 1 rows/);
  });
});
