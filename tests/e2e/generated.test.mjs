// The samples made by code (web/src/streams.ts; docs/algorithms.md 6.9): chosen in the sample
// menu, they say what changes and when, are made by the page's module in the worker (nothing is
// downloaded: no request goes out for them, and they run with the network off) and run to the
// end with their results shown.
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

test('the SEA sample says when its concept changes and runs to the end offline', async () => {
  const { context, page, requests, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the first run, on the bundled heart data
  const titles = await page.$$eval('#dataset optgroup option', (options) =>
    options.map((o) => o.textContent),
  );
  assert.deepEqual(titles, [
    'SEA concepts with 10% noise (drift every 12,500 rows, 50,000 rows)',
    'Rotating hyperplane (slow drift, 20,000 rows)',
  ]);

  // Off the network from here: a generated sample needs nothing from the server.
  const before = requests.length;
  await context.setOffline(true);
  await page.selectOption('#dataset', SEA);
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x1');
  const said = await page.textContent('#source-name');
  assert.match(said, /^made by code in this browser, nothing downloaded/);
  assert.match(said, /theta jumps from 8 to 9, 7 and 9\.5 at rows 12,501, 25,001 and 37,501/);
  assert.deepEqual(await page.$$eval('#preview th', (ths) => ths.map((th) => th.textContent)), [
    'x1',
    'x2',
    'x3',
    'label',
  ]);
  // The preview's first row is the stream's, as the package writes it.
  const op = await load();
  const firstRow = op
    .generateCsv('sea', { rows: 1, seed: 1, params: { noise: 0.1, every: 12500 } })
    .split('\n')[1]
    .split(',');
  // The table's rows: the header, the role menus, then the data.
  const shown = await page.$$eval('#preview tr', (trs) =>
    [...trs[2].children].map((td) => td.textContent),
  );
  assert.deepEqual(shown, firstRow);

  await page.click('#run');
  await resultsShow(page, 3, 50000);
  await page.waitForFunction(() =>
    /^Done: /.test(document.querySelector('#status')?.textContent ?? ''),
  );
  // Every pipeline has its progressive error: above the 10% of labels flipped, below chance.
  const errorsShown = await page.$$eval('#results tbody tr td[data-key="error"]', (tds) =>
    tds.map((td) => Number(td.textContent)),
  );
  assert.equal(errorsShown.length, 3);
  for (const e of errorsShown) assert.ok(e > 0.08 && e < 0.4, String(e));
  // The progress bar reached the stream's end: its size is known.
  assert.equal(await page.$eval('#bar', (bar) => bar.value === bar.max && bar.max > 1), true);
  assert.deepEqual(requests.slice(before), [], 'no request for a generated sample');
  assert.deepEqual(foreign(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hyperplane sample says that it drifts all along, and a link names it', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.selectOption('#dataset', 'hyperplane (generated)');
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x1');
  assert.match(await page.textContent('#source-name'), /turns a little after every row/);
  assert.equal(await page.$$eval('#preview th', (ths) => ths.length), 11);
  // A link made with it opens with it chosen (a generated sample is no one's data).
  const fragment = new URLSearchParams({ p: 'zscore | logreg', sample: SEA }).toString();
  const second = await context.newPage();
  await second.goto(`${site.origin}/#${fragment}`);
  await resultsShow(second, 1, 50000);
  assert.equal(await second.inputValue('#dataset'), SEA);
  assert.deepEqual(errors, []);
  await context.close();
});
