// The page's state stays true (7 and 8): a link made with one's own file asks
// the recipient for theirs instead of running a sample; results of the data before are cleared
// when the data changes, and the data controls are locked during a run; after Cancel the
// models of what was learned can be downloaded and no time left is shown; missing cells are
// counted; the sort direction is shown.
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

/** A CSV of `rows` rows of 6 numbers (some cells empty when `gaps`) and a 0/1 label. */
function csv(rows, gaps = false) {
  const lines = ['a,b,c,d,e,f,label'];
  let s = 7;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < rows; i++) {
    const x = Array.from({ length: 6 }, (_, j) =>
      gaps && (i + j) % 17 === 0 ? '' : (r() * 9).toFixed(4),
    );
    lines.push([...x, r() < 0.4 ? 1 : 0].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

const bodyRows = (page) => page.locator('#results tbody tr').count();

test('a link made with your own file asks for your file; one of a sample runs it', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(300) });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#share');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /(^#|&)data=own(&|$)/);
  assert.doesNotMatch(hash, /sample=|label=/);

  const other = await context.newPage();
  await other.goto(`${site.origin}/${hash}`);
  await other.waitForFunction(() =>
    /made with the sender's own file/.test(document.querySelector('#status').textContent),
  );
  await other.waitForTimeout(500); // nothing starts meanwhile
  assert.equal(await bodyRows(other), 0, 'no sample ran in its place');
  if (shots) await other.screenshot({ path: join(shots, 'shared-own-file.png') });
  // Run waits for data: the link's run is of the sender's file, not of the sample.
  assert.equal(await other.$eval('#run', (b) => b.disabled), true);
  assert.equal(
    await other.$eval('#specs', (t) => t.value),
    await page.$eval('#specs', (t) => t.value),
  );
  await other.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('changing the data clears the results; the data is locked during a run', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal(await page.$eval('#export-json', (b) => b.disabled), false);
  // A larger file, so that the run can be paused while it goes. Its 49 MB go to the browser
  // through the DevTools protocol, which on a busy machine takes longer than the default 30 s.
  await page.setInputFiles(
    '#file',
    { name: 'big.csv', mimeType: 'text/csv', buffer: csv(1_000_000) },
    { timeout: 120_000 },
  );
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  assert.equal(await bodyRows(page), 0, 'the heart results are gone');
  assert.equal(await page.$eval('#export-json', (b) => b.disabled), true);
  assert.equal(await page.textContent('#baseline'), '');

  await page.click('#run');
  await page.click('#pause');
  // The data, how it is read and how it is tested (the holdout, cross-validation's folds and
  // grid): a run's results are always shown with the options it ran with.
  for (const id of [
    'dataset',
    'file',
    'label',
    'positive',
    'on-error',
    'order',
    'seed',
    'threads',
    'holdout',
    'cv-folds',
    'cv-grid',
    'cv-pipeline',
  ])
    assert.equal(await page.$eval(`#${id}`, (c) => c.disabled), true, `#${id} locked`);
  assert.doesNotMatch(await page.textContent('#status'), /left/, 'no time left while paused');
  if (shots) await page.screenshot({ path: join(shots, 'paused-and-locked.png') });
  await page.click('#cancel');
  await page.waitForFunction(() =>
    /^Cancelled/.test(document.querySelector('#status').textContent),
  );
  assert.doesNotMatch(await page.textContent('#status'), /left/);
  // What was learned before Cancel can be kept.
  assert.equal(await page.locator('#results button.download-model').count(), 3);
  assert.equal(await page.$eval('#dataset', (c) => c.disabled), false, 'unlocked after the run');
  assert.deepEqual(errors, []);
  await context.close();
});

test('missing cells are counted and the sort direction is shown', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.setInputFiles('#file', {
    name: 'gaps.csv',
    mimeType: 'text/csv',
    buffer: csv(340, true),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await resultsShow(page, 3, 340);
  // (i + j) % 17 === 0 for 6 columns over 340 rows: 120 cells.
  assert.match(
    await page.textContent('#status'),
    /; 120 missing cells \(learned as missing values\)$/,
  );
  const header = page.locator('#results thead button', { hasText: 'progressive error' });
  await header.click();
  assert.equal(await header.textContent(), 'progressive error ▲');
  await header.click();
  assert.equal(await header.textContent(), 'progressive error ▼');
  assert.deepEqual(errors, []);
  await context.close();
});
