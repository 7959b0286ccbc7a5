// npm run quality, imbalanced classes (bench/quality_imbalance.mjs): its sets are made as the
// report says (deterministic, at the stated share of positives), its splits and folds keep the
// class shares, its batch reference weighs the classes by scikit-learn's n / (K n_c), and on a
// small generated set of 5% positives balanced weights (docs/algorithms.md 4.28) raise the
// balanced accuracy of both the batch reference and onepass's default. The report itself is not
// run here (it takes minutes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from 'onepass';
import { balancedClassWeights, design, fitLogistic } from '../../bench/batch_logistic.mjs';
import {
  SETS,
  batchOn,
  binaryFigures,
  buildSet,
  labelOf,
  majorityOn,
  onepassOn,
  readBundled,
  stratifiedFolds,
  stratifiedSplit,
  subsample,
} from '../../bench/quality_imbalance.mjs';
import { rng } from '../../bench/task_data.mjs';

const count = (list, f) => list.filter(f).length;

test('the positives are subsampled to the stated share, the same rows for the same seed', () => {
  const labels = readBundled('diabetes.csv').rows.map(labelOf); // 500 negative, 268 positive
  const kept = subsample(labels, 0.1, 1);
  assert.deepEqual(subsample(labels, 0.1, 1), kept);
  assert.deepEqual(
    kept,
    [...kept].sort((a, b) => a - b),
  ); // file order
  assert.equal(
    count(kept, (i) => labels[i] < 0),
    500,
  ); // every negative kept
  assert.equal(
    count(kept, (i) => labels[i] > 0),
    Math.round((0.1 * 500) / 0.9),
  ); // 56
  const other = subsample(labels, 0.1, 2);
  assert.equal(other.length, kept.length);
  assert.notDeepEqual(other, kept);
  assert.throws(() => subsample(labels, 0.5, 1), /cannot make/); // 500 positives needed
  // Every set of the report at its stated share, within one positive.
  for (const spec of SETS) {
    const set = buildSet(spec);
    const share = set.positives / set.rows.length;
    if (spec.share) assert.ok(Math.abs(share - spec.share) <= 1 / set.rows.length, spec.name);
    else assert.ok(Math.abs(share - 7841 / 32561) < 0.015, `${spec.name}: ${share}`);
    if (spec.sample) assert.equal(set.lines.length, set.rows.length);
  }
});

test('splits and folds keep the class shares, in a random order with the classes mixed', () => {
  const labels = [...Array(500)].map((_, i) => (i % 20 === 0 ? 1 : -1)); // 25 positives
  const { train, test: held } = stratifiedSplit(labels, 3);
  assert.deepEqual(stratifiedSplit(labels, 3).test, held);
  assert.deepEqual(
    [...train, ...held].sort((a, b) => a - b),
    [...labels.keys()],
  );
  assert.equal(
    count(held, (i) => labels[i] > 0),
    5,
  );
  assert.equal(
    count(held, (i) => labels[i] < 0),
    95,
  );
  // Positives throughout the training order, not in one run.
  const at = train.map((i, j) => (labels[i] > 0 ? j : -1)).filter((j) => j >= 0);
  assert.ok(at[0] < 100 && at.at(-1) > 300, at.join(' '));
  const fold = stratifiedFolds(
    train.map((i) => labels[i]),
    5,
  );
  for (let f = 0; f < 5; f++)
    assert.equal(
      count(train, (i, j) => fold[j] === f && labels[i] > 0),
      4,
    );
  // The figures, by hand: TP 1, FN 1, TN 2, FP 0.
  assert.deepEqual(binaryFigures([1, 1, -1, -1], [1, -1, -1, -1]), {
    balancedAccuracy: 0.75,
    f1: 2 / 3,
    accuracy: 0.75,
  });
});

test("the batch reference's balanced weights are n / (K n_c): a row of weight c counts as c rows", () => {
  const y = [...Array(100)].map((_, i) => (i < 10 ? 1 : -1));
  const w = balancedClassWeights(y);
  assert.equal(w[1], 100 / (2 * 10));
  assert.equal(w[-1], 100 / (2 * 90));
  // Weights 3 and 1 reach the optimum of the data with each positive row written 3 times.
  const rows = readBundled('heart.csv').rows;
  const { X, y: labels } = design(rows, [...rows.keys()]);
  const weighted = fitLogistic(X, labels, 0.5, { 1: 3, '-1': 1 });
  const pos = labels.map((v, i) => (v > 0 ? i : -1)).filter((i) => i >= 0);
  const X3 = [...X, ...pos.map((i) => X[i]), ...pos.map((i) => X[i])];
  const y3 = [...labels, ...pos.map(() => 1), ...pos.map(() => 1)];
  const repeated = fitLogistic(X3, y3, 0.5);
  for (let j = 0; j < weighted.length; j++)
    assert.ok(Math.abs(weighted[j] - repeated[j]) < 1e-7, `${j}: ${weighted[j]} ${repeated[j]}`);
  // Weights of 1 are the unweighted fit, bit for bit.
  assert.deepEqual(fitLogistic(X, labels, 0.5, { 1: 1, '-1': 1 }), fitLogistic(X, labels, 0.5));
});

/** 2,000 rows of 3 numbers, every 20th positive (5%): the positives' first column shifted by 1.5
 * (its spread is 1) and their second by 3 (its spread is 3), so that the classes overlap; the
 * third column is noise. */
function generated() {
  const r = rng(1);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const lines = [...Array(2000)].map((_, i) => {
    const y = i % 20 === 0 ? 1 : -1;
    const s = y > 0 ? 1.5 : 0;
    const x = [gauss() + s, 3 * gauss() + 2 * s, gauss()];
    return `${x.map((v) => v.toFixed(4)).join(',')},${y}`;
  });
  return { header: 'a,b,c,label', lines, rows: lines.map((l) => l.split(',')) };
}

test('on 5% positives, balanced weights raise the balanced accuracy of batch and onepass', async () => {
  const set = generated();
  const { train, test: held } = stratifiedSplit(set.rows.map(labelOf), 1);
  const batch = batchOn(set.rows, train, held, false);
  const batchBalanced = batchOn(set.rows, train, held, true);
  const gain = batchBalanced.figures.balancedAccuracy - batch.figures.balancedAccuracy;
  assert.ok(gain > 0.1, `batch: ${JSON.stringify([batch, batchBalanced])}`);
  const op = await load();
  const online = (await onepassOn(op, set, train, held, [op.defaultPipeline]))[op.defaultPipeline];
  assert.ok(
    online.balanced.balancedAccuracy > online.none.balancedAccuracy + 0.1,
    `onepass: ${JSON.stringify(online)}`,
  );
  // The balanced default comes near the balanced batch fit; the majority class scores 50%.
  assert.ok(batchBalanced.figures.balancedAccuracy - online.balanced.balancedAccuracy < 0.1);
  assert.deepEqual(majorityOn(set.rows, train, held), {
    balancedAccuracy: 0.5,
    f1: 0,
    accuracy: 0.95,
  });
});
