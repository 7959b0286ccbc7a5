// The public package API against the built wasm (import 'onepass' resolves to lib/index.js).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { chunksOf, load } from 'onepass';
import { readData } from './helpers.mjs';

let op;
before(async () => {
  op = await load();
});

describe('pipeline', () => {
  test('learnOne returns the prediction made before learning (spec 6.1, D-TIE)', () => {
    const p = op.pipeline('perceptron');
    assert.equal(p.learnOne([1, 0], -1), 1); // w = 0 scores 0, which predicts +1
    assert.equal(p.learnOne([1, 0], -1), -1); // learned from the mistake
    assert.equal(p.stats().mistakes, 1);
    assert.equal(p.stats().rows, 2);
    assert.deepEqual(Array.from(p.snapshot().learner.arrays.w), [-1, 0]);
    p.dispose();
  });

  test('spec 9.6 golden vector through the API', () => {
    const p = op.pipeline('logreg(eta0=0.1, n=10, lambda=1)');
    p.learnOne([1, 2], 1);
    p.learnOne([2, -1], 0); // 0 is accepted as the negative label
    const w = p.snapshot().learner.arrays.w;
    assert.ok(Math.abs(w[0] - -0.04409044) < 1e-8);
    assert.ok(Math.abs(w[1] - 0.14477249) < 1e-8);
    assert.ok(Math.abs(p.snapshot().learner.scalars.b - 0.00340933) < 1e-8);
    // The readers' rule: 0 or -1 is the negative label, not both.
    assert.throws(
      () => p.learnOne([1, 1], -1),
      /^Error: a third label value '-1': the negative class so far is 0 \(labels are 1 and 0, or 1 and -1\)$/,
    );
    p.dispose();
  });

  test('predictProbaOne is the stable sigmoid of the score; margin learners refuse it', () => {
    const p = op.pipeline('zscore | logreg');
    p.learnMany(Float64Array.of(1, 2, 3, 1, 0, 5), Int8Array.of(1, -1, 1), 2);
    const s = p.scoreOne([2, 2]);
    assert.ok(Math.abs(p.predictProbaOne([2, 2]) - 1 / (1 + Math.exp(-s))) < 1e-15);
    assert.equal(p.predictOne([2, 2]), s >= 0 ? 1 : -1);
    assert.equal(p.stats().rows, 3, 'predicting learns nothing');
    const pa = op.pipeline('pa');
    pa.learnOne([1], 1);
    assert.throws(() => pa.predictProbaOne([1]), /gives margins, not probabilities/);
    p.dispose();
    pa.dispose();
  });

  test('learnMany gives what learnOne gives, row by row', () => {
    const rows = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i * 1.7) * 3);
    const labels = Int8Array.from({ length: 100 }, (_, i) => (Math.cos(i) > 0 ? 1 : -1));
    const many = op.pipeline('minmax | pa1(c=0.5) +avg');
    const one = op.pipeline('minmax | pa1(c=0.5) +avg');
    const preds = many.learnMany(rows, labels, 3);
    for (let i = 0; i < 100; i++)
      assert.equal(one.learnOne(rows.subarray(3 * i, 3 * i + 3), labels[i]), preds[i]);
    assert.deepEqual(one.snapshot(), many.snapshot());
    assert.deepEqual(
      many.snapshot().scalers.map((s) => s.name),
      ['minmax'],
    );
    assert.equal(many.snapshot().learner.name, 'pa1+avg');
    many.dispose();
    one.dispose();
  });

  test('errors are Errors with the core message, and nothing learned is lost', () => {
    assert.throws(() => op.pipeline('svm'), {
      message:
        /^unknown learner 'svm': the last stage of a pipeline must be a learner; known learners: logreg, fs, /,
    });
    assert.throws(() => op.pipeline('logreg(eta0=0)'), /parameter 'eta0' must be a number > 0/);
    const p = op.pipeline('zscore | pa2');
    p.learnOne([1, 2], 1);
    const before = p.snapshot();
    assert.throws(() => p.learnOne([1, 2, 3], 1), {
      message: 'the row has 3 features, the pipeline 2',
    });
    assert.throws(() => p.learnOne([1, Infinity], 1), /feature 2 is not finite/);
    assert.throws(
      () => p.learnOne([1, 2], 2),
      /the label must be 1 \(positive\), or 0 or -1 \(negative\) \(got 2\)/,
    );
    assert.throws(
      () => p.learnMany(Float64Array.of(1, 1, 2, 2, 3), Int8Array.of(1, 1), 2),
      /rows has 5 values; 2 labels of 2 features need 4/,
    );
    assert.deepEqual(p.snapshot(), before);
    // A bad row in the middle of a batch: the rows before it are learned.
    const err = (() => {
      try {
        p.learnMany(Float64Array.of(5, 5, NaN, Infinity), Int8Array.of(-1, 1), 2);
      } catch (e) {
        return e;
      }
    })();
    assert.match(err.message, /^row 1: feature 2 is not finite/);
    assert.equal(err.row, 1); // the row as a value, not only in the text
    assert.equal(err.predictions.length, 1);
    // One row alone: the message without a row number.
    assert.throws(() => p.learnOne([1, Infinity], 1), {
      message: 'feature 2 is not finite (+infinity); use NaN for a missing value',
    });
    assert.equal(p.stats().rows, 2);
    assert.equal(p.learnOne([0, 1], 1), p.predictOne([0, 1]) === 1 ? 1 : -1, 'still usable');
    p.dispose();
    assert.throws(() => p.stats(), /disposed/);
  });

  test('NaN is a missing value: left out of the scaler statistics, 0 for the learner', () => {
    const p = op.pipeline('zscore | perceptron');
    p.learnOne([1, NaN], 1);
    p.learnOne([3, 4], 1);
    const z = p.snapshot().scalers[0];
    assert.deepEqual(Array.from(z.arrays.count), [2, 1]);
    assert.deepEqual(Array.from(z.arrays.mean), [2, 4]);
    p.dispose();
  });

  // Text-like rows: 3 to 6 of 200 features, counts 1-3, a label from a sparse rule.
  function sparseBatch(rows, dims, seed) {
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const offsets = [0],
      indices = [],
      values = [],
      labels = [];
    for (let i = 0; i < rows; i++) {
      const picked = new Set();
      while (picked.size < 3 + Math.floor(rand() * 4)) picked.add(Math.floor(rand() * dims));
      let z = 0;
      for (const j of [...picked].sort((a, b) => a - b)) {
        indices.push(j);
        values.push(1 + Math.floor(rand() * 3));
        z += values.at(-1) * ((j % 3) - 1);
      }
      offsets.push(indices.length);
      labels.push(z >= 0 ? 1 : -1);
    }
    return { offsets, indices, values, labels };
  }

  test('learnSparse learns what learnMany learns on the same rows made dense', () => {
    const dims = 200;
    const batch = sparseBatch(300, dims, 7);
    const dense = new Float64Array(batch.labels.length * dims);
    for (let i = 0; i < batch.labels.length; i++)
      for (let k = batch.offsets[i]; k < batch.offsets[i + 1]; k++)
        dense[i * dims + batch.indices[k]] = batch.values[k];
    for (const spec of [
      'logreg',
      'logreg(lambda=1)',
      'maxabs | pa1 +avg',
      'zscore | perceptron',
      'fs2',
    ]) {
      const a = op.pipeline(spec),
        b = op.pipeline(spec);
      const pa = a.learnSparse(batch, dims);
      const pb = b.learnMany(dense, Float64Array.from(batch.labels), dims);
      assert.deepEqual(Array.from(pa), Array.from(pb), spec);
      const [wa, wb] = [a.snapshot().learner.arrays.w, b.snapshot().learner.arrays.w];
      for (let j = 0; j < dims; j++) assert.ok(Math.abs(wa[j] - wb[j]) < 1e-9, `${spec} w[${j}]`);
      assert.equal(a.stats().rows, 300);
      a.dispose();
      b.dispose();
    }
  });

  test('learnSparse names a bad row and entry; the rows before it are learned', () => {
    const p = op.pipeline('logreg');
    const ok = { offsets: [0, 2], indices: [1, 4], values: [1, 2], labels: [1] };
    assert.equal(p.learnSparse(ok, 5).length, 1);
    const bad = { offsets: [0, 1, 3], indices: [0, 3, 2], values: [1, 1, 1], labels: [1, -1] };
    assert.throws(
      () => p.learnSparse(bad, 5),
      (e) => {
        assert.match(
          e.message,
          /^row 1: entry 2 \(feature index 2\) does not come after feature index 3/,
        );
        assert.deepEqual(Array.from(e.predictions), [1]); // row 0 was learned
        return true;
      },
    );
    assert.equal(p.stats().rows, 2);
    const wide = { offsets: [0, 1], indices: [5], values: [1], labels: [1] };
    assert.throws(() => p.learnSparse(wide, 5), /row 0: entry 1 \(feature index 5\) is outside/);
    const torn = {
      offsets: [0, 3, 1, 3],
      indices: [0, 1, 2],
      values: [1, 1, 1],
      labels: [1, 1, 1],
    };
    assert.throws(() => p.learnSparse(torn, 5), /row 1: its offsets \(3 to 1\) do not rise/);
    const short = { offsets: [0, 1, 2], indices: [0, 1, 2], values: [1, 1, 1], labels: [1, 1] };
    assert.throws(() => p.learnSparse(short, 5), /end at the number of entries \(3\)/);
    assert.throws(
      () => p.learnSparse({ ...ok, offsets: [0] }, 5),
      /offsets has 1 entries; 1 rows need 2/,
    );
    assert.throws(() => p.learnSparse({ ...ok, values: [1] }, 5), /one value per index/);
    assert.equal(p.stats().rows, 3, 'only the good rows were learned');
    p.dispose();
  });
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
        'mistakes',
        'error',
        'logLoss',
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
    assert.equal(json.features.length, 2);
    assert.equal(json.features[1], 'b');
    assert.equal(json.logLoss, result.logLoss);
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

