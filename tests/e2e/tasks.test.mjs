// Classes and numbers in the demo (docs/algorithms.md 1.8), in headless Chromium: a file whose
// label has three classes, and one whose label is a number, each run with the defaults of its
// task; the results show that task's figures beside their baseline and none of yes/no labels'
// columns; the confusion matrix names its classes and sets its diagonal apart; the charts say
// what they add up; the weights are one column per class; and a yes/no file shows what it did.
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
  assert.equal(
    await page.inputValue('#specs'),
    'zscore | softmax +avg\nzscore | mpa2 +avg\nzscore | logreg',
  );
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
  assert.match(await text(page, '#baseline'), /majority class \(Adelie\) is right on 0\.4419/);
  assert.doesNotMatch(await text(page, '#problems'), /one class|negative/);

  // The confusion matrix of the first pipeline: named classes, counts summing to the rows, the
  // diagonal set apart.
  assert.equal(await page.isVisible('#breakdown-panel'), true);
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
  // The evaluation protocols take yes/no labels: neither is offered for classes.
  assert.equal(await page.isDisabled('#cv-run'), true);
  assert.match(await text(page, '#cv-status'), /takes yes\/no labels: choose a positive class/);
  // One-vs-rest around logreg too.
  await page.selectOption('#scales-pipeline', '2');
  assert.match(await page.inputValue('#scales-array'), /one-vs-rest.*: weights per class$/);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});

/** Whether the package's scorer gives the true numbers (ScoredRows.targets) that the sample of
 * predictions needs. */
async function scorerHasTargets() {
  const op = await load();
  const cars = readFixture('cars_mpg.csv');
  const runner = op.csvRunner({ onError: 'skip' });
  runner.push(cars);
  runner.finish();
  const scorer = op.csvScorer(runner.modelJSON(0), { onError: 'skip' });
  const has = scorer.push(cars).targets !== undefined;
  scorer.dispose();
  runner.dispose();
  return has;
}

test('a numeric label runs with the defaults of a number, beside the mean', async (t) => {
  const { context, page, errors, foreign } = await openPage(site);
  await choose(page, 'cars_mpg.csv', 'Cylinders');
  assert.equal(
    await page.inputValue('#specs'),
    'zscore | pareg2 +avg\nzscore | linreg\nzscore | huber',
  );
  assert.equal(await text(page, '#positive option'), 'none: the label is a number to predict');
  // A yes/no learner is refused before the run, naming the learners of a number.
  await page.fill('#specs', 'zscore | logreg');
  await page.click('#run');
  assert.match(await text(page, '#spec-error'), /pareg, pareg1, pareg2, linreg, huber/);
  await page.fill('#specs', 'zscore | pareg2 +avg\nzscore | linreg\nzscore | huber');
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
  await page.waitForFunction(() => !document.querySelector('#run').disabled);
  await page.setInputFiles('#model-file', {
    name: 'model.json',
    mimeType: 'application/json',
    buffer: Buffer.from(await readDownload(model)),
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
  if (!(await scorerHasTargets())) {
    assert.match(await text(page, '#sample-status'), /^No sample of predictions: /);
    t.skip('the package scorer gives no true numbers (ScoredRows.targets) yet');
  } else {
    assert.match(await text(page, '#sample-status'), /^Every row with a number: 398\./);
    assert.equal(await page.getAttribute('#predicted-actual', 'data-points'), '398');
    assert.equal(
      await page.getAttribute('#predicted-actual', 'data-axes'),
      'true number | predicted number',
    );
    assert.equal(
      await page.getAttribute('#residuals', 'data-axes'),
      'predicted number | residual (true minus predicted)',
    );
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign(), []);
  await context.close();
});

test('a yes/no file shows the confusion counts and no breakdown, and gets its preset back', async () => {
  const { context, page, errors } = await openPage(site);
  await choose(page, 'penguins.csv', 'Island');
  await page.selectOption('#dataset', 'heart.csv');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'age');
  assert.equal(
    await page.inputValue('#specs'),
    'zscore | pa2(c=0.1) +avg\nzscore | logreg\nperceptron',
  );
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
  assert.equal(
    await page.inputValue('#specs'),
    'zscore | pa2(c=0.1) +avg\nzscore | logreg\nperceptron',
  );
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
