// The no-connection promise holds on any static host: dist/ served by a plain
// static server that sends no Content-Security-Policy header (as GitHub Pages does). The
// page's <meta> policy covers the page, and the Web Worker, started from a blob: URL, inherits
// it: a cross-origin fetch injected in the page and in the worker is blocked, and the other
// origin sees no request. The same holds for the static algorithms.html (docs/algorithms.md).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../js/helpers.mjs';
import { openPage, otherOrigin, resultsShow, startSite, staticHost } from './helpers.mjs';

let site, plain, other;
before(async () => {
  site = await startSite(); // for its browser
  plain = await staticHost(join(root, 'dist'));
  other = await otherOrigin();
});
after(async () => {
  await site?.close();
  plain?.close();
  other?.server.close();
});

// Run in the page or its worker: whether a request to `url` went out.
const attempt = (url) =>
  fetch(url).then(
    () => 'sent',
    (e) => `blocked: ${e.message}`,
  );

test('no CSP header: a cross-origin fetch from the page and from its worker is blocked', async () => {
  const { context, page } = await openPage({
    ...site,
    origin: `http://127.0.0.1:${plain.address().port}`,
  });
  const origin = `http://127.0.0.1:${plain.address().port}`;
  const response = await page.goto(`${origin}/`);
  assert.equal(response.headers()['content-security-policy'], undefined, 'a host without CSP');
  await resultsShow(page, 3, 270); // the page and its worker work
  const target = `${other.url}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  const workers = page.workers();
  assert.equal(workers.length, 1);
  assert.match(workers[0].url(), /^blob:/);
  assert.match(await workers[0].evaluate(attempt, target), /^blocked/);
  assert.equal(other.hits(), 0, 'the other origin saw no request');
  await context.close();
});

/** A CSV of about 45 MB: a run long enough to pause while its parser workers live. */
function bigCsv() {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-threads-'));
  let state = 99;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['a,b,c,d,label'];
  for (let i = 0; i < 2000000; i++) {
    const a = next() * 10,
      b = next() * 5;
    lines.push(`${a.toFixed(3)},${b.toFixed(4)},${i % 9},${(a * b).toFixed(2)},${a > b ? 1 : 0}`);
  }
  const file = join(dir, 'big.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return { dir, file, rows: lines.length - 1 };
}

/** The results table's figures, row by row (the model downloads left out). */
const figures = (page) =>
  page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td[data-key]')].map((td) => td.textContent)),
  );

test('parser workers: on a host without CSP they can fetch nothing, and every core learns what one thread learns', async () => {
  const origin = `http://127.0.0.1:${plain.address().port}`;
  const { context, page, errors } = await openPage({ ...site, origin });
  const big = bigCsv();
  try {
    await page.goto(`${origin}/`);
    await resultsShow(page, 3, 270);
    await page.setInputFiles('#file', big.file);
    await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
    assert.equal(await page.inputValue('#threads'), '1'); // one thread by default
    await page.selectOption('#threads', '0'); // every core
    await page.click('#run');
    // Past the head and the 8 MB on which a split of the runner is weighed (docs/design.md).
    await page.waitForFunction(
      () =>
        Number(/([\d.]+) MB read/.exec(document.querySelector('#status').textContent)?.[1]) > 11,
    );
    await page.click('#pause');
    // The run's worker and its parser workers, each started from a blob: URL: none can fetch.
    // (Parser workers start once the file's head has settled, or 8 MB later when a runner split
    // between threads may pay and is weighed; the browser reports a new worker a moment after
    // it starts.)
    const until = Date.now() + 10000;
    while (page.workers().length < 2 && Date.now() < until) await page.waitForTimeout(50);
    const workers = page.workers();
    assert.ok(workers.length >= 2, `${workers.length} workers during the run`);
    const target = `${other.url}/probe`;
    for (const w of workers) {
      assert.match(w.url(), /^blob:/);
      assert.match(await w.evaluate(attempt, target), /^blocked/);
    }
    await page.click('#pause');
    await page.waitForFunction(() =>
      document.querySelector('#status').textContent.startsWith('Done'),
    );
    await resultsShow(page, 3, big.rows);
    // Blocks were parsed in the parser workers (the status says how many).
    const apart = /\((\d+) blocks in parser workers\)/.exec(await page.textContent('#status'));
    assert.ok(apart && Number(apart[1]) > 10, await page.textContent('#status'));
    const everyCore = await figures(page);
    // Again on every core: the run takes the parser worker the first one kept (none started).
    let started = 0;
    page.on('worker', () => ++started);
    const runAgain = async () => {
      await page.click('#run');
      await page.waitForFunction(() =>
        document.querySelector('#status').textContent.startsWith('Done'),
      );
      await resultsShow(page, 3, big.rows);
      assert.deepEqual(await figures(page), everyCore);
    };
    await runAgain();
    assert.equal(started, 0, 'no worker started');
    await page.selectOption('#threads', '1');
    await runAgain();
    assert.equal(other.hits(), 0, 'the other origin saw no request');
    assert.deepEqual(errors, []);
  } finally {
    rmSync(big.dir, { recursive: true, force: true });
    await context.close();
  }
});

test('algorithms.html on a host without CSP: it requests nothing else and can fetch nothing', async () => {
  const origin = `http://127.0.0.1:${plain.address().port}`;
  const { context, page, requests } = await openPage({ ...site, origin });
  const response = await page.goto(`${origin}/algorithms.html#s4-1`);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['content-security-policy'], undefined, 'a host without CSP');
  assert.match(await page.textContent('#s4-1'), /^4\.1 SGD logistic regression/);
  assert.deepEqual(
    requests,
    [`${origin}/algorithms.html#s4-1`].map((u) => u.split('#')[0]),
  );
  const target = `${other.url}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  assert.equal(other.hits(), 0, 'the other origin saw no request');
  await context.close();
});
