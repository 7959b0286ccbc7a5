// The page shows nothing that is no longer true, and a run that cannot mean anything never looks
// like a result: other data clears the status and the menus of the data before; the sample
// menu does not name a sample while the user's own file is loaded; the file picked before is
// read again when picked again; the pipelines are locked during a run and results are marked
// out of date when the setup changes after it, and predictions when the bad rows setting does;
// an empty, header-only, binary, UTF-16 or undecompressable file turns Run off with the reason
// beside it; a run that learned nothing shows no results; and a few rows read before a bad row
// rank no pipeline best. Each step asserts every panel it reaches (helpers.mjs shown).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  assertShown,
  dropFile,
  openPage,
  readDownload,
  resultsShow,
  shown,
  startSite,
} from './helpers.mjs';

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
const previewShows = (page, name) =>
  page.waitForFunction((n) => document.querySelector('#preview th')?.textContent === n, name);
const statusShows = (page, pattern) =>
  page.waitForFunction(
    ([source, flags]) =>
      new RegExp(source, flags).test(document.querySelector('#status').textContent),
    [pattern.source, pattern.flags],
  );

/** The downloads of a run's results (its models are counted apart). */
const RESULT_DOWNLOADS = ['export-json', 'export-curve', 'export-png'];
const LIVER = 'mcv,alkphos,sgpt,sgot,gammagt,drinks,label';

/** Data just chosen, before any run on it: nothing of a run before is shown, and Run is on. */
const chosen = (sample, columns) => ({
  status: '',
  run: 'on',
  sample,
  labels: columns,
  columns,
  results: [],
  marks: [],
  baseline: '',
  stale: '',
  downloads: [],
  models: 0,
  problems: [],
});
const ownFile = (name, columns) => ({
  ...chosen(`your own file: ${name}`, columns),
  source: new RegExp(`^${name.replace('.', '\\.')}: `),
});

/** The page after the bundled sample's first run: its pipelines, as the box lists them. */
async function opened() {
  const opened = await openPage(site);
  await opened.page.goto(`${site.origin}/`);
  await resultsShow(opened.page, 3, 270);
  const pipelines = (await opened.page.inputValue('#specs')).split('\n');
  return { ...opened, pipelines, ran: (rows) => pipelines.map((p) => `${p}: ${rows}`) };
}

test('other data clears the status of the run before', async () => {
  const { context, page, errors, ran } = await opened();
  await assertShown(page, {
    status: /^Done: 270 rows/,
    run: 'on',
    sample: /^Statlog heart/,
    results: ran(270),
    marks: ['best'],
    downloads: RESULT_DOWNLOADS,
    models: 3,
  });
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(300) });
  await previewShows(page, 'a');
  await assertShown(
    page,
    ownFile('mine.csv', 'a,b,label'),
    'the heart run is not said of mine.csv',
  );
  await page.click('#run');
  await resultsShow(page, 3, 300);
  await assertShown(page, {
    status: /^Done: 300 rows/,
    results: ran(300),
    downloads: RESULT_DOWNLOADS,
    models: 3,
  });
  await page.selectOption('#dataset', 'liver.csv');
  await previewShows(page, 'mcv');
  await assertShown(
    page,
    { ...chosen('BUPA liver (345 rows, 6 features)', LIVER), source: 'sample: liver.csv' },
    'nor the run of mine.csv said of liver.csv',
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('the sample menu names the own file while it is loaded, and a sample can be chosen again', async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(300) });
  await previewShows(page, 'a');
  // Not the sample loaded before, nor "Statlog heart".
  await assertShown(page, ownFile('mine.csv', 'a,b,label'));
  // The sample loaded before is one choice again: it is read.
  await page.selectOption('#dataset', 'heart.csv');
  await previewShows(page, 'age');
  await assertShown(page, {
    ...chosen('Statlog heart (270 rows, 13 features)', /^age,sex,/),
    source: 'sample: heart.csv',
  });
  assert.equal(await page.inputValue('#file'), '', 'the file input names no file not chosen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the file picked before is read again when it is picked again, after a sample or itself', async () => {
  const { context, page, errors, ran } = await opened();
  const path = join(dir, 'again.csv');
  writeFileSync(path, csv(200));
  // By path, as a file chooser gives it: the browser fires no change for the same file twice
  // unless the input was cleared.
  await page.setInputFiles('#file', path);
  await previewShows(page, 'a');
  await page.selectOption('#dataset', 'liver.csv');
  await previewShows(page, 'mcv');
  assert.equal(await page.inputValue('#file'), '', 'cleared: the same file is a change again');
  await page.setInputFiles('#file', path);
  await previewShows(page, 'a');
  await assertShown(page, ownFile('again.csv', 'a,b,label'));
  await page.click('#run');
  await resultsShow(page, 3, 200);
  // The same file again through the picker (say, saved anew with other columns): the input is
  // cleared as the picker opens, so that picking it is a change.
  writeFileSync(path, csv(120, ['u', 'v', 'label']));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#drop')]);
  assert.equal(await page.inputValue('#file'), '', 'cleared as the picker opens');
  await chooser.setFiles(path);
  await previewShows(page, 'u');
  await assertShown(page, ownFile('again.csv', 'u,v,label'), 'the results of its old rows go');
  await page.click('#run');
  await resultsShow(page, 3, 120);
  await assertShown(page, { status: /^Done: 120 rows/, results: ran(120) });
  assert.deepEqual(errors, []);
  await context.close();
});

