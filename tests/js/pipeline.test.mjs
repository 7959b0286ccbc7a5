// A Pipeline through the public API against the built wasm: learning one row or many, dense or
// sparse, probabilities, errors that keep what was learned, missing values.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { load } from 'onepass';

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