test('a warm-up scaler holds rows, then every row is predicted once, in order', () => {
  const p = op.pipeline('as(warmup=4) | perceptron');
  const preds = [];
  for (let i = 0; i < 6; i++) preds.push(p.learnOne([i, (i * 7) % 5], i % 2 ? 1 : -1));
  assert.deepEqual(preds.slice(0, 4), [0, 0, 0, 0]);
  assert.ok(preds.slice(4).every((v) => v === 1 || v === -1));
  assert.equal(p.stats().rows, 6);
  const short = op.pipeline('ash(warmup=100) | pa');
  short.learnOne([1, 2], 1);
  short.learnOne([2, 1], -1);
  assert.throws(() => short.scoreOne([1, 1]), /still collecting its warm-up rows/);
  assert.equal(short.snapshot().scalers[0].scalars.held, 2);
  short.finish();
  assert.equal(short.stats().rows, 2);
  assert.equal(short.snapshot().scalers[0].scalars.fitted, 1);
  p.dispose();
  short.dispose();
});

test('registry lists every learner and scaler with parameters and defaults', () => {
  const reg = op.registry();
  const names = (kind) => reg.filter((e) => e.kind === kind).map((e) => e.name);
  assert.deepEqual(names('learner'), [
    'logreg',
    'fs',
    'fs1',
    'fs2',
    'fs3',
    'pa',
    'pa1',
    'pa2',
    'carvalho_pa',
    'pater1',
    'pater2',
    'wpater1',
    'wpater2',
    'perceptron',
    'winnow',
    'bwinnow',
    'mbw',
    'romma',
    'aromma',
    'arow',
    'scw1',
    'scw2',
    'adagrad',
    'nag',
    'ftrl',
  ]);
  assert.deepEqual(names('scaler'), [
    'zscore',
    'pareto',
    'vast',
    'level',
    'twosd',
    'minmax',
    'maxabs',
    'ewzscore',
    'l1',
    'l2',
    'robust',
    'as',
    'gas',
    'ash',
    'lp',
    'logodds',
    'bns',
    'impute',
  ]);
  assert.deepEqual(names('modifier'), ['avg', 'vote']);
  const logreg = reg.find((e) => e.name === 'logreg');
  assert.deepEqual(
    logreg.params.map((p) => [p.name, p.default]),
    [
      ['eta0', '0.1'],
      ['lambda', '0'],
      ['n', '10000'],
    ],
  );
  assert.equal(logreg.spec, '4.1');
  assert.equal(logreg.probability, true);
});

