// `npm run bench`: onepass against its own native build and against what a JS user would write
// instead (bench/baselines.mjs), on a generated CSV of ROWS x 28 features whose numbers vary in
// length and form (bench/data.mjs), or on any CSV: `npm run bench -- --file big.csv [--label L]
// [--positive V]`. Prints one table (rows/s, MB/s, peak memory, ratios; the median of RUNS runs
// and their spread, the CPU) and writes it to docs/bench.md with the date and the machine (not
// for --file or --quick). `-- --quick`: a small file and one run, to check that everything runs
// (the test suite does that).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { load } from 'onepass';
import { layoutOf, papaparse, tensorflow, udsv } from './baselines.mjs';
import { FEATURES, generate, generateMixed } from './data.mjs';
import { measureTogether as measureRounds, median, ratio, timesSummary } from './measure.mjs';
import { writeBenchDoc } from './report.mjs';
import { stringRows, writeStringsSection } from './strings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    file: { type: 'string' },
    label: { type: 'string' },
    positive: { type: 'string', default: '1' },
  },
});
const quick = args.quick;
const RUNS = quick ? 1 : 5;
const BROWSER_MB = quick ? 20 : 1000;
const TF_ROWS = quick ? 200 : 2000;

// ------------------------------------------------------------------ measuring
const measureTogether = (fns) => measureRounds(fns, RUNS);
const measure = async (fn) => (await measureTogether([fn]))[0];

// ------------------------------------------------------------------ the runs
/** The CSV flags both CLIs take for the file's label (none on the generated file). */
const labelFlags = () => [
  ...(args.label ? ['--label', args.label] : []),
  ...(args.file ? ['--positive', args.positive] : []),
];

/** One run of a whole process (its start included), with its peak resident memory from
 * /usr/bin/time. */
const processRun = (command, commandArgs) => () => {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', ...command, ...commandArgs], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return { peakMb: Number(r.stderr.trim().split('\n').pop()) / 1024 };
};
const native = (file, spec) =>
  processRun(
    [join(root, 'build/native/onepass-native')],
    ['run', file, '--pipeline', spec, ...labelFlags()],
  );
const cli = (file, spec, threads) =>
  processRun(
    [process.execPath, join(root, 'lib/cli.js')],
    ['run', file, '--pipeline', spec, '--quiet', '--threads', String(threads), ...labelFlags()],
  );
const CORES = cpus().length;

/** Blocks the parser workers read in the last run with threads (0: the file never settled), and
 * the pipelines a worker learned (a runner split between threads). */
let blocksApart = 0;
let pipelinesApart = 0;
/** pipelinesApart of the eight mixed pipelines' last threaded run. */
let mixedApart = 0;

/** The CSV options of the runs in process: the file's label (none on the generated file). */
const csvOptions = {
  ...(args.label ? { label: args.label } : {}),
  ...(args.file ? { positive: args.positive } : {}),
};

/** One run of onepass in this process (the module loaded once): pushAll given the file's path,
 * on `threads` threads (one: the file is read straight into the module's memory; more: its
 * parser workers read it). */
function wasm(op, file, specs, rows, threads = 1) {
  return async () => {
    const run = op.csvRunner({ pipelines: specs, ...csvOptions });
    const done = await run.pushAll(file, { threads });
    if (threads > 1) ({ blocksApart, pipelinesApart } = done);
    run.finish();
    const got = run.stats(0).rows;
    run.dispose();
    if (rows !== undefined && got !== rows)
      throw new Error(`wasm read ${got} rows, expected ${rows}`);
    return { rows: got };
  };
}

/** The first run after load() in fresh processes (bench/first_run.mjs), timed from after
 * load() and a pause: without warmUp() and (warm) with it, in rounds, which side first
 * alternating; each as measureTogether's. */
function firstRuns(file, spec, rows) {
  const times = { cold: [], warm: [] };
  let peakMb = 0;
  for (let r = 0; r < RUNS; r++)
    for (const mode of r % 2 ? ['warm', 'cold'] : ['cold', 'warm']) {
      const out = spawnSync(
        process.execPath,
        [join(root, 'bench/first_run.mjs'), file, mode, spec, JSON.stringify(csvOptions)],
        { encoding: 'utf8' },
      );
      if (out.status !== 0) throw new Error(out.stderr);
      const got = JSON.parse(out.stdout);
      if (got.rows !== rows) throw new Error(`a first run read ${got.rows} rows, expected ${rows}`);
      times[mode].push(got.seconds);
      peakMb = Math.max(peakMb, got.peakMb);
    }
  return {
    cold: { ...timesSummary(times.cold), peakMb },
    warm: { ...timesSummary(times.warm), peakMb },
  };
}

