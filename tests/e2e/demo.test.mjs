// The demo site (built into dist/ by `npm test`) in headless Chromium, driven by playwright-core
// with Debian's /usr/bin/chromium: the bundled dataset streams on open, a user's CSV can be
// uploaded and run, a bad row is reported with its line, and no request ever leaves the
// page's own origin.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { root } from '../js/helpers.mjs';

// TOOLCHAIN.md: flags that work as root in a closed network.
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

let server;
let browser;
let origin;

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

before(async () => {
  const port = await freePort();
  server = await preview({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'silent',
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  origin = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.httpServer.close(resolve));
});

async function readDownload(download) {
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

function csv(rows) {
  return Buffer.from(rows.join('\n') + '\n');
}

test('the demo streams, accepts uploads, reports bad rows, and stays on its own origin', async () => {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 900 },
    acceptDownloads: true,
  });
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  const pageErrors = [];
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));

  const response = await page.goto(`${origin}/`);
  assert.match(response.headers()['content-security-policy'], /connect-src 'self'/);

  // The bundled heart data streams through three pipelines as soon as the page opens.
  await page.waitForSelector('#chart[data-rows="270"][data-series="3"]', { timeout: 20000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#results tbody tr')].filter((r) => r.dataset.rows === '270')
        .length === 3,
  );
  const names = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => r.dataset.pipeline),
  );
  assert.deepEqual(names, ['zscore | logreg', 'zscore | pa1', 'perceptron']);
  const mistakes = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => Number(r.cells[2].textContent)),
  );
  assert.deepEqual(mistakes, [51, 63, 111], 'the same mistakes as the native and node builds');
  // Download the first pipeline's model, load it back, and predict the chosen data with it.
  const [modelDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#results tbody tr:first-child button.download-model'),
  ]);
  const modelText = await readDownload(modelDownload);
  const model = JSON.parse(modelText);
  assert.equal(model.format, 'onepass-model');
  assert.equal(model.spec, 'zscore | logreg(eta0=0.1,lambda=0,n=10000)');
  assert.equal(model.schema.features.length, 13);
  await page.setInputFiles('#model-file', {
    name: 'model.json',
    mimeType: 'application/json',
    buffer: Buffer.from(modelText),
  });
  await page.waitForSelector('#score:not([disabled])');
  await page.click('#score');
  await page.waitForFunction(() =>
    /rows predicted/.test(document.querySelector('#score-status').textContent),
  );
  assert.match(
    await page.textContent('#score-status'),
    /^270 rows predicted; accuracy 0\.\d{4} on the 270 labelled rows\.$/,
  );
  const [predDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#export-predictions'),
  ]);
  const predLines = (await readDownload(predDownload)).trim().split('\n');
  assert.equal(predLines[0], 'line,prediction,score,probability');
  assert.equal(predLines.length, 271);
  await page.setInputFiles('#model-file', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(modelText.slice(0, 100)),
  });
  await page.waitForFunction(() =>
    /cannot be used/.test(document.querySelector('#score-status').textContent),
  );
  assert.match(
    await page.textContent('#score-status'),
    /JSON syntax error at byte \d+ \(the file is truncated\)/,
  );
  assert.equal(await page.$eval('#score', (b) => b.disabled), true);

  const beforeUpload = requests.length;

  // A user's file: string labels in the first column, chosen by name, with a positive value.
  const rows = ['target,f1,f2'];
  for (let i = 0; i < 500; i++)
    rows.push(`${i % 3 ? 'yes' : 'no'},${(i * 7) % 13},${i % 3 ? 1 : -1}`);
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'target');
  await page.selectOption('#label', { label: 'target' });
  await page.selectOption('#positive', 'yes');
  await page.click('#run');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#results tbody tr')].filter((r) => r.dataset.rows === '500')
        .length === 3,
  );
  await page.waitForSelector('#chart[data-rows="500"]');
  const features = await page.$$eval('#weights tr td:first-child', (tds) =>
    tds.map((t) => t.textContent),
  );
  assert.deepEqual(features, ['f1', 'f2', '(bias)']);

  // A bad row stops the run with its line and column; the rows before it stay learned.
  await page.setInputFiles('#file', {
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: csv(['a,b,label', '1,2,1', '3,4,-1', '5,6,1', '7,oops,1', '9,10,-1']),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await page.waitForSelector('#problems li');
  assert.match(
    await page.textContent('#problems'),
    /line 5, column 2 \(b\): 'oops' is not a number/,
  );
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#results tbody tr')].filter((r) => r.dataset.rows === '3')
        .length === 3,
  );

  assert.ok(requests.length >= beforeUpload);
  const foreign = requests.filter(
    (u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );
  assert.deepEqual(foreign, [], 'no request left the page origin');
  assert.deepEqual(pageErrors, []);
  await context.close();
});
