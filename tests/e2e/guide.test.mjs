// A first visit's three steps (web/src/guide.ts): shown on a first visit, reached by the
// keyboard, dismissed for good (remembered in localStorage, nothing sent), and on a phone never
// over Run or the results, which stay on the first screen.
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

const visible = (page) => page.$eval('#guide', (g) => !g.hidden && g.offsetHeight > 0);

test('a first visit shows three steps; the keyboard dismisses them, and they stay dismissed', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal(await visible(page), true);
  assert.equal(await page.$$eval('#guide li', (li) => li.length), 3);
  // After the skip link, the next tab stop is the button that hides the steps.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'guide-close');
  await page.keyboard.press('Enter');
  assert.equal(await visible(page), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'data-title');
  assert.equal(await page.evaluate(() => localStorage.getItem('onepass-guide-dismissed')), '1');
  await page.reload();
  await resultsShow(page, 3, 270);
  assert.equal(await visible(page), false, 'not shown again');
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the steps sit after the outcome, above the data: Run and the results stay on the first screen', async () => {
  const { context, page, errors } = await openPage(site, { width: 390, height: 844 });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal(await visible(page), true);
  const boxes = await page.evaluate(() => {
    const box = (s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      guide: box('#guide'),
      run: box('#run'),
      results: box('#results'),
      firstResult: box('#results tbody tr'),
      dataset: box('#dataset'),
    };
  });
  const overlap = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  assert.ok(!overlap(boxes.guide, boxes.run), JSON.stringify(boxes));
  assert.ok(!overlap(boxes.guide, boxes.results), JSON.stringify(boxes));
  assert.ok(boxes.run.bottom <= 844 && boxes.firstResult.bottom <= 844, JSON.stringify(boxes));
  assert.ok(boxes.guide.top >= boxes.results.bottom, 'below the results');
  assert.ok(boxes.guide.bottom <= boxes.dataset.top, 'above the data');
  if (shots) {
    await page.$eval('#guide', (g) => g.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(shots, 'phone-first-steps.png') });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 1280x800 the steps head the side column, beside Run and the results, and the presets stay in view', async () => {
  const { context, page, errors } = await openPage(site, { width: 1280, height: 800 });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal(await visible(page), true);
  const [guide, run, preset] = await page.evaluate(() =>
    ['#guide', '#run', '#preset'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  assert.ok(guide.right <= run.left && guide.bottom <= 800, JSON.stringify({ guide, run }));
  // The steps are short: the pipelines' preset menu, under the data, is whole on the first
  // screen with them open.
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.ok(
    preset.top >= guide.bottom &&
      preset.left >= 0 &&
      preset.right <= 1280 &&
      preset.top >= 0 &&
      preset.bottom <= 800,
    JSON.stringify({ guide, preset }),
  );
  if (shots) await page.screenshot({ path: join(shots, 'first-steps.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
