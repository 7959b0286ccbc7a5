// The page on a phone and from the keyboard, for everyone: at 390x844 the first screen shows the
// sample's outcome (Run, the results' figures and the chart) without scrolling; the drop zone is
// a button that Enter and Space open the file picker with; the preview's role menus are one tab
// stop, so Tab reaches Run in the same few presses whatever the number of columns, and the first
// stop skips to Run; each chart has a text summary and its data as a table, equal to what is
// drawn; and axe-core finds no serious or critical violation on the first screen, after a run
// with a holdout, or with an error shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { root } from '../js/helpers.mjs';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const PHONE = { width: 390, height: 844 };

/** The viewport box of the first element matching the selector. */
const box = (page, selector) =>
  page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });

/** axe-core's serious and critical violations of the page as it is, each as "rule: targets". */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 5).join(', ')}`);
}

/** A CSV of `columns` number columns and a 0/1 label, 200 rows. */
function wide(columns) {
  const names = [...Array.from({ length: columns }, (_, i) => `x${i}`), 'label'];
  const lines = [names.join(',')];
  for (let r = 0; r < 200; r++) {
    const xs = Array.from({ length: columns }, (_, i) => ((r * 31 + i * 17) % 97) / 10);
    lines.push([...xs, xs[0] > 4.8 ? 1 : 0].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** Presses Tab from the top of the page until Run has the focus; returns the presses. */
async function tabsToRun(page) {
  // A click on the title puts the start of sequential focus at the top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('header h1');
  for (let k = 1; k <= 60; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'run')) return k;
  }
  return Infinity;
}

test('at 390x844 the first screen shows Run and the sample run: its figures and its chart', async () => {
  const { context, page, errors } = await openPage(site, PHONE);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.waitForSelector('#chart canvas');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // Run, and each pipeline's mistakes beside the baseline's: on the first screen, in full.
  for (const s of [
    '#run',
    '#status',
    '#results tbody tr:first-child td[data-key="mistakes"]',
    '#results tbody tr:last-child td[data-key="mistakes"]',
    '#results tfoot tr.baseline-row td[data-key="mistakes"]',
  ]) {
    const b = await box(page, s);
    assert.ok(
      b.top >= 0 && b.bottom <= PHONE.height && b.right <= PHONE.width,
      `${s} is on the first screen: ${JSON.stringify(b)}`,
    );
  }
  // The chart comes next, a short scroll down (and it is said in words under it).
  const chart = await box(page, '#chart canvas');
  assert.ok(chart.top < PHONE.height * 1.5, `the chart is a short scroll away: ${chart.top}`);
  // The outcome comes before the setup on a phone; the data follows it.
  assert.ok((await box(page, '#dataset')).top > chart.top);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
  if (shots) await page.screenshot({ path: join(shots, 'phone-first-screen.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const key of ['Enter', 'Space']) {
  test(`the drop zone opens the file picker on ${key}, and the file picked is read`, async () => {
    const { context, page, errors } = await openPage(site);
    // A listener from the start: Playwright takes over the file choosers from then on (one
    // added with the key press may come after the picker opened).
    const choosers = [];
    page.on('filechooser', (c) => choosers.push(c));
    await page.goto(`${site.origin}/`);
    await resultsShow(page, 3, 270);
    // The run's job over: the data can be chosen again.
    await page.waitForFunction(() => !document.querySelector('#file').disabled);
    assert.equal(await page.getAttribute('#drop', 'role'), 'button');
    await page.focus('#drop');
    await page.keyboard.press(key);
    for (let k = 0; k < 50 && choosers.length === 0; k++) await page.waitForTimeout(100);
    assert.equal(choosers.length, 1, `${key} opens the picker once`);
    const [chooser] = choosers;
    await chooser.setFiles({ name: 'picked.csv', mimeType: 'text/csv', buffer: wide(3) });
    await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x0');
    // The input it opens is no tab stop of its own: the zone is the one control.
    assert.equal(await page.$eval('#file', (e) => e.tabIndex), -1);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Tab reaches Run in the same few presses whatever the columns; the first stop skips to it', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  // The page's first tab stop is a link that skips to Run.
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement.textContent), /Skip to Run/);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'run');
  // Without it, Tab goes through the data and the pipelines, in the order of the steps.
  const heart = await tabsToRun(page);
  assert.ok(heart <= 20, `Tab reaches Run in ${heart} presses`);
  // A file of 40 columns: 40 role menus, one tab stop.
  await page.setInputFiles('#file', { name: 'wide.csv', mimeType: 'text/csv', buffer: wide(40) });
  await page.waitForFunction(() => document.querySelectorAll('#preview select').length === 40);
  assert.equal(await tabsToRun(page), heart, 'as many presses as for 14 columns');
  const stops = await page.$$eval('#preview select', (m) => m.filter((s) => s.tabIndex >= 0));
  assert.equal(stops.length, 1);
  // The arrows move between the menus (and Tab comes back to the one left focused).
  await page.focus('#preview select[data-column="x0"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.column), 'x2');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.column), 'x39');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.column), 'x38');
  // Up and Down still change the focused column's role.
  await page.keyboard.press('ArrowDown');
  assert.equal(
    await page.$eval('#preview select[data-column="x38"]', (s) => s.value),
    'categorical',
  );
  assert.deepEqual(errors, []);
  await context.close();
});

/** The chart's table as numbers (row heading x, then each series) and what uPlot draws. */
const chartTable = (page, id) =>
  page.$eval(`#${id}`, (host) => {
    const table = host.nextElementSibling.querySelector('table.chart-data');
    return {
      summary: host.nextElementSibling.querySelector('.chart-summary').textContent,
      described: host.getAttribute('aria-describedby'),
      heads: [...table.tHead.rows[0].cells].map((c) => c.textContent),
      rows: [...table.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
      names: host.uplot.series.map((s) => s.label),
      data: host.uplot.data.map((a) => [...a]),
    };
  });

