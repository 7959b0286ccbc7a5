// `onepass evaluate`: holdout, k-fold cross-validation, a test file, learning curves and grids.
import { load, type DatasetOptions, type EvalOptions, type MetricValues } from '../index.js';
import type { Dataset, EvaluationProtocol } from '../api/dataset.js';
import { pad, Words } from './args.js';
import { csvSource, inFile, orDefault } from './files.js';

/** The table's columns when --metrics names none: each task's headline figures, a baseline's
 * beside a multiclass or regression model's. */
const DEFAULT_METRICS: Record<Dataset['task'], (keyof MetricValues)[]> = {
  binary: ['accuracy', 'f1', 'auc', 'logLoss', 'balancedAccuracy'],
  multiclass: ['accuracy', 'balancedAccuracy', 'macroF1', 'logLoss', 'baselineAccuracy'],
  regression: ['mae', 'rmse', 'r2', 'baselineRmse', 'baselineR2'],
};

interface EvaluateArgs {
  file: string;
  format: 'csv' | 'svmlight';
  pipelines: string[];
  read: DatasetOptions;
  holdout?: number;
  folds?: number;
  test?: string;
  curve?: number[];
  json: boolean;
  metrics?: (keyof MetricValues)[];
  options: EvalOptions;
}

/** The evaluation's options from its words (the core checked them, and the protocol's rules:
 * api/command_line.hpp). */
function evaluateArgs(w: Words): EvaluateArgs {
  // The core joined a list's parts by commas, trimmed, without empty ones.
  const list = (v: string | undefined): string[] | undefined =>
    v === undefined ? undefined : v ? v.split(',') : [];
  return {
    file: w.file,
    format: w.format,
    pipelines: w.values('--pipeline'),
    read: w.format === 'svmlight' ? { format: 'svmlight', ...w.svmlight() } : w.csv(),
    holdout: w.number('--holdout'),
    folds: w.number('--folds'),
    test: w.value('--test'),
    curve: list(w.value('--curve'))?.map(Number),
    json: w.has('--json'),
    metrics: list(w.value('--metrics')) as (keyof MetricValues)[] | undefined,
    options: {
      seed: w.number('--seed'),
      shuffle: w.has('--shuffle') || undefined,
      grid: w.value('--grid'),
      select: w.value('--select') as keyof MetricValues | undefined,
      optimistic: w.has('--optimistic') || undefined,
      validation: w.number('--validation'),
      tuneThreshold: w.value('--tune-threshold') as EvalOptions['tuneThreshold'],
    },
  };
}

export async function evaluate(args: string[]): Promise<void> {
  const op = await load();
  const words = new Words(op, ['evaluate', ...args]);
  words.checkReading();
  const a = evaluateArgs(words);
  const protocol: EvaluationProtocol = {
    kind: a.test ? 'test-file' : a.folds !== undefined ? 'cross-validation' : 'holdout',
    folds: a.folds,
    curve: a.curve,
    test: a.test,
  };
  const options = { ...a.options, testFraction: a.holdout };
  for (const spec of a.pipelines) op.pipeline(spec).dispose();
  const read = a.read;
  const data = await op.loadDataset(await csvSource(a.file), read).catch((e: Error) => {
    throw inFile(a.file, e);
  });
  const test = a.test
    ? await op.loadDataset(await csvSource(a.test), { ...read, like: data }).catch((e: Error) => {
        throw inFile(a.test as string, e);
      })
    : undefined;
  // What reading decided and what may mislead, as a run says it (api/dataset.hpp).
  for (const w of data.warnings(a.options.shuffle))
    process.stderr.write(`onepass: warning: ${w}\n`);
  for (const w of test?.warnings(true) ?? [])
    process.stderr.write(`onepass: warning: ${a.test}: ${w}\n`);
  for (const n of data.notices) process.stderr.write(`onepass: note: ${n}\n`);
  // Each line as the core writes it (api/dataset.hpp), the same as onepass-native evaluate's.
  orDefault(a.pipelines, data.defaultPipeline); // the label's task's
  const lines: string[] = [];
  const metrics = a.metrics ?? DEFAULT_METRICS[data.task];
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
  /** A run's warnings (a holdout or a test file), or each fold's (cross-validation). */
  warnings?: string[];
  folds?: { warnings: string[] }[];
  divergedFolds?: number;
  definedFolds?: Record<string, number>;
  grid?: { best: string };
  threshold?: { value: number | null; tunedFor: string; validation: number | null };
  /** A learning curve (--curve): the mean metrics over the folds at each training fraction. */
  curve?: { fraction: number; dataShare: number; mean: MetricValues }[];
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
    // A run that diverged says so beside its figures: they are not those of a converged one.
    if (r.revertedSteps)
      process.stdout.write(`${' '.repeat(width)}diverged: ${r.revertedSteps} steps reverted\n`);
    // What may make the figures mislead, as a run says it: once each, with the folds it holds in.
    const said = new Map<string, number>();
    for (const w of r.warnings ?? r.folds?.flatMap((f) => f.warnings) ?? [])
      said.set(w, (said.get(w) ?? 0) + 1);
    for (const [w, n] of said)
      process.stdout.write(
        `${' '.repeat(width)}warning: ${w}${r.folds ? ` (in ${n} of ${a.folds} folds)` : ''}\n`,
      );
    if (r.divergedFolds)
      process.stdout.write(
        `${' '.repeat(width)}diverged in ${r.divergedFolds} of ${a.folds} folds\n`,
      );
    // A metric undefined in a fold (recall where the fold has no positive) is averaged over the
    // folds where it is defined (docs/algorithms.md 6.3), and said so.
    for (const [m, n] of Object.entries(r.definedFolds ?? {}))
      if ((metrics as string[]).includes(m))
        process.stdout.write(`${' '.repeat(width)}${m}: the mean of ${n} of ${a.folds} folds\n`);
    if (r.grid) process.stdout.write(`${' '.repeat(width)}chosen: ${r.grid.best}\n`);
    if (r.threshold)
      process.stdout.write(
        `${' '.repeat(width)}threshold ${fmt(r.threshold.value)}, tuned for ${r.threshold.tunedFor} ` +
          `on the validation part (${fmt(r.threshold.validation)} there); the test rows used once\n`,
      );
    if (r.curve?.length)
      process.stdout.write(
        '  learning curve: trained on the share below of each training fold, mean over the folds\n',
      );
    for (const p of r.curve ?? []) {
      const figures = metrics.map((m) => pad(fmt(p.mean[m], m), 18)).join('');
      process.stdout.write(`${pad(`  ${p.fraction}`, width)}${figures}\n`);
    }
  }
}
