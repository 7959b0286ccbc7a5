// `onepass evaluate`: holdout, k-fold cross-validation, a test file, learning curves and grids.
import {
  load,
  type CsvReadOptions,
  type Dataset,
  type DatasetOptions,
  type EvalOptions,
  type MetricValues,
  type Onepass,
} from './index.js';
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

export async function evaluate(args: string[]): Promise<void> {
  const a = parseEvaluateArgs(args);
  const op = await load();
  const defaults = op.evaluationDefaults;
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
      : { kind: 'holdout', testFraction: a.holdout ?? defaults.testFraction };
  const common = {
    seed: a.options.seed ?? defaults.seed,
    shuffle: a.options.shuffle ?? false,
    ...(a.options.grid
      ? {
          grid: a.options.grid,
          select: a.options.select ?? 'accuracy',
          optimistic: !!a.options.optimistic,
        }
      : {}),
  };
  const rows = evaluatePipelines(a, data, test);
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
  printTable(a, rows, protocol.kind, common, metrics, defaults);
}

/** One pipeline's evaluation: what --json prints, and the figures the table shows (the means
 * and deviations of a cross-validation). */
interface Evaluated {
  pipeline: string;
  result: Record<string, unknown>;
  shown: MetricValues;
  sd?: MetricValues;
}

function evaluatePipelines(a: EvaluateArgs, data: Dataset, test: Dataset | null): Evaluated[] {
  const rows: Evaluated[] = [];
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
        : data.holdout(spec, { ...a.options, testFraction: a.holdout });
      shown = run.test;
      result = { ...run };
    }
    rows.push({ pipeline: spec, result, shown, sd });
  }
  return rows;
}

/** The evaluation as a table: the protocol, then a line per pipeline with its metrics. */
function printTable(
  a: EvaluateArgs,
  rows: Evaluated[],
  kind: string,
  common: { seed: number; shuffle: boolean; select?: string },
  metrics: (keyof MetricValues)[],
  defaults: Onepass['evaluationDefaults'],
): void {
  const what =
    kind === 'holdout'
      ? `holdout: ${Math.round((a.holdout ?? defaults.testFraction) * 100)}% of the rows for testing`
      : kind === 'test-file'
        ? `trained on ${a.file}, tested on ${a.test}`
        : `${a.folds}-fold cross-validation (mean ± sd over the folds)`;
  process.stdout.write(
    `${a.file}: ${what}; seed ${common.seed}${common.shuffle ? ', shuffled training order' : ''}\n`,
  );
  if (a.options.grid)
    process.stdout.write(
      a.options.optimistic
        ? 'grid: OPTIMISTIC selection, on the test part (as the Feature Scaling paper did): not an unbiased estimate\n'
        : `grid: selected on ${Math.round((a.options.validation ?? defaults.validation) * 100)}% of the training part by ${common.select}; the test part is used once\n`,
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
