// Classes and numbers in the demo (docs/algorithms.md 1.8), in headless Chromium: a file whose
// label has three classes, and one whose label is a number, each run with the defaults of its
// task; the results show that task's figures beside their baseline and none of yes/no labels'
// columns; the confusion matrix names its classes and sets its diagonal apart; the charts say
// what they add up; the weights are one column per class; a number's sample of predictions is
// the file's true numbers beside the saved model's predictions; the holdout and
// cross-validation give each task's figures beside the training part's baseline, as the
// package's own holdout and crossValidate do; a yes/no file shows what it did; and a file of
// another task after a run shows nothing of that run. The start presets begin with the core's
// default of the task, as the preview names it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { load } from '../../lib/index.js';
import { readFixture } from '../js/helpers.mjs';
import { openPage, readDownload, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const headings = (page) =>
  page.$$eval('#results thead th', (ths) => ths.map((t) => t.textContent.replace(/ [▲▼]$/, '')));
const baselineCells = (page) =>
  page.$$eval('#results tfoot tr.baseline-row > *', (cells) =>
    Object.fromEntries(
      cells.filter((c) => c.dataset.key).map((c) => [c.dataset.key, c.textContent]),
    ),
  );
const BINARY_ONLY = ['precision', 'recall', 'tp', 'fp', 'tn', 'fn'];

let op;
/** The core's default pipeline of a fixture's task, as the preview names it. */
async function defaultOf(name) {
  op ??= await load();
  return op.previewCsv(readFixture(name).toString(), { complete: true, header: 'auto' })
    .defaultPipeline;
}
/** The start presets of classes and of a number: the core's default, then two others. */
const classesStart = async () =>
  [await defaultOf('penguins.csv'), 'zscore | mpa2 +avg', 'zscore | logreg'].join('\n');
const numberStart = async () =>
  [await defaultOf('cars_mpg.csv'), 'zscore | linreg', 'zscore | huber'].join('\n');

/** A fixture read into memory as the page's worker reads it for the evaluation protocols. */
async function datasetOf(name, options = {}) {
  op ??= await load();
  return op.loadDataset(readFixture(name), { header: 'auto', ...options });
}
/** The holdout the page runs: a shuffled 20% with the seed 1. */
const HOLDOUT = { testFraction: 0.2, seed: 1, shuffle: true };
/** Cross-validation as the page's worker runs it: shuffled, with the seed 1. */
const CV = { seed: 1, shuffle: true };
const fixed = (x) => x.toFixed(4);
/** The cells of a results column, by pipeline. */
const column = (page, key) =>
  page.$$eval(`#results tbody td[data-key="${key}"]`, (t) => t.map((x) => x.textContent));

/** Runs again with a 20% holdout, and waits for its test. */
async function runWithHoldout(page, rows) {
  await page.selectOption('#holdout', '0.2');
  await page.click('#run');
  await resultsShow(page, 3, rows);
  await page.waitForFunction(() =>
    /^Holdout: /.test(document.querySelector('#holdout-status').textContent),
  );
}

/** Classes on the holdout: the test columns of classes (none of yes/no labels'), each pipeline's
 * figures equal to the package's holdout and above the training part's majority class, which
 * the baseline row and line give. */
async function holdoutOfClasses(page, data, specs) {
  await runWithHoldout(page, 344);
  const heads = await headings(page);
  for (const h of ['test accuracy', 'test balanced accuracy', 'test macro F1', 'test log-loss'])
    assert.ok(heads.includes(h), `${h} is a column: ${heads}`);
  for (const h of ['test AUC', 'test F1']) assert.ok(!heads.includes(h), `no ${h} for classes`);
  const runs = specs.map((spec) => data.holdout(spec, HOLDOUT));
  const shown = await column(page, 'testAccuracy');
  assert.deepEqual(
    shown,
    runs.map((r) => fixed(r.test.accuracy)),
  );
  assert.deepEqual(
    await column(page, 'testMacroF1'),
    runs.map((r) => fixed(r.test.macroF1)),
  );
  const base = runs[0].test.baselineAccuracy;
  assert.equal((await baselineCells(page)).testAccuracy, fixed(base));
  for (const a of shown) assert.ok(Number(a) > base, `${a} above the majority class's ${base}`);
  assert.match(
    await text(page, '#baseline'),
    new RegExp(`on the holdout it has accuracy ${fixed(base)}`),
  );
  const useless = await page.$$eval('#results .mark.useless', (m) => m.map((x) => x.textContent));
  assert.ok(!useless.includes('no better than the majority class'), useless.join('; '));
}

/** Cross-validates `spec` over a grid of two, in the page and in the package: the task's
 * figures, the same means and deviations, the baseline row (the training folds' majority class
 * or mean) below every candidate, and the best by the task's own measure marked. */
async function crossValidationOf(page, data, spec, task) {
  const grid = task === 'regression' ? 'c=0.001,0.1' : 'eta0=0.01,0.5';
  await page.selectOption('#cv-pipeline', spec);
  await page.selectOption('#cv-folds', '5');
  await page.fill('#cv-grid', grid);
  assert.equal(await page.isDisabled('#cv-run'), false);
  await page.click('#cv-run');
  await page.waitForFunction(() =>
    /^5-fold cross-validation/.test(document.querySelector('#cv-status').textContent),
  );
  const heads = await page.$$eval('#cv-results thead th', (t) => t.map((x) => x.textContent));
  const figures =
    task === 'regression'
      ? ['mae', 'rmse', 'r2']
      : ['accuracy', 'balancedAccuracy', 'macroF1', 'logLoss'];
  assert.deepEqual(
    heads,
    task === 'regression'
      ? ['pipeline', 'mean absolute error (MAE)', 'root mean squared error (RMSE)', 'R²']
      : ['pipeline', 'accuracy', 'balanced accuracy', 'macro F1', 'log-loss'],
  );
  const rows = await page.$$eval('#cv-results tbody tr', (trs) =>
    trs.map((tr) => ({
      spec: tr.dataset.spec,
      best: !!tr.querySelector('.mark.best'),
      cells: Object.fromEntries(
        [...tr.querySelectorAll('td[data-key]')].map((td) => [td.dataset.key, td.textContent]),
      ),
    })),
  );
  const specs = op.gridSpecs(spec, grid);
  assert.deepEqual(
    rows.map((r) => r.spec),
    specs,
  );
  const expected = specs.map((s) => data.crossValidate(s, 5, CV));
  const both = (m, sd, k) => (m[k] == null ? '–' : `${fixed(m[k])} ± ${fixed(sd[k])}`);
  rows.forEach((r, i) => {
    for (const k of figures) assert.equal(r.cells[k], both(expected[i].mean, expected[i].sd, k));
  });
  // The baseline: the same folds for every candidate.
  const baseline = await page.$$eval('#cv-results tfoot tr.baseline-row > *', (cells) =>
    cells.map((c) => [c.dataset.key, c.textContent]),
  );
  const { mean, sd } = expected[0];
  const key = task === 'regression' ? 'r2' : 'accuracy';
  const baseKey = task === 'regression' ? 'baselineR2' : 'baselineAccuracy';
  assert.equal(Object.fromEntries(baseline)[key], both(mean, sd, baseKey));
  for (const e of expected) assert.ok(e.mean[key] > e.mean[baseKey], `${key} above the baseline`);
  // The best: the highest mean balanced accuracy, or the lowest mean RMSE.
  const score = (e) => (task === 'regression' ? -e.mean.rmse : e.mean.balancedAccuracy);
  const top = Math.max(...expected.map(score));
  assert.deepEqual(
    rows.map((r) => r.best),
    expected.map((e) => score(e) === top),
  );
  assert.ok(rows.some((r) => r.best));
  const said = await text(page, '#cv-explain');
  assert.match(said, task === 'regression' ? /lowest mean RMSE/ : /best by mean balanced accuracy/);
}

/** Opens the page (it runs the bundled yes/no data first), then chooses a fixture. */
async function choose(page, name, firstColumn) {
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.setInputFiles('#file', { name, mimeType: 'text/csv', buffer: readFixture(name) });
  await page.waitForFunction(
    (c) => document.querySelector('#preview th')?.textContent === c,
    firstColumn,
  );
}

test('a label of three classes runs with the defaults of classes, beside the majority class', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await choose(page, 'penguins.csv', 'Island');
  // The start preset follows the task; the positive-class menu says every class is learned.
  assert.equal(await page.inputValue('#specs'), await classesStart());
  assert.match(await page.inputValue('#specs'), /softmax/, 'the default of classes learns them');
  assert.match(await text(page, '#positive option'), /^none: learn every class \(3 in/);
  await page.click('#run');
  await resultsShow(page, 3, 344);

  const heads = await headings(page);
  for (const h of ['mistakes', 'accuracy', 'balanced accuracy', 'macro F1', 'log-loss'])
    assert.ok(heads.includes(h), `${h} is a column: ${heads}`);
  for (const h of BINARY_ONLY) assert.ok(!heads.includes(h), `no ${h} column for classes`);
  const base = await baselineCells(page);
  assert.equal(base.pipeline, 'baseline: always Adelie, the majority class');
  assert.equal(base.accuracy, (152 / 344).toFixed(4));
  assert.equal(base.rows, '344');
  assert.equal(base.macroF1, '–'); // the core gives the baseline's accuracy only
  assert.match(await text(page, '#baseline'), /most common label \(Adelie\) is right on 0\.4419/);
  assert.doesNotMatch(await text(page, '#problems'), /one class|negative/);

  // The confusion matrix of the first pipeline: named classes, counts summing to the rows, the
  // diagonal set apart.
  assert.equal(await page.isVisible('#breakdown-panel'), true);
  // Its menu names the pipelines as the results do, each spec on hover.
  const named = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => [tr.querySelector('.pipeline-name').textContent, tr.dataset.pipeline]),
  );
  assert.ok(
    named.every(([name, spec]) => name !== spec),
    JSON.stringify(named),
  );
  assert.deepEqual(
    await page.$$eval('#breakdown-pipeline option', (os) =>
      os.map((o) => [o.textContent, o.title]),
    ),
    named,
  );
  const names = await page.$$eval('#confusion thead tr:nth-child(2) th', (t) =>
    t.map((x) => x.textContent),
  );
  assert.deepEqual(names, ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.match(await text(page, '#confusion thead'), /predicted class/);
  assert.match(await text(page, '#confusion tbody'), /actual class/);
  const cells = await page.$$eval('#confusion tbody td[data-count]', (tds) =>
    tds.map((t) => ({
      n: Number(t.dataset.count),
      right: t.classList.contains('right'),
      same: t.dataset.actual === t.dataset.predicted,
    })),
  );
  assert.equal(cells.length, 9);
  assert.equal(
    cells.reduce((s, c) => s + c.n, 0),
    344,
  );
  assert.deepEqual(
    cells.map((c) => c.right),
    cells.map((c) => c.same),
  );
  const right = await page.$eval('#confusion td.right', (t) => getComputedStyle(t).fontWeight);
  assert.equal(right, '700');
  const mistakes = Number(
    await text(page, '#results tbody tr:first-child td[data-key="mistakes"]'),
  );
  const wrong = cells.filter((c) => !c.right).reduce((s, c) => s + c.n, 0);
  assert.equal(wrong, mistakes, 'the cells off the diagonal are the mistakes');
  assert.equal(await page.locator('#per-class tbody tr').count(), 3);

  // The charts count mistakes; the weights are one column per class.
  assert.equal(await page.getAttribute('#chart', 'data-y-label'), 'cumulative mistakes');
  assert.equal(await page.getAttribute('#rolling', 'data-y-label'), 'error rate, recent rows');
  assert.equal(await text(page, '#chart-title'), 'Cumulative mistakes');
  assert.match(await page.inputValue('#scales-array'), /: weights per class$/);
  const columns = await page.$$eval('#scales thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(columns, ['feature', 'Adelie', 'Chinstrap', 'Gentoo']);
  assert.equal(await page.locator('#scales tbody tr').count(), 10);
  // One-vs-rest around logreg too.
  await page.selectOption('#scales-pipeline', '2');
  assert.match(await page.inputValue('#scales-array'), /one-vs-rest.*: weights per class$/);

  // The holdout and cross-validation of classes, as the package gives them.
  const specs = (await classesStart()).split('\n');
  const data = await datasetOf('penguins.csv');
  await holdoutOfClasses(page, data, specs);
  await crossValidationOf(page, data, specs[0], 'multiclass');
  data.dispose();
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});

test('a numeric label runs with the defaults of a number, beside the mean', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await choose(page, 'cars_mpg.csv', 'Cylinders');
  const start = await numberStart();
  assert.equal(await page.inputValue('#specs'), start);
  assert.match(start, /^zscore \| pareg/, 'the default of a number learns one');
  assert.equal(await text(page, '#positive option'), 'none: the label is a number to predict');
  // A yes/no learner is refused before the run, naming the learners of a number.
  await page.fill('#specs', 'zscore | logreg');
  await page.click('#run');
  assert.match(await text(page, '#spec-error'), /pareg, pareg1, pareg2, linreg, huber/);
  await page.fill('#specs', start);
  await page.selectOption('#on-error', 'skip'); // 8 rows have no number
  await page.click('#run');
  await resultsShow(page, 3, 398);

  const heads = await headings(page);
  for (const h of ['mean absolute error (MAE)', 'root mean squared error (RMSE)', 'R²'])
    assert.ok(heads.includes(h), `${h} is a column: ${heads}`);
  for (const h of [...BINARY_ONLY, 'mistakes', 'accuracy', 'log-loss'])
    assert.ok(!heads.includes(h), `no ${h} column for a number`);
  const base = await baselineCells(page);
  assert.equal(base.pipeline, 'baseline: the mean of the labels before each row');
  const maes = await page.$$eval('#results tbody td[data-key="mae"]', (t) =>
    t.map((x) => Number(x.textContent)),
  );
  for (const mae of maes) assert.ok(mae < Number(base.mae), `${mae} below the mean's ${base.mae}`);
  assert.match(await text(page, '#baseline'), /by the mean of the labels before it/);
  assert.equal(await page.locator('#results .mark.useless').count(), 0);

  assert.equal(await page.getAttribute('#chart', 'data-y-label'), 'cumulative absolute error');
  assert.equal(
    await page.getAttribute('#rolling', 'data-y-label'),
    'mean absolute error, recent rows',
  );
  assert.equal(await text(page, '#chart-title'), 'Cumulative absolute error');
  assert.equal(await text(page, '#rolling-title'), 'Recent mean absolute error');
  const arrays = await page.$$eval('#scales-array option', (o) => o.map((x) => x.textContent));
  assert.ok(
    arrays.some((a) => /^learner .*: weights$/.test(a)),
    arrays.join('; '),
  );
  assert.equal(await page.isVisible('#confusion'), false);
  assert.match(await text(page, '#holdout-status'), /^$/);

  // A saved model of a number predicts the data in the scorer's words: errors, not accuracy.
  const [model] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#results tbody tr:first-child button.download-model'),
  ]);
  const modelText = await readDownload(model);
  await page.waitForFunction(() => !document.querySelector('#run').disabled);
  await page.setInputFiles('#model-file', {
    name: 'model.json',
    mimeType: 'application/json',
    buffer: Buffer.from(modelText),
  });
  await page.click('#score');
  await page.waitForFunction(() =>
    /rows predicted|Could not/.test(document.querySelector('#score-status').textContent),
  );
  const scored = await text(page, '#score-status');
  assert.match(scored, /MAE \d/);
  assert.doesNotMatch(scored, /accuracy/);

  // The predictions of a sample of rows against the true numbers, once the worker made them.
  assert.equal(await text(page, '#breakdown-title'), 'Predictions against the true numbers');
  await page.waitForFunction(
    () => !/Predicting/.test(document.querySelector('#sample-status').textContent),
  );
  // Every row with a number (8 have none), each drawn once.
  assert.match(await text(page, '#sample-status'), /^Every row with a number: 398\./);
  assert.equal(await page.getAttribute('#predicted-actual', 'data-points'), '398');
  assert.equal(await page.getAttribute('#residuals', 'data-points'), '398');
  assert.equal(
    await page.getAttribute('#predicted-actual', 'data-axes'),
    'true number | predicted number',
  );
  assert.equal(
    await page.getAttribute('#residuals', 'data-axes'),
    'predicted number | residual (true minus predicted)',
  );
  // What the plots draw, downloaded: the true numbers are the file's, at the file's lines; the
  // predictions are the saved model's; the residual is true minus predicted.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-sample')]);
  const [header, ...lines] = (await readDownload(csv)).trim().split('\n');
  assert.equal(header, 'line,true,predicted,residual');
  assert.equal(lines.length, 398);
  const file = readFixture('cars_mpg.csv').toString().split(/\r?\n/);
  const mpgAt = file[0].split(',').indexOf('Miles_per_Gallon');
  const scorer = (op ??= await load()).csvScorer(modelText, { onError: 'skip' });
  const byLine = new Map();
  for (const part of [scorer.push(readFixture('cars_mpg.csv')), scorer.finish()])
    part.lines.forEach((line, k) => byLine.set(line, part.values[k]));
  scorer.dispose();
  const seen = new Set();
  for (const row of lines) {
    const [line, actual, predicted, residual] = row.split(',').map(Number);
    assert.ok(!seen.has(line), `line ${line} once`);
    seen.add(line);
    assert.equal(
      actual,
      Number(file[line - 1].split(',')[mpgAt]),
      `the file's number, line ${line}`,
    );
    assert.ok(
      Math.abs(predicted - byLine.get(line)) < 1e-9,
      `the model's prediction, line ${line}`,
    );
    assert.equal(residual, actual - predicted, `true minus predicted, line ${line}`);
  }
  const withNumber = file.slice(1).filter((l) => l && l.split(',')[mpgAt] !== '').length;
  assert.equal(seen.size, withNumber, 'every row with a number');
  // Each plot in words and as a table (chart_text.ts): the summary's figures are the rows'.
  const residuals = lines.map((row) => row.split(',').map(Number)[3]);
  const four = (v) => String(Number(v.toPrecision(4)));
  const mae = residuals.reduce((a, r) => a + Math.abs(r), 0) / residuals.length;
  const largest = Math.max(...residuals.map(Math.abs));
  assert.match(
    await text(page, '#predicted-actual-summary'),
    new RegExp(
      `^Predicted against true number, 398 sampled rows: mean absolute error ${four(mae).replace('.', '\\.')}; ` +
        `the largest miss ${four(largest).replace('.', '\\.')} \\(line \\d+: true `,
    ),
  );
  const mean = residuals.reduce((a, r) => a + r, 0) / residuals.length;
  assert.equal(
    await text(page, '#residuals-summary'),
    `Residuals (true minus predicted) against the prediction, 398 sampled rows: mean ${four(mean)} ` +
      `(0 when the predictions are not biased), from ${four(Math.min(...residuals))} to ` +
      `${four(Math.max(...residuals))}.`,
  );
  for (const id of ['predicted-actual', 'residuals'])
    assert.equal(
      await page.$$eval(`#${id} + .chart-text table tbody tr`, (rows) => rows.length),
      11,
      `${id}: its data at eleven points`,
    );
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});

