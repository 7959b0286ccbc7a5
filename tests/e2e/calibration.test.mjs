// The calibration chart of the demo (docs/algorithms.md 6.5): after a run on yes/no labels, each
// pipeline that gives probabilities (a logistic learner, or any learner with +platt or
// +temperature, as the default) is a curve of its bins' mean probability against their share
// of positives, drawn from the same bins as the results' JSON and the package give, with each
// bin's rows in a table; a run where no pipeline gives probabilities says how to get them; a
// file of classes shows neither.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { load } from 'onepass';
import { readData, readFixture } from '../js/helpers.mjs';
import { openPage, readDownload, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const PLATT = 'zscore | pa2(c=0.1) +avg +platt';
const SPECS = ['perceptron', PLATT, 'zscore | logreg'];
/** The readable names the page gives them (web/src/names.ts, from the registry's titles). */
const NAMES = {
  [PLATT]: 'PA-II, z-score, averaging, Platt scaling',
  'zscore | logreg': 'SGD logistic regression, z-score',
};

/** Each pipeline's reliability bins from the package, run on heart as the page runs it (file
 * order, the label the preview picks). */
async function packageBins(specs) {
  const op = await load();
  const runner = op.csvRunner({ pipelines: specs, header: 'auto' });
  try {
    runner.push(readData('heart.csv'));
    runner.finish();
    return runner.results().map((r) => r.calibration ?? null);
  } finally {
    runner.dispose();
  }
}

/** A curve's points as the chart should draw them: [mean predicted, share positive] per bin
 * with rows. */
const pointsOf = (bins) =>
  bins.filter((b) => b.count > 0).map((b) => [b.meanPredicted, b.observedRate]);

/** Runs these pipelines on the data shown and waits until their results are in. */
async function runWith(page, specs) {
  await page.fill('#specs', specs.join('\n'));
  await page.click('#run');
  await page.waitForFunction(
    (names) =>
      /^Done: /.test(document.querySelector('#status')?.textContent ?? '') &&
      [...document.querySelectorAll('#results tbody tr')]
        .map((r) => r.dataset.pipeline)
        .join('\n') === names,
    specs.join('\n'),
  );
}

/** What the calibration part of the charts panel shows. */
const calibrationShown = (page) =>
  page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    const host = q('#calibration');
    return {
      said: !q('#calibration-said').hidden,
      none: q('#calibration-none').hidden ? '' : q('#calibration-none').textContent,
      drawn: !q('#calibration-drawn').hidden,
      series: Number(host.dataset.series),
      points: JSON.parse(host.dataset.points ?? '[]'),
      canvases: host.querySelectorAll('canvas').length,
      legend: [...host.querySelectorAll('.u-legend .u-series th')].map((t) => t.textContent),
    };
  });

/** The table of bins: each pipeline's cells of one key, bin by bin. */
const binCells = (page, pipeline, key) =>
  page.$$eval(
    `#calibration-bins tbody td[data-key="${key}"]`,
    (tds, p) => tds.filter((td) => td.dataset.pipeline === p).map((td) => td.textContent),
    pipeline,
  );

