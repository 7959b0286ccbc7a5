#!/usr/bin/env node
// The onepass command line (README.md "CLI"):
//   onepass run <file.csv|-> [--label <name|index>] [--positive <value>] --pipeline "<spec>" ...
//               [--every K] [--skip-bad-rows] [--json]
//   onepass list [--json]
import {
  createReadStream,
  type ReadStream,
  createWriteStream,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename } from 'node:path';
import {
  ALGORITHMS_DOC,
  algorithmsRef,
  load,
  type CsvReadOptions,
  type DatasetOptions,
  type EvalOptions,
  type MetricValues,
  type Onepass,
  type RegistryEntry,
  type SvmlightReadOptions,
} from './index.js';
import { coreCount } from './parallel.js';

const USAGE = `usage:
  onepass run <file.csv|-> [--pipeline "<spec>" ...]
              [--label <name|index>] [--positive <value>] [--every K] [--skip-bad-rows] [--json]
              [--save model.json] [--load model.json] [--shuffle-buffer N [--seed S]]
              [--threads N] [CSV reading options, below]
  onepass run <file.svm|-> --format svmlight --dims D [--index-base 0] [--pipeline "<spec>" ...]
              [--positive <value>] [--every K] [--skip-bad-rows] [--json]
              [--save model.json] [--load model.json]
  onepass evaluate <file.csv> [--pipeline "<spec>" ...] [--label L] [--positive V]
              [--holdout 0.2 | --folds 10 | --test test.csv] [--seed S] [--shuffle]
              [--grid "lambda=0,0.01;mu=0,1"] [--select accuracy] [--optimistic]
              [--metrics accuracy,f1,auc] [--curve 0.1,0.5,1] [--json]
              [--format svmlight --dims D [--index-base 0]]
  onepass predict <file.csv|file.svm|-> --model model.json [--out predictions.csv]
              [CSV reading options]   (a model trained on svmlight rows reads svmlight rows)
  onepass merge a.json b.json [...] -o merged.json
  onepass export model.json [--onnx model.onnx] [--weights weights.json]
  onepass list [--json]
  onepass --version

  spec examples: "zscore | logreg(eta0=0.1,lambda=0)", "perceptron +avg", "minmax | pa1(c=0.1)";
               without --pipeline, run and evaluate use the default pipeline (onepass list shows it)
  --label      label column by header name or 0-based index (-1 = last; default: last)
  --positive   label value of the positive class (default: numeric 1 vs 0 or -1)
  --every K    record the cumulative-mistakes curve every K rows (printed with --json)
  --skip-bad-rows  count and skip malformed rows instead of stopping at the first one
  --json       one JSON object per pipeline, one per line
  --quiet, -q  no progress line on the terminal (there is none when stderr is not a terminal)
  --threads N  threads for a CSV run: one learns, N - 1 parse (default: the number of cores;
               1: one thread parses and learns); the results are the same whatever N
  CSV reading (run, evaluate, predict): --no-header (columns named c1..cN), --delimiter C (default:
               detected), --skip-lines N, --comment '|' (lines to pass over), --na "?,NA" (missing-value cells), --label-trim "."
               (characters trimmed from labels), --numeric a,b --categorical c --text d
               --ignore e (column roles; the others are inferred from the first --sample-rows
               1000 rows), --max-levels 1000 --level-buckets 64 (categories past the cap are
               hashed), --text-bits 18 (hashed word buckets per text column), --scale-encoded
               (the scalers scale categorical and text features too; online scalers only),
               --max-record-bytes 1048576 --max-fields 100000 (bounds on one record)
  --shuffle-buffer N  learn the rows in a seeded random order, through a buffer of N rows
  --save F     write the trained pipeline (one --pipeline) as a model file
  --load F     train the model in F further on this file (instead of --pipeline)
  --format svmlight  (or libsvm) sparse rows, "label index:value ..." per line (run,
               evaluate, predict); --dims gives the number of features, --index-base 0 reads
               indices counted from 0; a saved model keeps both
  predict      one prediction (and probability, for logistic models) per row; the model's
               features are found by header name, the label column may be absent
  merge        the mean of models of the same pipeline trained on shards of a stream
  export       the model as ONNX (input x: doubles [rows, features]; outputs label, margin,
               probability) and/or as plain weights per feature (coef, intercept), for
               pipelines with an exact linear form (zscore, pareto, vast, level, twosd,
               ewzscore, robust, minmax, maxabs scalers; learners with a margin w.x + b)
  evaluate     holdout (default 20% test), k-fold CV or a given test file; --grid selects
               parameters on a validation part of the training data (--optimistic: on the
               test part, as the Feature Scaling paper did; labelled so); --curve draws a
               learning curve from the folds`;

