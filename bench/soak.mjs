// `npm run soak` (README.md "Reliability"): long streams and many objects, with memory sampled.
//   1. ROWS generated rows (28 numbers of varying form, a 0/1 label) streamed through the CLI's
//      standard input with three pipelines: a z-score, the robust scaler's quantile sketch and a
//      warm-up chain. The CLI process's resident memory (VmRSS) is sampled twice a second; after
//      warm-up it must stay flat: it may grow by at most FLAT_MB from the sample at 10% of the
//      rows (50% with --quick) to the end.
//   2. PIPELINES pipelines created, fed a row and disposed through the JS API: the process's
//      memory after them must be within FLAT_MB of the memory after the first tenth.
// Prints the figures; exits 1 if memory was not flat. `-- --quick`: 200,000 rows and 10,000
// pipelines (the test suite runs it).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'onepass';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const ROWS = quick ? 200_000 : 20_000_000;
const PIPELINES = quick ? 10_000 : 100_000;
const FLAT_MB = 16;
// Where warm-up ends: the warm-up chain's 500 rows, and the quantile sketch's early growth
// (logarithmic in the rows seen: docs/algorithms.md 5.9).
const WARM = quick ? 0.5 : 0.1;
const SPECS = ['zscore | logreg', 'robust | pa1 +avg', 'as(warmup=500) | lp(warmup=500) | logreg'];

/** Rows of 28 numbers written as people's files have them: integers, short and long decimals,
 * exponents, negatives; the label from a fixed linear rule with noise. */
function* csvChunks(rows) {
  let s = 12345;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  yield [...Array(28)].map((_, j) => `f${j + 1}`).join(',') + ',label\n';
  for (let done = 0; done < rows;) {
    let block = '';
    for (let i = 0; i < 5000 && done < rows; i++, done++) {
      let z = 0;
      const cells = [];
      for (let j = 0; j < 28; j++) {
        const x = r() * 4 - 2;
        z += x * ((j % 5) - 2);
        const form = j % 4;
        cells.push(
          form === 0
            ? String(Math.round(x * 100))
            : form === 1
              ? x.toFixed(2)
              : form === 2
                ? x.toPrecision(9)
                : x.toExponential(3),
        );
      }
      block += cells.join(',') + ',' + (z + r() - 0.5 > 0 ? 1 : 0) + '\n';
    }
    yield block;
  }
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function streamThroughCli() {
  const child = spawn(
    process.execPath,
    [join(root, 'lib/cli.js'), 'run', '-', ...SPECS.flatMap((p) => ['-p', p]), '--quiet', '--json'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '',
    err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const samples = []; // [rows written, MB]
  let written = 0;
  const timer = setInterval(() => {
    try {
      samples.push([written, rssMb(child.pid)]);
    } catch {
      /* the process has ended */
    }
  }, 500);
  const t0 = Date.now();
  for (const chunk of csvChunks(ROWS)) {
    written += chunk.split('\n').length - 1;
    if (!child.stdin.write(chunk)) await new Promise((ok) => child.stdin.once('drain', ok));
  }
  child.stdin.end();
  const status = await new Promise((ok) => child.on('close', ok));
  clearInterval(timer);
  const seconds = (Date.now() - t0) / 1000;
  if (status !== 0) throw new Error(`the CLI failed: ${err}`);
  const results = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const after = samples.filter(([rows]) => rows >= ROWS * WARM).map(([, mb]) => mb);
  const start = after[0] ?? NaN;
  const peak = Math.max(...after);
  return {
    seconds,
    rows: results[0].rows,
    start,
    peak,
    end: after[after.length - 1],
    growth: peak - start,
    samples: after.length,
  };
}

async function manyPipelines() {
  const op = await load();
  const row = Float64Array.from({ length: 50 }, (_, j) => j / 7);
  // Collected first when node runs with --expose-gc (npm run soak does), so that JavaScript's
  // own garbage does not count as growth.
  const mb = () => (globalThis.gc?.(), process.memoryUsage().rss / 1e6);
  let start = NaN;
  for (let i = 0; i < PIPELINES; i++) {
    if (i === PIPELINES / 10) start = mb();
    const p = op.pipeline(i % 2 ? 'zscore | logreg +avg' : 'robust | pa1 +vote');
    p.learnOne(row, i % 2 ? 1 : -1);
    p.dispose();
  }
  const end = mb();
  return { start, end, growth: end - start };
}

const cli = await streamThroughCli();
const api = await manyPipelines();
const lines = [
  `soak on ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString().slice(0, 10)}`,
  `1. ${cli.rows.toLocaleString('en')} rows through the CLI's stdin, pipelines ${SPECS.join('; ')}: ${cli.seconds.toFixed(0)} s; ` +
    `resident memory after ${WARM * 100}% of the rows ${cli.start.toFixed(0)} MB, peak ${cli.peak.toFixed(0)} MB, end ${cli.end.toFixed(0)} MB (growth ${cli.growth.toFixed(1)} MB over ${cli.samples} samples)`,
  `2. ${PIPELINES.toLocaleString('en')} pipelines created, fed and disposed: process memory ${api.start.toFixed(0)} MB after the first tenth, ${api.end.toFixed(0)} MB at the end (growth ${api.growth.toFixed(1)} MB)`,
];
console.log(lines.join('\n'));
const flat = cli.rows === ROWS && cli.growth <= FLAT_MB && api.growth <= FLAT_MB;
console.log(flat ? `memory flat (within ${FLAT_MB} MB)` : `NOT FLAT (limit ${FLAT_MB} MB)`);
process.exit(flat ? 0 : 1);
