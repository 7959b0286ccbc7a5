#!/usr/bin/env node
// The onepass command line (README.md "CLI"):
//   onepass run <file.csv|-> [--label <name|index>] [--positive <value>] --pipeline "<spec>" ...
//               [--every K] [--skip-bad-rows] [--json]
//   onepass list [--json]
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { load, type Onepass, type PipelineResult, type RegistryEntry } from './index.js';

const USAGE = `usage:
  onepass run <file.csv|-> --pipeline "<spec>" [--pipeline "<spec>" ...]
              [--label <name|index>] [--positive <value>] [--every K] [--skip-bad-rows] [--json]
              [--save model.json] [--load model.json]
  onepass predict <file.csv|-> --model model.json [--out predictions.csv]
  onepass merge a.json b.json [...] -o merged.json
  onepass list [--json]

  spec examples: "zscore | logreg(eta0=0.1,lambda=0)", "perceptron +avg", "minmax | pa1(c=0.1)"
  --label      label column by header name or 0-based index (-1 = last; default: last)
  --positive   label value of the positive class (default: numeric 1 vs 0 or -1)
  --every K    record the cumulative-mistakes curve every K rows (printed with --json)
  --skip-bad-rows  count and skip malformed rows instead of stopping at the first one
  --json       one JSON object per pipeline, one per line
  --save F     write the trained pipeline (one --pipeline) as a model file
  --load F     train the model in F further on this file (instead of --pipeline)
  predict      one prediction (and probability, for logistic models) per row; the model's
               features are found by header name, the label column may be absent
  merge        the mean of models of the same pipeline trained on shards of a stream`;

class UsageError extends Error {}

interface RunArgs {
  file: string;
  pipelines: string[];
  save?: string;
  load?: string;
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
    else if (a === '--save') out.save = value();
    else if (a === '--load') out.load = value();
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
  if (out.load && out.pipelines.length > 0)
    throw new UsageError('--load trains a saved model further; it takes no --pipeline');
  if (!out.load && out.pipelines.length === 0)
    throw new UsageError('run needs at least one --pipeline "<spec>" (or --load model.json)');
  if (out.save && out.pipelines.length > 1)
    throw new UsageError('--save writes one model: give exactly one --pipeline');
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

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  }
}

/** Opens a CSV (or standard input for "-") as a stream of byte chunks. */
async function openCsv(file: string): Promise<AsyncIterable<Uint8Array>> {
  const source = file === '-' ? process.stdin : createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    source.once('error', reject);
    if (file === '-') resolve();
    else source.once('open', () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  });
  return source as AsyncIterable<Uint8Array>;
}

const inFile = (file: string, e: Error): Error =>
  new Error(`${file === '-' ? 'stdin' : basename(file)}: ${e.message}`);

/** Loads a model file, saying which file is at fault. */
function loadModel(op: Onepass, file: string): string {
  const text = readText(file);
  op.loadPipeline(text).dispose(); // validate now, with the file's name in the message
  return text;
}

async function run(args: string[]): Promise<void> {
  const a = parseRunArgs(args);
  const op = await load();
  for (const spec of a.pipelines) op.pipeline(spec).dispose(); // spec errors before file errors
  let models: string[] = [];
  if (a.load) {
    try {
      models = [loadModel(op, a.load)];
    } catch (e) {
      throw inFile(a.load, e as Error);
    }
  }
  const source = await openCsv(a.file);
  const runner = op.csvRunner({
    pipelines: a.pipelines,
    models,
    label: a.label,
    positive: a.positive,
    every: a.every,
    onError: a.skip ? 'skip' : 'stop',
  });
  let info, results;
  try {
    for await (const chunk of source) runner.push(chunk);
    runner.finish();
    info = runner.info();
    results = runner.results();
    if (a.save) writeFileSync(a.save, JSON.stringify(runner.toJSON(0), null, 1) + '\n');
  } catch (e) {
    throw inFile(a.file, e as Error);
  } finally {
    runner.dispose();
  }
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

function flag(args: string[], names: string[]): string | undefined {
  const i = args.findIndex((a) => names.includes(a));
  if (i < 0) return undefined;
  if (i + 1 >= args.length) throw new UsageError(`${args[i]} needs a value`);
  const [value] = args.splice(i, 2).slice(1);
  return value;
}

async function predict(args: string[]): Promise<void> {
  const rest = [...args];
  const modelFile = flag(rest, ['--model', '-m']);
  const out = flag(rest, ['--out', '-o']);
  const label = flag(rest, ['--label']);
  const positive = flag(rest, ['--positive']);
  const unknown = rest.find((a) => a.startsWith('-') && a !== '-');
  if (unknown) throw new UsageError(`unknown option '${unknown}'`);
  if (rest.length !== 1)
    throw new UsageError('predict needs one CSV file (or - for standard input)');
  if (!modelFile) throw new UsageError('predict needs --model model.json');
  const op = await load();
  let text: string;
  try {
    text = loadModel(op, modelFile);
  } catch (e) {
    throw inFile(modelFile, e as Error);
  }
  const file = rest[0];
  const scorer = op.csvScorer(text, { label, positive });
  const fileOut = out ? createWriteStream(out) : null;
  const sink: NodeJS.WritableStream = fileOut ?? process.stdout;
  sink.write(scorer.csvHeader);
  const write = async (r: ReturnType<typeof scorer.push>): Promise<void> => {
    if (!sink.write(scorer.toCsv(r))) await new Promise((resolve) => sink.once('drain', resolve));
  };
  try {
    for await (const chunk of await openCsv(file)) await write(scorer.push(chunk));
    await write(scorer.finish());
  } catch (e) {
    throw inFile(file, e as Error);
  } finally {
    scorer.dispose();
  }
  if (fileOut) await new Promise((resolve) => fileOut.end(resolve));
  const { rows, labelled, correct } = scorer;
  const acc = labelled
    ? `; accuracy on the ${labelled} labelled rows: ${(correct / labelled).toFixed(4)}`
    : '';
  process.stderr.write(`onepass: ${rows} rows predicted${acc}\n`);
}

async function merge(args: string[]): Promise<void> {
  const rest = [...args];
  const out = flag(rest, ['--out', '-o']);
  const unknown = rest.find((a) => a.startsWith('-'));
  if (unknown) throw new UsageError(`unknown option '${unknown}'`);
  if (!out) throw new UsageError('merge needs -o merged.json');
  if (rest.length === 0) throw new UsageError('merge needs model files');
  const op = await load();
  const merged = op.merge(rest.map(readText));
  writeFileSync(out, JSON.stringify(merged, null, 1) + '\n');
  process.stderr.write(`onepass: merged ${rest.length} models into ${out}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (cmd === 'run') await run(rest);
    else if (cmd === 'predict') await predict(rest);
    else if (cmd === 'merge') await merge(rest);
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