class UsageError extends Error {}

/** The package's version, from its package.json (next to lib/ in the installed package). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

interface RunArgs {
  file: string;
  format: 'csv' | 'svmlight';
  dims?: number;
  indexBase?: 0 | 1;
  pipelines: string[];
  shuffleBuffer?: number;
  seed?: number;
  save?: string;
  load?: string;
  csv: CsvReadOptions;
  every: number;
  skip: boolean;
  json: boolean;
  quiet?: boolean;
  threads?: number;
}

/** Walks the arguments: `take(option, value)` handles an option (value() reads the next word)
 * and returns false for one it does not know; other words are positional. */
function walkArgs(
  args: string[],
  take: (option: string, value: () => string) => boolean,
): string[] {
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
      return args[++i];
    };
    if (take(a, value)) continue;
    if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    positional.push(a);
  }
  return positional;
}

/** The CSV reading flags of run, evaluate and predict, each the kebab-case form of a CSV option
 * (--skip-lines: skipLines); the core checks the values and names the option at fault. */
const CSV_FLAGS: Record<string, keyof CsvReadOptions> = {
  '--label': 'label',
  '--positive': 'positive',
  '--delimiter': 'delimiter',
  '--skip-lines': 'skipLines',
  '--comment': 'comment',
  '--na': 'missing',
  '--label-trim': 'labelTrim',
  '--numeric': 'numeric',
  '--categorical': 'categorical',
  '--text': 'text',
  '--ignore': 'ignore',
  '--sample-rows': 'sampleRows',
  '--max-levels': 'maxLevels',
  '--level-buckets': 'levelBuckets',
  '--text-bits': 'textBits',
  '--max-record-bytes': 'maxRecordBytes',
  '--max-fields': 'maxFields',
};
const LIST_OPTIONS = new Set(['missing', 'numeric', 'categorical', 'text', 'ignore']);

/** Takes a CSV flag into `csv`; false for any other option. */
function csvFlag(option: string, value: () => string, csv: CsvReadOptions): boolean {
  const into = csv as Record<string, unknown>;
  if (option === '--no-header' || option === '--scale-encoded') {
    if (option === '--no-header') csv.header = false;
    else csv.scaleEncoded = true;
    return true;
  }
  const key = CSV_FLAGS[option];
  if (!key) return false;
  const v = value();
  into[key as string] = LIST_OPTIONS.has(key as string) ? v.split(',').map((x) => x.trim()) : v;
  return true;
}

/** A number option, checked: `what` says what it takes ("a whole number >= 0"). */
function numberArg(option: string, v: string, ok: (n: number) => boolean, what: string): number {
  const n = Number(v);
  if (!ok(n)) throw new UsageError(`${option} takes ${what} (got '${v}')`);
  return n;
}
const wholeNumber = (n: number): boolean => Number.isInteger(n) && n >= 0;

function one(positional: string[], what: string): string {
  if (positional.length === 0) throw new UsageError(what);
  if (positional.length > 1) throw new UsageError(`unexpected argument '${positional[1]}'`);
  return positional[0];
}

function formatArg(v: string): 'csv' | 'svmlight' {
  if (v === 'csv' || v === 'svmlight') return v;
  if (v === 'libsvm') return 'svmlight'; // the same format
  throw new UsageError(`--format is csv, svmlight or libsvm, not '${v}'`);
}