const binary = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
/** Files with nothing to learn: name, bytes, the reason said, the columns the menus then have. */
const NOTHING = [
  ['empty.csv', Buffer.alloc(0), /the input is empty/, ''],
  ['header.csv', Buffer.from('p,q,label\n'), /a header but no data rows/, 'p,q,label'],
  ['image.png', binary, /binary file/, ''],
  // As Excel saves "Unicode Text": the page's own decoding would read it, the run does not.
  ['unicode.csv', Buffer.from('\ufeffp,q,label\n1,2,1\n3,4,0\n', 'utf16le'), /UTF-16 text/, ''],
  // A .csv.gz whose compressed bytes are broken: the file reads no better a second time.
  [
    'broken.csv.gz',
    Buffer.concat([gzipSync(csv(50)).subarray(0, 12), Buffer.alloc(64, 7)]),
    /broken\.csv\.gz cannot be read: the gzip-compressed input cannot be decompressed/,
    '',
  ],
];

/** A good file (so that there are columns and results of the file before), then `name`. */
async function afterGoodFile(page, name, buffer) {
  await page.setInputFiles('#file', {
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: csv(50, ['x1', 'x2', 'y']),
  });
  await previewShows(page, 'x1');
  await page.click('#run');
  await resultsShow(page, 3, 50);
  await dropFile(page, name, 'text/csv', buffer);
}