test("a number's holdout and cross-validation: its errors and R² beside the mean's, as the package gives them", async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await choose(page, 'cars_mpg.csv', 'Cylinders');
  const specs = (await numberStart()).split('\n');
  await page.selectOption('#on-error', 'skip'); // 8 rows have no number
  await runWithHoldout(page, 398);
  const heads = await headings(page);
  for (const h of ['MAE', 'RMSE', 'R²'].map((x) => new RegExp(`^test .*${x}\\)?$`)))
    assert.ok(
      heads.some((t) => h.test(t)),
      `${h} is a column: ${heads}`,
    );
  for (const h of ['test accuracy', 'test log-loss']) assert.ok(!heads.includes(h), h);
  const data = await datasetOf('cars_mpg.csv', { onError: 'skip' });
  const runs = specs.map((spec) => data.holdout(spec, HOLDOUT));
  const r2 = await column(page, 'testR2');
  assert.deepEqual(
    r2,
    runs.map((r) => fixed(r.test.r2)),
  );
  assert.deepEqual(
    await column(page, 'testRmse'),
    runs.map((r) => fixed(r.test.rmse)),
  );
  const base = await baselineCells(page);
  assert.equal(base.testR2, fixed(runs[0].test.baselineR2));
  assert.equal(base.testMae, fixed(runs[0].test.baselineMae));
  for (const v of r2) assert.ok(Number(v) > Number(base.testR2), `R² ${v} above the mean's`);
  assert.match(
    await text(page, '#baseline'),
    /on the holdout, predicting every test row by the mean of the training rows/,
  );
  // The best is the lowest test RMSE.
  const rmse = runs.map((r) => r.test.rmse);
  const best = await page.$$eval('#results tbody tr', (trs) =>
    trs.filter((tr) => tr.querySelector('.mark.best')).map((tr) => tr.dataset.pipeline),
  );
  assert.deepEqual(best, [specs[rmse.indexOf(Math.min(...rmse))]]);
  // The sample of predictions comes after the holdout; the page is free once both have.
  await page.waitForFunction(() =>
    /^Every row with a number/.test(document.querySelector('#sample-status').textContent),
  );
  await page.waitForFunction(() => !document.querySelector('#run').disabled);
  await crossValidationOf(page, data, specs[0], 'regression');
  data.dispose();
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});

