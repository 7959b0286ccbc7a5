// A .csv.zst and Arrow IPC files and streams dropped in the demo read as the CSV they hold
// (docs/design.md, "Compressed input" and "Arrow tables"): the same preview, roles and figures as
// the same table dropped as CSV. apache-arrow is a chunk of the page's own, loaded from its origin
// only when an Arrow file is read. A browser without zstd's DecompressionStream turns Run off with
// the reason, as does an Arrow stream cut short.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { arrowTable } from '../js/arrow_helpers.mjs';
import { readData } from '../js/helpers.mjs';
import {
  assertShown,
  dropFile,
  openPage,
  previewDecided,
  resultFigures,
  resultsShow,
  startSite,
} from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const heart = readData('heart.csv');
const heartZst = execFileSync('zstd', ['-q', '-c'], { input: heart });
const { csv, file, stream } = arrowTable(3000);

/** Drops each file in turn and runs it: the preview and figures of each, in order. */
async function runEach(page, files, rows) {
  const seen = [];
  for (const [name, type, bytes] of files) {
    await dropFile(page, name, type, bytes);
    const p = await previewDecided(page);
    await page.click('#run');
    await resultsShow(page, 3, rows);
    seen.push({ preview: p, figures: await resultFigures(page) });
  }
  return seen;
}

test('a .csv.zst previews and runs as its CSV where the browser reads zstd', async (t) => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  const reads = await page.evaluate(() => {
    try {
      new DecompressionStream('zstd');
      return true;
    } catch {
      return false;
    }
  });
  if (!reads) {
    t.skip('this Chromium has no zstd DecompressionStream (the refusal is tested below)');
    await context.close();
    return;
  }
  await resultsShow(page, 3, 270); // the bundled sample ran first
  const [a, b] = await runEach(
    page,
    [
      ['heart.csv', 'text/csv', heart],
      ['heart.csv.zst', 'application/zstd', heartZst],
    ],
    270,
  );
  assert.deepEqual(b, a);
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a browser without zstd: Run is off, naming the fix', async () => {
  const { context, page, errors } = await openPage(site);
  // DecompressionStream as a browser without zstd has it (the page and its workers).
  await context.addInitScript(() => {
    const Platform = globalThis.DecompressionStream;
    globalThis.DecompressionStream = class extends Platform {
      constructor(format) {
        if (format === 'zstd') throw new TypeError(`Unsupported compression format: '${format}'`);
        super(format);
      }
    };
  });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await dropFile(page, 'heart.csv.zst', 'application/zstd', heartZst);
  await assertShown(page, {
    status:
      /^Cannot run: heart\.csv\.zst cannot be read: the input is zstd-compressed and this browser cannot decompress zstd .*zstd -d FILE/,
    run: /^off: Run is off: .*zstd/,
    results: [],
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('an Arrow IPC file and stream preview and run as their CSV, apache-arrow from the page origin', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const arrowChunks = [];
  page.on('request', (r) => /Arrow|arrow/.test(r.url()) && arrowChunks.push(r.url()));
  const [a, b, c] = await runEach(
    page,
    [
      ['table.csv', 'text/csv', csv],
      ['table.arrow', 'application/vnd.apache.arrow.file', file],
      ['table.arrows', 'application/vnd.apache.arrow.stream', stream],
    ],
    3000,
  );
  assert.deepEqual(a.preview.roles.slice(4), [
    'categorical',
    'text',
    'categorical',
    'date',
    'date',
    'label',
  ]);
  assert.deepEqual(b, a);
  assert.deepEqual(c, a);
  assert.ok(arrowChunks.length > 0, 'apache-arrow was loaded as a chunk of its own');
  assert.ok(
    arrowChunks.every((u) => u.startsWith(site.origin)),
    arrowChunks.join(', '),
  );
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an Arrow stream cut short: Run is off, saying it is truncated', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await dropFile(
    page,
    'cut.arrows',
    'application/vnd.apache.arrow.stream',
    stream.subarray(0, 20000),
  );
  await assertShown(page, {
    status: /^Cannot run: cut\.arrows cannot be read: the Arrow IPC stream .*truncated/,
    run: /^off: Run is off: .*truncated/,
    results: [],
  });
  assert.deepEqual(errors, []);
  await context.close();
});