test('an empty, header-only, binary, UTF-16 or undecompressable file: Run is off with the reason beside it, and nothing of the file before', async () => {
  const { context, page, errors } = await opened();
  for (const [name, buffer, reason, columns] of NOTHING) {
    await afterGoodFile(page, name, buffer);
    const nothing = {
      ...ownFile(name, columns),
      status: new RegExp(`^Cannot run: .*${reason.source}`),
      run: new RegExp(`^off: Run is off: .*${reason.source}`),
    };
    await assertShown(page, nothing, name);
    assert.equal(await page.getAttribute('#run', 'aria-describedby'), 'status');
    assert.equal(await disabled(page, '#cv-run'), true, `${name}: cross-validation is off`);
    if (!columns) assert.equal(await page.locator('#positive option').count(), 0, name);
    // Pressing Run anyway (the button is off) makes no result: the page is as it was.
    await page.$eval('#run', (b) => b.click());
    await page.waitForTimeout(300);
    await assertShown(page, nothing, `${name}, Run pressed anyway`);
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
  await statusShows(page, /^Stopped/);
  const nothingLearned = {
    ...ownFile('short.csv', 'a,b,label'),
    status: /^Stopped/,
    problems: [
      'Stopped: line 2, column 3 (label): expected 3 fields, found 2. Nothing was learned.',
    ],
  };
  await assertShown(page, nothingLearned);
  await page.selectOption('#on-error', 'skip');
  await page.click('#run');
  await statusShows(page, /^Stopped/);
  await assertShown(page, {
    ...nothingLearned,
    status: /^Stopped after 0 rows/,
    problems: [
      'Stopped: nothing was learned: all 3 data rows were bad and skipped; the first: ' +
        ['line 2', 'line 3', 'line 4']
          .map((line) => `${line}, column 3 (label): expected 3 fields, found 2`)
          .join('; ') +
        '.',
    ],
  });
  assert.doesNotMatch(await text(page, '#status'), /progressive error/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('four rows read before a bad row rank no pipeline best', async () => {
  const { context, page, errors, ran } = await opened();
  await page.setInputFiles('#file', {
    name: 'tiny.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b,label\n1,5,1\n3,1,-1\n5,4,1\n7,0,-1\n9,oops,1\n10,11,-1\n'),
  });
  await previewShows(page, 'a');
  await page.click('#run');
  await statusShows(page, /^Stopped after 4 rows/);
  await resultsShow(page, 3, 4);
  // What was learned is shown, as what it is: no mark on four rows, no model to keep.
  await assertShown(page, {
    run: 'on',
    sample: 'your own file: tiny.csv',
    results: ran(4),
    marks: [],
    baseline: /of the 4 rows read before the run ended\. No pipeline is marked/,
    downloads: RESULT_DOWNLOADS,
    models: 0,
    problems: /line 6, column 2 \(b\).*What was learned before it is kept below/,
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pipelines are locked during a run; a setup changed after it marks its results out of date', async () => {
  const { context, page, errors, pipelines } = await opened();
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
  assert.deepEqual((await page.inputValue('#specs')).split('\n'), pipelines);
  assert.equal(await disabled(page, '#apply-preset'), true);
  await assertShown(page, { status: /^(Paused: |Starting)/, run: 'off: ', stale: '' });
  await page.click('#cancel');
  await statusShows(page, /^Cancelled/);
  // The table is of the pipelines shown, says nothing is out of date, and ranks none
  // (cancelled after part of the file).
  const names = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => r.dataset.pipeline),
  );
  assert.deepEqual(names, pipelines);
  await assertShown(page, { run: 'on', marks: [], stale: '', downloads: RESULT_DOWNLOADS });
  const cancelled = await shown(page);

  // After the run the pipelines can be edited: the results are marked out of date, until the
  // setup is the one they ran with again.
  await page.fill('#specs', 'zscore | logreg');
  await assertShown(page, {
    stale: /^Out of date: the pipelines changed since this run/,
    results: cancelled.results,
    status: /^Cancelled/,
  });
  assert.equal(await page.$eval('#results-panel', (p) => p.classList.contains('stale')), true);
  await page.fill('#specs', pipelines.join('\n'));
  await assertShown(page, { stale: '' });
  await page.selectOption('#holdout', '0.2');
  await assertShown(page, { stale: /the holdout changed/ });
  await page.selectOption('#holdout', '0');
  await page.selectOption('#label', { label: 'a' });
  await assertShown(page, { stale: /how the data is read changed/ });

  // The data before is not the data now: other data clears the results.
  await page.setInputFiles('#file', { name: 'small.csv', mimeType: 'text/csv', buffer: csv(120) });
  await previewShows(page, 'a');
  await assertShown(page, ownFile('small.csv', 'a,b,label'));
  await page.fill('#specs', 'zscore | logreg');
  await page.click('#run');
  await resultsShow(page, 1, 120);
  await assertShown(page, { results: ['zscore | logreg: 120'], stale: '' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('predictions are marked out of date when the bad rows setting changes, and go with the data', async () => {
  const { context, page, errors } = await opened();
  const [model] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#results tbody tr[data-pipeline="zscore | logreg"] button.download-model'),
  ]);
  await page.setInputFiles('#model-file', {
    name: 'model.json',
    mimeType: 'application/json',
    buffer: Buffer.from(await readDownload(model)),
  });
  await page.waitForSelector('#score:not([disabled])');
  await page.click('#score');
  await page.waitForFunction(() =>
    /rows predicted/.test(document.querySelector('#score-status').textContent),
  );
  const said =
    /^270 rows predicted; accuracy 0\.\d{4} on the 270 labelled rows \(if the model learned from these rows, this is how well it fits them, not how well it does on new ones\)\.$/;
  assert.match(await text(page, '#score-status'), said);
  await assertShown(page, { downloads: [...RESULT_DOWNLOADS, 'export-predictions'], stale: '' });
  // Skipping bad rows predicts other rows: what was predicted is marked, beside the results.
  await page.selectOption('#on-error', 'skip');
  assert.match(
    await text(page, '#score-status'),
    /^270 rows predicted; .* Out of date: the bad rows setting changed since these predictions\./,
  );
  assert.equal(await page.$eval('#score-status', (p) => p.classList.contains('stale-note')), true);
  await assertShown(page, { stale: /how the data is read changed/ });
  await page.selectOption('#on-error', 'stop');
  assert.match(await text(page, '#score-status'), said);
  assert.equal(await page.$eval('#score-status', (p) => p.classList.contains('stale-note')), false);
  // Other data: no prediction of the data before is offered; the model stays loaded.
  await page.selectOption('#dataset', 'liver.csv');
  await previewShows(page, 'mcv');
  assert.match(
    await text(page, '#score-status'),
    /^Model: zscore \| logreg.*, trained on 270 rows/,
  );
  await assertShown(page, chosen('BUPA liver (345 rows, 6 features)', LIVER));
  assert.deepEqual(errors, []);
  await context.close();
});
