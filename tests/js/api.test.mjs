// The public package API against the built wasm (import 'onepass' resolves to lib/index.js):
// warm-up scalers, the registry, svmlight runners, runner indexes and what push takes. Pipelines
// and CSV runners have files of their own (pipeline.test.mjs, csv_runner.test.mjs).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { load } from 'onepass';

let op;
before(async () => {
  op = await load();
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
    'arow_full',
    'leader',
    'adagrad',
    'nag',
    'ftrl',
    'softmax',
    'mpa',
    'mpa1',
    'mpa2',
    'mperceptron',
    'pareg',
    'pareg1',
    'pareg2',
    'linreg',
    'huber',
  ]);
  // Each learner's task (docs/algorithms.md 1.8).
  const task = (name) => reg.find((e) => e.name === name).task;
  assert.deepEqual(['logreg', 'softmax', 'huber', 'zscore'].map(task), [
    'binary',
    'multiclass',
    'regression',
    '',
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
  assert.deepEqual(names('modifier'), ['avg', 'vote', 'platt', 'temperature', 'drift']);
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
