// k-fold cross-validation and a parameter grid in the page: every grid
// combination is cross-validated in the worker with progress, the figures equal the package's
// own crossValidate on the same data, and the best (by mean balanced accuracy) is marked.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { load } from 'onepass';
import { readData } from '../js/helpers.mjs';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** Every text the status line shows, to see the progress between candidates. */
async function watchStatus(page) {
  await page.evaluate(() => {
    window.__cvStatus = [];
    const s = document.querySelector('#cv-status');
    new MutationObserver(() => window.__cvStatus.push(s.textContent)).observe(s, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
}

/** Cross-validates the pipeline over a grid of 3, with progress; the table's rows. */
async function crossValidateGrid(page) {
  // The menu names the pipelines of the specs box readably, each spec on hover.
  assert.deepEqual(
    await page.$$eval('#cv-pipeline option', (os) => os.map((o) => [o.textContent, o.title])),
    [
      ['Leader of three, z-score', 'zscore | leader'],
      ['SGD logistic regression, z-score', 'zscore | logreg'],
      ['Perceptron', 'perceptron'],
    ],
  );
  await page.selectOption('#cv-pipeline', 'zscore | logreg');
  await page.selectOption('#cv-folds', '5');
  await page.fill('#cv-grid', 'eta0=0.01,0.1,1');
  await watchStatus(page);
  // Cross-validation can be cancelled, not paused (it learns each fold from memory at once).
  const controls = await page.evaluate(() => {
    document.querySelector('#cv-run').click();
    return ['#pause', '#cancel'].map((s) => document.querySelector(s).disabled);
  });
  assert.deepEqual(controls, [true, false], 'Pause off and Cancel on while cross-validating');
  await page.waitForFunction(() =>
    /5-fold cross-validation/.test(document.querySelector('#cv-status').textContent),
  );
  // Progress, candidate by candidate.
  const said = await page.evaluate(() => window.__cvStatus);
  for (const done of [1, 2])
    assert.ok(
      said.includes(`Cross-validating: ${done} of 3 pipelines done…`),
      `progress after ${done}: ${said.join(' / ')}`,
    );
  if (shots)
    await page
      .locator('section:has(#cv-results)')
      .screenshot({ path: join(shots, 'cross-validation.png') });
  const rows = await page.$$eval('#cv-results tbody tr', (trs) =>
    trs.map((tr) => ({
      spec: tr.dataset.spec,
      name: tr.querySelector('.pipeline-name').textContent,
      title: tr.querySelector('.pipeline-name').title,
      best: !!tr.querySelector('.mark.best'),
      accuracy: tr.querySelector('td[data-key="accuracy"]').textContent,
    })),
  );
  return rows;
}

/** The same figures as the package's crossValidate on the same rows and seed; the best marked. */
async function matchesThePackage(rows) {
  const op = await load();
  const data = await op.loadDataset(readData('heart.csv'));
  const expected = rows.map((r) => data.crossValidate(r.spec, 5, { seed: 1, shuffle: true }));
  data.dispose();
  rows.forEach((r, i) =>
    assert.equal(
      r.accuracy,
      `${expected[i].mean.accuracy.toFixed(4)} ± ${expected[i].sd.accuracy.toFixed(4)}`,
    ),
  );
  const best = Math.max(...expected.map((e) => e.mean.balancedAccuracy));
  assert.deepEqual(
    rows.map((r) => r.best),
    expected.map((e) => e.mean.balancedAccuracy === best),
  );
}

/** A grid that is not one says why. */
async function badGrid(page) {
  await page.fill('#cv-grid', 'nonsense');
  await page.click('#cv-run');
  await page.waitForFunction(() =>
    /^No cross-validation: /.test(document.querySelector('#cv-status').textContent),
  );
  assert.equal(await page.$eval('#run', (b) => b.disabled), false, 'the page is usable again');
}

/** Other data: the cross-validation table and the charts of the data before are gone. */
async function otherDataClears(page) {
  await page.fill('#cv-grid', '');
  await page.click('#cv-run');
  await page.waitForSelector('#cv-results tbody tr');
  await page.selectOption('#dataset', 'diabetes.csv');
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'pregnant',
  );
  assert.equal(await page.locator('#cv-results tbody tr').count(), 0);
  assert.equal(await page.textContent('#cv-status'), '');
  for (const id of ['chart', 'rolling'])
    assert.equal(await page.$eval(`#${id}`, (c) => c.dataset.series), '0', `#${id} cleared`);
}

test('cross-validate a pipeline over a grid, as the package does', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const rows = await crossValidateGrid(page);
  assert.deepEqual(
    rows.map((r) => r.spec),
    ['zscore | logreg(eta0=0.01)', 'zscore | logreg(eta0=0.1)', 'zscore | logreg(eta0=1)'],
  );
  // Each candidate by its readable name, told apart by the value the grid sets; its spec on
  // hover.
  assert.deepEqual(
    rows.map((r) => [r.name, r.title]),
    ['0.01', '0.1', '1'].map((v) => [
      `SGD logistic regression, z-score (eta0=${v})`,
      `zscore | logreg(eta0=${v})`,
    ]),
  );
  await matchesThePackage(rows);
  await badGrid(page);
  await otherDataClears(page);
  assert.deepEqual(foreign(), []);
  assert.deepEqual(errors, []);
  await context.close();
});
