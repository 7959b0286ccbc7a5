// The demo site (built into dist/ by `npm test`) in headless Chromium, driven by playwright-core
// with Debian's /usr/bin/chromium: the bundled dataset streams on open, a user's CSV can be
// uploaded and run, a bad row is reported with its line, models can be downloaded and used,
// pipelines composed from presets and menus, results tested on a holdout and sorted, the setup
// shared as a link, and no request ever leaves the page's own origin.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import * as ort from 'onnxruntime-node';
import { load } from '../../lib/index.js';
import { openPage, readDownload, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const csv = (rows) => Buffer.from(rows.join('\n') + '\n');
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

/** The bundled heart data streams through three pipelines as soon as the page opens. */
async function streamsOnOpen(page) {
  await page.waitForSelector('#chart[data-rows="270"][data-series="3"]', { timeout: 20000 });
  await page.waitForSelector('#rolling[data-rows="270"][data-series="3"]');
  await resultsShow(page, 3, 270);
  const names = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => r.dataset.pipeline),
  );
  assert.deepEqual(names, ['zscore | leader', 'zscore | logreg', 'perceptron']);
  const mistakes = await page.$$eval('#results tbody td[data-key="mistakes"]', (tds) =>
    tds.map((t) => Number(t.textContent)),
  );
  assert.deepEqual(mistakes, [46, 51, 111], 'the same mistakes as the native and node builds');
  const scaleRows = await page.$$eval('#scales tr td:first-child', (tds) =>
    tds.map((t) => t.textContent),
  );
  assert.equal(scaleRows.length, 13);
  assert.ok(scaleRows.includes('age'));
  if (shots) await page.screenshot({ path: join(shots, 'streamed.png'), fullPage: true });
}

/** Downloads the logistic pipeline's model; its text, to load back and predict with. */
async function downloadModel(page) {
  const [modelDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#results tbody tr[data-pipeline="zscore | logreg"] button.download-model'),
  ]);
  const modelText = await readDownload(modelDownload);
  const model = JSON.parse(modelText);
  assert.equal(model.format, 'onepass-model');
  assert.equal(model.spec, 'zscore | logreg(eta0=0.1,lambda=0,n=10000)');
  assert.equal(model.schema.features.length, 13);
  return modelText;
}

/** The results with every pipeline's learned state, and the curves. */
async function downloadResults(page) {
  const [resultsDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#export-json'),
  ]);
  const results = JSON.parse(await readDownload(resultsDownload));
  assert.equal(results.format, 'onepass-results');
  assert.equal(results.source, 'heart.csv');
  assert.equal(results.features.length, 13);
  assert.deepEqual(
    results.pipelines.map((r) => [r.rows, r.learner.arrays.w.length, r.scalers.length]),
    [
      [270, 13, 1],
      [270, 13, 1],
      [270, 13, 0],
    ],
  );
  assert.equal(results.pipelines[1].scalers[0].arrays.mean.length, 13);
  const [curveDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#export-curve'),
  ]);
  const curveLines = (await readDownload(curveDownload)).trim().split('\n');
  assert.match(curveLines[0], /^rows,"zscore \| leader","zscore \| logreg","perceptron"$/);
  assert.deepEqual(curveLines.at(-1).split(',').slice(0, 1), ['270']);
  assert.deepEqual(
    curveLines.at(-1).split(',').slice(1).map(Number),
    results.pipelines.map((r) => r.mistakes),
  );
}

/** The same model as ONNX: onnxruntime gives what onepass gives on a row. */
async function onnxAgrees(page, modelText) {
  assert.equal(await page.locator('#results button.download-onnx').count(), 3);
  const [onnxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#results tbody tr[data-pipeline="zscore | logreg"] button.download-onnx'),
  ]);
  const session = await ort.InferenceSession.create(await readDownload(onnxDownload, null));
  const row = [70, 1, 4, 130, 322, 0, 2, 109, 0, 2.4, 2, 3, 3]; // heart.csv's first row
  const { probability } = await session.run({
    x: new ort.Tensor('float64', Float64Array.from(row), [1, 13]),
  });
  const loaded = (await load()).loadPipeline(modelText);
  assert.ok(Math.abs(probability.data[0] - loaded.predictProbaOne(row)) < 1e-12);
}

