// Many pipelines can be told apart: 20 series whose legend swatches never
// repeat (colour and pattern), a pipeline's lines stand out when its row in the results is
// pointed at or focused, and the exported chart stands on its own (white background, title,
// a legend of every series).
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

const SPECS = [
  ...['0.01', '0.03', '0.1', '0.3', '1'].flatMap((c) => [
    `zscore | pa1(c=${c})`,
    `zscore | pa2(c=${c})`,
  ]),
  ...['0.02', '0.05', '0.1', '0.2', '0.5'].map((e) => `zscore | logreg(eta0=${e})`),
  'perceptron',
  'zscore | arow',
  'zscore | scw1',
  'zscore | adagrad',
  'minmax | romma',
];

test('20 series: distinct swatches, focus from the table, a PNG that stands on its own', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.fill('#specs', SPECS.join('\n'));
  await page.click('#run');
  await resultsShow(page, 20, 270);

  const swatches = await page.$$eval('#chart .u-legend .u-series .u-marker', (ms) =>
    // The pipelines' swatches: after the x series, before the baseline's.
    ms
      .slice(1, 21)
      .map((m) => `${getComputedStyle(m).borderTopColor} ${getComputedStyle(m).borderTopStyle}`),
  );
  assert.equal(swatches.length, 20);
  assert.equal(new Set(swatches).size, 20, swatches.join('; '));

  // Pointing at the fourth row: its series stays, the others fade (in every chart).
  const row = page.locator('#results tbody tr').nth(3);
  const name = await row.locator('.pipeline-name').textContent();
  await row.hover();
  const opacity = await page.$$eval('#chart .u-legend .u-series', (rs) =>
    rs.slice(1).map((r) => [r.querySelector('.u-label')?.textContent, r.style.opacity]),
  );
  const pipelinesFaded = (shown) =>
    shown.filter(([n, o]) => o === '0.25' && !n.startsWith('baseline')).map(([n]) => n);
  const faded = pipelinesFaded(opacity);
  assert.equal(faded.length, 19);
  assert.ok(!faded.includes(name), `${name} stands out`);
  assert.ok(await row.evaluate((r) => r.classList.contains('focused')));
  await page.mouse.move(0, 0);

  // The keyboard does the same: focus inside the sixth row (its model download).
  const sixth = page.locator('#results tbody tr').nth(5);
  const sixthName = await sixth.locator('.pipeline-name').textContent();
  await sixth.locator('a, button').first().focus();
  const byKeyboard = await page.$$eval('#chart .u-legend .u-series', (rs) =>
    rs.slice(1).map((r) => [r.querySelector('.u-label')?.textContent, r.style.opacity]),
  );
  const fadedByKeyboard = pipelinesFaded(byKeyboard);
  assert.equal(fadedByKeyboard.length, 19);
  assert.ok(!fadedByKeyboard.includes(sixthName), `${sixthName} stands out`);
  await page.evaluate(() => document.activeElement.blur());

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const png = Buffer.concat(chunks);
  const { width, height, corner, chartHeight } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return {
      width: img.width,
      height: img.height,
      corner: [...g.getImageData(2, img.height - 2, 1, 1).data],
      chartHeight: document.querySelector('#chart canvas').height,
    };
  }, png.toString('base64'));
  assert.ok(width > 0);
  assert.deepEqual(corner, [255, 255, 255, 255], 'a white, opaque background');
  assert.ok(height > chartHeight + 20 * 20, 'a title and a legend line per series below the chart');
  if (shots) await page.screenshot({ path: join(shots, 'twenty-pipelines.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});
