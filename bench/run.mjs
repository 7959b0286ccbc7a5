// `npm run bench`: onepass against its own native build and against what a JS user would pick
// instead, on a generated CSV (deterministic, not committed) of ROWS x 28 numeric features.
// Prints one table (rows/s, MB/s, peak memory, ratios; median of RUNS runs and their spread)
// and writes it to docs/bench.md with the date and the machine. `-- --quick`: a small file and
// fewer runs, to check that everything runs (the test suite does that).
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { load } from 'onepass';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const ROWS = quick ? 20000 : 1000000;
const RUNS = quick ? 1 : 5;
const BROWSER_MB = quick ? 20 : 1000;
const TF_ROWS = quick ? 200 : 2000;
const D = 28;

// ------------------------------------------------------------------ data
function lcg(seed) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** A CSV of `rows` rows: 28 features in [-2, 2] with 6 decimals, a 0/1 label from a linear rule. */
function generate(path, rows) {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  writeSync(fd, [...Array(D)].map((_, j) => `f${j + 1}`).join(',') + ',label\n');
  const r = lcg(42);
  for (let done = 0; done < rows; ) {
    let block = '';
    for (let i = 0; i < 10000 && done < rows; i++, done++) {
      let z = 0;
      const cells = [];
      for (let j = 0; j < D; j++) {
        const x = r() * 4 - 2;
        cells.push(x.toFixed(6));
        z += x * ((j % 5) - 2);
      }
      block += cells.join(',') + ',' + (z + r() - 0.5 > 0 ? 1 : 0) + '\n';
    }
    writeSync(fd, block);
  }
  closeSync(fd);
}

/** A CSV of about `bytes` bytes like the files people hold (design.md section 10): 8 numbers,
 * 3 categorical columns (5, 50 and 2,000 levels), a short text of 3 to 8 words from a
 * 500-word vocabulary and a 0/1 label that depends on all of them. Returns its row count. */
function generateMixed(path, bytes) {
  const countFile = `${path}.rows`;
  if (existsSync(path) && existsSync(countFile)) return Number(readFileSync(countFile, 'utf8'));
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const header = [...Array(8)].map((_, j) => `n${j + 1}`).concat(['kind', 'state', 'shop', 'note', 'label']);
  writeSync(fd, header.join(',') + '\n');
  const r = lcg(7);
  const words = [...Array(500)].map((_, i) => `w${i.toString(36)}`);
  let written = 0, rows = 0;
  while (written < bytes) {
    let block = '';
    for (let i = 0; i < 10000; i++, rows++) {
      let z = 0;
      const cells = [];
      for (let j = 0; j < 8; j++) {
        const x = (r() * 4 - 2) * (j + 1);
        cells.push(j % 3 === 0 ? String(Math.round(x * 10)) : x.toPrecision(1 + (j % 7)));
        z += (x / (j + 1)) * ((j % 5) - 2);
      }
      const kind = Math.floor(r() * 5), state = Math.floor(r() * 50), shop = Math.floor(r() * 2000);
      z += kind - 2 + (state % 7) / 3 - 1;
      const n = 3 + Math.floor(r() * 6);
      const note = [];
      for (let k = 0; k < n; k++) {
        const w = Math.floor(r() * r() * 500);
        note.push(words[w]);
        z += w < 20 ? 0.5 : 0;
      }
      cells.push(`k${kind}`, `S${state}`, `shop-${shop}`, note.join(' '));
      block += cells.join(',') + ',' + (z + r() - 0.5 > 0 ? 1 : 0) + '\n';
    }
    writeSync(fd, block);
    written += Buffer.byteLength(block);
  }
  closeSync(fd);
  writeFileSync(countFile, String(rows));
  return rows;
}

// ------------------------------------------------------------------ measuring
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs fn RUNS times; returns { seconds (median), min, max, peakMb }. */
async function measure(fn) {
  const times = [];
  let peak = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const extra = await fn();
    times.push((performance.now() - t0) / 1000);
    peak = Math.max(peak, extra?.peakMb ?? process.memoryUsage().rss / 2 ** 20);
  }
  return { seconds: median(times), min: Math.min(...times), max: Math.max(...times), peakMb: peak };
}

async function* chunks(file) {
  yield* createReadStream(file, { highWaterMark: 1 << 20 });
}

