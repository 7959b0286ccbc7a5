// Streams that change in the demo (docs/algorithms.md 6.10, 6.5, 4.28): the drift preset on the
// generated SEA sample marks each +drift pipeline's drifts on the recent-error chart and says
// their rows in words, the results show the last label's baseline row, and a new run shows none
// of the old marks; balanced class weights reach the run, its results and its link.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { load } from 'onepass';
import { openPage, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const SEA = 'sea (generated)';
const SEA_OPTIONS = { rows: 50_000, seed: 1, params: { noise: 0.1, every: 12_500 } };
const DEFAULT = 'zscore | leader';
const DRIFT_SPECS = [
  DEFAULT,
  `${DEFAULT} +drift(action=reset)`,
  `${DEFAULT} +drift(detector=ddm,action=background)`,
];

/** What the package gives for the SEA sample run as the page runs it: each pipeline's drift
 * rows and the last label's figures. */
async function expected() {
  const op = await load();
  const runner = op.csvRunner({ pipelines: DRIFT_SPECS, header: 'auto' });
  try {
    await runner.pushAll(op.generateCsv('sea', SEA_OPTIONS));
    runner.finish();
    const results = runner.results();
    return { drifts: results.map((r) => r.drift?.rows ?? []), lastLabel: results[0].lastLabel };
  } finally {
    runner.dispose();
  }
}

/** The marks on the recent-error chart: each one's series, row and name. */
const marks = (page) =>
  page.$$eval('#rolling .chart-mark', (all) =>
    all.map((m) => ({
      series: Number(m.dataset.series),
      row: Number(m.dataset.x),
      title: m.title,
    })),
  );

/** The drifts in words: each +drift pipeline's line. */
const words = (page) =>
  page.$$eval('#drift-events li', (lis) =>
    lis.map((li) => ({ pipeline: li.dataset.pipeline, text: li.textContent })),
  );

/** The last label's row under the results, by column. */
const lastLabelRow = (page) =>
  page.$$eval('#results tfoot tr.last-label-row > *', (cells) =>
    Object.fromEntries(
      cells.filter((c) => c.dataset.key).map((c) => [c.dataset.key, c.textContent]),
    ),
  );

const rowsIn = (text) =>
  [...text.matchAll(/row ([\d,]+)/g)].map((m) => Number(m[1].replace(/,/g, '')));

test('the drift preset on SEA marks and names each drift, and a new run shows none', async () => {
  const want = await expected();
  // The sample drifts three times: the reset pipeline sees some of them, so the test means it.
  assert.ok(want.drifts[1].length > 0 && want.drifts[2].length > 0, JSON.stringify(want.drifts));
  assert.deepEqual(want.drifts[0], []);

  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the first run, on the bundled heart data
  // The first run has no +drift pipeline: nothing is marked or said.
  assert.equal(await page.locator('#rolling .chart-mark').count(), 0);
  assert.equal(await page.isHidden('#drift-said'), true);

  await page.selectOption('#dataset', SEA);
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x1');
  const offered = await page.$eval('#preset option[value="drift"]', (o) => o.textContent);
  assert.match(offered, /^Streams that change/);
  await page.selectOption('#preset', 'drift');
  await page.click('#apply-preset');
  assert.deepEqual((await page.inputValue('#specs')).split('\n'), DRIFT_SPECS);

  await page.click('#run');
  await resultsShow(page, 3, 50000);
  await page.waitForFunction(() =>
    /^Done: /.test(document.querySelector('#status')?.textContent ?? ''),
  );

  // A mark per drift row of each +drift pipeline, in its series, named with its row.
  const shown = await marks(page);
  const bySeries = (i) => shown.filter((m) => m.series === i).map((m) => m.row);
  assert.deepEqual(bySeries(0), []);
  assert.deepEqual(bySeries(1), want.drifts[1]);
  assert.deepEqual(bySeries(2), want.drifts[2]);
  for (const m of shown) {
    assert.ok(m.title.startsWith(`${DRIFT_SPECS[m.series]}: drift at row `), m.title);
    assert.deepEqual(rowsIn(m.title), [m.row]);
  }
  assert.equal(await page.getAttribute('#rolling', 'data-marks'), String(shown.length));
  // Each mark takes its pipeline's colour: the two +drift pipelines' differ.
  const colours = await page.$$eval('#rolling .chart-mark', (all) => [
    ...new Set(all.map((m) => `${m.dataset.series} ${m.style.getPropertyValue('--mark-color')}`)),
  ]);
  assert.equal(colours.length, 2, colours.join('; '));

  // In words: a line per +drift pipeline, naming its first drifts' rows and what it did.
  assert.equal(await page.isVisible('#drift-said'), true);
  const said = await words(page);
  assert.deepEqual(
    said.map((w) => w.pipeline),
    DRIFT_SPECS.slice(1),
  );
  for (const [k, w] of said.entries()) {
    assert.deepEqual(rowsIn(w.text), want.drifts[k + 1].slice(0, 5), w.text);
    assert.match(w.text, /: drift at row [\d,]+: /);
  }
  assert.match(said[0].text, /drift at row [\d,]+: learner reset/);
  assert.match(said[1].text, /drift at row [\d,]+: the background learner took over/);

  // The last label's row under the majority class's, with its figures.
  assert.equal(await page.locator('#results tfoot tr.baseline-row').count(), 1);
  const last = await lastLabelRow(page);
  assert.equal(last.pipeline, 'baseline: the label of the row before');
  assert.equal(last.rows, '50000');
  assert.equal(last.mistakes, String(want.lastLabel.mistakes));
  assert.equal(last.error, want.lastLabel.error.toFixed(4));
  assert.equal(last.balanced, want.lastLabel.balancedAccuracy.toFixed(4));
  assert.equal(last.precision, '–');

  // A new run starts with no marks and no words: the old run's are gone at once.
  const atStart = await page.evaluate(() => {
    document.getElementById('run').click();
    return {
      marks: document.querySelectorAll('#rolling .chart-mark').length,
      said: document.getElementById('drift-events').children.length,
      hidden: document.getElementById('drift-said').hidden,
    };
  });
  assert.deepEqual(atStart, { marks: 0, said: 0, hidden: true });
  await resultsShow(page, 3, 50000);
  await page.waitForFunction(() =>
    /^Done: /.test(document.querySelector('#status')?.textContent ?? ''),
  );
  assert.deepEqual(
    (await marks(page)).map((m) => m.row),
    [...want.drifts[1], ...want.drifts[2]],
  );

  // Another sample with pipelines without +drift: no drift is marked or said.
  await page.selectOption('#dataset', 'heart.csv');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'age');
  assert.equal(await page.locator('#rolling .chart-mark').count(), 0);
  assert.equal(await page.isHidden('#drift-said'), true);
  await page.selectOption('#preset', 'start');
  await page.click('#apply-preset');
  await page.click('#run');
  await resultsShow(page, 3, 270);
  assert.equal(await page.locator('#rolling .chart-mark').count(), 0);
  assert.equal(await page.getAttribute('#rolling', 'data-marks'), '0');
  assert.deepEqual(await words(page), []);
  assert.equal(await page.isHidden('#drift-said'), true);
  // The last label's row is the new run's.
  assert.equal((await lastLabelRow(page)).rows, '270');
  assert.deepEqual(errors, []);
  await context.close();
});