/** The format options of a command, checked: svmlight needs --dims (unless a model gives the
 * width) and takes none of the CSV reading flags (nor `csvOnly`, the command's own); --dims and
 * --index-base go with svmlight only. */
function checkFormat(
  a: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1; csv: CsvReadOptions },
  modelGivesDims: boolean,
  csvOnly: [string, unknown][] = [],
): void {
  if (a.format === 'csv') {
    if (a.dims !== undefined || a.indexBase !== undefined)
      throw new UsageError('--dims and --index-base go with --format svmlight');
    return;
  }
  if (a.dims === undefined && !modelGivesDims)
    throw new UsageError('--format svmlight needs --dims <number of features>');
  const given = [
    ...Object.entries(CSV_FLAGS)
      .filter(([flag]) => flag !== '--positive')
      .map(([flag, key]): [string, unknown] => [flag, a.csv[key]]),
    ['--no-header', a.csv.header] as [string, unknown],
    ['--scale-encoded', a.csv.scaleEncoded] as [string, unknown],
    ...csvOnly,
  ].find(([, v]) => v !== undefined);
  if (given)
    throw new UsageError(`${given[0]} reads CSV files; it does not apply to --format svmlight`);
}

/** --format, --dims and --index-base into `out`; false for any other option. */
function formatFlag(
  option: string,
  value: () => string,
  out: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1 },
): boolean {
  if (option === '--format') out.format = formatArg(value());
  else if (option === '--dims')
    out.dims = numberArg(option, value(), (n) => wholeNumber(n) && n > 0, 'a whole number > 0');
  else if (option === '--index-base')
    out.indexBase = numberArg(option, value(), (n) => n === 0 || n === 1, '0 or 1') as 0 | 1;
  else return false;
  return true;
}

/** The svmlight reading options of a command's arguments. */
function svmlightOptions(a: {
  dims?: number;
  indexBase?: 0 | 1;
  csv: CsvReadOptions;
}): SvmlightReadOptions {
  return { dims: a.dims, indexBase: a.indexBase, positive: a.csv.positive };
}

function parseRunArgs(args: string[]): RunArgs {
  const out: RunArgs = {
    file: '',
    format: 'csv',
    pipelines: [],
    csv: {},
    every: 0,
    skip: false,
    json: false,
  };
  const files = walkArgs(args, (a, value) => {
    if (csvFlag(a, value, out.csv) || formatFlag(a, value, out)) return true;
    if (a === '--pipeline' || a === '-p') out.pipelines.push(value());
    else if (a === '--save') out.save = value();
    else if (a === '--load') out.load = value();
    else if (a === '--every') out.every = numberArg(a, value(), wholeNumber, 'a whole number >= 0');
    else if (a === '--seed') out.seed = numberArg(a, value(), wholeNumber, 'a whole number >= 0');
    else if (a === '--shuffle-buffer')
      out.shuffleBuffer = numberArg(a, value(), wholeNumber, 'a whole number >= 0');
    else if (a === '--skip-bad-rows') out.skip = true;
    else if (a === '--quiet' || a === '-q') out.quiet = true;
    else if (a === '--threads')
      out.threads = numberArg(
        a,
        value(),
        (n) => wholeNumber(n) && n >= 1 && n <= 256,
        'a whole number from 1 to 256',
      );
    else if (a === '--json') out.json = true;
    else return false;
    return true;
  });
  out.file = one(files, 'run needs a CSV file (or - for standard input)');
  checkFormat(out, out.load !== undefined, [
    ['--shuffle-buffer', out.shuffleBuffer],
    ['--threads', out.threads],
  ]);
  if (out.load && out.pipelines.length > 0)
    throw new UsageError('--load trains a saved model further; it takes no --pipeline');
  if (out.save && out.pipelines.length > 1)
    throw new UsageError('--save writes one model: give exactly one --pipeline');
  return out;
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

/** A progress line on a terminal (issue 18): rows, MB, rows/s, and the share done and the time
 * left when the size is known; shown at the first chunk (so that a user sees at once that the run
 * started, and so that whether a line shows does not depend on the machine's speed), then at most
 * 4 times a second, cleared at the end. None when the stream is not a terminal (a pipe, a file,
 * CI) or the caller asked for quiet. */
function progressLine(
  out: NodeJS.WriteStream | null,
  file: string,
): { update(bytes: number, rows: () => number): void; done(): void } | null {
  if (!out?.isTTY) return null;
  let total = 0;
  try {
    if (file !== '-') total = statSync(file).size;
  } catch {
    total = 0;
  }
  const t0 = performance.now();
  let last = -Infinity;
  return {
    update(bytes, rowsNow) {
      const now = performance.now();
      if (now - last < 250) return;
      last = now;
      const rows = rowsNow();
      const seconds = (now - t0) / 1000;
      const rate = seconds > 0 ? rows / seconds : 0;
      let line = `${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB, ${Math.round(rate).toLocaleString('en')} rows/s`;
      if (total > 0 && bytes > 0) {
        const left = (seconds * (total - bytes)) / bytes;
        line += `, ${Math.min(100, (100 * bytes) / total).toFixed(0)}%, ${left.toFixed(0)} s left`;
      }
      out.write(`\r${line}\x1b[K`);
    },
    done() {
      if (last > -Infinity) out.write('\r\x1b[K');
    },
  };
}

/** Opens a CSV (or standard input for "-") as a stream of byte chunks. */
async function openCsv(file: string): Promise<AsyncIterable<Uint8Array>> {
  const source = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: 1 << 20 });
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

