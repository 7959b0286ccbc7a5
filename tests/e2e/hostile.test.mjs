// The demo page as an attack surface: a CSV whose header, category values,
// label values and file name carry markup, and a share link whose parameters do, are shown as
// text and never run. The page builds its DOM with textContent and elements, never innerHTML
// with data; this test proves it for what a user's file can reach.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const img = (n) => `<img src=x onerror='window.__xss=${n}'>`;
const script = (n) => `</script><script>window.__xss=${n}</script>`;

test('markup in a file, its name and a share link is shown as text, never run', async () => {
  const { context, page, errors, foreign } = await openPage(site);
  // A share link with markup in every parameter the page reads.
  const hash = new URLSearchParams({
    p: `zscore | logreg\n${img(1)}`,
    order: img(2),
    seed: script(3),
    holdout: img(4),
  });
  await page.goto(`${site.origin}/#${hash}`);
  await resultsShow(page, 1, 270).catch(() => {}); // the link's bad spec may just fail
  const header = ['num', `"${img(5)}"`, `"${script(6)}"`, 'label'].join(',');
  const rows = [header];
  for (let i = 0; i < 120; i++)
    rows.push(
      `${i % 13},"${i % 2 ? img(7) : script(8)}",word${i % 5} ${img(9)},${i % 3 ? img(10) : 'ok'}`,
    );
  await page.setInputFiles('#file', {
    name: `${img(11)}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n') + '\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'num');
  // The markup is in the page as text: a header cell shows it literally.
  const headers = await page.$$eval('#preview th', (ths) => ths.map((t) => t.textContent));
  assert.ok(headers.includes(img(5)), headers.join(' | '));
  // The link's spec, markup and all, sits in the pipelines box as text; running it fails with a
  // message that names the bad stage, shown as text.
  assert.match(await page.$eval('#specs', (t) => t.value), /<img src=x onerror='window.__xss=1'>/);
  await page.click('#run');
  await page.waitForFunction(() =>
    /^Line 2: .*<img src=x/.test(document.querySelector('#spec-error')?.textContent ?? ''),
  );
  await page.fill('#specs', 'zscore | logreg');
  await page.click('#run');
  await resultsShow(page, 1, 120);
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no injected code ran');
  assert.equal(
    await page.$$eval('img[src="x"], script:not([src]):not([type])', (n) => n.length),
    0,
  );
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});
