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

/** The rows of a table: a header, then one line per pipeline with its flags. */
function table(
  results: PipelineResult[],
  columns: [string, number][],
  cells: (r: PipelineResult) => string[],
  flags: (r: PipelineResult) => string[],
): string {
  const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
  let out = pad('pipeline', width) + columns.map(([t, w]) => pad(t, w)).join('') + '\n';
  for (const r of results) {
    const f = [...flags(r), ...(r.diverged ? [`diverged: ${r.revertedSteps} steps reverted`] : [])];
    out +=
      pad(r.canonical, width) +
      cells(r)
        .map((c, i) => pad(c, columns[i][1]))
        .join('')
        .trimEnd() +
      (f.length ? `  (${f.join('; ')})` : '') +
      '\n';
  }
  return out;
}

function binary(results: Result<RawBinaryStats>[], labels: Labels): string {
  let out = table(
    results,
    [
      ['mistakes', 10],
      ['error', 9],
      ['log-loss', 10],
      ['bal. acc.', 10],
    ],
    (r) => {
      const b = r as Result<RawBinaryStats>;
      return [
        String(b.mistakes),
        b.error.toFixed(4),
        figure(b.logLoss),
        figure(b.balancedAccuracy),
      ];
    },
    (r) => (r.noBetterThanBaseline ? ['no better than the majority class'] : []),
  );
  const b = results[0]?.baseline;
  if (b) {
    const label = b.positive ? labels.positiveLabel : labels.negativeLabel || 'the negative class';
    const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
    out +=
      `${pad('baseline', width)}always '${label}', the majority class: error ` +
      `${b.error.toFixed(4)}${b.error > 0 ? ', balanced accuracy 0.5000' : ''}\n`;
  }
  return out;
}

function multiclass(results: Result<RawMulticlassStats>[]): string {
  let out = table(
    results,
    [
      ['mistakes', 10],
      ['accuracy', 10],
      ['bal. acc.', 11],
      ['macro F1', 10],
      ['log-loss', 10],
    ],
    (r) => {
      const m = r as Result<RawMulticlassStats>;
      return [
        String(m.mistakes),
        figure(m.accuracy),
        figure(m.balancedAccuracy),
        figure(m.macroF1),
        figure(m.logLoss),
      ];
    },
    (r) => (r.noBetterThanBaseline ? ['no better than the majority class'] : []),
  );
  const b = results[0]?.baseline;
  if (b) {
    const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
    out +=
      `${pad('baseline', width)}always '${b.class}', the majority class: accuracy ` +
      `${b.accuracy.toFixed(4)}\n`;
  }
  return out;
}

function regression(results: Result<RawRegressionStats>[]): string {
  let out = table(
    results,
    [
      ['MAE', 12],
      ['RMSE', 12],
      ['R^2', 9],
    ],
    (r) => {
      const g = r as Result<RawRegressionStats>;
      return [figure(g.mae), figure(g.rmse), figure(g.r2)];
    },
    (r) => (r.noBetterThanBaseline ? ['no better than the mean'] : []),
  );
  const b = results[0]?.baseline;
  if (b) {
    const width = Math.max(8, ...results.map((r) => r.canonical.length)) + 2;
    out +=
      `${pad('baseline', width)}the mean of the targets before each row: MAE ` +
      `${b.mae.toFixed(4)}, RMSE ${b.rmse.toFixed(4)}, R^2 ${figure(b.r2)}\n`;
  }
  return out;
}

/** The table of a run's results, by the task of its label. */
export function resultTable(results: PipelineResult[], labels: Labels): string {
  const task = results[0]?.task ?? 'binary';
  if (task === 'multiclass') return multiclass(results as Result<RawMulticlassStats>[]);
  if (task === 'regression') return regression(results as Result<RawRegressionStats>[]);
  return binary(results as Result<RawBinaryStats>[], labels);
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