// ------------------------------------------------------------------ the runs
async function native(file, spec) {
  return measure(() => {
    const r = spawnSync('/usr/bin/time', ['-f', '%M', join(root, 'build/native/onepass-native'), 'run', file, '--pipeline', spec], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return { peakMb: Number(r.stderr.trim().split('\n').pop()) / 1024 };
  });
}

async function wasm(op, file, specs, rows = ROWS) {
  return measure(async () => {
    const run = op.csvRunner({ pipelines: specs });
    for await (const c of chunks(file)) run.push(c);
    run.finish();
    if (run.stats(0).rows !== rows) throw new Error(`wasm read ${run.stats(0).rows} rows`);
    run.dispose();
  });
}

/** What a JS user would write: papaparse streaming with dynamic typing, a Welford z-score and
 * a logistic SGD loop (the same rule as onepass's logreg). */
async function papaparse(file) {
  const Papa = (await import('papaparse')).default;
  return measure(
    () =>
      new Promise((resolve, reject) => {
        const n = new Float64Array(D), mean = new Float64Array(D), m2 = new Float64Array(D);
        const w = new Float64Array(D), z = new Float64Array(D);
        let b = 0, k = 0, rows = 0;
        Papa.parse(createReadStream(file), {
          header: true,
          dynamicTyping: true,
          skipEmptyLines: true,
          step: ({ data }) => {
            const y = data.label;
            let s = b;
            for (let j = 0; j < D; j++) {
              const x = data[`f${j + 1}`];
              n[j] += 1;
              const d = x - mean[j];
              mean[j] += d / n[j];
              m2[j] += d * (x - mean[j]);
              const sd = n[j] > 1 ? Math.sqrt(m2[j] / (n[j] - 1)) : 0;
              z[j] = sd > 1e-12 ? (x - mean[j]) / sd : 0;
              s += w[j] * z[j];
            }
            const p = s >= 0 ? 1 / (1 + Math.exp(-s)) : Math.exp(s) / (1 + Math.exp(s));
            const eta = 0.1 / (1 + k / 10000);
            for (let j = 0; j < D; j++) w[j] += eta * (y - p) * z[j];
            b += eta * (y - p);
            k++;
            rows++;
          },
          complete: () => (rows === ROWS ? resolve() : reject(new Error(`papaparse read ${rows} rows`))),
          error: reject,
        });
      }),
  );
}

/** TensorFlow.js (cpu backend): a one-unit sigmoid model, trainOnBatch one row per call. */
async function tensorflow(file) {
  const tf = await import('@tensorflow/tfjs');
  await tf.setBackend('cpu');
  const lines = readFileSync(file, 'utf8').split('\n', TF_ROWS + 1).slice(1);
  const xs = lines.map((l) => l.split(',').slice(0, D).map(Number));
  const ys = lines.map((l) => Number(l.split(',')[D]));
  const model = tf.sequential({ layers: [tf.layers.dense({ units: 1, inputShape: [D], activation: 'sigmoid' })] });
  model.compile({ optimizer: tf.train.sgd(0.1), loss: 'binaryCrossentropy' });
  const r = await measure(async () => {
    for (let i = 0; i < xs.length; i++) {
      const x = tf.tensor2d([xs[i]]);
      const y = tf.tensor2d([[ys[i]]]);
      await model.trainOnBatch(x, y);
      x.dispose();
      y.dispose();
    }
  });
  return { ...r, rowsMeasured: xs.length };
}

/** Chromium's memory now (tests/e2e/helpers.mjs): allocated (anonymous and shared) and resident. */
const memoryNow = (chromiumMemoryMb) => ({ allocated: chromiumMemoryMb(), resident: chromiumMemoryMb('resident') });

/** Samples the memory every 100 ms until the page's status says Done; the growth over `baseline`. */
async function growthUntilDone(page, chromiumMemoryMb, baseline) {
  const peak = { ...baseline };
  while (!(await page.$eval('#status', (s) => s.textContent.startsWith('Done')))) {
    const now = memoryNow(chromiumMemoryMb);
    peak.allocated = Math.max(peak.allocated, now.allocated);
    peak.resident = Math.max(peak.resident, now.resident);
    await page.waitForTimeout(100);
  }
  return { growthMb: peak.allocated - baseline.allocated, residentGrowthMb: peak.resident - baseline.resident };
}

/** The demo in headless Chromium: its Worker streams a generated file from disk. */
async function browser(file, mb) {
  const { startSite, openPage, resultsShow, chromiumMemoryMb } = await import('../tests/e2e/helpers.mjs');
  const site = await startSite();
  try {
    const { context, page } = await openPage(site);
    await page.goto(`${site.origin}/`);
    await resultsShow(page, 3, 270);
    await page.fill('#specs', 'zscore | logreg');
    const baseline = memoryNow(chromiumMemoryMb);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'f1');
    // Record when the status line changes: the page's progress updates.
    await page.evaluate(() => {
      window.__updates = [];
      new MutationObserver(() => window.__updates.push(performance.now())).observe(document.querySelector('#status'), {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const t0 = Date.now();
    await page.click('#run');
    const growth = await growthUntilDone(page, chromiumMemoryMb, baseline);
    const seconds = (Date.now() - t0) / 1000;
    const updates = await page.evaluate(() => window.__updates);
    let maxGap = 0;
    for (let i = 1; i < updates.length; i++) maxGap = Math.max(maxGap, updates[i] - updates[i - 1]);
    await context.close();
    return { seconds, mbPerS: mb / seconds, ...growth, updatesPerS: updates.length / seconds, maxGapMs: maxGap };
  } finally {
    await site.close();
  }
}

/** The reference: Chromium alone reading the same file in a fresh page's Worker (bench/browser-read,
 * served by a bare static server), so that the browser's own cost of streaming a File shows. */
async function browserReadOnly(file, mb) {
  const { startSite, chromiumMemoryMb } = await import('../tests/e2e/helpers.mjs');
  const { createServer } = await import('node:http');
  const dir = join(root, 'bench/browser-read');
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const name = new URL(req.url, 'http://x').pathname.slice(1) || 'index.html';
    if (!/^[a-z-]+\.(html|js)$/.test(name)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] });
    res.end(readFileSync(join(dir, name)));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const site = await startSite();
  try {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.$eval('#status', (s) => s.textContent); // the harness's script is in the page
    const baseline = memoryNow(chromiumMemoryMb);
    const t0 = Date.now();
    await page.setInputFiles('#file', file);
    const growth = await growthUntilDone(page, chromiumMemoryMb, baseline);
    const seconds = (Date.now() - t0) / 1000;
    await context.close();
    return { mbPerS: mb / seconds, ...growth };
  } finally {
    await site.close();
    server.close();
  }
}

// ------------------------------------------------------------------ main
execFileSync('bash', [join(root, 'scripts/setup.sh')], { stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--site'], { stdio: 'inherit' });
const file = join(root, `bench/data/rows_${ROWS}.csv`);
generate(file, ROWS);
const mb = statSync(file).size / 1e6;
const op = await load();
// Eight learners behind one scaler (a learner comparison, as the demo's presets): the race
// computes the shared z-score once. And eight mixed pipelines, with the costly stages (the
// robust scaler's quantile sketch, fs2, mbw).
const eightShared = ['logreg', 'pa', 'pa1', 'pa2', 'perceptron', 'pater1', 'romma', 'logreg +avg'].map((l) => `zscore | ${l}`);
const eightMixed = ['zscore | logreg', 'zscore | pa1', 'perceptron', 'minmax | pa2 +avg', 'zscore | fs2', 'robust | logreg', 'mbw', 'zscore | pater1'];

console.log(`bench: ${ROWS} rows x ${D} features, ${mb.toFixed(0)} MB, median of ${RUNS} run(s)`);
const rNative = await native(file, 'zscore | logreg');
const rWasm = await wasm(op, file, ['zscore | logreg']);
const rEight = await wasm(op, file, eightShared);
const rMixed = await wasm(op, file, eightMixed);
const mixedFile = join(root, `bench/data/mixed_${ROWS}.csv`);
const mixedRows = generateMixed(mixedFile, statSync(file).size);
const mixedMb = statSync(mixedFile).size / 1e6;
const rMixedFile = await wasm(op, mixedFile, ['zscore | logreg'], mixedRows);
const rPapa = await papaparse(file);
const rTf = await tensorflow(file);
const bigFile = join(root, `bench/data/browser_${BROWSER_MB}mb.csv`);
generate(bigFile, Math.round((BROWSER_MB * 1e6) / (mb * 1e6 / ROWS)));
// Several runs (one run can meet a pause of the machine, and the memory growth follows the
// garbage collectors' timing): the median speed and growth with their spreads, and the runs.
async function browserMedian(fn) {
  const runs = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) runs.push(await fn(bigFile, statSync(bigFile).size / 1e6));
  const sorted = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
  const [rates, growth, resident] = [sorted('mbPerS'), sorted('growthMb'), sorted('residentGrowthMb')];
  const range = (xs) => `${xs[0].toFixed(0)}-${xs.at(-1).toFixed(0)}`;
  return {
    mbPerS: median(rates),
    spread: `${range(rates)} MB/s, ${runs.length} run(s)`,
    growth: `+${median(growth).toFixed(0)} MB (${range(growth)}); resident +${median(resident).toFixed(0)} MB (${range(resident)})`,
    runs,
  };
}
const rBrowser = await browserMedian(browser);
// The demo's responsiveness: its slowest progress rate and longest gap over all runs.
const slowestUpdatesPerS = Math.min(...rBrowser.runs.map((r) => r.updatesPerS));
const longestGapMs = Math.max(...rBrowser.runs.map((r) => r.maxGapMs));
const rReadOnly = await browserMedian(browserReadOnly);
// Per-stage update costs, natively (Google Benchmark; ns per row).
const stageCosts = (() => {
  const bin = join(root, 'build/native/onepass_bench');
  if (!existsSync(bin)) return [];
  const out = execFileSync(bin, ['--benchmark_format=json', `--benchmark_min_time=${quick ? 0.01 : 0.2}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out).benchmarks.map((b) => [b.name, b.real_time, b.time_unit]);
})();
const size = ['onepass_wasm.wasm', 'onepass_wasm.mjs', 'index.js'].reduce((s, f) => s + gzipSync(readFileSync(join(root, 'lib', f)), { level: 9 }).length, 0);

const rate = (r, rows = ROWS) => rows / r.seconds;
const M = (x) => `${(x / 1e6).toFixed(2)} M`;
const spread = (r) => `${r.min.toFixed(2)}-${r.max.toFixed(2)} s`;
const tfRate = rTf.rowsMeasured / rTf.seconds;
const rows = [
  ['wasm in node: CSV -> zscore | logreg', `${M(rate(rWasm))} rows/s, ${(mb / rWasm.seconds).toFixed(0)} MB/s`, spread(rWasm), `${rWasm.peakMb.toFixed(0)} MB`, `${(rate(rWasm) / rate(rNative)).toFixed(2)} x native (target >= 0.8), ${M(rate(rWasm))} rows/s (target >= 1.5 M)`],
  [`wasm in node: a mixed CSV of the same size (8 numbers, 3 categorical columns of 5/50/2,000 levels, 3-8 words of text; ${mixedRows} rows) -> zscore | logreg`, `${M(rate(rMixedFile, mixedRows))} rows/s, ${(mixedMb / rMixedFile.seconds).toFixed(0)} MB/s`, spread(rMixedFile), `${rMixedFile.peakMb.toFixed(0)} MB`, `${(mixedMb / rMixedFile.seconds / (mb / rWasm.seconds)).toFixed(2)} x the numeric file's MB/s`],
  ['native build, same pipeline', `${M(rate(rNative))} rows/s, ${(mb / rNative.seconds).toFixed(0)} MB/s`, spread(rNative), `${rNative.peakMb.toFixed(0)} MB`, '1.00'],
  ['papaparse (dynamicTyping, streaming) + JS z-score/logistic loop', `${M(rate(rPapa))} rows/s`, spread(rPapa), `${rPapa.peakMb.toFixed(0)} MB`, `onepass ${(rate(rWasm) / rate(rPapa)).toFixed(1)} x faster (target >= 8)`],
  [`TensorFlow.js cpu, trainOnBatch one row per call (${rTf.rowsMeasured} rows)`, `${tfRate.toFixed(0)} rows/s`, spread(rTf), `${rTf.peakMb.toFixed(0)} MB`, `onepass ${(rate(rWasm) / tfRate).toFixed(0)} x faster (target >= 500)`],
  ['8 pipelines on one parse, wasm: zscore | {logreg, pa, pa1, pa2, perceptron, pater1, romma, logreg +avg}', `${M(rate(rEight))} rows/s`, spread(rEight), `${rEight.peakMb.toFixed(0)} MB`, `${(rate(rEight) / rate(rWasm)).toFixed(2)} x one pipeline (target >= 0.4)`],
  [`8 mixed pipelines on one parse, wasm: ${eightMixed.join(', ')}`, `${M(rate(rMixed))} rows/s`, spread(rMixed), `${rMixed.peakMb.toFixed(0)} MB`, `${(rate(rMixed) / rate(rWasm)).toFixed(2)} x one pipeline`],
  [`headless Chromium, demo Worker, ${Math.round(statSync(bigFile).size / 1e6)} MB file`, `${rBrowser.mbPerS.toFixed(0)} MB/s`, rBrowser.spread, rBrowser.growth, `${slowestUpdatesPerS.toFixed(1)} progress updates/s (slowest run), longest gap ${longestGapMs.toFixed(0)} ms (targets >= 100 MB/s, <= 64 MB, >= 4/s)`],
  ['reference: headless Chromium, a Worker only reading the same file (no onepass)', `${rReadOnly.mbPerS.toFixed(0)} MB/s`, rReadOnly.spread, rReadOnly.growth, 'the browser\'s own cost of streaming a File'],
  ['package size: wasm + JS glue + API, gzip', `${(size / 1024).toFixed(0)} KB`, '', '', 'target <= 300 KB'],
];
// A '|' inside a cell (a pipeline spec) must not end the cell.
const table = ['| run | speed | spread | peak memory | ratio |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`)].join('\n');
console.log('\n' + table + '\n');
// One line per stage: its cost per row on each row set, and per non-zero on the sparse sets.
const stageRows = new Map();
for (const [name, t, unit] of stageCosts) {
  const [kind, set, ...rest] = name.split('/');
  const key = `${kind} ${rest.join('/')}`;
  if (!stageRows.has(key)) stageRows.set(key, {});
  const ns = t * { ns: 1, us: 1e3, ms: 1e6 }[unit];
  stageRows.get(key)[set] = set.startsWith('sparse') ? `${ns.toFixed(0)} ns (${(ns / 20).toFixed(1)} ns/nz)` : `${ns.toFixed(0)} ns`;
}
const stageTable = [
  '| stage (native, one row) | dense, 28 features | sparse, 20 of 1,000 | sparse, 20 of 100,000 |',
  '|---|---|---|---|',
  ...[...stageRows].map(([key, c]) => `| ${key} | ${c.dense28 ?? ''} | ${c.sparse1000x20 ?? ''} | ${c.sparse100000x20 ?? ''} |`),
].join('\n');
if (stageCosts.length) console.log(stageTable + '\n');

if (!quick) {
  const machine = `${cpus()[0].model}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`;
  writeFileSync(
    join(root, 'docs/bench.md'),
    `# Benchmarks\n\nMade by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} on ${machine}.\n` +
      `Data: ${ROWS} generated rows x ${D} numeric features (${mb.toFixed(0)} MB); median of ${RUNS} runs, spread = fastest-slowest.\n` +
      `Native times include starting the process; wasm times are in-process (module loaded once).\n` +
      `Browser rows: memory is the growth of all Chromium processes' anonymous and shared memory while the file streams\n` +
      `(resident: with the pages of Chromium's own code it maps in on first use); median of 3 runs and their range.\n\n${table}\n\n` +
      '## What one row costs in each stage\n\nGoogle Benchmark (bench/cpp/update_bench.cpp), native: one progressive step of a pipeline\n' +
      "of the learner alone or averaged (predict, record, learn), a scaler's update and transform. Sparse\n" +
      'rows have 20 non-zeros. logreg (also with weight decay, lambda = 1), perceptron, the PA family,\n' +
      'arow, scw1, scw2, adagrad, nag and ftrl (also averaged, except logreg with weight decay), and the\n' +
      'scalers maxabs, l1 and l2 step in\n' +
      'O(non-zeros): the same cost with 1,000 or 100,000 features. The other learners learn the row made\n' +
      'dense, so their cost grows with the features.\n\n' +
      `${stageTable}\n`,
  );
  console.log('wrote docs/bench.md');
}
