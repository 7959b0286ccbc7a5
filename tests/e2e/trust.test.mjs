// Results a data scientist can trust: the majority-class baseline,
// precision, recall, balanced accuracy and the confusion counts of every pipeline, a mark on the
// best pipeline and on those no better than the baseline; and a warning when the file is sorted
// by class, which flatters progressive validation.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** 1,000 rows of two noise features and a label that is 1 on 30% of rows, independent of them:
 * always predicting 0 errs on 0.3, and no pipeline can do better. Sorted by label on request. */
function noise(sorted) {
  let s = 12345;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const labels = Array.from({ length: 1000 }, (_, i) => (i < 300 ? 1 : 0));
  for (let i = labels.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [labels[i], labels[j]] = [labels[j], labels[i]];
  }
  const rows = labels.map((y) => [(r() * 10).toFixed(3), (r() * 4 - 2).toFixed(3), y]);
  if (sorted) rows.sort((a, b) => a[2] - b[2]);
  const lines = ['a,b,label', ...rows.map((x) => x.join(','))];
  return Buffer.from(lines.join('\n') + '\n');
}

async function runFile(page, name, buffer) {
  await page.setInputFiles('#file', { name, mimeType: 'text/csv', buffer });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await resultsShow(page, 3, 1000);
}

const cells = (page, key) =>
  page.$$eval(`#results tbody td[data-key="${key}"]`, (tds) => tds.map((t) => t.textContent));

test('the baseline, the confusion figures and the marks', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  // The bundled heart data: one best pipeline, none below the baseline.
  assert.match(
    await page.textContent('#baseline'),
    /always answering the most common label \(-1\) errs on 0\.4444/,
  );
  const best = await page.$$eval('#results tbody tr', (rows) =>
    rows.filter((r) => r.querySelector('.mark.best')).map((r) => r.dataset.pipeline),
  );
  assert.deepEqual(best, ['zscore | leader']);
  assert.equal(await page.locator('#results .mark.useless').count(), 0);
  await runFile(page, 'noise.csv', noise(false));
  assert.equal(
    await page.textContent('#baseline'),
    'Baseline: always answering the most common label (0) errs on 0.3000 of the rows.',
  );
  // Every pipeline errs at least as often as the baseline on pure noise: all are marked.
  const useless = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => !!r.querySelector('.mark.useless')),
  );
  assert.deepEqual(useless, [true, true, true]);
  assert.equal(await page.locator('#results .mark.best').count(), 0); // none beats the baseline
  // Precision, recall and balanced accuracy from the pipeline's own confusion counts.
  const counts = await Promise.all(['tp', 'fp', 'tn', 'fn'].map((k) => cells(page, k)));
  const confusion = counts[0].map((_, i) => counts.map((c) => Number(c[i])));
  const precision = (await cells(page, 'precision')).map(Number);
  const recall = (await cells(page, 'recall')).map(Number);
  const balanced = (await cells(page, 'balanced')).map(Number);
  for (const [i, [tp, fp, tn, fn]] of confusion.entries()) {
    assert.equal(tp + fp + tn + fn, 1000);
    assert.equal(tp + fn, 300);
    assert.ok(Math.abs(precision[i] - tp / (tp + fp)) < 1e-4);
    assert.ok(Math.abs(recall[i] - tp / (tp + fn)) < 1e-4);
    assert.ok(Math.abs(balanced[i] - (tp / 300 + tn / 700) / 2) < 1e-4);
  }
  // No warning of long runs for rows in a random order.
  assert.doesNotMatch(await page.textContent('#problems'), /long runs/);

  // With a holdout: the baseline's accuracy on the test part, and the marks follow the test.
  await page.selectOption('#holdout', '0.2');
  await page.click('#run');
  await page.waitForFunction(() =>
    /on the holdout it has accuracy/.test(document.querySelector('#baseline').textContent),
  );
  assert.match(await page.textContent('#baseline'), /on the holdout it has accuracy 0\.70\d\d\./);
  // The holdout's ROC and precision-recall curves, one line per pipeline.
  await page.waitForSelector('#holdout-curves:not([hidden])');
  for (const id of ['roc', 'pr'])
    assert.deepEqual(await page.$eval(`#${id}`, (e) => [e.dataset.series, e.dataset.rows]), [
      '3',
      '1',
    ]);
  if (shots) await page.screenshot({ path: join(shots, 'baseline.png'), fullPage: true });
  assert.deepEqual(foreign(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file sorted by class is said to flatter progressive validation', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await runFile(page, 'sorted.csv', noise(true));
  const problems = await page.textContent('#problems');
  assert.match(
    problems,
    /the labels come in long runs: 1000 rows change label 1 times where a random order of them would change it about 420 times/,
  );
  assert.match(problems, /shuffle the rows \(a shuffle buffer\) or test on a holdout/);
  if (shots) await page.screenshot({ path: join(shots, 'sorted-file.png'), fullPage: true });
  // Shuffled through a buffer longer than the file: the advice is followed, no warning.
  await page.selectOption('#order', '10000');
  await page.click('#run');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('#status').textContent));
  await resultsShow(page, 3, 1000);
  assert.doesNotMatch(await page.textContent('#problems'), /long runs/);
  assert.deepEqual(errors, []);
  await context.close();
});