const near = (text, v) =>
  text === 'n/a'
    ? !Number.isFinite(v)
    : Math.abs(Number(text) - v) <= 5e-4 * Math.max(1, Math.abs(v));

test("each chart's text alternative says its last figures and holds its drawn data", async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.selectOption('#holdout', '0.2');
  await page.click('#run');
  await page.waitForFunction(() => !document.querySelector('#holdout-curves').hidden);
  for (const id of ['chart', 'rolling', 'roc', 'pr']) {
    const t = await chartTable(page, id);
    assert.equal(t.described, `${id}-summary`, `${id} is described by its summary`);
    assert.deepEqual(t.heads, t.names, `${id}: a column per series drawn`);
    assert.ok(t.rows.length >= 2 && t.rows.length <= 11, `${id}: ${t.rows.length} rows`);
    const x = t.data[0];
    assert.ok(near(t.rows.at(-1)[0], x.at(-1)), `${id}: the last row is the last point`);
    for (const row of t.rows) {
      const i = x.findIndex((v) => near(row[0], v));
      assert.ok(i >= 0, `${id}: x ${row[0]} is drawn`);
      row.slice(1).forEach((cell, s) => {
        assert.ok(near(cell, t.data[s + 1][i]), `${id} ${t.names[s + 1]} at ${row[0]}: ${cell}`);
      });
    }
  }
  // The summary names the lowest pipeline at the last row and the baseline's figure.
  const t = await chartTable(page, 'chart');
  const last = t.data.map((a) => a.at(-1));
  const pipelines = last.slice(1, -1);
  const lowest = Math.min(...pipelines);
  const name = t.names[1 + pipelines.indexOf(lowest)];
  assert.equal(
    t.summary,
    `cumulative mistakes after ${x0(last[0])} rows seen: lowest ${x0(lowest)} (${name}); ` +
      `${x0(last.at(-1))} (${t.names.at(-1)}).`,
  );
  assert.match(t.summary, /baseline: always answering/);
  assert.match((await chartTable(page, 'roc')).summary, /true-positive rate against/);
  if (shots) {
    // The chart, its summary and its table opened, in page coordinates.
    await page.$eval('#chart + .chart-text details', (d) => (d.open = true));
    const y = await page.evaluate(() => scrollY);
    const from = await box(page, '#chart-title');
    const to = await box(page, '#chart + .chart-text');
    await page.screenshot({
      path: join(shots, 'chart-as-text.png'),
      fullPage: true,
      clip: {
        x: from.left - 10,
        y: from.top + y - 10,
        width: to.right - from.left + 20,
        height: to.bottom - from.top + 20,
      },
    });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/** A figure as the page writes it: four significant digits. */
const x0 = (v) => String(Number(v.toPrecision(4)));

test('axe-core finds no serious or critical violation: first screen, after a run, with errors', async () => {
  // The page's CSP allows no inline script: this context lets the test add axe-core's.
  const context = await site.browser.newContext({
    viewport: { width: 1200, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.waitForSelector('#chart canvas');
  assert.deepEqual(await violations(page), [], 'the first screen');

  await page.selectOption('#holdout', '0.2');
  await page.click('#run');
  await page.waitForFunction(() => !document.querySelector('#holdout-curves').hidden);
  assert.deepEqual(await violations(page), [], 'after a run with a holdout');

  // A bad row stops the run, said with its line and column.
  await page.setInputFiles('#file', {
    name: 'tiny.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b,label\n1,5,1\n3,1,-1\n5,4,1\n7,0,-1\n9,oops,1\n10,11,-1\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await page.waitForFunction(() =>
    /^Stopped after 4 rows/.test(document.querySelector('#status').textContent),
  );
  assert.deepEqual(await violations(page), [], 'a bad row reported');

  // A file with nothing to learn: Run is off with the reason.
  await page.setInputFiles('#file', {
    name: 'empty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(0),
  });
  await page.waitForFunction(() => document.querySelector('#run').disabled);
  assert.deepEqual(await violations(page), [], 'an empty file said');

  // And on a phone's first screen.
  await page.setViewportSize(PHONE);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.deepEqual(await violations(page), [], 'the first screen on a phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the slow preset says why beside it, before it is used', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  assert.equal(await page.$eval('#preset-note', (p) => p.hidden), true, 'the default says nothing');
  await page.selectOption('#preset', 's0');
  assert.equal(await page.$eval('#preset-note', (p) => p.hidden), false);
  assert.match(
    await page.$eval('#preset-note', (p) => p.textContent),
    /FS learners.*raw \(unscaled\) column.*about 15 times as long as the default's/,
  );
  await page.selectOption('#preset', 'start');
  assert.equal(await page.$eval('#preset-note', (p) => p.hidden), true);
  assert.deepEqual(errors, []);
  await context.close();
});
