// The page's layout: at 1280x800 the first screen shows the setup, the
// run, its results and its chart without scrolling; the results table keeps each pipeline's name
// and model download in view while its figures scroll sideways (at 1280 px and at phone width);
// the keyboard reaches Run from the pipelines; a tap on a chart shows the values under the
// finger, as pointing does with a mouse.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** The viewport box of the first element matching each selector. */
const boxes = (page, selectors) =>
  page.evaluate(
    (sels) =>
      Object.fromEntries(
        sels.map((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return [s, r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null];
        }),
      ),
    selectors,
  );

test('at 1280x800 the first screen shows the setup, the run, its results and its chart', async () => {
  const { context, page, errors } = await openPage(site, { width: 1280, height: 800 });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.waitForSelector('#chart canvas');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const wanted = [
    '#dataset',
    '#label',
    '#preset',
    '#run',
    '#status',
    '#results tbody tr:last-child td:first-child',
    '#results tbody tr:first-child button.download-model',
    '#chart canvas',
  ];
  // A first visit's three steps (guide.ts) head the side column, short enough that the
  // pipelines' preset menu is still whole on the first screen, near its foot; everything else
  // starts well inside it. Once they are dismissed, the preset menu is higher up too.
  for (const visit of ['a first visit', 'with the steps dismissed']) {
    if (visit !== 'a first visit') await page.click('#guide-close');
    const seen = await boxes(page, wanted);
    for (const s of wanted) {
      assert.ok(seen[s], `${s} exists`);
      const foot = s === '#preset' && visit === 'a first visit';
      assert.ok(
        seen[s].top >= 0 && (foot ? seen[s].bottom <= 800 : seen[s].top < 800 - 60),
        `${visit}: ${s} is on the first screen: ${JSON.stringify(seen[s])}`,
      );
      assert.ok(seen[s].right <= 1280, `${s} is not cut off at the right`);
    }
  }
  const seen = await boxes(page, wanted);
  // The setup and the outcome side by side: the chart's column starts right of the data's.
  assert.ok(seen['#chart canvas'].left > seen['#dataset'].right);
  if (shots) await page.screenshot({ path: join(shots, 'first-screen.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

/** Scrolls the results table to its right end; returns the boxes of the first row's name cell,
 * the last figure and the scroll box. */
async function scrolledToTheEnd(page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('#results').closest('.scroll');
    scroller.scrollLeft = scroller.scrollWidth;
    const row = document.querySelector('#results tbody tr');
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right };
    };
    return {
      scrolls: scroller.scrollWidth > scroller.clientWidth,
      name: box(row.cells[0]),
      last: box(row.cells[row.cells.length - 1]),
      scroller: box(scroller),
    };
  });
}

for (const [what, viewport] of [
  ['at 1280 px', { width: 1280, height: 800 }],
  ['at phone width', { width: 390, height: 844 }],
]) {
  test(`${what} every figure of the results can be seen beside its pipeline's name`, async () => {
    const { context, page } = await openPage(site, viewport);
    await page.goto(`${site.origin}/`);
    await resultsShow(page, 3, 270);
    await page.selectOption('#holdout', '0.2'); // the widest table: five more columns
    await page.click('#run');
    await page.waitForSelector('#results th button >> text=test log-loss');
    const { name, last, scroller } = await scrolledToTheEnd(page);
    assert.ok(last.right <= scroller.right + 1, 'the last figure comes into view');
    assert.ok(
      Math.abs(name.left - scroller.left) <= 1 && name.right < last.left,
      `the pipeline's name stays in view beside it: ${JSON.stringify({ name, last, scroller })}`,
    );
    // The model download is the second column: in view before any scrolling.
    const button = await page.$eval(
      '#results tbody tr:first-child button.download-model',
      (b) => b.closest('td').cellIndex,
    );
    assert.equal(button, 1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
    await context.close();
  });
}

test('the keyboard reaches Run from the pipelines and starts a run', async () => {
  const { context, page } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.fill('#specs', 'zscore | logreg');
  await page.focus('#specs');
  let reached = false;
  for (let k = 0; k < 8 && !reached; k++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.id === 'run');
  }
  assert.ok(reached, 'Tab from the pipelines reaches Run');
  await page.keyboard.press('Enter');
  await resultsShow(page, 1, 270);
  await context.close();
});

test('a finger on a chart shows the values under it, and follows a sideways drag', async () => {
  const context = await site.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const over = page.locator('#chart .u-over');
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  const y = box.y + box.height / 2;
  // Raw touch events: a drag is no tap, so the browser makes no mouse events of it.
  const cdp = await context.newCDPSession(page);
  const touch = (type, x) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  const value = () =>
    page.waitForFunction(() => {
      const t = document.querySelector('#chart .u-legend tr:nth-child(2) .u-value').textContent;
      return /\d/.test(t) ? Number(t) : null;
    });
  await touch('touchStart', box.x + box.width * 0.25);
  const early = await (await value()).jsonValue();
  for (let k = 1; k <= 5; k++) await touch('touchMove', box.x + box.width * (0.25 + 0.13 * k));
  await page.waitForFunction(
    (v) =>
      Number(document.querySelector('#chart .u-legend tr:nth-child(2) .u-value').textContent) > v,
    early,
  );
  await touch('touchEnd');
  await context.close();
});