test('balanced class weights reach the run, its results and its link', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  // Without class weights the results name none.
  assert.equal(await page.locator('#results .weighting').count(), 0);
  assert.equal(await page.inputValue('#class-weight'), 'none');

  await page.selectOption('#class-weight', 'balanced');
  assert.match(await page.textContent('#stale'), /the class weights changed/);
  await page.click('#run');
  await page.waitForFunction(
    () => document.querySelectorAll('#results tbody tr .weighting').length === 3,
  );
  assert.equal(await page.isHidden('#stale'), true);
  // Each pipeline's weights, by the label's two values (heart's: -1 and 1).
  const weights = await page.$$eval('#results tbody tr .weighting', (all) =>
    all.map((w) => w.textContent),
  );
  for (const w of weights)
    assert.match(w, /^class weights \(balanced\): -1 = \d\.\d\d, 1 = \d\.\d\d$/);
  // Balanced weights favour the rarer class: heart has fewer rows of 1 (120 of 270).
  const [neg, pos] = weights[0].match(/\d\.\d\d/g).map(Number);
  assert.ok(pos > 1 && neg < 1, weights[0]);

  // The link carries them, and a page opened with it runs with them.
  await page.click('#share');
  await page.waitForFunction(() => location.hash.includes('weights=balanced'));
  const second = await context.newPage();
  await second.goto(page.url());
  await resultsShow(second, 3, 270);
  assert.equal(await second.inputValue('#class-weight'), 'balanced');
  assert.equal(await second.locator('#results tbody tr .weighting').count(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});