/** Loads a model file, saying which file is at fault: its text, the rows it had learned and
 * what input it reads. */
function loadModel(
  op: Onepass,
  file: string,
): { text: string; rows: number; input: 'csv' | 'svmlight' } {
  try {
    const text = readText(file);
    const p = op.loadPipeline(text); // validate now, with the file's name in the message
    const rows = p.stats().rows;
    const input = p.schema.input;
    p.dispose();
    return { text, rows, input };
  } catch (e) {
    throw inFile(file, e as Error);
  }
}

/** Without --pipeline (and --load) a run uses the core's default pipeline, and says so. */
function orDefault(pipelines: string[], op: Onepass): void {
  if (pipelines.length > 0) return;
  pipelines.push(op.defaultPipeline);
  process.stderr.write(`pipeline: ${op.defaultPipeline} (the default; choose with --pipeline)\n`);
}

async function run(args: string[]): Promise<void> {
  const a = parseRunArgs(args);
  const op = await load();
  if (!a.load) orDefault(a.pipelines, op);
  for (const spec of a.pipelines) op.pipeline(spec).dispose(); // spec errors before file errors
  let models: string[] = [];
  let learnedBefore = 0;
  if (a.load) {
    const loaded = loadModel(op, a.load);
    models = [loaded.text];
    learnedBefore = loaded.rows;
    if (loaded.input === 'svmlight' && a.format === 'csv') {
      a.format = 'svmlight'; // the model reads what it was trained on
      checkFormat(a, true, [
        ['--shuffle-buffer', a.shuffleBuffer],
        ['--threads', a.threads],
      ]);
    }
  }
  const source = await openCsv(a.file);
  const onError = a.skip ? 'skip' : 'stop';
  const csv =
    a.format === 'csv'
      ? op.csvRunner({
          ...a.csv,
          pipelines: a.pipelines,
          models,
          every: a.every,
          onError,
          shuffleBuffer: a.shuffleBuffer,
          seed: a.seed,
        })
      : null;
  const svm = csv
    ? null
    : op.svmlightRunner({
        ...svmlightOptions(a),
        ...(models.length ? { models } : { pipelines: a.pipelines }),
        every: a.every,
        onError,
      });
  const runner = csv ?? svm!;
  let info, results, summary;
  let lines: string[] = [];
  try {
    const progress = progressLine(a.quiet ? null : process.stderr, a.file);
    const onProgress = (bytes: number) => progress?.update(bytes, () => runner.stats(0).rows);
    if (csv) {
      // A file by its path: parser workers read its ranges themselves (the stream opened above
      // only checked that it can be read).
      const input = a.file === '-' ? source : a.file;
      if (input !== source) (source as ReadStream).destroy();
      await csv.pushAll(input, { threads: a.threads ?? (await coreCount()), onProgress });
    } else {
      let bytes = 0;
      for await (const chunk of source) {
        runner.push(chunk);
        onProgress((bytes += chunk.length));
      }
    }
    progress?.done();
    runner.finish();
    results = runner.results();
    if (a.json) lines = results.map((_, i) => runner.resultJSON(i));
    if (csv) {
      info = csv.info();
      summary = `${info.features.length} features, label '${info.label}'`;
      if (a.save) writeFileSync(a.save, JSON.stringify(csv.toJSON(0), null, 1) + '\n');
    } else {
      const i = svm!.info();
      info = { ...i, warnings: [] as string[] };
      summary = `${i.dims} features, sparse`;
      if (a.save) writeFileSync(a.save, JSON.stringify(svm!.toJSON(0), null, 1) + '\n');
    }
  } catch (e) {
    // A sparse file read as CSV fails on its first line: say what it probably is.
    const svm = a.format === 'csv' && /\.(svm|svmlight|libsvm)$/i.test(a.file);
    const hint = svm ? ' (this looks like an svmlight file: add --format svmlight --dims D)' : '';
    throw inFile(a.file, new Error((e as Error).message + hint));
  } finally {
    runner.dispose();
  }
  for (const w of info.warnings) process.stderr.write(`onepass: warning: ${w}\n`);
  for (const r of results)
    for (const w of r.warnings) process.stderr.write(`onepass: warning: ${r.pipeline}: ${w}\n`);
  if ('notices' in info)
    for (const n of info.notices) process.stderr.write(`onepass: note: ${n}\n`);
  for (const e of info.errors) process.stderr.write(`onepass: skipped ${e.message}\n`);
  if (a.json) {
    for (const line of lines) process.stdout.write(line + '\n');
    return;
  }
  const neg = info.negativeLabel ? `, negative ${info.negativeLabel}` : '';
  process.stdout.write(
    `${a.file}: ${info.rows} rows, ${summary} (positive ${info.positiveLabel}${neg})` +
      (info.skipped ? `, ${info.skipped} bad rows skipped` : '') +
      '\nprogressive validation: each row predicted before it is learned' +
      (a.load
        ? `; the counts include the ${learnedBefore} rows ${basename(a.load)} had learned before`
        : '') +
      '\n\n',
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
  const needs = e.needs ? [`    needs      ${e.needs}`] : [];
  return [`  ${pad(e.name, 12)} ${e.summary} (${algorithmsRef(e.spec)})`, ...needs, ...params].join(
    '\n',
  );
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
  process.stdout.write(
    `Each section (§) and decision code (D-...) above is described in ${ALGORITHMS_DOC}.\n` +
      `default pipeline (run and evaluate without --pipeline): ${op.defaultPipeline}\n`,
  );
}

async function predict(args: string[]): Promise<void> {
  let modelFile: string | undefined, out: string | undefined;
  const a: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1; csv: CsvReadOptions } = {
    format: 'csv',
    csv: {},
  };
  const files = walkArgs(args, (o, value) => {
    if (csvFlag(o, value, a.csv) || formatFlag(o, value, a)) return true;
    if (o === '--model' || o === '-m') modelFile = value();
    else if (o === '--out' || o === '-o') out = value();
    else return false;
    return true;
  });
  const file = one(files, 'predict needs one CSV or svmlight file (or - for standard input)');
  if (!modelFile) throw new UsageError('predict needs --model model.json');
  if (a.dims !== undefined || a.indexBase !== undefined)
    throw new UsageError(
      'predict reads svmlight rows as the model was trained: no --dims or --index-base',
    );
  const op = await load();
  const model = loadModel(op, modelFile);
  // The model reads what it was trained on; --format, when given, must agree.
  if (a.format === 'svmlight' && model.input === 'csv')
    throw new UsageError(
      `${basename(modelFile)} was trained on a CSV file: predict reads CSV rows with it`,
    );
  a.format = model.input;
  checkFormat(a, true);
  const scorer =
    model.input === 'svmlight'
      ? op.svmlightScorer(model.text, { positive: a.csv.positive })
      : op.csvScorer(model.text, a.csv);
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
  let out: string | undefined;
  const rest = walkArgs(args, (a, value) => {
    if (a !== '--out' && a !== '-o') return false;
    out = value();
    return true;
  });
  if (!out) throw new UsageError('merge needs -o merged.json');
  if (rest.length === 0) throw new UsageError('merge needs model files');
  const op = await load();
  const merged = op.merge(rest.map(readText));
  writeFileSync(out, JSON.stringify(merged, null, 1) + '\n');
  process.stderr.write(`onepass: merged ${rest.length} models into ${out}\n`);
}

