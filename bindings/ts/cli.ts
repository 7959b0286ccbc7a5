#!/usr/bin/env node
// The onepass command line (README.md "CLI"):
//   onepass run <file.csv|-> [--label <name|index>] [--positive <value>] --pipeline "<spec>" ...
//               [--every K] [--skip-bad-rows] [--json]
//   onepass list [--json]
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { load, type PipelineResult, type RegistryEntry } from './index.js';

const USAGE = `usage:
  onepass run <file.csv|-> --pipeline "<spec>" [--pipeline "<spec>" ...]
              [--label <name|index>] [--positive <value>] [--every K] [--skip-bad-rows] [--json]
  onepass list [--json]

  spec examples: "zscore | logreg(eta0=0.1,lambda=0)", "perceptron +avg", "minmax | pa1(c=0.1)"
  --label      label column by header name or 0-based index (-1 = last; default: last)
  --positive   label value of the positive class (default: numeric 1 vs 0 or -1)
  --every K    record the cumulative-mistakes curve every K rows (printed with --json)
  --skip-bad-rows  count and skip malformed rows instead of stopping at the first one
  --json       one JSON object per pipeline, one per line`;

class UsageError extends Error {}

interface RunArgs {
  file: string;
  pipelines: string[];
  label?: string;
  positive?: string;
  every: number;
  skip: boolean;
  json: boolean;
}

function parseRunArgs(args: string[]): RunArgs {
  const out: RunArgs = { file: '', pipelines: [], every: 0, skip: false, json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
      return args[++i];
    };
    if (a === '--pipeline' || a === '-p') out.pipelines.push(value());
    else if (a === '--label') out.label = value();
    else if (a === '--positive') out.positive = value();
    else if (a === '--every') {
      const v = value();
      out.every = Number(v);
      if (!Number.isInteger(out.every) || out.every < 0)
        throw new UsageError(`--every takes a whole number >= 0 (got '${v}')`);
    } else if (a === '--skip-bad-rows') out.skip = true;
    else if (a === '--json') out.json = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    else if (!out.file) out.file = a;
    else throw new UsageError(`unexpected argument '${a}'`);
  }
  if (!out.file) throw new UsageError('run needs a CSV file (or - for standard input)');
  if (out.pipelines.length === 0)
    throw new UsageError('run needs at least one --pipeline "<spec>"');
  return out;
}

function curvePairs(curve: Float64Array): number[][] {
  const pairs: number[][] = [];
  for (let i = 0; i + 1 < curve.length; i += 2) pairs.push([curve[i], curve[i + 1]]);
  return pairs;
}

function plainArrays(arrays: Record<string, Float64Array>): Record<string, number[]> {
  return Object.fromEntries(Object.entries(arrays).map(([k, v]) => [k, Array.from(v)]));
}

function jsonOf(r: PipelineResult, skipped: number): object {
  const learner = r.snapshot.learner;
  return {
    pipeline: r.pipeline,
    canonical: r.canonical,
    rows: r.rows,
    mistakes: r.mistakes,
    error: r.error,
    logLoss: r.logLoss,
    weights: Array.from(learner.arrays.w ?? []),
    bias: learner.scalars.b ?? 0,
    arrays: plainArrays(learner.arrays),
    scalers: r.snapshot.scalers.map((s) => ({ name: s.name, arrays: plainArrays(s.arrays) })),
    diverged: r.diverged,
    skipped,
    curve: curvePairs(r.curve),
  };
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

async function run(args: string[]): Promise<void> {
  const a = parseRunArgs(args);
  const op = await load();
  for (const spec of a.pipelines) op.pipeline(spec).dispose(); // spec errors before file errors
  const source = a.file === '-' ? process.stdin : createReadStream(a.file);
  const opened = new Promise<void>((resolve, reject) => {
    source.once('error', reject);
    if (a.file === '-') resolve();
    else source.once('open', () => resolve());
  });
  await opened.catch((e: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${a.file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  });
  const { info, results } = await op
    .runCsv(source as AsyncIterable<Uint8Array>, {
      pipelines: a.pipelines,
      label: a.label,
      positive: a.positive,
      every: a.every,
      onError: a.skip ? 'skip' : 'stop',
    })
    .catch((e: Error) => {
      throw new Error(`${a.file === '-' ? 'stdin' : basename(a.file)}: ${e.message}`);
    });
  for (const w of info.warnings) process.stderr.write(`onepass: warning: ${w}\n`);
  for (const e of info.errors) process.stderr.write(`onepass: skipped ${e.message}\n`);
  if (a.json) {
    for (const r of results) process.stdout.write(JSON.stringify(jsonOf(r, info.skipped)) + '\n');
    return;
  }
  const neg = info.negativeLabel ? `, negative ${info.negativeLabel}` : '';
  process.stdout.write(
    `${a.file}: ${info.rows} rows, ${info.features.length} features, label '${info.label}' ` +
      `(positive ${info.positiveLabel}${neg})` +
      (info.skipped ? `, ${info.skipped} bad rows skipped` : '') +
      '\nprogressive validation: each row predicted before it is learned\n\n',
  );
  const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
  process.stdout.write(
    `${pad('pipeline', width)}${pad('mistakes', 10)}${pad('error', 9)}log-loss\n`,
  );
  for (const r of results) {
    const ll = r.logLoss === null ? '-' : r.logLoss.toFixed(4);
    const flag = r.diverged ? `  (diverged: ${r.revertedSteps} steps reverted)` : '';
    process.stdout.write(
      `${pad(r.canonical, width)}${pad(String(r.mistakes), 10)}${pad(r.error.toFixed(4), 9)}${ll}${flag}\n`,
    );
  }
}

function describe(e: RegistryEntry): string {
  const params = e.params.map(
    (p) => `    ${pad(p.name, 10)} default ${pad(p.default, 8)} ${p.range}: ${p.help}`,
  );
  return [`  ${pad(e.name, 12)} ${e.summary} (spec ${e.spec})`, ...params].join('\n');
}

async function list(args: string[]): Promise<void> {
  const op = await load();
  const entries = op.registry();
  if (args.includes('--json')) {
    process.stdout.write(JSON.stringify(entries) + '\n');
    return;
  }
  for (const kind of ['learner', 'scaler', 'modifier'] as const) {
    process.stdout.write(`${kind}s:\n`);
    for (const e of entries.filter((x) => x.kind === kind))
      process.stdout.write(describe(e) + '\n');
    process.stdout.write('\n');
  }
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (cmd === 'run') await run(rest);
    else if (cmd === 'list') await list(rest);
    else if (cmd === '--help' || cmd === '-h' || cmd === 'help') process.stdout.write(USAGE + '\n');
    else throw new UsageError(cmd ? `unknown command '${cmd}'` : 'no command given');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const hint = e instanceof UsageError ? ' (onepass --help shows the usage)' : '';
    process.stderr.write(`onepass: ${message}${hint}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