/** A baseline (bench/baselines.mjs) timed like onepass; it must learn as many rows. */
const baseline = (run, rows) =>
  measure(async () => {
    const got = await run();
    if (got !== rows) throw new Error(`a baseline learned ${got} rows, onepass ${rows}`);
  });

/** Chromium's memory now (tests/e2e/helpers.mjs): allocated (anonymous and shared) and resident. */
const memoryNow = (chromiumMemoryMb) => ({
  allocated: chromiumMemoryMb(),
  resident: chromiumMemoryMb('resident'),
});

/** Samples the memory every 100 ms until the page's status says Done; the growth over `baseline`. */
async function growthUntilDone(page, chromiumMemoryMb, baseline) {
  const peak = { ...baseline };
  while (!(await page.$eval('#status', (s) => s.textContent.startsWith('Done')))) {
    const now = memoryNow(chromiumMemoryMb);
    peak.allocated = Math.max(peak.allocated, now.allocated);
    peak.resident = Math.max(peak.resident, now.resident);
    await page.waitForTimeout(100);
  }
  return {
    growthMb: peak.allocated - baseline.allocated,
    residentGrowthMb: peak.resident - baseline.resident,
  };
}

/** The demo in headless Chromium: its Worker streams a generated file from disk, on one thread
 * or (allCores) with the demo's "Parse on: all cores". */
async function browser(file, mb, allCores = false) {
  const { startSite, openPage, resultsShow, chromiumMemoryMb, chromiumCpuSeconds } =
    await import('../tests/e2e/helpers.mjs');
  const site = await startSite();
  try {
    const { context, page } = await openPage(site);
    await page.goto(`${site.origin}/`);
    await resultsShow(page, 3, 270);
    await page.fill('#specs', 'zscore | logreg');
    if (allCores) await page.selectOption('#threads', '0');
    const baseline = memoryNow(chromiumMemoryMb);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.querySelector('#preview th')?.textContent);
    // Record when the status line changes: the page's progress updates.
    await page.evaluate(() => {
      window.__updates = [];
      new MutationObserver(() => window.__updates.push(performance.now())).observe(
        document.querySelector('#status'),
        {
          childList: true,
          characterData: true,
          subtree: true,
        },
      );
    });
    const cpu0 = chromiumCpuSeconds();
    const t0 = Date.now();
    await page.click('#run');
    const growth = await growthUntilDone(page, chromiumMemoryMb, baseline);
    const seconds = (Date.now() - t0) / 1000;
    const cores = (chromiumCpuSeconds() - cpu0) / seconds;
    const updates = await page.evaluate(() => window.__updates);
    let maxGap = 0;
    for (let i = 1; i < updates.length; i++) maxGap = Math.max(maxGap, updates[i] - updates[i - 1]);
    await context.close();
    return {
      seconds,
      mbPerS: mb / seconds,
      cores,
      ...growth,
      updatesPerS: updates.length / seconds,
      maxGapMs: maxGap,
    };
  } finally {
    await site.close();
  }
}

/** The reference: Chromium alone reading the same file in a fresh page's Worker (bench/browser-read,
 * served by a bare static server), so that the browser's own cost of streaming a File shows. */
async function browserReadOnly(file, mb) {
  const { startSite, chromiumMemoryMb, chromiumCpuSeconds } =
    await import('../tests/e2e/helpers.mjs');
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
    const cpu0 = chromiumCpuSeconds();
    const t0 = Date.now();
    await page.setInputFiles('#file', file);
    const growth = await growthUntilDone(page, chromiumMemoryMb, baseline);
    const seconds = (Date.now() - t0) / 1000;
    const cores = (chromiumCpuSeconds() - cpu0) / seconds;
    await context.close();
    return { mbPerS: mb / seconds, cores, ...growth };
  } finally {
    await site.close();
    server.close();
  }
}

