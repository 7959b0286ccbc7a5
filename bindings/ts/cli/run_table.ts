// What `onepass run` prints without --json: a table of the pipelines' progressive figures for
// the label's task (docs/algorithms.md 6.5-6.7), each beside its baseline.
import type {
  CsvInfo,
  PipelineResult,
  RawBinaryStats,
  RawMulticlassStats,
  RawRegressionStats,
} from '../index.js';
import { pad } from './args.js';

type Result<S> = PipelineResult & S;
type Labels = Pick<CsvInfo, 'positiveLabel' | 'negativeLabel'>;

const figure = (v: number | null | undefined): string =>
  v === null || v === undefined ? '-' : v.toFixed(4);

/** A task's table: its columns, each pipeline's cells, what flags a pipeline, and the baseline
 * row's text (null before any row). */
interface Table<S> {
  columns: [string, number][];
  cells: (r: Result<S>) => string[];
  worse: string;
  baseline: (r: Result<S>) => string | null;
  /** What ranks the pipelines (higher is better), and its name. */
  rank: [(r: Result<S>) => number | null, string];
}

function render<S>(results: Result<S>[], t: Table<S>): string {
  const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
  let out = pad('pipeline', width) + t.columns.map(([title, w]) => pad(title, w)).join('') + '\n';
  for (const r of results) {
    const d = r.drift;
    const flags = [
      ...(r.noBetterThanBaseline ? [t.worse] : []),
      ...(r.noBetterThanLastLabel ? ['no better than the last label'] : []),
      ...(d && d.drifts ? [driftText(d)] : []),
      ...(r.diverged ? [`diverged: ${r.revertedSteps} steps reverted`] : []),
    ];
    const cells = t.cells(r).map((c, i) => pad(c, t.columns[i][1]));
    out +=
      pad(r.canonical, width) +
      cells.join('').trimEnd() +
      (flags.length ? `  (${flags.join('; ')})` : '') +
      '\n';
  }
  const baseline = results.length ? t.baseline(results[0]) : null;
  if (baseline !== null) out += `${pad('baseline', width)}${baseline}\n`;
  const last = results[0]?.lastLabel;
  if (last) out += `${pad('', width)}the label of the row before: error ${last.error.toFixed(4)}\n`;
  const best = leader(results, t.rank[0]);
  return best === null ? out : out + `best by ${t.rank[1]}: ${best.canonical}\n`;
}

/** A +drift pipeline's drifts (docs/algorithms.md 6.10): how many, the first rows, the action. */
function driftText(d: NonNullable<PipelineResult['drift']>): string {
  const shown = d.rows.slice(0, 5).join(', ') + (d.drifts > 5 ? ', ...' : '');
  const action = {
    report: 'reported',
    reset: 'learner reset',
    background: 'background learner in',
  };
  return `${d.drifts} drift${d.drifts === 1 ? '' : 's'} at rows ${shown}: ${action[d.action]}`;
}

/** The pipeline with the top rank, or null when every pipeline has it (one pipeline
 * included), or when it is no better than the baseline. The classes rank by balanced
 * accuracy, which the majority class cannot win (always answering it scores 1/K of K
 * classes), so that on an imbalanced file a pipeline that learned nothing is never the best. */
function leader<S>(results: Result<S>[], rank: (r: Result<S>) => number | null): Result<S> | null {
  const scores = results.map((r) => rank(r) ?? Number.NEGATIVE_INFINITY);
  const top = Math.max(...scores);
  if (!scores.some((v) => v !== top)) return null;
  const best = results[scores.indexOf(top)];
  return best.noBetterThanBaseline || best.noBetterThanLastLabel ? null : best;
}

const binary = (labels: Labels): Table<RawBinaryStats> => ({
  columns: [
    ['mistakes', 10],
    ['error', 9],
    ['log-loss', 10],
    ['bal. acc.', 10],
    ['F1', 8],
  ],
  cells: (r) => [
    String(r.mistakes),
    r.error.toFixed(4),
    figure(r.logLoss),
    figure(r.balancedAccuracy),
    figure(r.f1),
  ],
  worse: 'no better than the majority class',
  rank: [(r) => r.balancedAccuracy, 'balanced accuracy'],
  baseline: ({ baseline: b }) => {
    if (!b) return null;
    const label = b.positive ? labels.positiveLabel : labels.negativeLabel || 'the negative class';
    return (
      `always '${label}', the majority class: error ${b.error.toFixed(4)}` +
      (b.error > 0 ? ', balanced accuracy 0.5000' : '')
    );
  },
});

const multiclass: Table<RawMulticlassStats> = {
  columns: [
    ['mistakes', 10],
    ['accuracy', 10],
    ['bal. acc.', 11],
    ['macro F1', 10],
    ['log-loss', 10],
  ],
  cells: (r) => [
    String(r.mistakes),
    figure(r.accuracy),
    figure(r.balancedAccuracy),
    figure(r.macroF1),
    figure(r.logLoss),
  ],
  worse: 'no better than the majority class',
  baseline: ({ baseline: b }) =>
    b && `always '${b.class}', the majority class: accuracy ${b.accuracy.toFixed(4)}`,
  rank: [(r) => r.balancedAccuracy, 'balanced accuracy'],
};

const regression: Table<RawRegressionStats> = {
  columns: [
    ['MAE', 12],
    ['RMSE', 12],
    ['R^2', 9],
  ],
  cells: (r) => [figure(r.mae), figure(r.rmse), figure(r.r2)],
  worse: 'no better than the mean',
  rank: [(r) => (r.rmse === null ? null : -r.rmse), 'RMSE'],
  baseline: ({ baseline: b }) =>
    b &&
    `the mean of the targets before each row: MAE ${b.mae.toFixed(4)}, RMSE ` +
      `${b.rmse.toFixed(4)}, R^2 ${figure(b.r2)}`,
};

/** The table of a run's results, by the task of its label. */
export function resultTable(results: PipelineResult[], labels: Labels): string {
  const task = results[0]?.task ?? 'binary';
  if (task === 'multiclass') return render(results as Result<RawMulticlassStats>[], multiclass);
  if (task === 'regression') return render(results as Result<RawRegressionStats>[], regression);
  return render(results as Result<RawBinaryStats>[], binary(labels));
}

/** What the labels are, for the line above the table. */
export function labelsText(results: PipelineResult[], labels: Labels): string {
  const r = results[0];
  if (r?.task === 'multiclass') {
    const shown = r.classes.slice(0, 8).join(', ');
    return `${r.classes.length} classes: ${shown}${r.classes.length > 8 ? ', ...' : ''}`;
  }
  if (r?.task === 'regression') return 'a numeric target';
  const neg = labels.negativeLabel ? `, negative ${labels.negativeLabel}` : '';
  return `positive ${labels.positiveLabel}${neg}`;
}
