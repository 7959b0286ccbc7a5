// The columns of the results table for each task, and what the baseline shows in each: a
// binary run's error and confusion counts, a multiclass run's accuracy and F1, a regression
// run's errors in the label's units; with a holdout, the figures of its test rows beside the
// training part's baseline, and the same figures are those cross-validation gives (crossval.ts).
// A column of one task never shows for another's run.
import type { RunResult } from 'onepass';
import type { Result } from './protocol';
import type { Task } from './tasks';

/** The baseline of a run: always the majority class (its name; binary: whether it is the
 * positive class, and its progressive error; multiclass: its accuracy), or for a number the
 * mean of the targets before each row. */
export type Baseline =
  | { task: 'binary'; label: string; positive: boolean; error: number }
  | { task: 'multiclass'; label: string; accuracy: number }
  | { task: 'regression'; mae: number; rmse: number; r2: number | null };

/** The last label (docs/algorithms.md 6.5): each row predicted by the label of the row before
 * it, in the order the pipelines learned the rows; the first row counts as a mistake. */
export interface LastLabel {
  error: number;
  mistakes: number;
  balancedAccuracy: number | null;
}

type Cell = number | string | null;

export interface Column {
  key: string;
  title: string;
  value: (r: Result, i: number, holdout: RunResult[]) => Cell;
  /** The baseline's figure in this column over `rows` rows (none: a dash). */
  base?: (b: Baseline, rows: number, holdout: RunResult[]) => Cell;
  /** The last label's figure in this column over `rows` rows (none: a dash). */
  last?: (l: LastLabel, rows: number) => Cell;
  digits?: number;
}

/** A pipeline's task; a result without one is binary. */
export const taskOf = (r: Result): Task => r.task ?? 'binary';

type Of<T extends Task> = Extract<Result, { task: T }>;
type BaseOf<T extends Task> = Extract<Baseline, { task: T }>;

/** A figure of results of one task (null for another's). */
const on =
  <T extends Task>(task: T, f: (r: Of<T>) => Cell) =>
  (r: Result): Cell =>
    taskOf(r) === task ? f(r as Of<T>) : null;

/** A figure of the baseline of one task (null for another's). */
const onBase =
  <T extends Task>(task: T, f: (b: BaseOf<T>, rows: number) => Cell) =>
  (b: Baseline, rows: number): Cell =>
    b.task === task ? f(b as BaseOf<T>, rows) : null;

/** a / b, or null when b is 0. */
export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

interface Counts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/** The confusion counts of always answering one class: every row of the other is wrong. */
function baseCounts(b: BaseOf<'binary'>, rows: number): Counts {
  const wrong = Math.round(b.error * rows);
  return b.positive
    ? { tp: rows - wrong, fp: wrong, tn: 0, fn: 0 }
    : { tp: 0, fp: 0, tn: rows - wrong, fn: wrong };
}

const precision = (c: Counts): number | null => ratio(c.tp, c.tp + c.fp);
const recall = (c: Counts): number | null => ratio(c.tp, c.tp + c.fn);
function balanced(c: Counts): number | null {
  const tpr = ratio(c.tp, c.tp + c.fn);
  const tnr = ratio(c.tn, c.tn + c.fp);
  return tpr === null || tnr === null ? null : (tpr + tnr) / 2;
}

/** A binary column of a figure of the counts, for pipelines and the baseline alike. */
const fromCounts = (key: string, title: string, f: (c: Counts) => number | null): Column => ({
  key,
  title,
  value: on('binary', (r) => f(r)),
  base: onBase('binary', (b, n) => f(baseCounts(b, n))),
  digits: key.length === 2 ? 0 : 4,
});

const name: Column = {
  key: 'pipeline',
  title: 'pipeline',
  value: (r) => r.canonical,
  base: (b) =>
    b.task === 'regression'
      ? 'baseline: the mean of the labels before each row'
      : `baseline: always ${b.label}, the majority class`,
  last: () => 'baseline: the label of the row before',
};
const rowsColumn: Column = {
  key: 'rows',
  title: 'rows',
  value: (r) => r.rows,
  base: (_, n) => n,
  last: (_, n) => n,
  digits: 0,
};
// The last label's figures that classes of either kind have.
const lastMistakes = (l: LastLabel): Cell => l.mistakes;
const lastError = (l: LastLabel): Cell => l.error;
const lastBalanced = (l: LastLabel): Cell => l.balancedAccuracy;

const binaryColumns: Column[] = [
  name,
  rowsColumn,
  {
    key: 'mistakes',
    title: 'mistakes',
    value: on('binary', (r) => r.mistakes),
    base: onBase('binary', (b, n) => Math.round(b.error * n)),
    last: lastMistakes,
    digits: 0,
  },
  {
    key: 'error',
    title: 'progressive error',
    value: on('binary', (r) => r.error),
    base: onBase('binary', (b) => b.error),
    last: lastError,
    digits: 4,
  },
  { key: 'logLoss', title: 'log-loss', value: on('binary', (r) => r.logLoss), digits: 4 },
  fromCounts('precision', 'precision', precision),
  fromCounts('recall', 'recall', recall),
  { ...fromCounts('balanced', 'balanced accuracy', balanced), last: lastBalanced },
  // The confusion counts, one numeric column each so that they sort as numbers.
  fromCounts('tp', 'tp', (c) => c.tp),
  fromCounts('fp', 'fp', (c) => c.fp),
  fromCounts('tn', 'tn', (c) => c.tn),
  fromCounts('fn', 'fn', (c) => c.fn),
];

