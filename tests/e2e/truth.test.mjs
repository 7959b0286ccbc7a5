// The page shows nothing that is no longer true, and a run that cannot mean anything never looks
// like a result: other data clears the status and the menus of the data before; the sample
// menu does not name a sample while the user's own file is loaded; the file picked before is
// read again when picked again; the pipelines are locked during a run and results are marked
// out of date when the setup changes after it; an empty, header-only or binary file turns Run
// off with the reason; a run that learned nothing shows no results; and a few rows read before a
// bad row rank no pipeline best.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, startSite } from './helpers.mjs';

let site;
let dir;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-truth-'));
  site = await startSite();
});
after(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A CSV of `rows` rows of two numbers and a 0/1 label, with these column names. */
function csv(rows, names = ['a', 'b', 'label']) {
  const lines = [names.join(',')];
  let s = 3;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < rows; i++) {
    const a = r() * 9;
    lines.push([a.toFixed(3), (r() * 5).toFixed(3), a > 4 ? 1 : 0].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const disabled = (page, sel) => page.$eval(sel, (e) => e.disabled);
const bodyRows = (page) => page.locator('#results tbody tr').count();
const previewShows = (page, name) =>
  page.waitForFunction((n) => document.querySelector('#preview th')?.textContent === n, name);
const labels = (page) =>
  page.$$eval('#label option', (os) => os.map((o) => o.textContent).join(','));

async function opened() {
  const opened = await openPage(site);
  await opened.page.goto(`${site.origin}/`);
  await resultsShow(opened.page, 3, 270);
  return opened;
}

test('other data clears the status of the run before', async () => {
  const { context, page, errors } = await opened();
  assert.match(await text(page, '#status'), /^Done: 270 rows/);
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(300) });
  await previewShows(page, 'a');
  assert.equal(await text(page, '#status'), '', 'the heart run is not said of mine.csv');
  await page.click('#run');
  await resultsShow(page, 3, 300);
  assert.match(await text(page, '#status'), /^Done: 300 rows/);
  await page.selectOption('#dataset', 'liver.csv');
  await previewShows(page, 'mcv');
  assert.equal(await text(page, '#status'), '', 'nor the run of mine.csv said of liver.csv');
  assert.equal(await bodyRows(page), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the sample menu names the own file while it is loaded, and a sample can be chosen again', async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(300) });
  await previewShows(page, 'a');
  const named = await page.$eval('#dataset', (s) => s.selectedOptions[0]?.textContent ?? '');
  assert.doesNotMatch(named, /Statlog heart/, 'the sample loaded before is not named');
  assert.match(named, /mine\.csv/);
  // The sample loaded before is one choice again: it is read.
  await page.selectOption('#dataset', 'heart.csv');
  await previewShows(page, 'age');
  assert.match(
    await page.$eval('#dataset', (s) => s.selectedOptions[0].textContent),
    /^Statlog heart/,
  );
  assert.equal(await page.inputValue('#file'), '', 'the file input names no file not chosen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the file picked before is read again when it is picked again after a sample', async () => {
  const { context, page, errors } = await opened();
  const path = join(dir, 'again.csv');
  writeFileSync(path, csv(200));
  // By path, as a file chooser gives it: the browser fires no change for the same file twice
  // unless the input was cleared.
  await page.setInputFiles('#file', path);
  await previewShows(page, 'a');
  await page.selectOption('#dataset', 'liver.csv');
  await previewShows(page, 'mcv');
  await page.setInputFiles('#file', path);
  await previewShows(page, 'a');
  assert.match(await text(page, '#source-name'), /^again\.csv: /);
  await page.click('#run');
  await resultsShow(page, 3, 200);
  assert.deepEqual(errors, []);
  await context.close();
});

const binary = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
/** Files with nothing to learn: name, bytes, the reason said, the columns the menus then have. */
const NOTHING = [
  ['empty.csv', Buffer.alloc(0), /the input is empty/, ''],
  ['header.csv', Buffer.from('p,q,label\n'), /a header but no data rows/, 'p,q,label'],
  ['image.png', binary, /binary file/, ''],
];

/** A good file (so that there are columns of the file before), then `name`. */
async function afterGoodFile(page, name, buffer) {
  await page.setInputFiles('#file', {
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: csv(50, ['x1', 'x2', 'y']),
  });
  await previewShows(page, 'x1');
  await page.setInputFiles('#file', { name, mimeType: 'text/csv', buffer });
  await page.waitForFunction(
    (n) =>
      document.querySelector('#source-name').textContent.startsWith(`${n}:`) &&
      document.querySelector('#preview th')?.textContent !== 'x1',
    name,
  );
}

test('after an empty, header-only or binary file the menus have no column of the file before', async () => {
  const { context, page, errors } = await opened();
  for (const [name, buffer, , columns] of NOTHING) {
    await afterGoodFile(page, name, buffer);
    await page.waitForTimeout(200); // the menus have settled
    assert.equal(await labels(page), columns, `${name}: no column of good.csv in the label menu`);
    assert.equal(await page.locator('#preview th', { hasText: 'x1' }).count(), 0);
    if (!columns) assert.equal(await page.locator('#positive option').count(), 0);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('an empty, header-only or binary file: Run is off with the reason shown, and no result', async () => {
  const { context, page, errors } = await opened();
  for (const [name, buffer, reason] of NOTHING) {
    await afterGoodFile(page, name, buffer);
    await page.waitForFunction(
      () => !document.querySelector('#status').textContent.startsWith('Reading'),
    );
    assert.equal(await disabled(page, '#run'), true, `${name}: Run is off`);
    assert.match(await text(page, '#status'), /^Cannot run: /);
    assert.match(await text(page, '#status'), reason, name);
    assert.match(await page.getAttribute('#run', 'title'), reason);
    assert.equal(await disabled(page, '#cv-run'), true, `${name}: cross-validation is off`);
    // Pressing Run anyway (the button is off) makes no result.
    await page.$eval('#run', (b) => b.click());
    await page.waitForTimeout(300);
    assert.equal(await bodyRows(page), 0, `${name}: no result`);
    for (const id of ['export-json', 'export-curve', 'export-png'])
      assert.equal(await disabled(page, `#${id}`), true, `${name}: #${id} is off`);
    assert.doesNotMatch(await text(page, '#problems'), /kept below/);
    assert.equal(await text(page, '#baseline'), '');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a run that learned nothing shows no results', async () => {
  const { context, page, errors } = await opened();
  // Every data row has a field too few: the first one stops the run, or every one is skipped.
  await page.setInputFiles('#file', {
    name: 'short.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b,label\n1,2\n3,4\n5,6\n'),
  });
  await previewShows(page, 'a');
  await page.click('#run');
  await page.waitForFunction(() => /^Stopped/.test(document.querySelector('#status').textContent));
  assert.equal(await bodyRows(page), 0, 'no rows of 0 rows');
  assert.match(await text(page, '#problems'), /expected 3 fields, found 2\. Nothing was learned\./);
  assert.doesNotMatch(await text(page, '#problems'), /kept below/);
  for (const id of ['export-json', 'export-curve', 'export-png'])
    assert.equal(await disabled(page, `#${id}`), true, `#${id} is off`);
  await page.selectOption('#on-error', 'skip');
  await page.click('#run');
  await page.waitForFunction(() =>
    /^(Stopped|Done)/.test(document.querySelector('#status').textContent),
  );
  assert.doesNotMatch(await text(page, '#status'), /progressive error/);
  assert.equal(await bodyRows(page), 0);
  assert.equal(await disabled(page, '#export-json'), true);
  assert.equal(await text(page, '#baseline'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('four rows read before a bad row rank no pipeline best', async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', {
    name: 'tiny.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b,label\n1,5,1\n3,1,-1\n5,4,1\n7,0,-1\n9,oops,1\n10,11,-1\n'),
  });
  await previewShows(page, 'a');
  await page.click('#run');
  await page.waitForFunction(() =>
    /^Stopped after 4 rows/.test(document.querySelector('#status').textContent),
  );
  await resultsShow(page, 3, 4); // what was learned is shown
  assert.equal(await page.locator('#results .mark').count(), 0, 'no mark on four rows');
  assert.match(await text(page, '#baseline'), /of the 4 rows read before the run ended/);
  assert.match(await text(page, '#problems'), /line 6, column 2 \(b\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pipelines are locked during a run; a setup changed after it marks its results out of date', async () => {
  const { context, page, errors } = await opened();
  const ran = await page.inputValue('#specs');
  const path = join(dir, 'big.csv');
  writeFileSync(path, csv(1_000_000));
  await page.setInputFiles('#file', path);
  await previewShows(page, 'a');
  await page.click('#run');
  await page.click('#pause');
  // The box of pipelines cannot be edited mid-run, by typing, a preset or the builder.
  assert.equal(await page.$eval('#specs', (t) => t.readOnly), true, 'the pipelines are locked');
  await page.focus('#specs');
  await page.keyboard.type('zscore | arow\n');
  assert.equal(await page.inputValue('#specs'), ran);
  assert.equal(await disabled(page, '#apply-preset'), true);
  await page.click('#cancel');
  await page.waitForFunction(() =>
    /^Cancelled/.test(document.querySelector('#status').textContent),
  );
  // The table is of the pipelines shown, and says nothing is out of date.
  const names = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => r.dataset.pipeline),
  );
  assert.deepEqual(names, ran.split('\n'));
  assert.equal(await page.isVisible('#stale'), false);
  // Cancelled after part of the file: no pipeline is ranked.
  assert.equal(await page.locator('#results .mark').count(), 0);

  // After the run the pipelines can be edited: the results are marked out of date, until the
  // setup is the one they ran with again.
  await page.fill('#specs', 'zscore | logreg');
  assert.equal(await page.isVisible('#stale'), true);
  assert.match(await text(page, '#stale'), /^Out of date: the pipelines changed since this run/);
  assert.equal(await page.$eval('#results-panel', (p) => p.classList.contains('stale')), true);
  await page.fill('#specs', ran);
  assert.equal(await page.isVisible('#stale'), false);
  await page.selectOption('#holdout', '0.2');
  assert.match(await text(page, '#stale'), /the holdout changed/);
  await page.selectOption('#holdout', '0');
  await page.selectOption('#label', { label: 'a' });
  assert.match(await text(page, '#stale'), /how the data is read changed/);

  // The data before is not the data now: other data clears the results.
  await page.setInputFiles('#file', { name: 'small.csv', mimeType: 'text/csv', buffer: csv(120) });
  await previewShows(page, 'a');
  await page.fill('#specs', 'zscore | logreg');
  await page.click('#run');
  await resultsShow(page, 1, 120);
  assert.equal(await page.isVisible('#stale'), false);
  assert.deepEqual(errors, []);
  await context.close();
});
