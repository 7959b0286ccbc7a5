// A Parquet file dropped in the demo reads as the CSV it holds (docs/design.md, "Parquet
// files"): the same preview, roles and positive class, and a run with the same figures as the
// same table dropped as CSV; a Parquet file cut short turns Run off with the reason. The files
// are written by hyparquet-writer, not by the reader the page uses.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mixedTable } from '../js/parquet_helpers.mjs';
import { assertShown, openPage, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const { csv, parquet } = mixedTable(3000);

/** Drops a file and waits for its preview. */
async function drop(page, name, mimeType, buffer) {
  await page.setInputFiles('#file', { name, mimeType, buffer: Buffer.from(buffer) });
  await page.waitForFunction(
    (n) =>
      document.querySelector('#source-name').textContent.startsWith(`${n}:`) &&
      !document.querySelector('#status').textContent.startsWith('Reading'),
    name,
  );
}

/** What the preview decided: its columns, each column's role, the label and positive class. */
const preview = (page) =>
  page.evaluate(() => ({
    columns: [...document.querySelectorAll('#preview th')].map((t) => t.textContent),
    roles: [...document.querySelectorAll('#preview tr.types td')].map(
      (td) => td.querySelector('select')?.value ?? td.textContent,
    ),
    cells: [...document.querySelectorAll('#preview tbody tr')].map((r) => r.textContent),
    label: document.querySelector('#label').value,
    positive: document.querySelector('#positive').value,
  }));

/** Every figure of the results table, by pipeline. */
const figures = (page) =>
  page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
  );

test('a Parquet file previews and runs as its CSV: the same roles and figures', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the bundled sample ran first
  await drop(page, 'table.csv', 'text/csv', csv);
  const fromCsv = await preview(page);
  assert.deepEqual(fromCsv.columns, ['x', 'age', 'visits', 'score', 'city', 'review', 'y']);
  assert.deepEqual(fromCsv.roles.slice(4), ['categorical', 'text', 'label']);
  await page.click('#run');
  await resultsShow(page, 3, 3000);
  const csvFigures = await figures(page);
  assert.equal(csvFigures.length, 3);

  await drop(page, 'table.parquet', 'application/vnd.apache.parquet', parquet);
  assert.deepEqual(await preview(page), fromCsv);
  await page.click('#run');
  await resultsShow(page, 3, 3000);
  assert.deepEqual(await figures(page), csvFigures);
  await assertShown(page, { status: /^Done: 3,000 rows/ });
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Parquet file cut short: Run is off, saying it is truncated', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await drop(page, 'cut.parquet', 'application/vnd.apache.parquet', parquet.subarray(0, 20000));
  await assertShown(page, {
    status:
      /^Cannot run: cut\.parquet cannot be read: the Parquet file ends before its footer .*truncated/,
    run: /^off: Run is off: .*truncated/,
    results: [],
  });
  assert.deepEqual(errors, []);
  await context.close();
});