describe('svmlightRunner', () => {
  // Text-like rows as svmlight lines, and the same rows in compressed form.
  function svmlight(rows, dims, seed) {
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const lines = [];
    const batch = { offsets: [0], indices: [], values: [], labels: [] };
    for (let i = 0; i < rows; i++) {
      const picked = new Set();
      while (picked.size < 2 + Math.floor(rand() * 5)) picked.add(Math.floor(rand() * dims));
      const js = [...picked].sort((a, b) => a - b);
      const vs = js.map(() => 1 + Math.floor(rand() * 3));
      const y = js.reduce((z, j, k) => z + vs[k] * ((j % 3) - 1), 0) >= 0 ? 1 : -1;
      lines.push(`${y > 0 ? '+1' : '-1'} ${js.map((j, k) => `${j + 1}:${vs[k]}`).join(' ')}`);
      batch.indices.push(...js);
      batch.values.push(...vs);
      batch.offsets.push(batch.indices.length);
      batch.labels.push(y);
    }
    return { text: lines.join('\n') + '\n', batch };
  }

  test('learns what learnSparse learns from the same rows, in chunks of any size', () => {
    const dims = 300;
    const { text, batch } = svmlight(400, dims, 3);
    const bytes = new TextEncoder().encode(text);
    const specs = ['logreg(lambda=1)', 'maxabs | pa1 +avg', 'perceptron'];
    for (const size of [13, 4096]) {
      const run = op.svmlightRunner({ pipelines: specs, dims, every: 100 });
      for (let at = 0; at < bytes.length; at += size) run.push(bytes.subarray(at, at + size));
      run.finish();
      const info = run.info();
      assert.equal(info.rows, 400);
      assert.equal(info.dims, dims);
      assert.equal(info.lines, 400);
      run.results().forEach((r, i) => {
        // The run's JSON (as `onepass run --json` prints it) says what results() says.
        const json = JSON.parse(run.resultJSON(i));
        assert.equal(json.canonical, r.canonical);
        assert.equal(json.mistakes, r.mistakes);
        assert.deepEqual(json.features, []);
        assert.deepEqual(json.weights, Array.from(r.snapshot.learner.arrays.w));
        assert.deepEqual(json.curve.flat(), Array.from(r.curve));
        const p = op.pipeline(specs[i]);
        p.learnSparse(batch, dims);
        assert.equal(r.mistakes, p.stats().mistakes, specs[i]);
        assert.equal(r.curve.length, 8, specs[i]); // 4 points of (rows, mistakes)
        assert.deepEqual(
          Array.from(r.snapshot.learner.arrays.w),
          Array.from(p.snapshot().learner.arrays.w),
        );
        p.dispose();
      });
      run.dispose();
    }
  });

  test('a bad line names its line and column; options are checked', () => {
    const run = op.svmlightRunner({ pipelines: ['perceptron'], dims: 4 });
    assert.throws(
      () => run.push(new TextEncoder().encode('1 1:1\n-1 2:1 5:1\n1 3:1\n')),
      /^Error: line 2, column 8: feature index 5 is beyond the 4 features/,
    );
    assert.equal(run.stats(0).rows, 1, 'the row before the bad line was learned');
    run.dispose();
    const skip = op.svmlightRunner({
      pipelines: ['perceptron'],
      dims: 4,
      onError: 'skip',
      indexBase: 0,
    });
    skip.push(new TextEncoder().encode('1 0:1\n-1 x:1\n1 3:1'));
    skip.finish();
    assert.equal(skip.info().rows, 2);
    assert.equal(skip.info().skipped, 1);
    assert.match(skip.info().errors[0].message, /line 2, column 4: 'x' is not a feature index/);
    skip.dispose();
    assert.throws(() => op.svmlightRunner({ pipelines: ['perceptron'] }), /option dims/);
    assert.throws(() => op.svmlightRunner({ pipelines: [], dims: 3 }), /needs pipeline specs/);
    assert.throws(() => op.svmlightRunner({ pipelines: ['nope'], dims: 3 }), /nope/);
  });
});

