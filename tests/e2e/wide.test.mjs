// A file of very many columns (docs/design.md, "What the page shows"): the preview draws the
// first columns and says how many it leaves out, so that it appears in moments, where drawing
// every column of 20,000 took 38 s.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

test('a file of 20,000 columns previews its first columns and counts the rest', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(site.origin);
  // The first run of the bundled sample ends first: the data is locked while the worker works.
  await page.waitForFunction(() => document.querySelector('#results tbody tr') !== null);
  await page.waitForFunction(() => !document.querySelector('#file').disabled);
  const columns = 20000;
  const header = Array.from({ length: columns - 1 }, (_, j) => `f${j + 1}`).concat('label');
  const rows = [header.join(',')];
  for (let i = 0; i < 20; i++)
    rows.push(
      Array.from({ length: columns - 1 }, (_, j) => (i * j) % 7)
        .concat(i % 2)
        .join(','),
    );
  const started = Date.now();
  await page.setInputFiles('#file', {
    name: 'wide.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n') + '\n'),
  });
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'f1',
    null,
    {
      timeout: 20000,
    },
  );
  const seconds = (Date.now() - started) / 1000;
  const drawn = await page.$$eval('#preview th', (th) => th.map((t) => t.textContent));
  assert.equal(drawn.length, 200);
  assert.deepEqual(drawn.slice(0, 3), ['f1', 'f2', 'f3']);
  assert.equal(await page.$$eval('#preview tr.types select', (s) => s.length), 200);
  assert.equal(
    await page.textContent('#preview caption'),
    'The first 200 of 20,000 columns; 19,800 more are not shown (read with the roles the reader infers).',
  );
  // Every column can still be the label: the label menu lists them all.
  assert.equal(await page.$$eval('#label option', (o) => o.length), columns);
  assert.ok(seconds < 15, `the preview took ${seconds} s`);
  assert.deepEqual(errors, []);
  await context.close();
});