const multiclassColumns: Column[] = [
  name,
  rowsColumn,
  {
    key: 'mistakes',
    title: 'mistakes',
    value: on('multiclass', (r) => r.mistakes),
    base: onBase('multiclass', (b, n) => Math.round((1 - b.accuracy) * n)),
    last: lastMistakes,
    digits: 0,
  },
  {
    key: 'error',
    title: 'progressive error',
    value: on('multiclass', (r) => r.error),
    base: onBase('multiclass', (b) => 1 - b.accuracy),
    last: lastError,
    digits: 4,
  },
  {
    key: 'accuracy',
    title: 'accuracy',
    value: on('multiclass', (r) => r.accuracy),
    base: onBase('multiclass', (b) => b.accuracy),
    last: (l) => 1 - l.error,
    digits: 4,
  },
  {
    key: 'balanced',
    title: 'balanced accuracy',
    value: on('multiclass', (r) => r.balancedAccuracy),
    last: lastBalanced,
    digits: 4,
  },
  { key: 'macroF1', title: 'macro F1', value: on('multiclass', (r) => r.macroF1), digits: 4 },
  { key: 'logLoss', title: 'log-loss', value: on('multiclass', (r) => r.logLoss), digits: 4 },
];

const regressionColumns: Column[] = [
  name,
  rowsColumn,
  {
    key: 'mae',
    title: 'mean absolute error (MAE)',
    value: on('regression', (r) => r.mae),
    base: onBase('regression', (b) => b.mae),
    digits: 4,
  },
  {
    key: 'rmse',
    title: 'root mean squared error (RMSE)',
    value: on('regression', (r) => r.rmse),
    base: onBase('regression', (b) => b.rmse),
    digits: 4,
  },
  {
    key: 'r2',
    title: 'R²',
    value: on('regression', (r) => r.r2),
    base: onBase('regression', (b) => b.r2),
    digits: 4,
  },
];

/** The figures of held-out rows (the evaluation protocols' metrics, RawMetrics). */
type Metrics = RunResult['test'];

/** A figure the evaluation protocols (holdout, cross-validation) give: its key in their
 * metrics, titled as the results' column of the same figure where the progressive figures
 * have one, and the key of its baseline's figure (fitted on the training part) where the core
 * gives one. */
export interface Figure {
  key: string;
  title: string;
  metric: keyof Metrics;
  baseline?: keyof Metrics;
  digits: number;
}

/** Column `key` of a task's columns as a figure of the protocols: one title for both. */
function asFigure(
  columns: Column[],
  key: string,
  metric: keyof Metrics,
  baseline?: keyof Metrics,
): Figure {
  const c = columns.find((x) => x.key === key);
  if (!c) throw new Error(`no column ${key}`);
  return { key, title: c.title, metric, baseline, digits: c.digits ?? 4 };
}

/** The figures the protocols give of each task, in the order shown. */
export const FIGURES: Record<Task, Figure[]> = {
  binary: [
    {
      key: 'accuracy',
      title: 'accuracy',
      metric: 'accuracy',
      baseline: 'baselineAccuracy',
      digits: 4,
    },
    { key: 'f1', title: 'F1', metric: 'f1', digits: 4 },
    asFigure(binaryColumns, 'balanced', 'balancedAccuracy'),
    { key: 'auc', title: 'AUC', metric: 'auc', digits: 4 },
    asFigure(binaryColumns, 'logLoss', 'logLoss'),
  ],
  multiclass: [
    asFigure(multiclassColumns, 'accuracy', 'accuracy', 'baselineAccuracy'),
    asFigure(multiclassColumns, 'balanced', 'balancedAccuracy'),
    asFigure(multiclassColumns, 'macroF1', 'macroF1'),
    asFigure(multiclassColumns, 'logLoss', 'logLoss'),
  ],
  regression: [
    asFigure(regressionColumns, 'mae', 'mae', 'baselineMae'),
    asFigure(regressionColumns, 'rmse', 'rmse', 'baselineRmse'),
    asFigure(regressionColumns, 'r2', 'r2', 'baselineR2'),
  ],
};

/** The accuracy of always answering the majority class of yes/no test rows, from their counts
 * (a yes/no label's metrics give no baseline of their own), or null. */
function majorityOfCounts(t: Metrics | undefined): number | null {
  const [tp, fp, tn, fn] = [t?.tp, t?.fp, t?.tn, t?.fn];
  if (tp == null || fp == null || tn == null || fn == null) return null;
  return ratio(Math.max(tp + fn, tn + fp), tp + fp + tn + fn);
}

