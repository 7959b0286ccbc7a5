// JS inputs that the package's boundary checks refuse, each with a message naming the option
// or the value; the instance keeps working.
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

test('runCsv and loadDataset take bytes, text or a path; mistakes get messages naming them', async () => {
  const { readFileSync: read } = await import('node:fs');
  const { join: joinPath } = await import('node:path');
  const heartPath = joinPath(
    import.meta.dirname ?? new URL('.', import.meta.url).pathname,
    '../../data/heart.csv',
  );
  const bytes = read(heartPath);
  for (const source of [bytes, bytes.toString('utf8'), heartPath]) {
    const { info } = await op.runCsv(source, { pipelines: ['zscore | logreg'] });
    assert.equal(info.rows, 270);
    const d = await op.loadDataset(source);
    assert.equal(d.size, 270);
    d.dispose();
  }
  await assert.rejects(
    op.runCsv('no-such.csv', { pipelines: ['logreg'] }),
    /cannot read the file 'no-such\.csv'/,
  );
  await assert.rejects(
    op.runCsv(42, { pipelines: ['logreg'] }),
    /the source must be a ReadableStream.*got number/,
  );
  // A string, or a list holding something else, is refused by name, and leaves nothing held.
  const held = op.memory().inUseBytes;
  for (const pipelines of ['zscore | logreg', [42], ['logreg', null]]) {
    assert.throws(
      () => op.csvRunner({ pipelines }),
      /option pipelines must be a list of spec strings/,
    );
    assert.throws(
      () => op.svmlightRunner({ pipelines, dims: 3 }),
      /option pipelines must be a list of spec strings/,
    );
  }
  assert.throws(
    () => op.pipeline(42),
    /pipeline takes a spec string, e\.g\. 'zscore \| logreg' \(got number\)/,
  );
  assert.equal(op.memory().inUseBytes, held);
  assert.throws(
    () => op.csvRunner({ pipelines: ['logreg'], lable: 'x' }),
    /csvRunner: unknown option 'lable'; the options are: label, positive/,
  );
  assert.throws(
    () => op.csvRunner({ pipelines: ['logreg'], onError: 'ignore' }),
    /option onError must be 'stop' or 'skip'/,
  );
  assert.throws(
    () => op.csvScorer('{}', { delimeter: ';' }),
    /csvScorer: unknown option 'delimeter'/,
  );
});

test('a positive class that no row has is named as such', async () => {
  await assert.rejects(
    op.runCsv('a,y\n1,1\n2,0\n', { pipelines: ['logreg'], positive: 'yes' }),
    /line 3, column 2 \(y\): a second label value '0' besides '1', and no row so far has 'yes', the positive class named/,
  );
  const { info } = await op.runCsv('a,y\n1,no\n2,no\n', { pipelines: ['logreg'], positive: 'yes' });
  assert.match(info.warnings[0], /^no row has 'yes', the positive class named/);
});

test('a model object that JSON cannot write is refused with a message, not a stack overflow', async () => {
  const op = await load();
  let deep = {};
  for (let i = 0; i < 200000; i++) deep = { inner: deep };
  assert.throws(() => op.loadPipeline(deep), /not a valid onepass model: .*nested too deeply/);
  const cyclic = { spec: 'perceptron' };
  cyclic.self = cyclic;
  assert.throws(
    () => op.loadPipeline(cyclic),
    /not a valid onepass model: the object cannot be written as JSON/,
  );
  // An object nested as JSON allows but past the core's 64 levels: the core's message.
  let sixtyFive = 1;
  for (let i = 0; i < 65; i++) sixtyFive = [sixtyFive];
  assert.throws(
    () => op.loadPipeline({ spec: 'perceptron', x: sixtyFive }),
    /nested more than 64 levels/,
  );
});
