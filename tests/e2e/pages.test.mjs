// The site built for a sub-path (ONEPASS_BASE=/onepass/, as .github/workflows/pages.yml builds
// it for GitHub Pages) works when served under that path alone: a static server with no
// security header that answers 404 outside /onepass/. The page, its worker, the wasm module and
// the sample datasets load from under the path, the sample runs to its end, and the privacy
// rules hold as on the root (privacy.test.mjs): no request to another origin, and a
// cross-origin fetch from the page or its worker is blocked. algorithms.html too.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromium, openPage, otherOrigin, resultsShow, staticHost } from './helpers.mjs';
import { buildSite, SUB_PATH } from './pages_site.mjs';

let dir, host, other, browser, origin;
const served = []; // [status, path] of every request the host answered
let missed = () => {}; // told of each path the host does not hold
/** Rejects at the first request the host answers with 404: a test then fails with the path
 * rather than waiting for results that cannot come. */
const noneMissing = new Promise((_, reject) => {
  missed = (url) => reject(new Error(`the host has no ${url}`));
});
noneMissing.catch(() => {}); // read where a test races it
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-pages-'));
  buildSite(dir, SUB_PATH);
  host = await staticHost(dir, {
    base: SUB_PATH,
    answered: (status, url) => {
      served.push([status, url]);
      if (status === 404) missed(url);
    },
  });
  other = await otherOrigin();
  origin = `http://127.0.0.1:${host.address().port}`;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  host?.close();
  other?.server.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Run in the page or its worker: whether a request to `url` went out.
const attempt = (url) =>
  fetch(url).then(
    () => 'sent',
    (e) => `blocked: ${e.message}`,
  );

/** Every request seen by the browser that is not under the sub-path of the site's origin. */
const outside = (requests) =>
  requests.filter(
    (u) =>
      !u.startsWith(`${origin}${SUB_PATH}`) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );

test('the build names no path outside the base: every root-absolute URL in its code and pages is under it', () => {
  const strays = [];
  for (const name of [
    ...readdirSync(dir),
    ...readdirSync(join(dir, 'assets')).map((f) => `assets/${f}`),
  ]) {
    if (!/\.(html|js|css)$/.test(name)) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    // A quoted root-absolute path ("/x", '/x', `/x`, url(/x)) to something the site holds.
    for (const m of text.matchAll(/["'`(]\/(assets\/|[\w.-]+\.(?:js|css|wasm|csv|gz|md|html)\b)/g))
      strays.push(`${name}: ${m[0]}`);
  }
  assert.deepEqual(strays, []);
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  assert.match(index, new RegExp(`src="${SUB_PATH}assets/index-[\\w-]+\\.js"`));
  // The parser workers' script (started only for a large file on every core) and the wasm
  // module, named under the base in the page's code.
  const code = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dir, 'assets', f), 'utf8'))
    .join('\n');
  for (const asset of ['parse_worker.bundle-', 'onepass_wasm-', 'worker-'])
    assert.ok(code.includes(`${SUB_PATH}assets/${asset}`), asset);
});

test(`served under ${SUB_PATH} only: the page loads, runs the samples and stays private`, async () => {
  const { context, page, requests, errors } = await openPage({ browser, origin });
  const failed = [];
  context.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  context.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
  const response = await page.goto(`${origin}${SUB_PATH}`);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['content-security-policy'], undefined, 'a host without CSP');
  // The bundled heart sample runs on arrival, to its end.
  await Promise.race([resultsShow(page, 3, 270), noneMissing]);
  await page.waitForFunction(() =>
    document.querySelector('#status').textContent.startsWith('Done'),
  );
  // Another sample, chosen and run: its file comes from under the path too.
  await page.selectOption('#dataset', 'diabetes.csv');
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'pregnant',
  );
  await page.click('#run');
  await Promise.race([resultsShow(page, 3, 768), noneMissing]);
  await page.waitForFunction(() =>
    document.querySelector('#status').textContent.startsWith('Done'),
  );
  assert.match(await page.textContent('#results tbody'), /\d/);

  // What loaded, and from where: the page's script, its worker, the wasm module, both samples.
  const paths = requests.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname);
  for (const want of [
    /^\/onepass\/assets\/index-.*\.js$/,
    /^\/onepass\/assets\/worker-.*\.js$/,
    /^\/onepass\/assets\/onepass_wasm-.*\.wasm$/,
    /^\/onepass\/heart\.csv$/,
    /^\/onepass\/diabetes\.csv$/,
  ])
    assert.ok(
      paths.some((p) => want.test(p)),
      `${want} in ${paths.join(' ')}`,
    );
  assert.deepEqual(outside(requests), [], 'every request under the path of the same origin');
  assert.deepEqual(failed, [], 'no request failed');
  assert.deepEqual(
    served.filter(([status]) => status !== 200),
    [],
    'the host answered 404 to none',
  );

  // The help links and the data credits resolve under the path.
  const links = await page.$$eval('a[href^="algorithms.html"], a[href="./README.md"]', (as) => [
    ...new Set(as.map((a) => a.href.split('#')[0])),
  ]);
  assert.deepEqual(links.sort(), [
    `${origin}${SUB_PATH}README.md`,
    `${origin}${SUB_PATH}algorithms.html`,
  ]);

  // Privacy: the page and its worker can fetch nothing from another origin.
  const target = `${other.url}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  const workers = page.workers();
  assert.equal(workers.length, 1);
  assert.match(workers[0].url(), /^blob:/);
  assert.match(await workers[0].evaluate(attempt, target), /^blocked/);
  assert.equal(other.hits(), 0, 'the other origin saw no request');
  assert.deepEqual(errors, []);
  await context.close();
});

test(`algorithms.html under ${SUB_PATH}: it requests nothing else, can fetch nothing, and links back to the demo`, async () => {
  const { context, page, requests } = await openPage({ browser, origin });
  const response = await page.goto(`${origin}${SUB_PATH}algorithms.html#s4-1`);
  assert.equal(response.status(), 200);
  assert.match(await page.textContent('#s4-1'), /^4\.1 SGD logistic regression/);
  assert.deepEqual(requests, [`${origin}${SUB_PATH}algorithms.html`]);
  assert.equal(await page.$eval('nav a', (a) => a.href), `${origin}${SUB_PATH}`);
  const target = `${other.url}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  assert.equal(other.hits(), 0, 'the other origin saw no request');
  await context.close();
});
