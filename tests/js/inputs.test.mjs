// JS inputs that slipped through (issue 21): each is refused with a message naming the option
// or the value, and the instance keeps working.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from 'onepass';

let op;
before(async () => {
  op = await load();
});

test('strings in a row, bad counts, a width past 2^32 and a repeated modifier are refused', () => {
  const p = op.pipeline('logreg');
  assert.throws(() => p.learnOne(['a', 'b', 'c'], 1), /feature 1 is "a", not a number/);
  assert.equal(p.stats().rows, 0);
  assert.throws(() => op.pipeline('logreg', { every: -1 }), /option every must be a whole number/);
  assert.throws(
    () => op.pipeline('logreg', { window: NaN }),
    /option window must be a whole number/,
  );
  assert.throws(
    () => op.pipeline('logreg', { window: 1e12 }),
    /from 0 to 10000000 \(got 1000000000000\)/,
  );
  assert.throws(
    () => op.csvRunner({ pipelines: ['logreg'], shuffleBuffer: -1 }),
    /option shuffleBuffer must be a whole number/,
  );
  assert.throws(
    () => p.learnSparse({ offsets: [0, 1], indices: [0], values: [1], labels: [1] }, 2 ** 32 + 5),
    /dims must be a whole number from 1 to 16777216 \(got 4294967301\)/,
  );
  assert.throws(() => op.pipeline('logreg +avg +avg'), /'\+avg' is given twice/);
  // The instance still works.
  assert.equal(typeof p.learnOne([1, 2, 3], 1), 'number');
  assert.equal(p.stats().rows, 1);
  p.dispose();
});
