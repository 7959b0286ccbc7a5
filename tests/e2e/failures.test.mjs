// A failure never leaves the page stuck: a bundled sample that cannot be loaded
// (offline), or a worker whose script cannot be loaded, gives a message, and Run, Cancel and the
// data controls work again.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

test('a sample that cannot be downloaded gives a message and a usable page', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.route('**/diabetes.csv', (route) => route.abort('internetdisconnected'));
  await page.selectOption('#dataset', 'diabetes.csv');
  await page.waitForFunction(() =>
    /Cannot read diabetes\.csv/.test(document.querySelector('#problems')?.textContent ?? ''),
  );
  await page.click('#run');
  await page.waitForFunction(() =>
    /^Stopped/.test(document.querySelector('#status')?.textContent ?? ''),
  );
  assert.match(await page.$eval('#problems', (e) => e.textContent), /Stopped: .*diabetes\.csv/);
  if (shots) await page.screenshot({ path: join(shots, 'sample-offline.png') });
  assert.equal(await page.$eval('#run', (b) => b.disabled), false);
  assert.equal(await page.$eval('#cancel', (b) => b.disabled), true);
  // Back online: the same sample runs.
  await page.unroute('**/diabetes.csv');
  await page.selectOption('#dataset', 'heart.csv');
  await page.selectOption('#dataset', 'diabetes.csv');
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'pregnant',
  );
  await page.click('#run');
  await resultsShow(page, 3, 768);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker whose script cannot be loaded gives a message and a usable page', async () => {
  const { context, page } = await openPage(site);
  await page.route('**/assets/worker-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto(`${site.origin}/`);
  await page.waitForFunction(() =>
    /Stopped: the page's worker failed/.test(
      document.querySelector('#problems')?.textContent ?? '',
    ),
  );
  assert.equal(await page.textContent('#status'), 'Stopped');
  assert.equal(await page.$eval('#run', (b) => b.disabled), false);
  assert.equal(await page.$eval('#cancel', (b) => b.disabled), true);
  assert.equal(await page.$eval('#dataset', (s) => s.disabled), false);
  await context.close();
});