/** The holdout baseline's figure (the same test rows for every pipeline), or null: the core's
 * (the training part's majority class or mean); a yes/no label's accuracy from the counts. */
export function holdoutBaseline(
  holdout: RunResult[],
  key: keyof Metrics = 'baselineAccuracy',
): number | null {
  const t = holdout[0]?.test;
  return t?.[key] ?? (key === 'baselineAccuracy' ? majorityOfCounts(t) : null);
}

/** How pipelines rank, higher is better, from their figures (progressive or of test rows):
 * classes by balanced accuracy, which always answering one class cannot win (on an imbalanced
 * file a pipeline that learned nothing is never the best); a number by minus its RMSE, the
 * figure the core's mark of no better than the mean compares (docs/algorithms.md 6.7; with the
 * same rows a lower RMSE is a higher R²). */
export function rankOf(
  task: Task,
  m: { balancedAccuracy?: number | null; rmse?: number | null },
): number {
  const v = task === 'regression' ? -(m.rmse ?? Number.POSITIVE_INFINITY) : m.balancedAccuracy;
  return v ?? Number.NEGATIVE_INFINITY;
}

/** A pipeline's test figures are no better than the holdout's baseline, as the core marks
 * progressive figures (docs/algorithms.md 6.5-6.7): classes, no higher accuracy than the
 * majority class and no balanced accuracy above its 1/K (K: the classes with test rows); a
 * number, no lower RMSE than the mean's. */
export function noBetterOnTest(task: Task, run: RunResult, holdout: RunResult[]): boolean {
  const t = run.test;
  if (task === 'regression')
    return t.rmse != null && t.baselineRmse != null && t.rmse >= t.baselineRmse;
  const base = holdoutBaseline(holdout);
  const classes = task === 'multiclass' ? (run.perClass ?? []).filter((c) => c.rows > 0).length : 2;
  return (
    t.accuracy != null &&
    base !== null &&
    t.accuracy <= base &&
    !((t.balancedAccuracy ?? 0) > 1 / Math.max(classes, 1))
  );
}

/** The column of a figure of the holdout's test rows, beside its baseline where it has one. */
const testColumn = (f: Figure): Column => ({
  key: `test${f.key[0].toUpperCase()}${f.key.slice(1)}`,
  title: `test ${f.title}`,
  value: (_, i, h) => h[i]?.test[f.metric] ?? null,
  base: f.baseline ? (_, __, h) => holdoutBaseline(h, f.baseline) : undefined,
  digits: f.digits,
});

const COLUMNS: Record<Task, Column[]> = {
  binary: binaryColumns,
  multiclass: multiclassColumns,
  regression: regressionColumns,
};

/** The columns of a run of this task, with the holdout's when it has one. */
export function columnsOf(task: Task, holdout: boolean): Column[] {
  return holdout ? [...COLUMNS[task], ...FIGURES[task].map(testColumn)] : COLUMNS[task];
}

/** What the columns of a run on classes or on a number mean (yes/no labels: the page's own
 * text). */
export const COLUMNS_EXPLAIN: Record<Exclude<Task, 'binary'>, string> = {
  multiclass:
    'Progressive error: the share of rows put in the wrong class, each row predicted before it ' +
    'is learned; accuracy: the share put in the right one. Balanced accuracy: the mean over the ' +
    "classes of the share of each class's rows found; macro F1: the mean over the classes of " +
    'F1 (precision and recall together); both weigh a small class as much as a large one. ' +
    'Log-loss: how sure the pipeline was of the right class, lower is better (learners with ' +
    'probabilities only). The baseline row always answers the majority class: a pipeline that ' +
    'does no better is marked, and so is the best one by balanced accuracy, which always ' +
    'answering one class cannot win. The last row predicts each row by the label of the row ' +
    'before it: on a stream whose labels come in runs it is the one to beat, and a pipeline ' +
    'that does no better is marked too. With a holdout, the test columns give the same ' +
    'figures of the rows held out, each pipeline trained on the other rows; their baseline ' +
    "always answers the training rows' majority class, and the best is the one with the " +
    'highest test balanced accuracy. Click a column heading to sort.',
  regression:
    'Mean absolute error (MAE): how far a prediction is from the true number on average, in ' +
    "the label's units; root mean squared error (RMSE): the same with large errors weighing " +
    "more. R²: the share of the label's variation that the predictions explain (1: all of it; " +
    '0: no more than the mean of the labels; below 0: less). Each row is predicted before it ' +
    'is learned. The baseline row predicts each row by the mean of the labels before it: a ' +
    'pipeline that does no better is marked, and so is the best one (the lowest RMSE). With a ' +
    'holdout, the test columns give the same figures of the rows held out, each pipeline ' +
    'trained on the other rows; their baseline predicts every test row by the mean of the ' +
    'training rows, and the best is the one with the lowest test RMSE. Click a column heading ' +
    'to sort.',
};
