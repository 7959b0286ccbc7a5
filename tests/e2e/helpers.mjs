// Shared by the browser tests: the built site served by Vite's preview server on a free port,
// and Debian's Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { root } from '../js/helpers.mjs';

// docs/design.md, toolchain fact 7: flags that work as root in a closed network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv',
  '.md': 'text/plain',
};

function listen(handler) {
  const server = createHttpServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A plain static host, as GitHub Pages is: the files under `dir` served at `base`, 404 for
 * anything else, and no security header. `answered(status, url)` hears every answer. */
export function staticHost(dir, { base = '/', answered = () => {} } = {}) {
  return listen(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    let body;
    if (path.startsWith(base)) {
      const rest = path.slice(base.length);
      const file = join(dir, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest);
      try {
        body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      } catch {
        // not in the site
      }
    }
    answered(body ? 200 : 404, req.url);
    if (!body) res.writeHead(404);
    res.end(body);
  });
}

/** Another origin, open to every origin (CORS), that counts the requests it gets: a private page
 * leaves `hits()` at 0. */
export async function otherOrigin() {
  let hits = 0;
  const server = await listen((req, res) => {
    hits++;
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*' });
    res.end('sent');
  });
  return { server, url: `http://127.0.0.1:${server.address().port}`, hits: () => hits };
}

/** Debian's Chromium, headless. */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Starts the server and the browser; returns { origin, browser, close }. */
export async function startSite() {
  const port = await freePort();
  const server = await preview({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'silent',
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  const browser = await launchChromium();
  return {
    origin: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.httpServer.close(resolve));
    },
  };
}

/** A page that records every request (page and workers) and every page error. */
export async function openPage(site, viewport = { width: 1200, height: 900 }) {
  const context = await site.browser.newContext({ viewport, acceptDownloads: true });
  const requests = [];
  const errors = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  const foreign = () =>
    requests.filter(
      (u) => !u.startsWith(`${site.origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:'),
    );
  return { context, page, requests, errors, foreign };
}

export async function readDownload(download, encoding = 'utf8') {
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const bytes = Buffer.concat(chunks);
  return encoding ? bytes.toString(encoding) : bytes;
}

/** Waits until n result rows show `rows` rows each. */
export function resultsShow(page, n, rows) {
  return page.waitForFunction(
    ([n, rows]) =>
      [...document.querySelectorAll('#results tbody tr')].filter((r) => r.dataset.rows === rows)
        .length === n,
    [n, String(rows)],
  );
}

/** Every download the page offers, by id (a model's are counted in `shown`). */
const DOWNLOADS = [
  'export-json',
  'export-curve',
  'export-png',
  'export-sample',
  'export-predictions',
];

/** What the panels that derive from the page's state show now: the status line, Run and the
 * reason it is off, the sample menu and the data named, the column menus (label and preview),
 * the results (pipeline and rows of each), their marks, baseline and out-of-date note, the
 * downloads on offer and the problems listed. */
export function shown(page) {
  return page.evaluate((downloads) => {
    const q = (s) => document.querySelector(s);
    const texts = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent);
    return {
      status: q('#status').textContent,
      run: q('#run').disabled ? `off: ${q('#run').title}` : 'on',
      sample: q('#dataset').selectedOptions[0]?.textContent ?? '',
      source: q('#source-name').textContent,
      labels: texts('#label option').join(','),
      columns: texts('#preview th').join(','),
      results: [...document.querySelectorAll('#results tbody tr')].map(
        (r) => `${r.dataset.pipeline}: ${r.dataset.rows}`,
      ),
      marks: texts('#results .mark'),
      baseline: q('#baseline').textContent,
      stale: q('#stale').hidden ? '' : q('#stale').textContent,
      downloads: downloads.filter((id) => !q(`#${id}`).disabled),
      models: document.querySelectorAll('#results .download-model').length,
      problems: texts('#problems li'),
    };
  }, DOWNLOADS);
}

/** Asserts that each panel named in `expected` shows its value (a RegExp: one that matches). */
export async function assertShown(page, expected, what = '') {
  const now = await shown(page);
  for (const [key, want] of Object.entries(expected)) {
    const message = `${what ? `${what}: ` : ''}${key}`;
    const got = Array.isArray(now[key]) ? now[key].join('\n') : now[key];
    if (want instanceof RegExp) assert.match(got, want, message);
    else assert.deepEqual(now[key], want, message);
  }
}

export const shots = process.env.ONEPASS_SCREENSHOTS ? join(root, 'docs/screenshots') : null;

/** Sums `of(pid)` over every Chromium process (the tests' browser is the only one). */
function overChromium(of) {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('/usr/lib/chromium/'))
        sum += of(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
}

/** Memory of every Chromium process, in MB. `allocated` (the default) is the anonymous and
 * shared memory the processes hold: what a page allocates, without the pages of Chromium's own
 * code that it maps in on first use (file-backed, clean, shared by every process of the
 * binary); `resident` counts those too (VmRSS). */
export function chromiumMemoryMb(kind = 'allocated') {
  const fields = kind === 'resident' ? ['VmRSS'] : ['RssAnon', 'RssShmem'];
  const kb = overChromium((pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return fields.reduce(
      (sum, f) => sum + Number(new RegExp(`${f}:\\s+(\\d+)`).exec(status)?.[1] ?? 0),
      0,
    );
  });
  return kb / 1024;
}

/** The processor time every Chromium process has used so far (user and system), in seconds:
 * the bench's measure of how many cores a run keeps busy. A process that ends during a run is
 * not counted (the figure reads low then). */
export function chromiumCpuSeconds() {
  const ticks = overChromium((pid) => {
    // Fields after the command's (last) closing parenthesis: utime and stime are the 12th and
    // 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  });
  return ticks / 100; // USER_HZ, 100 on Linux
}

/** Drops a file on the page and waits until its preview (or its reason for not reading) shows. */
export async function dropFile(page, name, mimeType, buffer) {
  await page.setInputFiles('#file', { name, mimeType, buffer: Buffer.from(buffer) });
  await page.waitForFunction(
    (n) =>
      document.querySelector('#source-name').textContent.startsWith(`${n}:`) &&
      !document.querySelector('#status').textContent.startsWith('Reading'),
    name,
  );
}

/** What the preview decided: its columns, each column's role, the label and positive class. */
export const previewDecided = (page) =>
  page.evaluate(() => ({
    columns: [...document.querySelectorAll('#preview th')].map((t) => t.textContent),
    roles: [...document.querySelectorAll('#preview tr.types td')].map(
      (td) => td.querySelector('select')?.value ?? td.textContent,
    ),
    cells: [...document.querySelectorAll('#preview tbody tr')].map((r) => r.textContent),
    label: document.querySelector('#label').value,
    positive: document.querySelector('#positive').value,
  }));

/** Every cell of the results table, by pipeline. */
export const resultFigures = (page) =>
  page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
  );
