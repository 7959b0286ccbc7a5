// The demo ships docs/algorithms.md as algorithms.html (scripts/algorithms_page.mjs, built by
// scripts/build.mjs --site): the built page has an anchor for every section the registry cites
// and every section and decision of the Markdown, and the stage help's link opens that section,
// in a page that makes no request beyond its own file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { algorithmsAnchor, load } from 'onepass';
import { ALGORITHMS_PAGE } from '../../scripts/algorithms_page.mjs';
import { ALGORITHMS_DOC, documentIndex } from '../../scripts/citations.mjs';
import { root } from '../js/helpers.mjs';
import { openPage, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

test('the built algorithms.html has every anchor the registry and the Markdown name', async () => {
  const html = readFileSync(join(root, 'dist', ALGORITHMS_PAGE), 'utf8');
  const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  const op = await load();
  const cited = op.registry().map((e) => e.spec);
  assert.ok(cited.length > 30);
  for (const spec of cited)
    assert.ok(
      ids.has(algorithmsAnchor(spec)),
      `no anchor for section ${spec} in ${ALGORITHMS_PAGE}`,
    );
  const { sections, decisions } = documentIndex(readFileSync(join(root, ALGORITHMS_DOC), 'utf8'));
  for (const id of [...sections, ...decisions])
    assert.ok(ids.has(algorithmsAnchor(id)), `no anchor for ${id} in ${ALGORITHMS_PAGE}`);
  assert.match(html, /http-equiv="Content-Security-Policy" content="default-src 'none'/);
  assert.doesNotMatch(html, /<script|<img|<link (?!rel="icon" href="data:,")/, 'it loads nothing');
});

test("the builder's help links to the stage's section, which opens beside the demo", async () => {
  const { context, page, errors, foreign } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await page.click('summary:has-text("Build a pipeline")');
  await page.selectOption('#builder-stage', 'robust');
  const link = page.locator('#builder-help a');
  assert.equal(await link.textContent(), 'docs/algorithms.md §5.9');
  assert.equal(await link.getAttribute('href'), 'algorithms.html#s5-9');
  await page.selectOption('#builder-stage', 'mbw');
  assert.equal(await link.getAttribute('href'), 'algorithms.html#s4-13');

  const [doc] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await doc.waitForLoadState('load');
  assert.equal(new URL(doc.url()).pathname, `/${ALGORITHMS_PAGE}`);
  assert.equal(new URL(doc.url()).hash, '#s4-13');
  // The section's heading carries the anchor, and the page scrolled to it.
  const heading = await doc.evaluate(() => {
    const h = document.getElementById('s4-13');
    return { tag: h?.tagName, text: h?.textContent ?? '', top: h?.getBoundingClientRect().top };
  });
  assert.equal(heading.tag, 'H3');
  assert.match(heading.text, /^4\.13 Modified Balanced Winnow/);
  // Scrolled to: at the top, within a pixel of subpixel layout (-0.015625 px has been seen).
  assert.ok(heading.top > -1 && heading.top < 100, `heading at ${heading.top}px`);
  // A decision code in the register has its anchor too.
  assert.equal(await doc.locator('#d-pater-4').count(), 1);
  assert.deepEqual(foreign(), [], 'no request left the site');
  assert.deepEqual(errors, []);
  await context.close();
});