/** The model loaded back predicts the chosen data; a broken model file is refused. */
async function predictWithModel(page, modelText) {
  await page.setInputFiles('#model-file', {
    name: 'model.json',
    mimeType: 'application/json',
    buffer: Buffer.from(modelText),
  });
  await page.waitForSelector('#score:not([disabled])');
  await page.click('#score');
  await page.waitForFunction(() =>
    /rows predicted/.test(document.querySelector('#score-status').textContent),
  );
  assert.match(
    await text(page, '#score-status'),
    /^270 rows predicted; accuracy 0\.\d{4} on the 270 labelled rows \(if the model learned from these rows, this is how well it fits them, not how well it does on new ones\)\.$/,
  );
  const [predDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#export-predictions'),
  ]);
  const predLines = (await readDownload(predDownload)).trim().split('\n');
  assert.equal(predLines[0], 'line,prediction,score,probability');
  assert.equal(predLines.length, 271);
  // Predictions of the data before are not offered for other data; the model stays loaded.
  await page.selectOption('#dataset', 'liver.csv');
  await page.waitForFunction(() =>
    /predict the chosen data/.test(document.querySelector('#score-status').textContent),
  );
  assert.equal(await page.$eval('#export-predictions', (b) => b.disabled), true);
  await page.selectOption('#dataset', 'heart.csv');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'age');
  await page.setInputFiles('#model-file', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(modelText.slice(0, 100)),
  });
  await page.waitForFunction(() =>
    /cannot be used/.test(document.querySelector('#score-status').textContent),
  );
  assert.match(
    await text(page, '#score-status'),
    /JSON syntax error at byte \d+ \(the file is truncated\)/,
  );
  assert.equal(await page.$eval('#score', (b) => b.disabled), true);
}

/** A user's file: string labels in the first column, chosen by name, with a positive value. */
async function uploadUserFile(page) {
  const rows = ['target,f1,f2'];
  for (let i = 0; i < 500; i++)
    rows.push(`${i % 3 ? 'yes' : 'no'},${(i * 7) % 13},${i % 3 ? 1 : -1}`);
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'target');
  // Each column's role as the reader infers it (a menu per column; the label has none).
  const roles = () =>
    page.$$eval('#preview tr.types td', (tds) =>
      tds.map((td) => td.querySelector('select')?.value ?? td.textContent),
    );
  assert.deepEqual(await roles(), ['categorical', 'numeric', 'label']);
  await page.selectOption('#label', { label: 'target' });
  await page.waitForFunction(
    () => document.querySelector('#preview tr.types td')?.textContent === 'label',
  );
  assert.deepEqual(await roles(), ['label', 'numeric', 'numeric']);
  await page.selectOption('#positive', 'yes');
  await page.click('#run');
  await resultsShow(page, 3, 500);
  await page.waitForSelector('#chart[data-rows="500"]');
  assert.deepEqual(
    (await page.$$eval('#scales tr td:first-child', (t) => t.map((c) => c.textContent))).sort(),
    ['f1', 'f2'],
  );
}

