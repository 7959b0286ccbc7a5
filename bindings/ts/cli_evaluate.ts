// `onepass evaluate`: holdout, k-fold cross-validation, a test file, learning curves and grids.
import {
  load,
  type CsvReadOptions,
  type DatasetOptions,
  type EvalOptions,
  type MetricValues,
} from './index.js';
import type { EvaluationProtocol } from './dataset.js';
import type { CsvFlag } from './onepass_wasm.mjs';
import {
  csvFlag,
  formatFlag,
  checkFormat,
  numberArg,
  one,
  pad,
  svmlightOptions,
  UsageError,
  walkArgs,
  wholeNumber,
} from './cli_args.js';
import { inFile, openCsv, orDefault } from './cli_io.js';

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

function parseEvaluateArgs(args: string[], flags: CsvFlag[]): EvaluateArgs {
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
    if (csvFlag(a, value, out.csv, flags) || formatFlag(a, value, out)) return true;
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
  checkFormat(out, false, flags);
  if ([out.holdout, out.folds, out.test].filter((v) => v !== undefined).length > 1)
    throw new UsageError('choose one of --holdout, --folds and --test');
  return out;
}

export async function evaluate(args: string[]): Promise<void> {
  const op = await load();
  const a = parseEvaluateArgs(args, op.csvFlags);
  const protocol: EvaluationProtocol = {
    kind: a.test ? 'test-file' : a.folds !== undefined ? 'cross-validation' : 'holdout',
    folds: a.folds,
    curve: a.curve,
    test: a.test,
  };
  const options = { ...a.options, testFraction: a.holdout };
  try {
    op.checkEvaluation(protocol, options);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
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
    : undefined;
  // Each line as the core writes it (api/dataset.hpp), the same as onepass-native evaluate's.
  const lines: string[] = [];
  try {
    for (const spec of a.pipelines) lines.push(data.evaluationLine(spec, protocol, options, test));
  } finally {
    data.dispose();
    test?.dispose();
  }
  if (a.json) {
    for (const line of lines) process.stdout.write(line + '\n');
    return;
  }
  printTable(
    a,
    lines.map((l) => JSON.parse(l) as EvaluationLine),
    metrics,
  );
}

/** One line of --json: the pipeline, the protocol as run, and its result (a run's test
 * metrics, or a cross-validation's means and deviations). */
interface EvaluationLine {
  pipeline: string;
  protocol: {
    kind: string;
    testFraction?: number;
    seed: number;
    shuffle: boolean;
    select?: string;
    validation?: number;
  };
  test?: MetricValues;
  mean?: MetricValues;
  sd?: MetricValues;
  revertedSteps?: number;
  divergedFolds?: number;
  grid?: { best: string };
}

/** The evaluation as a table: the protocol, then a line per pipeline with its metrics. */
function printTable(
  a: EvaluateArgs,
  rows: EvaluationLine[],
  metrics: (keyof MetricValues)[],
): void {
  const { kind, testFraction, seed, shuffle, select, validation } = rows[0].protocol;
  const what =
    kind === 'holdout'
      ? `holdout: ${Math.round((testFraction as number) * 100)}% of the rows for testing`
      : kind === 'test-file'
        ? `trained on ${a.file}, tested on ${a.test}`
        : `${a.folds}-fold cross-validation (mean ± sd over the folds)`;
  process.stdout.write(
    `${a.file}: ${what}; seed ${seed}${shuffle ? ', shuffled training order' : ''}\n`,
  );
  if (a.options.grid)
    process.stdout.write(
      a.options.optimistic
        ? 'grid: OPTIMISTIC selection, on the test part (as the Feature Scaling paper did): not an unbiased estimate\n'
        : `grid: selected on ${Math.round((validation as number) * 100)}% of the training part by ${select}; the test part is used once\n`,
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
      pad(r.sd ? `${fmt(r.mean?.[m])} ± ${fmt(r.sd[m])}` : fmt(r.test?.[m], m), a.folds ? 18 : 10),
    );
    process.stdout.write(`${pad(r.pipeline, width)}${cells.join('')}\n`);
    // A run that diverged says so beside its figures (issue 16).
    if (r.revertedSteps)
      process.stdout.write(`${' '.repeat(width)}diverged: ${r.revertedSteps} steps reverted\n`);
    if (r.divergedFolds)
      process.stdout.write(
        `${' '.repeat(width)}diverged in ${r.divergedFolds} of ${a.folds} folds\n`,
      );
    if (r.grid) process.stdout.write(`${' '.repeat(width)}chosen: ${r.grid.best}\n`);
  }
}
