// Results beside their baseline in every front end: the API's stats and results, both CLIs' JSON
// lines and the JS CLI's table give each pipeline's balanced accuracy and F1, the majority-class
// baseline of its rows, and whether it is no better than that baseline (an imbalanced file whose
// default says "no" every time is flagged, not ranked).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, root } from './helpers.mjs';

// 400 rows, 5% "yes", with nothing in the features that tells them apart: every learner ends
// near "always no", which errs on 20 rows.
function imbalanced() {
  let s = 'a,b,label\n';
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 400; i++)
    s += `${rnd().toFixed(3)},${rnd().toFixed(3)},${i % 20 === 7 ? 'yes' : 'no'}\n`;
  return s;
}

test('the API gives each pipeline its baseline, balanced accuracy and F1', async () => {
  const op = await load();
  const r = await op.runCsv(imbalanced(), { pipelines: ['perceptron'], positive: 'yes' });
  const p = r.results[0];
  assert.deepEqual(p.baseline, { positive: false, error: 20 / 400 });
  assert.equal(p.tp + p.fn, 20);
  const recall = p.tp / 20;
  const specificity = p.tn / 380;
  assert.equal(p.balancedAccuracy, (recall + specificity) / 2);
  assert.equal(p.f1, p.tp ? (2 * p.tp) / (2 * p.tp + p.fp + p.fn) : 0);
  // docs/algorithms.md 6.5: as many mistakes or more, and no balanced accuracy above 0.5.
  assert.equal(p.noBetterThanBaseline, p.mistakes >= 20 && !(p.balancedAccuracy > 0.5));
  // A file that a rule separates: the learner is better than its baseline.
  let sep = 'x,label\n';
  for (let i = 0; i < 200; i++) sep += `${i % 2 ? 1 : -1},${i % 2 ? 'yes' : 'no'}\n`;
  const good = (await op.runCsv(sep, { pipelines: ['perceptron'], positive: 'yes' })).results[0];
  assert.equal(good.noBetterThanBaseline, false);
  assert.equal(good.baseline.positive, true); // a tie of the classes: the positive one
});

test('both CLIs print the same baseline fields; the table flags what is no better', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-baseline-'));
  try {
    const file = join(dir, 'imbalanced.csv');
    writeFileSync(file, imbalanced());
    const args = ['run', file, '--positive', 'yes', '-p', 'zscore | pa2(c=0.1) +avg'];
    const js = jsonLines(cli([...args, '--json']).stdout)[0];
    const native = JSON.parse(
      spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' }).stdout,
    );
    for (const key of ['baseline', 'noBetterThanBaseline', 'balancedAccuracy', 'f1'])
      assert.deepEqual(native[key], js[key], key);
    assert.deepEqual(js.baseline, { positive: false, error: 0.05 });
    assert.equal(js.noBetterThanBaseline, js.mistakes >= 20 && !(js.balancedAccuracy > 0.5));

    const table = cli(args).stdout;
    assert.match(table, /bal\. acc\./);
    assert.match(
      table,
      /baseline +always 'no', the majority class: error 0\.0500, balanced accuracy 0\.5000/,
    );
    if (js.noBetterThanBaseline) assert.match(table, /\(no better than the majority class\)/);
    else assert.doesNotMatch(table, /no better than the majority class/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