test("a runner's pipeline index is checked; a model of categories refuses rows of numbers", async () => {
  const op = await load();
  const r = op.csvRunner({ pipelines: ['zscore | logreg', 'pa'] });
  r.push(new TextEncoder().encode('x,color,y\n1,red,1\n2,blue,0\n3,red,1\n4,green,0\n'));
  r.finish();
  // An index past the end trapped in the module ("null function or function signature mismatch").
  for (const call of [
    () => r.toJSON(2),
    () => r.resultJSON(-1),
    () => r.stats(1.5),
    () => r.snapshot(9),
  ])
    assert.throws(
      call,
      /^Error: pipeline index (2|-1|1\.5|9): this runner has 2 pipelines \(0 to 1\)$/,
    );
  assert.equal(r.stats(1).rows, 4, 'the runner works on');
  // A loaded model with an encoder: rows of numbers would be its numeric columns alone.
  const model = r.modelJSON(0);
  const p = op.loadPipeline(model);
  const refusal =
    /this model reads raw CSV rows \(3 of its 4 features encode categorical or text columns\): score it with csvScorer/;
  assert.throws(() => p.scoreOne([1]), refusal);
  assert.throws(() => p.learnOne([1], 1), refusal);
  assert.throws(() => p.learnMany(Float64Array.of(1), Int8Array.of(1), 1), refusal);
  assert.equal(p.modelJSON(), model, 'saved again as loaded');
  assert.equal(op.loadPipeline(p.modelJSON()).modelJSON(), model);
  r.dispose();
  p.dispose();
});

test('push takes bytes, and a pipeline its own options, each refusal saying what to do', async () => {
  const op = await load();
  const r = op.csvRunner({ pipelines: ['pa'] });
  assert.throws(
    () => r.push('a,y\n1,1\n'),
    /^Error: push takes bytes, a Uint8Array \(got string\); for text, push\(new TextEncoder\(\)\.encode\(text\)\), or runCsv\(text\)$/,
  );
  r.push(new TextEncoder().encode('a,y\n1,1\n2,0\n'));
  r.finish();
  assert.equal(r.stats(0).rows, 2, 'the runner works on');
  r.dispose();
  assert.throws(
    () => op.pipeline('pa', { evry: 5 }),
    /pipeline: unknown option 'evry'; the options are: every, window, features/,
  );
});
