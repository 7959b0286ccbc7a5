// `npm run soak` (docs/limits.md): long streams and many objects, with memory sampled.
//   1. ROWS generated rows (28 numbers of varying form, a 0/1 label) streamed through the CLI's
//      standard input with three pipelines: a z-score, the robust scaler's quantile sketch and a
//      warm-up chain. The CLI process's resident memory (VmRSS) is sampled twice a second
//      while the rows stream in; after warm-up it must stay flat: it may grow by at most FLAT_MB
//      from the sample at 10% of the rows (50% with --quick) to the end.
//   2. PIPELINES pipelines created, fed a row and disposed through the JS API: the process's
//      memory after them must be within FLAT_MB of the memory after the first tenth (half with
//      --quick: over 10,000 the process's heaps are still growing to their working size at a
//      tenth, by 2 to 17 MB from run to run).
//   3. MIXED_ROWS rows of a file with a column of ever new ids read as categorical and a text
//      column of ever new words: past the level cap the ids go to hashed buckets, the
//      words to 2^18 hashed buckets, so memory stays flat here too once the buckets are in use
//      and the process's heaps have grown to their working size (from the sample at 40% of the
//      rows, 70% with --quick; sampled four times a second).
// Prints the figures; exits 1 if memory was not flat. `-- --quick`: 200,000 and 1,200,000 rows
// and 10,000 pipelines (the test suite runs it).
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
const PIPELINES_WARM = quick ? PIPELINES / 2 : PIPELINES / 10;
// The full run keeps the defaults (1,000 levels, 2^18 word buckets: in use after about 600,000
// rows of 8 new words); the quick one makes them small (100 levels, 2^12 buckets) so that they
// fill within its first half.
const MIXED_ROWS = quick ? 1_200_000 : 2_000_000;
const MIXED_ARGS = [
  '--categorical',
  'id',
  '--text',
  'note',
  ...(quick ? ['--max-levels', '100', '--text-bits', '12'] : []),
];
const MIXED_WARM = quick ? 0.7 : 0.4;
const MIXED_SPECS = ['zscore | logreg', 'pa1 +avg'];
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

/** Rows of a number, an id never seen before, 8 new words and 2 of a few common ones, and a
 * label that follows the number and one common word. */
function* mixedChunks(rows) {
  yield 'x,id,note,label\n';
  const common = ['refund', 'late', 'thanks', 'broken', 'great', 'slow'];
  for (let done = 0; done < rows;) {
    let block = '';
    for (let i = 0; i < 5000 && done < rows; i++, done++) {
      const x = ((done * 7919) % 1000) / 250 - 2;
      const a = common[done % 6];
      const b = common[(done * 5) % 6];
      const fresh = [...Array(8)].map((_, k) => `w${done * 8 + k}`).join(' ');
      const y = x + (a === 'refund' ? 1.5 : 0) > 0 ? 1 : 0;
      block += `${x.toFixed(3)},u${done},${a} ${fresh} ${b},${y}\n`;
    }
    yield block;
  }
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** `rows` rows of `chunks` through the CLI's stdin with `specs` (and `args`), its resident
 * memory sampled every `everyMs` and kept from `warm` of the rows on. */
async function streamThroughCli(chunks, rows, specs, args, warm, everyMs) {
  const child = spawn(
    process.execPath,
    [
      join(root, 'lib/cli.js'),
      'run',
      '-',
      ...specs.flatMap((p) => ['-p', p]),
      ...args,
      '--quiet',
      '--json',
    ],
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
  // Sampled while rows stream in: the JSON printed at the end (every weight) is not the
  // stream's memory.
  const timer = setInterval(() => {
    try {
      samples.push([written, rssMb(child.pid)]);
    } catch {
      /* the process has ended */
    }
  }, everyMs);
  const t0 = Date.now();
  for (const chunk of chunks) {
    written += chunk.split('\n').length - 1;
    if (!child.stdin.write(chunk)) await new Promise((ok) => child.stdin.once('drain', ok));
  }
  child.stdin.end();
  clearInterval(timer);
  const status = await new Promise((ok) => child.on('close', ok));
  const seconds = (Date.now() - t0) / 1000;
  if (status !== 0) throw new Error(`the CLI failed: ${err}`);
  const results = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const after = samples.filter(([n]) => n >= rows * warm).map(([, mb]) => mb);
  const start = after[0] ?? NaN;
  const peak = Math.max(...after);
  return {
    seconds,
    rows: results[0].rows,
    width: results[0].weights.length,
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
    if (i === PIPELINES_WARM) start = mb();
    const p = op.pipeline(i % 2 ? 'zscore | logreg +avg' : 'robust | pa1 +vote');
    p.learnOne(row, i % 2 ? 1 : -1);
    p.dispose();
  }
  const end = mb();
  return { start, end, growth: end - start };
}

const cli = await streamThroughCli(csvChunks(ROWS), ROWS, SPECS, [], WARM, 500);
const api = await manyPipelines();
const mixed = await streamThroughCli(
  mixedChunks(MIXED_ROWS),
  MIXED_ROWS,
  MIXED_SPECS,
  MIXED_ARGS,
  MIXED_WARM,
  250,
);
const lines = [
  `soak on ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString().slice(0, 10)}`,
  `1. ${cli.rows.toLocaleString('en')} rows through the CLI's stdin, pipelines ${SPECS.join('; ')}: ${cli.seconds.toFixed(0)} s; ` +
    `resident memory after ${WARM * 100}% of the rows ${cli.start.toFixed(0)} MB, peak ${cli.peak.toFixed(0)} MB, end ${cli.end.toFixed(0)} MB (growth ${cli.growth.toFixed(1)} MB over ${cli.samples} samples)`,
  `2. ${PIPELINES.toLocaleString('en')} pipelines created, fed and disposed: process memory ${api.start.toFixed(0)} MB after the first ${quick ? 'half' : 'tenth'}, ${api.end.toFixed(0)} MB at the end (growth ${api.growth.toFixed(1)} MB)`,
  `3. ${mixed.rows.toLocaleString('en')} rows of fresh ids (categorical) and fresh words (text) through the CLI's stdin, pipelines ${MIXED_SPECS.join('; ')}: ${mixed.seconds.toFixed(0)} s, ${mixed.width.toLocaleString('en')} features; ` +
    `${MIXED_ARGS.join(' ')}; resident memory after ${MIXED_WARM * 100}% of the rows ${mixed.start.toFixed(0)} MB, peak ${mixed.peak.toFixed(0)} MB, end ${mixed.end.toFixed(0)} MB (growth ${mixed.growth.toFixed(1)} MB over ${mixed.samples} samples)`,
];
console.log(lines.join('\n'));
const flat =
  cli.rows === ROWS &&
  cli.growth <= FLAT_MB &&
  api.growth <= FLAT_MB &&
  mixed.rows === MIXED_ROWS &&
  mixed.growth <= FLAT_MB;
console.log(flat ? `memory flat (within ${FLAT_MB} MB)` : `NOT FLAT (limit ${FLAT_MB} MB)`);
process.exit(flat ? 0 : 1);
