// A large file in the demo: a generated CSV of 200 MB (ONEPASS_BIG_MB to change) streams from
// disk through three pipelines in the page's Web Worker. Checks: the progress bar moves, pause
// stops the reading and resume goes on, every row is learned, the browser's memory grows by
// less than MEMORY_BOUND_MB, a second run can be cancelled mid-stream, and the page works on
// without a network.
import assert from 'node:assert/strict';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromiumMemoryMb, openPage, resultsShow, shots, startSite } from './helpers.mjs';

const MB = Number(process.env.ONEPASS_BIG_MB ?? 200);
const MEMORY_BOUND_MB = 150; // stated in docs/demo.md; less than the file, so holding it fails
let site;
let dir;
let bigFile;
let bigRows = 0;

/** Writes a deterministic CSV of about `mb` megabytes: 6 numeric features and a 0/1 label. */
function generate(path, mb) {
  const fd = openSync(path, 'w');
  writeSync(fd, 'f1,f2,f3,f4,f5,f6,label\n');
  let bytes = 0;
  let state = 12345;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  while (bytes < mb * 1e6) {
    let block = '';
    for (let i = 0; i < 20000; i++) {
      const a = next() * 10,
        b = next() * 5,
        c = next();
      block += `${a.toFixed(3)},${b.toFixed(3)},${c.toFixed(4)},${(a * b).toFixed(2)},${i % 7},${(a - b).toFixed(3)},${a + b * 0.5 > 7 ? 1 : 0}\n`;
    }
    bytes += writeSync(fd, block);
    bigRows += 20000;
  }
  closeSync(fd);
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-big-'));
  bigFile = join(dir, 'big.csv');
  generate(bigFile, MB);
  site = await startSite();
});
after(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Pause: the reading stops; resume: it goes on. The time it was paused, in ms. */
async function pauseAndResume(page) {
  const rowsShown = () =>
    page.$eval('#status', (s) =>
      Number((/([\d,]+) rows/.exec(s.textContent) ?? ['', '0'])[1].replace(/,/g, '')),
    );
  const pausedFrom = Date.now();
  await page.click('#pause');
  await page.waitForTimeout(300);
  const pausedAt = await rowsShown();
  await page.waitForTimeout(700);
  assert.equal(await rowsShown(), pausedAt, 'no rows are read while paused');
  assert.match(await page.textContent('#status'), /^Paused/);
  await page.click('#pause');
  const pausedMs = Date.now() - pausedFrom;
  return pausedMs;
}

/** The bar moves; memory is sampled until the end, when every row is learned. The peak, in MB. */
async function runToTheEnd(page, baseline) {
  const bar = () => page.$eval('#bar', (b) => b.value);
  const seen = [await bar()];
  let peak = baseline;
  const done = () => page.$eval('#status', (s) => s.textContent.startsWith('Done'));
  while (!(await done())) {
    peak = Math.max(peak, chromiumMemoryMb());
    seen.push(await bar());
    await page.waitForTimeout(100);
  }
  assert.ok(new Set(seen).size >= 3, `the progress bar moved (${new Set(seen).size} values)`);
  await resultsShow(page, 3, bigRows);
  return peak;
}

/** The rate leaves the paused time out: above the rows over the whole wall time,
 * and no faster than the rows over the time not paused (with a margin for the clicks). */
async function rateLeavesPauseOut(page, started, pausedMs) {
  const wallMs = Date.now() - started;
  const rate = Number(
    /([\d,]+) rows\/s/.exec(await page.textContent('#status'))[1].replace(/,/g, ''),
  );
  assert.ok(rate > (bigRows / wallMs) * 1000 * 1.1, `${rate} rows/s: the paused time left out`);
  assert.ok(rate < (bigRows / (wallMs - pausedMs - 200)) * 1000 * 1.5, `${rate} rows/s`);
}

/** A second run, cancelled mid-stream: what was learned so far is shown. */
async function cancelMidStream(page) {
  await page.click('#run');
  await page.waitForFunction(
    () => document.querySelector('#bar').value > 0 && !document.querySelector('#cancel').disabled,
  );
  await page.click('#cancel');
  await page.waitForFunction(() =>
    document.querySelector('#status').textContent.startsWith('Cancelled'),
  );
  const partial = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => Number(r.dataset.rows)),
  );
  assert.equal(partial.length, 3);
  for (const r of partial) assert.ok(r > 0 && r < bigRows, `cancelled after ${r} rows`);
}

/** Without a network the page goes on working: everything it needs is loaded. */
async function worksOffline(context, page) {
  await context.setOffline(true);
  await page.setInputFiles('#file', {
    name: 'small.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('x,label\n1,1\n-1,-1\n2,1\n-2,-1\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'x');
  await page.click('#run');
  await resultsShow(page, 3, 4);
}

test(
  `a ${MB} MB file streams with bounded memory, pauses, resumes and can be cancelled`,
  { timeout: 600000 },
  async () => {
    const { context, page, errors, foreign } = await openPage(site);
    await page.goto(`${site.origin}/`);
    await resultsShow(page, 3, 270);
    const baseline = chromiumMemoryMb();

    await page.setInputFiles('#file', bigFile);
    await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'f1');
    const started = Date.now();
    await page.click('#run');
    await page.waitForFunction(() => document.querySelector('#bar').value > 0);

    const pausedMs = await pauseAndResume(page);
    const peak = await runToTheEnd(page, baseline);
    await rateLeavesPauseOut(page, started, pausedMs);
    const growth = peak - baseline;
    console.log(
      `# ${MB} MB, ${bigRows} rows: Chromium's allocated memory ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB)`,
    );
    assert.ok(growth < MEMORY_BOUND_MB, `memory grew by ${growth.toFixed(0)} MB`);
    if (shots) await page.screenshot({ path: join(shots, 'big-file.png') });

    await cancelMidStream(page);
    await worksOffline(context, page);

    assert.deepEqual(foreign(), []);
    assert.deepEqual(errors, []);
    await context.close();
  },
);