async function exportModel(args: string[]): Promise<void> {
  let onnx: string | undefined;
  let weights: string | undefined;
  const rest = walkArgs(args, (a, value) => {
    if (a === '--onnx') onnx = value();
    else if (a === '--weights') weights = value();
    else return false;
    return true;
  });
  const modelFile = one(rest, 'export needs a model file');
  if (!onnx && !weights) throw new UsageError('export needs --onnx FILE and/or --weights FILE');
  const op = await load();
  // dispose() rather than `using`: Node before 18.18 and 20.4 has no Symbol.dispose, and the
  // package says it runs on Node 18 (package.json engines).
  const p = op.loadPipeline(readText(modelFile));
  try {
    // Both are made before either is written: a pipeline without a linear form writes nothing.
    const bytes = onnx ? p.toONNX() : undefined;
    const plain = weights ? p.linearWeights() : undefined;
    if (onnx && bytes) writeFileSync(onnx, bytes);
    if (weights && plain) writeFileSync(weights, JSON.stringify(plain, null, 1) + '\n');
    const wrote = [onnx, weights].filter(Boolean).join(' and ');
    process.stderr.write(
      `onepass: exported ${p.spec} (${p.schema.features.length} features) to ${wrote}\n`,
    );
  } finally {
    p.dispose();
  }
}

