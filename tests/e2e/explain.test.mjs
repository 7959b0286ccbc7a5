// The explanation panel (docs/algorithms.md 1.9): after the run the page starts with, a row the
// user picks is explained by a pipeline of the run, its largest contributions first, and the
// contributions, the rest and the bias shown add up to the row's score; a row past the data
// read says so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

test('a row picked after a run is explained, adding up to its score', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const pipelines = await page.$$eval('#explain-pipeline option', (os) =>
    os.map((o) => [o.textContent, o.title]),
  );
  // The run's pipelines by their readable names, each spec on hover.
  assert.deepEqual(pipelines, [
    ['Leader of three, z-score', 'zscore | leader'],
    ['SGD logistic regression, z-score', 'zscore | logreg'],
    ['Perceptron', 'perceptron'],
  ]);
  await page.fill('#explain-row', '3');
  await page.click('#explain-go');
  await page.waitForSelector('#explain-table tr');
  const shown = await page.evaluate(() => ({
    status: document.querySelector('#explain-status').textContent,
    score: Number(document.querySelector('#explain-status').dataset.score),
    rows: [...document.querySelectorAll('#explain-table tr')].slice(1).map((tr) => ({
      name: tr.cells[0].textContent,
      contribution: Number(tr.dataset.contribution),
    })),
  }));
  assert.match(shown.status, /^Row 3 \(line 4\) scores \S+ with Leader of three, z-score: /);
  const listed = shown.rows.slice(0, -2);
  assert.ok(listed.length >= 1 && listed.length <= 5, `${listed.length} listed`);
  // heart.csv's columns, the largest first.
  const columns = ['age', 'sex', 'chest_pain', 'resting_bp', 'cholesterol', 'fasting_blood_sugar'];
  const more = ['resting_ecg', 'max_heart_rate', 'exercise_angina', 'oldpeak', 'slope'];
  for (const r of listed)
    assert.ok([...columns, ...more, 'major_vessels', 'thal'].includes(r.name));
  const sizes = listed.map((r) => Math.abs(r.contribution));
  assert.deepEqual(
    sizes,
    [...sizes].sort((a, b) => b - a),
  );
  assert.deepEqual(
    shown.rows.slice(-2).map((r) => r.name),
    ['the other features', 'bias'],
  );
  const sum = shown.rows.reduce((a, r) => a + r.contribution, 0);
  assert.ok(Math.abs(sum - shown.score) <= 1e-9 * Math.max(1, Math.abs(shown.score)));

  // A row past the data read for the preview.
  await page.fill('#explain-row', '100000');
  await page.click('#explain-go');
  await page.waitForFunction(() =>
    /^No explanation: the data read for the preview has \d+ rows/.test(
      document.querySelector('#explain-status').textContent,
    ),
  );
  assert.equal(await page.locator('#explain-table tr').count(), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});