test('each pipeline that gives probabilities is a curve of the bins its JSON gives', async () => {
  const want = await packageBins(SPECS);
  assert.equal(want[0], null, 'the perceptron gives no probabilities');
  assert.equal(want[1].length, 10);
  // Heart spreads the probabilities over most bins: the curves mean something.
  assert.ok(pointsOf(want[1]).length >= 5 && pointsOf(want[2]).length >= 5);

  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await runWith(page, SPECS);
  await page.waitForSelector('#calibration canvas');

  // The results' JSON, as the page offers it, holds the bins the package gives.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const json = JSON.parse(await readDownload(download));
  assert.deepEqual(
    json.pipelines.map((p) => p.calibration ?? null),
    want,
  );

  const shown = await calibrationShown(page);
  assert.equal(shown.said, true);
  assert.equal(shown.none, '');
  assert.equal(shown.drawn, true);
  assert.equal(shown.canvases > 0, true);
  // One curve per pipeline with probabilities, its points the JSON's bins with rows.
  assert.equal(shown.series, 2);
  assert.deepEqual(shown.points, [
    pointsOf(json.pipelines[1].calibration),
    pointsOf(json.pipelines[2].calibration),
  ]);
  // The legend names the curves by their readable names, and the diagonal.
  for (const name of [...Object.values(NAMES), 'calibrated (observed = predicted)'])
    assert.ok(
      shown.legend.some((l) => l.includes(name)),
      `${name} in the legend: ${shown.legend}`,
    );
  assert.ok(!shown.legend.some((l) => /erceptron/.test(l)), shown.legend.join('; '));
  // The table heads each curve's columns with its name, its exact spec on hover.
  assert.deepEqual(
    await page.$$eval('#calibration-bins thead .pipeline-name', (ns) =>
      ns.map((n) => [n.textContent, n.title]),
    ),
    [
      [NAMES[PLATT], PLATT],
      [NAMES['zscore | logreg'], 'zscore | logreg'],
    ],
  );

  // Pointing at a point says its bin's share of positives and rows in the legend.
  // (The cursor takes the nearest x of either curve: the point farthest from the other's.)
  const plattX = pointsOf(json.pipelines[1].calibration).map(([x]) => x);
  const apart = (b) => Math.min(...plattX.map((x) => Math.abs(x - b.meanPredicted)));
  const logreg = json.pipelines[2].calibration
    .filter((b) => b.count > 0)
    .reduce((a, b) => (apart(b) > apart(a) ? b : a));
  assert.ok(apart(logreg) > 0.02, 'a point the cursor can tell apart');
  await page.$eval('#calibration', (e) => e.scrollIntoView());
  const box = await page.locator('#calibration .u-over').boundingBox();
  await page.mouse.move(
    box.x + box.width * logreg.meanPredicted,
    box.y + box.height * (1 - logreg.observedRate),
  );
  await page.waitForFunction(
    (want) =>
      [...document.querySelectorAll('#calibration .u-legend .u-series')].some(
        (s) => s.textContent === want,
      ),
    `${NAMES['zscore | logreg']}${logreg.observedRate.toFixed(3)} of ${logreg.count} rows`,
  );

  // The table gives every bin's rows, mean probability and share of positives.
  const bins = await page.$$eval('#calibration-bins tbody th', (ths) =>
    ths.map((t) => t.textContent),
  );
  assert.deepEqual(bins.slice(0, 2), ['0.0–0.1', '0.1–0.2']);
  assert.equal(bins.at(-1), '0.9–1.0');
  for (const [k, spec] of [
    [1, PLATT],
    [2, 'zscore | logreg'],
  ]) {
    const b = json.pipelines[k].calibration;
    assert.deepEqual(
      await binCells(page, spec, 'count'),
      b.map((x) => String(x.count)),
    );
    assert.deepEqual(
      await binCells(page, spec, 'observedRate'),
      b.map((x) => (x.observedRate === null ? '–' : x.observedRate.toFixed(3))),
    );
    assert.deepEqual(
      await binCells(page, spec, 'meanPredicted'),
      b.map((x) => (x.meanPredicted === null ? '–' : x.meanPredicted.toFixed(3))),
    );
    // Every row of the run is in one bin.
    assert.equal(
      b.reduce((s, x) => s + x.count, 0),
      270,
    );
  }
  assert.deepEqual(await binCells(page, 'perceptron', 'count'), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with no pipeline that gives probabilities the page says how to get them', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await runWith(page, ['perceptron', 'zscore | pa2(c=0.1) +avg']);
  const none = await calibrationShown(page);
  assert.equal(none.said, true);
  assert.equal(none.drawn, false);
  assert.equal(none.series, 0);
  assert.deepEqual(none.points, []);
  assert.equal(none.canvases, 0);
  assert.match(none.none, /^No pipeline of this run gives probabilities/);
  assert.match(
    none.none,
    /Add \+temperature to one \(perceptron \+temperature\) to turn its scores into probabilities without changing its answers \(\+platt also moves its threshold\)/,
  );
  assert.equal(await page.locator('#calibration-bins tbody tr').count(), 0);

  // What the sentence suggests draws a curve, and the sentence goes.
  await runWith(page, ['perceptron +platt']);
  await page.waitForSelector('#calibration canvas');
  const one = await calibrationShown(page);
  assert.equal(one.none, '');
  assert.equal(one.series, 1);
  const [want] = await packageBins(['perceptron +platt']);
  assert.deepEqual(one.points, [pointsOf(want)]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file of classes shows no calibration part at all', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal((await calibrationShown(page)).said, true, 'the first run has zscore | logreg');
  await page.setInputFiles('#file', {
    name: 'penguins.csv',
    mimeType: 'text/csv',
    buffer: readFixture('penguins.csv'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'Island');
  // Choosing other data clears the run: nothing of its calibration stays.
  assert.equal((await calibrationShown(page)).said, false);
  await page.click('#run');
  await resultsShow(page, 3, 344);
  const shown = await calibrationShown(page);
  assert.equal(shown.said, false);
  assert.equal(shown.series, 0);
  assert.deepEqual(errors, []);
  await context.close();
});