test('a yes/no file shows the confusion counts and no breakdown, and gets its preset back', async () => {
  const { context, page, errors } = await openPage(site);
  await choose(page, 'penguins.csv', 'Island');
  await page.selectOption('#dataset', 'heart.csv');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'age');
  assert.equal(await page.inputValue('#specs'), 'zscore | leader\nzscore | logreg\nperceptron');
  await page.click('#run');
  await resultsShow(page, 3, 270);
  const heads = await headings(page);
  for (const h of ['progressive error', ...BINARY_ONLY]) assert.ok(heads.includes(h), h);
  const base = await baselineCells(page);
  assert.equal(base.pipeline, 'baseline: always -1, the majority class');
  assert.equal(base.error, '0.4444');
  assert.equal(base.tp, '0');
  assert.equal(base.fn, '120');
  assert.equal(await page.isVisible('#breakdown-panel'), false);
  assert.equal(await page.getAttribute('#chart', 'data-y-label'), 'cumulative mistakes');
  // A class chosen as positive on a file of classes learns it against the rest: yes/no.
  await page.setInputFiles('#file', {
    name: 'penguins.csv',
    mimeType: 'text/csv',
    buffer: readFixture('penguins.csv'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'Island');
  await page.selectOption('#positive', 'Gentoo');
  assert.equal(await page.inputValue('#specs'), 'zscore | leader\nzscore | logreg\nperceptron');
  await page.click('#run');
  await resultsShow(page, 3, 344);
  assert.ok((await headings(page)).includes('tp'));
  assert.equal(await page.isVisible('#breakdown-panel'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('many classes: the matrix names the largest and adds up the others, still summing to the rows', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  // 15 classes, class k on 20 + k rows, its one feature near k.
  const rows = ['x,kind'];
  for (let k = 0; k < 15; k++)
    for (let i = 0; i < 20 + k; i++) rows.push(`${k + (i % 5) / 10},c${k}`);
  await page.setInputFiles('#file', {
    name: 'kinds.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n') + '\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x');
  await page.click('#run');
  const total = rows.length - 1;
  await resultsShow(page, 3, total);
  const names = await page.$$eval('#confusion thead tr:nth-child(2) th', (t) =>
    t.map((x) => x.textContent),
  );
  assert.equal(names.length, 13);
  assert.equal(names.at(-1), '3 other classes');
  assert.ok(!names.includes('c0') && names.includes('c14'), names.join(', '));
  const counts = await page.$$eval('#confusion tbody td[data-count]', (tds) =>
    tds.map((t) => Number(t.dataset.count)),
  );
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    total,
  );
  assert.equal(await page.locator('#confusion td.right').count(), 12); // not the others' cell
  assert.match(await text(page, '#confusion-note'), /^15 classes: the 12 with the most rows/);
  assert.equal(await page.locator('#per-class tbody tr').count(), 15);
  assert.deepEqual(errors, []);
  await context.close();
});

/** What the page shows of a run: the results' rows, columns and baseline, the breakdown (the
 * confusion matrix, each class, the sample of predictions), the charts and the weights. */
const shown = (page) =>
  page.evaluate(() => {
    const visible = (id) => {
      const e = document.getElementById(id);
      return !!e && e.offsetParent !== null && !e.closest('[hidden]');
    };
    const all = (sel) => [...document.querySelectorAll(sel)];
    const chart = document.getElementById('chart').dataset;
    return {
      rows: all('#results tbody tr').length,
      heads: all('#results thead th').map((t) => t.textContent.replace(/ [▲▼]$/, '')),
      baselineRow: all('#results tfoot tr.baseline-row > *').length,
      baseline: document.getElementById('baseline').textContent,
      breakdown: visible('breakdown-panel'),
      confusion: visible('confusion') ? all('#confusion td[data-count]').length : 0,
      perClass: visible('per-class') ? all('#per-class tbody tr').length : 0,
      sample: visible('sample-status') ? document.getElementById('sample-status').textContent : '',
      points: visible('residuals')
        ? Number(document.getElementById('residuals').dataset.points)
        : 0,
      chart: [chart.yLabel, Number(chart.series), Number(chart.rows)],
      chartTitle: document.getElementById('chart-title').textContent,
      classWeights: all('#scales th.class-weights').map((t) => t.textContent),
      weights: all('#scales tr').length,
    };
  });

/** Chooses a fixture as the user's own file, and waits for its preview. */
async function drop(page, name, firstColumn) {
  await page.setInputFiles('#file', { name, mimeType: 'text/csv', buffer: readFixture(name) });
  await page.waitForFunction(
    (c) => document.querySelector('#preview th')?.textContent === c,
    firstColumn,
  );
}

/** Nothing of a run is shown: no rows, no baseline, no breakdown, no lines, no weights; the
 * empty table and the charts already have the words of `task`. */
function nothingOfARun(now, task) {
  assert.equal(now.rows, 0);
  assert.equal(now.baselineRow, 0);
  assert.equal(now.baseline, '');
  assert.equal(now.breakdown, false);
  assert.equal(now.confusion + now.perClass + now.points, 0);
  assert.deepEqual(now.chart.slice(1), [0, 0], 'no lines');
  assert.equal(now.weights, 0);
  const heads = now.heads.join(', ');
  if (task === 'binary') assert.match(heads, /progressive error.*tp/);
  if (task === 'multiclass') assert.match(heads, /accuracy, balanced accuracy, macro F1/);
  if (task === 'regression') assert.match(heads, /MAE.*RMSE.*R²/);
  if (task !== 'binary') for (const h of BINARY_ONLY) assert.ok(!now.heads.includes(h), h);
  if (task === 'regression') assert.ok(!now.heads.includes('mistakes'));
  if (task !== 'regression') assert.ok(!heads.includes('MAE'));
}

test('a file of another task after a run: nothing of the run before is left, each runs with its defaults', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the bundled yes/no sample, with the yes/no defaults
  let now = await shown(page);
  assert.equal(now.breakdown, false);
  assert.ok(now.weights > 0);
  assert.deepEqual(now.classWeights, []);
  assert.equal(now.chart[0], 'cumulative mistakes');

  // Yes/no, then classes: nothing of yes/no is left, before the run and after it.
  await drop(page, 'penguins.csv', 'Island');
  nothingOfARun(await shown(page), 'multiclass');
  assert.equal(await page.inputValue('#specs'), await classesStart());
  await page.click('#run');
  await resultsShow(page, 3, 344);
  now = await shown(page);
  for (const h of BINARY_ONLY) assert.ok(!now.heads.includes(h), `no ${h} column`);
  assert.match(now.baseline, /most common label \(Adelie\)/);
  assert.equal(now.confusion, 9);
  assert.equal(now.perClass, 3);
  assert.deepEqual(now.classWeights, ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.deepEqual(now.chart, ['cumulative mistakes', 3, 344]);

  // Classes, then a number: no confusion matrix, no class, no mistakes left.
  await drop(page, 'cars_mpg.csv', 'Cylinders');
  now = await shown(page);
  nothingOfARun(now, 'regression');
  assert.equal(now.sample, '');
  assert.equal(await page.inputValue('#specs'), await numberStart());
  await page.selectOption('#on-error', 'skip'); // 8 rows have no number
  await page.click('#run');
  await resultsShow(page, 3, 398);
  await page.waitForFunction(() =>
    /^Every row/.test(document.querySelector('#sample-status').textContent),
  );
  now = await shown(page);
  for (const h of ['mistakes', 'accuracy', 'macro F1', ...BINARY_ONLY])
    assert.ok(!now.heads.includes(h), `no ${h} column`);
  assert.match(now.baseline, /mean of the labels before it/);
  assert.equal(now.breakdown, true);
  assert.equal(now.confusion + now.perClass, 0, 'no confusion matrix');
  assert.equal(now.points, 398);
  assert.deepEqual(now.classWeights, []);
  assert.ok(now.weights > 0);
  assert.deepEqual(now.chart, ['cumulative absolute error', 3, 398]);

  // A number, then yes/no again: its own preset, no errors nor sample left.
  await page.selectOption('#dataset', 'heart.csv');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'age');
  nothingOfARun(await shown(page), 'binary');
  assert.equal(
    await page.inputValue('#specs'),
    [(op ??= await load()).defaultPipeline, 'zscore | logreg', 'perceptron'].join('\n'),
  );
  await page.click('#run');
  await resultsShow(page, 3, 270);
  now = await shown(page);
  for (const h of ['progressive error', ...BINARY_ONLY]) assert.ok(now.heads.includes(h), h);
  assert.ok(!now.heads.some((h) => /MAE|RMSE|R²|macro F1/.test(h)), now.heads.join(', '));
  assert.equal(now.breakdown, false);
  assert.equal(now.sample, '');
  assert.equal(now.points, 0);
  assert.deepEqual(now.chart, ['cumulative mistakes', 3, 270]);
  assert.deepEqual(now.classWeights, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});