const DEFAULT_METRICS: (keyof MetricValues)[] = [
  'accuracy',
  'f1',
  'auc',
  'logLoss',
  'balancedAccuracy',
];

/** The --metrics given, checked against the core's names; a snake_case name (log_loss) is
 * pointed at its camelCase form. */
function checkMetrics(
  given: string[],
  known: (keyof MetricValues)[],
  option = '--metrics',
): (keyof MetricValues)[] {
  return given.map((m) => {
    const hit = known.find((k) => k === m);
    if (hit) return hit;
    const camel = m.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const hint = known.includes(camel as keyof MetricValues) ? ` (did you mean ${camel}?)` : '';
    throw new UsageError(
      `${option}: unknown metric '${m}'${hint}; the metrics are: ${known.join(', ')}`,
    );
  });
}

interface EvaluateArgs {
  file: string;
  format: 'csv' | 'svmlight';
  dims?: number;
  indexBase?: 0 | 1;
  pipelines: string[];
  csv: CsvReadOptions;
  holdout?: number;
  folds?: number;
  test?: string;
  curve?: number[];
  json: boolean;
  metrics: string[];
  options: EvalOptions;
}

function parseEvaluateArgs(args: string[]): EvaluateArgs {
  const out: EvaluateArgs = {
    file: '',
    format: 'csv',
    pipelines: [],
    csv: {},
    json: false,
    metrics: DEFAULT_METRICS,
    options: {},
  };
  const fraction = (n: number): boolean => n > 0 && n < 1;
  const list = (v: string): string[] =>
    v
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
  const files = walkArgs(args, (a, value) => {
    if (csvFlag(a, value, out.csv) || formatFlag(a, value, out)) return true;
    if (a === '--pipeline' || a === '-p') out.pipelines.push(value());
    else if (a === '--holdout')
      out.holdout = numberArg(a, value(), fraction, 'a fraction in (0, 1)');
    else if (a === '--folds')
      out.folds = numberArg(
        a,
        value(),
        (n) => Number.isInteger(n) && n >= 2,
        'a whole number >= 2',
      );
    else if (a === '--test') out.test = value();
    else if (a === '--seed')
      out.options.seed = numberArg(a, value(), wholeNumber, 'a whole number >= 0');
    else if (a === '--shuffle') out.options.shuffle = true;
    else if (a === '--grid') out.options.grid = value();
    else if (a === '--select') out.options.select = value();
    else if (a === '--optimistic') out.options.optimistic = true;
    else if (a === '--validation')
      out.options.validation = numberArg(a, value(), fraction, 'a fraction in (0, 1)');
    else if (a === '--metrics') out.metrics = list(value());
    else if (a === '--curve')
      out.curve = list(value()).map((f) =>
        numberArg(a, f, (n) => n > 0 && n <= 1, 'fractions in (0, 1]'),
      );
    else if (a === '--json') out.json = true;
    else return false;
    return true;
  });
  out.file = one(files, 'evaluate needs a CSV or svmlight file');
  checkFormat(out, false);
  if ([out.holdout, out.folds, out.test].filter((v) => v !== undefined).length > 1)
    throw new UsageError('choose one of --holdout, --folds and --test');
  if (out.curve && out.folds === undefined) throw new UsageError('--curve needs --folds');
  if (out.options.grid && out.folds !== undefined)
    throw new UsageError(
      '--grid runs with --holdout or --test (selection inside each fold is not offered)',
    );
  return out;
}