// ------------------------------------------------------------------ main
execFileSync('bash', [join(root, 'scripts/setup.sh')], { stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--site'], { stdio: 'inherit' });
const ROWS = quick ? 20000 : 1000000;
const file = args.file ?? join(root, `bench/data/realistic_${ROWS}.csv`);
if (!args.file) generate(file, ROWS);
const mb = statSync(file).size / 1e6;
const layout = layoutOf(file, args.label);
const D = layout.featureColumns.length;
const op = await load();
// Eight learners behind one scaler (a learner comparison, as the demo's presets): the runner
// computes the shared z-score once. And eight mixed pipelines, with the costly stages (the
// robust scaler's quantile sketch, fs2, mbw).
const eightShared = [
  'logreg',
  'pa',
  'pa1',
  'pa2',
  'perceptron',
  'pater1',
  'romma',
  'logreg +avg',
].map((l) => `zscore | ${l}`);
const eightMixed = [
  'zscore | logreg',
  'zscore | pa1',
  'perceptron',
  'minmax | pa2 +avg',
  'zscore | fs2',
  'robust | logreg',
  'mbw',
  'zscore | pater1',
];
const cpu = cpus()[0].model;

console.log(`bench: ${file}, ${D} features, ${mb.toFixed(0)} MB, median of ${RUNS} run(s), ${cpu}`);
// The rows whose ratios the issue's targets name are measured together, in rounds.
const one = ['zscore | logreg'];
const rows = (await measure(wasm(op, file, one))).rows;
const [rWasm, rWasmCores, rNative, rCli, rCliCores, rEight, rMixed, rMixedCores] =
  await measureTogether([
    wasm(op, file, one, rows),
    wasm(op, file, one, rows, CORES),
    native(file, 'zscore | logreg'),
    cli(file, 'zscore | logreg', 1),
    cli(file, 'zscore | logreg', CORES),
    wasm(op, file, eightShared, rows),
    wasm(op, file, eightMixed, rows),
    async () => {
      const r = await wasm(op, file, eightMixed, rows, CORES)();
      mixedApart = pipelinesApart;
      return r;
    },
  ]);
const apartNote =
  CORES > 1 && blocksApart === 0
    ? ' (no block was parsed by a worker: the file is too short, or never settles)'
    : '';
// The same in-process runs on a file three times as long (generated likewise; not with
// --file): starting the parser workers (about 50 ms: a thread, the module, the head) weighs
// less there.
let long = null;
if (!args.file && !quick && CORES > 1) {
  const longFile = join(root, `bench/data/realistic_${3 * ROWS}.csv`);
  generate(longFile, 3 * ROWS);
  const [longOne, longCores] = await measureTogether([
    wasm(op, longFile, one, 3 * rows),
    wasm(op, longFile, one, 3 * rows, CORES),
  ]);
  long = { mb: statSync(longFile).size / 1e6, one: longOne, cores: longCores };
}
// The first run in a fresh process, with and without warmUp() (docs/design.md, "Warming up").
const first = firstRuns(file, one[0], rows);
let mixed = null;
if (!args.file) {
  const mixedFile = join(root, `bench/data/mixed_${ROWS}.csv`);
  const mixedRows = generateMixed(mixedFile, statSync(file).size);
  mixed = {
    rows: mixedRows,
    mb: statSync(mixedFile).size / 1e6,
    run: await measure(wasm(op, mixedFile, one, mixedRows)),
  };
}
const rPapaChunk = await baseline(() => papaparse(file, layout, args.positive, 'chunk'), rows);
const rPapaStep = await baseline(() => papaparse(file, layout, args.positive, 'step'), rows);
const rUdsv = await baseline(() => udsv(file, layout, args.positive), rows);
const tf = await tensorflow(file, layout, args.positive, TF_ROWS);
const rTf = await measure(() => tf.trainOnce());
// What one row costs each side of the threads (docs/design.md, "Every core"): parsing alone
// (the rows read into memory), and learning as the rest of a one-thread run. Last of the
// in-process rows: holding the rows raises the process's peak memory for good.
const rParse = await measure(async () => {
  const d = await op.loadDataset(file, { label: csvOptions.label });
  d.dispose();
});
let bigFile = args.file;
if (!bigFile) {
  bigFile = join(root, `bench/data/realistic_browser_${BROWSER_MB}mb.csv`);
  generate(bigFile, Math.round((BROWSER_MB * 1e6) / ((mb * 1e6) / ROWS)));
}
// Several runs (one run can meet a pause of the machine, and the memory growth follows the
// garbage collectors' timing), in rounds as measureTogether's: for each of `fns`, the median
// speed and growth with their spreads, and the runs.
async function browserTogether(fns) {
  const all = fns.map(() => []);
  for (let i = 0; i < (quick ? 1 : 3); i++)
    for (const [k, fn] of fns.entries())
      all[k].push(await fn(bigFile, statSync(bigFile).size / 1e6));
  return all.map(browserSummary);
}
function browserSummary(runs) {
  const sorted = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
  const [rates, growth, resident, cores] = [
    sorted('mbPerS'),
    sorted('growthMb'),
    sorted('residentGrowthMb'),
    sorted('cores'),
  ];
  const range = (xs) => `${xs[0].toFixed(0)}-${xs.at(-1).toFixed(0)}`;
  return {
    mbPerS: median(rates),
    cores: median(cores),
    spread: `${range(rates)} MB/s, ${runs.length} run(s)`,
    growth: `+${median(growth).toFixed(0)} MB (${range(growth)}); resident +${median(resident).toFixed(0)} MB (${range(resident)})`,
    runs,
  };
}
const [rBrowser, rBrowserCores = null] = await browserTogether([
  browser,
  ...(CORES > 1 ? [(file, mbs) => browser(file, mbs, true)] : []),
]);
/** How many times faster `b` streamed than `a`: the median over rounds. */
const browserRatio = (a, b) => median(a.runs.map((r, i) => b.runs[i].mbPerS / r.mbPerS));
// The demo's responsiveness: its slowest progress rate and longest gap over all runs.
const slowestUpdatesPerS = Math.min(...rBrowser.runs.map((r) => r.updatesPerS));
const longestGapMs = Math.max(...rBrowser.runs.map((r) => r.maxGapMs));
const [rReadOnly] = await browserTogether([browserReadOnly]);
// Per-stage update costs, natively (Google Benchmark; ns per row).
const stageCosts = (() => {
  const bin = join(root, 'build/native/onepass_bench');
  if (!existsSync(bin)) return [];
  const out = execFileSync(
    bin,
    ['--benchmark_format=json', `--benchmark_min_time=${quick ? 0.01 : 0.2}`],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return JSON.parse(out).benchmarks.map((b) => [b.name, b.real_time, b.time_unit]);
})();
// The Python package on Dask (bench/dask_bench.py, on Debian's python3): the file learned in one
// Python process, and by onepass.dask.fit on a LocalCluster of 1 and 2 worker processes.
const dask = (() => {
  const r = spawnSync(
    '/usr/bin/python3',
    [join(root, 'bench/dask_bench.py'), file, '--runs', String(RUNS), ...labelFlags()],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(`bench/dask_bench.py failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
})();
const size = ['onepass_wasm.wasm', 'onepass_wasm.mjs', 'index.js'].reduce(
  (s, f) => s + gzipSync(readFileSync(join(root, 'lib', f)), { level: 9 }).length,
  0,
);

const rate = (r, n = rows) => n / r.seconds;
const M = (x) => `${(x / 1e6).toFixed(2)} M`;
const spread = (r) => `${r.min.toFixed(2)}-${r.max.toFixed(2)} s`;
const speed = (r, n = rows, size = mb) =>
  `${M(rate(r, n))} rows/s, ${(size / r.seconds).toFixed(0)} MB/s`;
const peak = (r) => `${r.peakMb.toFixed(0)} MB`;
const faster = (r, target) =>
  `onepass (in process) ${(rate(rWasm) / rate(r)).toFixed(1)} x faster${target ? ` (target >= ${target})` : ''}`;
const tfRate = tf.rows / rTf.seconds;
// How full the machine was (processor time over the run's time, all threads of the process):
// a threaded run near CORES cores can go no faster but by doing less.
const busy = (threaded, one) =>
  `${threaded.cores.toFixed(2)} of ${CORES} cores busy (one thread: ${one.cores.toFixed(2)})`;
const nodeMbPerS = mb / rWasm.seconds;
// Per row: parsing (a worker's share) and learning (the learning thread's), from one-thread
// runs; with K parsers on K + 1 free cores a row costs about max(learn, parse / K).
const parseUs = (rParse.seconds / rows) * 1e6;
const learnUs = Math.max(0, (rWasm.seconds / rows) * 1e6 - parseUs);
const scaling = [1, 2, 4]
  .map((k) => `${k}: ${((parseUs + learnUs) / Math.max(learnUs, parseUs / k) || 1).toFixed(1)} x`)
  .join(', ');
// The Dask rows, and what more machines would give, reasoned from the measured costs: a task
// (one partition learned) t, the fit's fixed cost f (graph, scheduling, merges) on one worker,
// and Dask's own cost per task o; M machines with P/M partitions each take about
// f + ceil(P / M) t.
function daskRows() {
  const { parts, task } = dask;
  const one = dask.one_process;
  const w1 = dask.workers1_rounds1;
  const fixed = Math.max(0, w1.seconds - parts * task.seconds);
  const extraRound = (dask.workers1_rounds4.seconds - w1.seconds) / 3;
  const projected = [4, 8]
    .map((m) => {
      const t = fixed + Math.ceil(parts / m) * task.seconds;
      return `${m} machines ${t.toFixed(2)} s (${(one.seconds / t).toFixed(1)} x one process)`;
    })
    .join(', ');
  const row = (label, r, note) => [label, speed(r), spread(r), '', note];
  // How many times faster b ran than a: their medians' ratio (the Python runs are measured apart
  // from the others).
  const over = (a, b) => a.seconds / b.seconds;
  return [
    row(
      'onepass in Python, one process: OnePassClassifier("zscore | logreg").fit_csv(file)',
      one,
      `${over(rNative, one).toFixed(2)} x native`,
    ),
    row(
      `onepass.dask.fit on a LocalCluster of 1 worker process, the file in ${parts} partitions, rounds=1`,
      w1,
      `${over(one, w1).toFixed(2)} x one process; a task (a partition) ${task.seconds.toFixed(3)} s, Dask ${(dask.workers1_noop_task * 1e3).toFixed(1)} ms a task`,
    ),
    row(
      `the same on 2 worker processes, rounds=1`,
      dask.workers2_rounds1,
      `${over(w1, dask.workers2_rounds1).toFixed(2)} x 1 worker; ${over(one, dask.workers2_rounds1).toFixed(2)} x one process`,
    ),
    row(
      `the same on 2 worker processes, rounds=4 (iterative parameter mixing)`,
      dask.workers2_rounds4,
      `${over(dask.workers2_rounds1, dask.workers2_rounds4).toFixed(2)} x rounds=1; a round more costs ${extraRound.toFixed(2)} s on 1 worker (every task reads its whole partition)`,
    ),
    [
      'reasoned: more machines (not measured)',
      '',
      '',
      '',
      `fixed ${fixed.toFixed(2)} s + ${parts} tasks of ${task.seconds.toFixed(3)} s shared out: ${projected}; more partitions than machines keep them all busy`,
    ],
  ];
}
const table_rows = [
  [
    'onepass CLI (node + wasm), whole process, one thread: CSV -> zscore | logreg',
    speed(rCli),
    spread(rCli),
    peak(rCli),
    `${ratio(rNative, rCli).toFixed(2)} x native (target >= 0.9)`,
  ],
  [
    `onepass CLI, whole process, --threads ${CORES} (the default: one learns, ${CORES - 1} parse), same pipeline`,
    speed(rCliCores),
    spread(rCliCores),
    peak(rCliCores),
    `${ratio(rCli, rCliCores).toFixed(2)} x one thread (target >= 1.6); ${ratio(rNative, rCliCores).toFixed(2)} x native`,
  ],
  [
    `onepass in node, in process, pushAll(path, { threads: ${CORES} }), same pipeline (a run takes the parser threads the run before kept: design.md)`,
    speed(rWasmCores),
    spread(rWasmCores),
    peak(rWasmCores),
    `${ratio(rWasm, rWasmCores).toFixed(2)} x in process on one thread (target >= 1.6)${apartNote}; ${busy(rWasmCores, rWasm)}`,
  ],
  ...(long
    ? [
        [
          `the same, pushAll(path, { threads: ${CORES} }), on ${3 * ROWS} rows (${long.mb.toFixed(0)} MB)`,
          speed(long.cores, 3 * rows, long.mb),
          spread(long.cores),
          peak(long.cores),
          `${ratio(long.one, long.cores).toFixed(2)} x in process on one thread (${speed(long.one, 3 * rows, long.mb)}; target >= 1.6); ${busy(long.cores, long.one)}`,
        ],
      ]
    : []),
  [
    'reference: parsing alone, in process (loadDataset: the rows into memory, nothing learned)',
    speed(rParse),
    spread(rParse),
    peak(rParse),
    `per row: parse ${parseUs.toFixed(2)} us, learn ${learnUs.toFixed(2)} us; with K parsers and K + 1 free cores, about ${scaling} one thread (learning is the bound)`,
  ],
  [
    'onepass-native (the native build), whole process, same pipeline',
    speed(rNative),
    spread(rNative),
    peak(rNative),
    '1.00',
  ],
  [
    'onepass in node, in process, pushAll(path) on one thread, same pipeline',
    speed(rWasm),
    spread(rWasm),
    peak(rWasm),
    `${ratio(rNative, rWasm).toFixed(2)} x native`,
  ],
  [
    'onepass in node, the first run after load() in a fresh process (and a 1 s pause), one thread, same pipeline',
    speed(first.cold),
    spread(first.cold),
    peak(first.cold),
    `median ${first.cold.seconds.toFixed(2)} s against ${rWasm.seconds.toFixed(2)} s for the runs above (measured apart); with warmUp() before the pause: ${speed(first.warm)} (${spread(first.warm)}), ${ratio(first.cold, first.warm).toFixed(2)} x faster`,
  ],
  ...(mixed
    ? [
        [
          `onepass in node, in process: a mixed CSV of the same size (8 numbers, 3 categorical columns of 5/50/2,000 levels, 3-8 words of text; ${mixed.rows} rows) -> zscore | logreg`,
          speed(mixed.run, mixed.rows, mixed.mb),
          spread(mixed.run),
          peak(mixed.run),
          `${(mixed.mb / mixed.run.seconds / nodeMbPerS).toFixed(2)} x the numeric file's MB/s`,
        ],
      ]
    : []),
  ...daskRows(),
  [
    'papaparse 5 (header: false, dynamicTyping, chunk callback) + the same z-score/logistic loop in JS',
    speed(rPapaChunk),
    spread(rPapaChunk),
    peak(rPapaChunk),
    faster(rPapaChunk, 10),
  ],
  [
    'papaparse 5 as above, step callback (one row per call)',
    speed(rPapaStep),
    spread(rPapaStep),
    peak(rPapaStep),
    faster(rPapaStep),
  ],
  [
    'uDSV (typedArrs, incremental, row callback) + the same loop',
    speed(rUdsv),
    spread(rUdsv),
    peak(rUdsv),
    faster(rUdsv),
  ],
  [
    `TensorFlow.js cpu, trainOnBatch one row per call (${tf.rows} rows)`,
    `${tfRate.toFixed(0)} rows/s`,
    spread(rTf),
    peak(rTf),
    `onepass ${(rate(rWasm) / tfRate).toFixed(0)} x faster (target >= 500)`,
  ],
  [
    '8 pipelines on one parse, in process: zscore | {logreg, pa, pa1, pa2, perceptron, pater1, romma, logreg +avg}',
    speed(rEight),
    spread(rEight),
    peak(rEight),
    `${ratio(rWasm, rEight).toFixed(2)} x one pipeline (target >= 0.4)`,
  ],
  [
    `8 mixed pipelines on one parse, in process: ${eightMixed.join(', ')}`,
    speed(rMixed),
    spread(rMixed),
    peak(rMixed),
    `${ratio(rWasm, rMixed).toFixed(2)} x one pipeline (target >= 0.3)`,
  ],
  [
    `the same 8 mixed pipelines, pushAll(path, { threads: ${CORES} })`,
    speed(rMixedCores),
    spread(rMixedCores),
    peak(rMixedCores),
    `${ratio(rWasm, rMixedCores).toFixed(2)} x one pipeline on one thread (target >= 0.3); ${ratio(rMixed, rMixedCores).toFixed(2)} x on one thread; ${mixedApart ? `the runner split: a worker parsed and learned ${mixedApart} of the 8 pipelines` : 'the runner was not split'}; ${busy(rMixedCores, rMixed)}`,
  ],
  [
    `headless Chromium, demo Worker, ${Math.round(statSync(bigFile).size / 1e6)} MB file`,
    `${rBrowser.mbPerS.toFixed(0)} MB/s`,
    rBrowser.spread,
    rBrowser.growth,
    `${(rBrowser.mbPerS / nodeMbPerS).toFixed(2)} x node in process (target >= 0.8); Chromium busy ${rBrowser.cores.toFixed(2)} cores; ${slowestUpdatesPerS.toFixed(1)} progress updates/s (slowest run), longest gap ${longestGapMs.toFixed(0)} ms (targets <= 64 MB, >= 4/s)`,
  ],
  ...(rBrowserCores
    ? [
        [
          `the demo as above, "Parse on: all cores" (${CORES} threads)`,
          `${rBrowserCores.mbPerS.toFixed(0)} MB/s`,
          rBrowserCores.spread,
          rBrowserCores.growth,
          `${browserRatio(rBrowser, rBrowserCores).toFixed(2)} x the demo on one thread (target >= 1.6); Chromium busy ${rBrowserCores.cores.toFixed(2)} of ${CORES} cores`,
        ],
      ]
    : []),
  [
    'reference: headless Chromium, a Worker only reading the same file (no onepass)',
    `${rReadOnly.mbPerS.toFixed(0)} MB/s`,
    rReadOnly.spread,
    rReadOnly.growth,
    `the browser's own cost of streaming a File; Chromium busy ${rReadOnly.cores.toFixed(2)} cores`,
  ],
  [
    'package size: wasm + JS glue + API, gzip',
    `${(size / 1024).toFixed(0)} KB`,
    '',
    '',
    'target <= 300 KB',
  ],
];
// A '|' inside a cell (a pipeline spec) must not end the cell.
const table = [
  '| run | speed | spread | peak memory | ratio |',
  '|---|---|---|---|---|',
  ...table_rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
].join('\n');
console.log('\n' + table + '\n');
// One line per stage: its cost per row on each row set, and per non-zero on the sparse sets.
const stageRows = new Map();
const widthRows = new Map(); // arow and arow_full by width: dense28 from the learner rows
for (const [name, t, unit] of stageCosts) {
  const [kind, set, ...rest] = name.split('/');
  const spec = rest.join('/');
  if (kind === 'width' || (set === 'dense28' && (spec === 'arow' || spec === 'arow_full'))) {
    if (!widthRows.has(spec)) widthRows.set(spec, {});
    widthRows.get(spec)[set] = `${(t * { ns: 1, us: 1e3, ms: 1e6 }[unit]).toFixed(0)} ns`;
    if (kind === 'width') continue;
  }
  const key = `${kind} ${rest.join('/')}`;
  if (!stageRows.has(key)) stageRows.set(key, {});
  const ns = t * { ns: 1, us: 1e3, ms: 1e6 }[unit];
  stageRows.get(key)[set] = set.startsWith('sparse')
    ? `${ns.toFixed(0)} ns (${(ns / 20).toFixed(1)} ns/nz)`
    : `${ns.toFixed(0)} ns`;
}
const stageTable = [
  '| stage (native, one row) | dense, 28 features | sparse, 20 of 1,000 | sparse, 20 of 100,000 |',
  '|---|---|---|---|',
  ...[...stageRows].map(
    ([key, c]) =>
      `| ${key} | ${c.dense28 ?? ''} | ${c.sparse1000x20 ?? ''} | ${c.sparse100000x20 ?? ''} |`,
  ),
].join('\n');
const widthTable = [
  '| learner (native, one dense row) | 28 features | 128 | 512 |',
  '|---|---|---|---|',
  ...[...widthRows].map(
    ([spec, c]) => `| ${spec} | ${c.dense28 ?? ''} | ${c.dense128 ?? ''} | ${c.dense512 ?? ''} |`,
  ),
].join('\n');
if (stageCosts.length) console.log(stageTable + '\n\n' + widthTable + '\n');

// Files with string columns (bench/strings.mjs), not with --file.
const stringsTable = args.file ? null : await stringRows({ quick });
if (stringsTable) console.log(stringsTable + '\n');

if (!quick && !args.file) {
  writeBenchDoc(root, { rows: ROWS, features: D, mb, runs: RUNS, table, stageTable, widthTable });
  writeStringsSection(stringsTable);
  console.log('wrote docs/bench.md');
}
