// A Parquet file dropped in the demo reads as the CSV it holds (docs/design.md, "Parquet
// files"): the same preview, roles and positive class, and a run with the same figures as the
// same table dropped as CSV; a Parquet file cut short turns Run off with the reason. The files
// are written by hyparquet-writer, not by the reader the page uses.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mixedTable } from '../js/parquet_helpers.mjs';
import {
  assertShown,
  dropFile,
  openPage,
  previewDecided,
  resultFigures,
  resultsShow,
  startSite,
} from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const { csv, parquet } = mixedTable(3000);

test('a Parquet file previews and runs as its CSV: the same roles and figures', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the bundled sample ran first
  await dropFile(page, 'table.csv', 'text/csv', csv);
  const fromCsv = await previewDecided(page);
  assert.deepEqual(fromCsv.columns, ['x', 'age', 'visits', 'score', 'city', 'review', 'y']);
  assert.deepEqual(fromCsv.roles.slice(4), ['categorical', 'text', 'label']);
  await page.click('#run');
  await resultsShow(page, 3, 3000);
  const csvFigures = await resultFigures(page);
  assert.equal(csvFigures.length, 3);

  await dropFile(page, 'table.parquet', 'application/vnd.apache.parquet', parquet);
  assert.deepEqual(await previewDecided(page), fromCsv);
  await page.click('#run');
  await resultsShow(page, 3, 3000);
  assert.deepEqual(await resultFigures(page), csvFigures);
  await assertShown(page, { status: /^Done: 3,000 rows/ });
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Parquet file cut short: Run is off, saying it is truncated', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await dropFile(page, 'cut.parquet', 'application/vnd.apache.parquet', parquet.subarray(0, 20000));
  await assertShown(page, {
    status:
      /^Cannot run: cut\.parquet cannot be read: the Parquet file ends before its footer .*truncated/,
    run: /^off: Run is off: .*truncated/,
    results: [],
  });
  assert.deepEqual(errors, []);
  await context.close();
});