/** A bad row stops the run with its line and column; the rows before it stay learned. */
async function badRowStops(page) {
  await page.setInputFiles('#file', {
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: csv(['a,b,label', '1,2,1', '3,4,-1', '5,6,1', '7,oops,1', '9,10,-1']),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await page.waitForSelector('#problems li');
  assert.match(await text(page, '#problems'), /line 5, column 2 \(b\): 'oops' is not a number/);
  await resultsShow(page, 3, 3);
  if (shots) await page.screenshot({ path: join(shots, 'bad-row.png') });
}

test('stream, upload, bad rows, models, all on the page origin', async () => {
  const { context, page, requests, errors, foreign } = await openPage(site);
  const response = await page.goto(`${site.origin}/`);
  assert.match(response.headers()['content-security-policy'], /connect-src 'self'/);

  await streamsOnOpen(page);
  // Download the logistic pipeline's model, load it back, and predict the chosen data with it.
  const modelText = await downloadModel(page);
  await downloadResults(page);
  await onnxAgrees(page, modelText);
  await predictWithModel(page, modelText);
  const beforeUpload = requests.length;

  await uploadUserFile(page);
  await badRowStops(page);

  assert.ok(requests.length >= beforeUpload);
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A preset, then one more pipeline from the menus. */
async function presetThenBuilder(page) {
  await page.selectOption('#preset', 'pater');
  await page.click('#apply-preset');
  assert.equal((await page.inputValue('#specs')).split('\n').length, 6);
  await page.click('summary:has-text("Build a pipeline")');
  await page.selectOption('#builder-stage', 'zscore');
  await page.click('#builder-add-stage');
  await page.selectOption('#builder-stage', 'pa1');
  await page.fill('#param-pa1-c', '0.5');
  await page.click('#builder-add-stage');
  await page.selectOption('#builder-modifier', 'avg');
  await page.click('#builder-add-pipeline');
  const specs = (await page.inputValue('#specs')).split('\n');
  assert.equal(specs.length, 7);
  assert.equal(specs[6], 'zscore | pa1(c=0.5) +avg');
  // The registry's modifiers are the menu's, +drift among them (docs/algorithms.md 6.10).
  const modifiers = await page.$$eval('#builder-modifier option', (o) => o.map((x) => x.value));
  assert.deepEqual(modifiers, ['', 'avg', 'vote', 'platt', 'temperature', 'drift']);
  // leader's members are averaged and calibrated already (docs/algorithms.md 4.32): after it
  // the menu offers +drift alone.
  await page.selectOption('#builder-stage', 'leader');
  await page.click('#builder-add-stage');
  const offered = await page.$$eval('#builder-modifier option', (o) =>
    o.filter((x) => !x.disabled).map((x) => x.value),
  );
  assert.deepEqual(offered, ['', 'drift']);
  await page.click('button:has-text("Start over")');
}

/** Keep two pipelines, hold out 20%, run on another sample. */
async function holdoutOnAnotherSample(page) {
  await page.fill('#specs', 'zscore | logreg\nzscore | pa1(c=0.5) +avg');
  await page.selectOption('#dataset', 'breast_cancer_wdbc.csv');
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'mean_radius',
  );
  await page.selectOption('#holdout', '0.2');
  await page.click('#run');
  await resultsShow(page, 2, 569);
  await page.waitForFunction(() =>
    /Holdout: each pipeline trained on 80%/.test(
      document.querySelector('#holdout-status').textContent,
    ),
  );
  const acc = await page.$$eval('#results tbody td[data-key="testAccuracy"]', (t) =>
    t.map((c) => Number(c.textContent)),
  );
  assert.equal(acc.length, 2);
  for (const a of acc) assert.ok(a > 0.85 && a <= 1, `test accuracy ${a}`);
}

/** Sorting by a column, both ways. */
async function sortsBothWays(page) {
  await page.click('#results thead button:has-text("progressive error")');
  const errorsUp = await page.$$eval('#results tbody td[data-key="error"]', (t) =>
    t.map((c) => Number(c.textContent)),
  );
  assert.deepEqual(
    errorsUp,
    [...errorsUp].sort((x, y) => x - y),
  );
  assert.equal(
    await page.$eval('#results thead th[aria-sort]', (th) => th.getAttribute('aria-sort')),
    'ascending',
  );
  await page.click('#results thead button:has-text("progressive error")');
  const errorsDown = await page.$$eval('#results tbody td[data-key="error"]', (t) =>
    t.map((c) => Number(c.textContent)),
  );
  assert.deepEqual(errorsDown, [...errorsUp].reverse());
}

/** The learned scales of the first pipeline (zscore means, sds; logreg weights). */
async function learnedScales(page) {
  await page.selectOption('#scales-pipeline', { index: 0 });
  const arrays = await page.$$eval('#scales-array option', (o) => o.map((x) => x.textContent));
  assert.ok(arrays.includes('scaler 1 (zscore): mean'));
  assert.ok(arrays.includes('learner (logreg): w'));
  if (shots) await page.screenshot({ path: join(shots, 'holdout-and-scales.png'), fullPage: true });
}

/** An LP shaper's curve for one feature. */
async function lpShaperCurve(page) {
  await page.fill('#specs', 'lp(warmup=200) | logreg');
  await page.selectOption('#holdout', '0');
  await page.click('#run');
  await resultsShow(page, 1, 569);
  await page.selectOption('#scales-array', 'scaler 1 (lp): shaping curve of mean_radius');
  // An LP shaper has no linear form: its model downloads, as JSON only.
  assert.equal(await page.locator('#results button.download-model').count(), 1);
  assert.equal(await page.locator('#results button.download-onnx').count(), 0);
  await page.waitForSelector('#shaping canvas');
  // The curve in words and as a table (chart_text.ts).
  assert.match(
    await text(page, '#shaping-summary'),
    /^scaler 1 \(lp\): shaping curve of mean_radius: the file's values [-\d.e]+ to [-\d.e]+ are shaped to [-\d.e]+ to [-\d.e]+, (rising|falling|neither rising nor falling), at \d+ points\.$/,
  );
  assert.ok(
    (await page.$$eval('#shaping + .chart-text table tbody tr', (rows) => rows.length)) > 1,
  );
}

/** The setup as a link: a new page opened on it has the same setup (and no data in the link). */
async function sharedLink(context, page) {
  await page.fill('#specs', 'zscore | logreg\nzscore | pa1(c=0.5) +avg');
  await page.selectOption('#holdout', '0.2');

  await page.click('#share');
  const link = page.url();
  assert.match(link, /#p=/);
  assert.doesNotMatch(link, /mean_radius|17\.99/, 'the link holds no data');
  const second = await context.newPage();
  await second.goto(link);
  await resultsShow(second, 2, 569);
  assert.equal(await second.inputValue('#specs'), 'zscore | logreg\nzscore | pa1(c=0.5) +avg');
  assert.equal(await second.inputValue('#holdout'), '0.2');
  assert.equal(await second.inputValue('#dataset'), 'breast_cancer_wdbc.csv');
}

test('presets, the builder, a holdout, sorting and a shared link', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);

  await presetThenBuilder(page);
  await holdoutOnAnotherSample(page);
  await sortsBothWays(page);
  await learnedScales(page);
  await lpShaperCurve(page);
  await sharedLink(context, page);

  assert.deepEqual(foreign(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('narrow screens: the page fits a phone width', async () => {
  const { context, page } = await openPage(site, { width: 390, height: 844 });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
  if (shots) await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  await context.close();
});