async function evaluate(args: string[]): Promise<void> {
  const a = parseEvaluateArgs(args);
  const op = await load();
  const metrics = checkMetrics(a.metrics, op.metricNames());
  if (a.options.select) checkMetrics([a.options.select], op.metricNames(), '--select');
  orDefault(a.pipelines, op);
  for (const spec of a.pipelines) op.pipeline(spec).dispose();
  const read: DatasetOptions =
    a.format === 'svmlight' ? { format: 'svmlight', ...svmlightOptions(a) } : a.csv;
  const data = await op.loadDataset(await openCsv(a.file), read).catch((e: Error) => {
    throw inFile(a.file, e);
  });
  const test = a.test
    ? await op.loadDataset(await openCsv(a.test), { ...read, like: data }).catch((e: Error) => {
        throw inFile(a.test as string, e);
      })
    : null;
  const protocol = test
    ? { kind: 'test-file', test: a.test }
    : a.folds !== undefined
      ? { kind: 'cross-validation', folds: a.folds }
      : { kind: 'holdout', testFraction: a.holdout ?? 0.2 };
  const common = {
    seed: a.options.seed ?? 1,
    shuffle: a.options.shuffle ?? false,
    ...(a.options.grid
      ? {
          grid: a.options.grid,
          select: a.options.select ?? 'accuracy',
          optimistic: !!a.options.optimistic,
        }
      : {}),
  };
  const rows: {
    pipeline: string;
    result: Record<string, unknown>;
    shown: MetricValues;
    sd?: MetricValues;
  }[] = [];
  for (const spec of a.pipelines) {
    let result: Record<string, unknown>;
    let shown: MetricValues;
    let sd: MetricValues | undefined;
    if (a.folds !== undefined) {
      const cv = data.crossValidate(spec, a.folds, a.options);
      shown = cv.mean;
      sd = cv.sd;
      result = { ...cv };
      if (a.curve) result.curve = data.learningCurve(spec, a.folds, a.curve, a.options).points;
    } else {
      const run = test
        ? data.evaluateOn(test, spec, a.options)
        : data.holdout(spec, { ...a.options, testFraction: a.holdout ?? 0.2 });
      shown = run.test;
      result = { ...run };
    }
    rows.push({ pipeline: spec, result, shown, sd });
  }
  data.dispose();
  test?.dispose();
  if (a.json) {
    for (const r of rows)
      process.stdout.write(
        JSON.stringify({
          pipeline: r.pipeline,
          protocol: { ...protocol, ...common },
          ...r.result,
        }) + '\n',
      );
    return;
  }
  const what =
    protocol.kind === 'holdout'
      ? `holdout: ${Math.round((a.holdout ?? 0.2) * 100)}% of the rows for testing`
      : protocol.kind === 'test-file'
        ? `trained on ${a.file}, tested on ${a.test}`
        : `${a.folds}-fold cross-validation (mean ± sd over the folds)`;
  process.stdout.write(
    `${a.file}: ${what}; seed ${common.seed}${common.shuffle ? ', shuffled training order' : ''}\n`,
  );
  if (a.options.grid)
    process.stdout.write(
      a.options.optimistic
        ? 'grid: OPTIMISTIC selection, on the test part (as the Feature Scaling paper did): not an unbiased estimate\n'
        : `grid: selected on ${Math.round((a.options.validation ?? 0.2) * 100)}% of the training part by ${common.select}; the test part is used once\n`,
    );
  const width = Math.max(8, ...rows.map((r) => r.pipeline.length)) + 2;
  // The confusion counts as whole numbers (a cross-validation's mean count keeps decimals).
  const COUNTS = new Set<string>(['tp', 'fp', 'tn', 'fn']);
  const fmt = (v: number | null | undefined, m = ''): string =>
    v === null || v === undefined
      ? '-'
      : COUNTS.has(m) && Number.isInteger(v)
        ? String(v)
        : v.toFixed(4);
  process.stdout.write(
    `\n${pad('pipeline', width)}${metrics.map((m) => pad(m, a.folds ? 18 : 10)).join('')}\n`,
  );
  for (const r of rows) {
    const cells = metrics.map((m) =>
      pad(r.sd ? `${fmt(r.shown[m])} ± ${fmt(r.sd[m])}` : fmt(r.shown[m], m), a.folds ? 18 : 10),
    );
    process.stdout.write(`${pad(r.pipeline, width)}${cells.join('')}\n`);
    // A run that diverged says so beside its figures (issue 16).
    const reverted = r.result.revertedSteps as number | undefined;
    const folds = r.result.divergedFolds as number | undefined;
    if (reverted)
      process.stdout.write(`${' '.repeat(width)}diverged: ${reverted} steps reverted\n`);
    if (folds)
      process.stdout.write(`${' '.repeat(width)}diverged in ${folds} of ${a.folds} folds\n`);
    const grid = r.result.grid as { best: string } | undefined;
    if (grid) process.stdout.write(`${' '.repeat(width)}chosen: ${grid.best}\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (cmd === 'run') await run(rest);
    else if (cmd === 'predict') await predict(rest);
    else if (cmd === 'evaluate') await evaluate(rest);
    else if (cmd === 'merge') await merge(rest);
    else if (cmd === 'export') await exportModel(rest);
    else if (cmd === 'list') await list(rest);
    else if (cmd === '--help' || cmd === '-h' || cmd === 'help') process.stdout.write(USAGE + '\n');
    else if (cmd === '--version' || cmd === '-v') process.stdout.write(`${version()}\n`);
    else throw new UsageError(cmd ? `unknown command '${cmd}'` : 'no command given');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const hint = e instanceof UsageError ? ' (onepass --help shows the usage)' : '';
    process.stderr.write(`onepass: ${message}${hint}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}

// A reader that stops early (onepass list | head -1) closes the pipe: not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const code = await main(process.argv.slice(2));
// Exit once the output is written, instead of when the event loop drains: node would first wait
// for V8's background optimisation of the wasm code, up to 0.1 s after the work is done.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
