// The no-connection promise holds on any static host (issue 17): dist/ served by a plain
// static server that sends no Content-Security-Policy header (as GitHub Pages does). The
// page's <meta> policy covers the page, and the Web Worker, started from a blob: URL, inherits
// it: a cross-origin fetch injected in the page and in the worker is blocked, and the other
// origin sees no request. The same holds for the static algorithms.html (docs/algorithms.md).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../js/helpers.mjs';
import { openPage, resultsShow, startSite } from './helpers.mjs';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv',
  '.md': 'text/plain',
};

function listen(handler) {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let site, plain, other;
let otherHits = 0;
before(async () => {
  site = await startSite(); // for its browser
  const dist = join(root, 'dist');
  plain = await listen(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  other = await listen((req, res) => {
    otherHits++;
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*' });
    res.end('sent');
  });
});
after(async () => {
  await site?.close();
  plain?.close();
  other?.close();
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
  const target = `http://127.0.0.1:${other.address().port}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  const workers = page.workers();
  assert.equal(workers.length, 1);
  assert.match(workers[0].url(), /^blob:/);
  assert.match(await workers[0].evaluate(attempt, target), /^blocked/);
  assert.equal(otherHits, 0, 'the other origin saw no request');
  await context.close();
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
  const target = `http://127.0.0.1:${other.address().port}/probe`;
  assert.match(await page.evaluate(attempt, target), /^blocked/);
  assert.equal(otherHits, 0, 'the other origin saw no request');
  await context.close();
});
