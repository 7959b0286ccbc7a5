// The cross-validation table of a task: its figures as the results' holdout columns name them
// (columns.ts FIGURES), each candidate's mean ± deviation over the folds, the baseline fitted
// on each fold's training rows under them where the core gives one, the best by the task's own
// measure marked (columns.ts rankOf), folds that diverged counted.
import { FIGURES, type Figure, rankOf } from './columns';
import { el } from './dom';
import type { CvRow } from './protocol';
import type { Task } from './tasks';

type Metrics = CvRow['mean'];

/** A figure's mean ± deviation over the folds ('–' where it is not defined). */
function cell(mean: Metrics, sd: Metrics, key: keyof Metrics, digits: number): string {
  const [m, d] = [mean[key], sd[key]];
  return m === null || m === undefined
    ? '–'
    : `${m.toFixed(digits)} ± ${d === null || d === undefined ? '–' : d.toFixed(digits)}`;
}

/** The table's headings: the pipeline, then each figure of the task. */
export function crossValidationHeadings(task: Task): HTMLTableCellElement[] {
  return ['pipeline', ...FIGURES[task].map((f) => f.title)].map((t) => {
    const th = el('th', t);
    th.scope = 'col';
    return th;
  });
}

/** A row of the table: the name cell, then a cell per figure (keyed by its metric). */
function row(name: HTMLTableCellElement, figures: Figure[], value: (f: Figure) => string) {
  const tr = el('tr');
  tr.append(
    name,
    ...figures.map((f) => {
      const td = el('td', value(f));
      td.dataset.key = f.metric;
      return td;
    }),
  );
  return tr;
}

/** The candidates' rows, each named by its readable name (`names`, names.ts, in the order of
 * `rows`) with its exact spec on hover. */
export function crossValidationRows(
  task: Task,
  rows: CvRow[],
  names: readonly string[],
): HTMLTableRowElement[] {
  const figures = FIGURES[task];
  const best = Math.max(...rows.map((r) => rankOf(task, r.mean)));
  return rows.map((r, i) => {
    const name = el('td');
    const called = el('span', names[i] ?? r.spec);
    called.className = 'pipeline-name';
    called.title = r.spec;
    name.append(called);
    if (rows.length > 1 && rankOf(task, r.mean) === best) {
      const mark = el('span', 'best');
      mark.className = 'mark best';
      name.append(mark);
    }
    if (r.divergedFolds) name.append(el('span', ` (diverged in ${r.divergedFolds} folds)`));
    const tr = row(name, figures, (f) => cell(r.mean, r.sd, f.metric, f.digits));
    tr.dataset.spec = r.spec;
    return tr;
  });
}

/** The baseline's row: the same folds for every candidate, so the first one's (none for yes/no
 * labels, whose figures have no baseline of their own). */
export function crossValidationBaseline(task: Task, rows: CvRow[]): HTMLTableRowElement[] {
  const figures = FIGURES[task];
  const first = rows[0];
  if (!first || !figures.some((f) => f.baseline && first.mean[f.baseline] != null)) return [];
  const name = el(
    'th',
    task === 'regression'
      ? "baseline: the mean of the training folds' labels"
      : 'baseline: always the majority class of the training folds',
  );
  name.scope = 'row';
  const tr = row(name, figures, (f) =>
    f.baseline ? cell(first.mean, first.sd, f.baseline, f.digits) : '–',
  );
  tr.className = 'baseline-row';
  return [tr];
}

/** What the table measures and how the best is chosen, in plain words. */
export const CV_EXPLAIN: Record<Task, string> = {
  binary:
    'Each figure is of the rows of the fold left out: its mean over the folds ± how much it ' +
    'varies between them. Accuracy: the share of rows predicted right; AUC: how well the ' +
    'scores put yes rows above no rows (0.5 is chance); log-loss: how sure the pipeline was of ' +
    'the right answer, lower is better; balanced accuracy: the mean of the share of yes rows ' +
    'and of no rows found. The best by mean balanced accuracy is marked, which always ' +
    'answering one class cannot win.',
  multiclass:
    'Each figure is of the rows of the fold left out: its mean over the folds ± how much it ' +
    'varies between them. Accuracy: the share of rows put in the right class; balanced ' +
    "accuracy: the mean over the classes of the share of each class's rows found; macro F1: " +
    'the mean over the classes of F1; log-loss: how sure the pipeline was of the right class, ' +
    'lower is better. The baseline row always answers the class most rows of the other folds ' +
    'had. The best by mean balanced accuracy is marked, which always answering one class ' +
    'cannot win.',
  regression:
    'Each figure is of the rows of the fold left out: its mean over the folds ± how much it ' +
    'varies between them. MAE: how far a prediction is from the true number on average, in ' +
    "the label's units; RMSE: the same with large errors weighing more; R²: the share of the " +
    "label's variation the predictions explain (1: all of it, 0: no more than the mean). The " +
    'baseline row predicts every row by the mean of the labels of the other folds. The best ' +
    'by the lowest mean RMSE is marked.',
};
