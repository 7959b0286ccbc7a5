// The results of a run: the sortable table of every pipeline's figures (progressive, and on the
// holdout) with the baseline's row under them, the marks for the best pipeline and for those no
// better than the baseline, and the line that states that baseline. The columns are the task's
// (columns.ts). What a run gave is one RunState, derived from the page's state
// (panels/results.ts).
import type { RegistryEntry, RunResult } from 'onepass';
import {
  type Baseline,
  type Column,
  columnsOf,
  holdoutBaseline,
  type LastLabel,
  noBetterOnTest,
  rankOf,
  taskOf,
} from './columns';
import { el } from './dom';
import { pipelineNames } from './names';
import { columnHelp, MIN_RANKED_ROWS, tooFewRows } from './plain';
import type { Result } from './protocol';
import { resultsTask, type Task } from './tasks';

export type { Baseline };

/** What the last run gave: its results, its holdout runs (one per pipeline, or none), its
 * baseline (null before a run has rows), and whether it read all of its data (a run cancelled
 * or stopped by a bad row did not: its figures are of its first rows only). */
export interface RunState {
  results: Result[];
  holdout: RunResult[];
  baseline: Baseline | null;
  complete: boolean;
  /** The task of the columns while there are no results (their own task once there are). */
  task?: Task;
  /** A yes/no run's label values: the names of its class weights. */
  labels?: { positive: string; negative: string } | null;
}

export const emptyRun = (): RunState => ({
  results: [],
  holdout: [],
  baseline: null,
  complete: false,
});

/** The baseline of the rows a pipeline predicted, as the core gives it (eval/metrics.hpp):
 * always the class most rows had (binary: a tie answers the positive one) with the class's
 * name, or for a number the mean of the targets before each row. */
export function majorityBaseline(
  result: Result | undefined,
  info: { positiveLabel: string; negativeLabel: string },
): Baseline | null {
  if (!result?.baseline) return null;
  if (result.task === 'multiclass') {
    const b = result.baseline;
    return { task: 'multiclass', label: b.class, accuracy: b.accuracy };
  }
  if (result.task === 'regression') {
    const b = result.baseline;
    return { task: 'regression', mae: b.mae, rmse: b.rmse, r2: b.r2 };
  }
  const b = result.baseline;
  return {
    task: 'binary',
    label: b.positive ? info.positiveLabel : info.negativeLabel || 'the negative class',
    positive: b.positive,
    error: b.error,
  };
}

/** The last label's figures (docs/algorithms.md 6.5), the same for every pipeline that learned
 * the rows the run read (the first such); null for a number or when none did. */
export function lastLabelOf(results: readonly Result[]): LastLabel | null {
  for (const r of results) {
    if (taskOf(r) === 'regression' || !r.lastLabel) continue;
    const l: { error: number; mistakes: number; balancedAccuracy?: number | null } = r.lastLabel;
    return { error: l.error, mistakes: l.mistakes, balancedAccuracy: l.balancedAccuracy ?? null };
  }
  return null;
}

/** The classes a weight is given to shown by name; the others are counted. */
const WEIGHTS_NAMED = 6;

/** The class weights pipeline r learned with (docs/algorithms.md 4.28), in words: the weight
 * its next row of each class would take ('' without class weights). */
export function classWeightsText(r: Result, labels: RunState['labels']): string {
  const w = r.classWeights;
  if (!w) return '';
  const names =
    r.task === 'multiclass'
      ? r.classes
      : [labels?.negative || 'negative', labels?.positive || 'positive'];
  const each = w.weights.map((v, k) => `${names[k] ?? `class ${k + 1}`} = ${v.toFixed(2)}`);
  const more = each.length - WEIGHTS_NAMED;
  const shown = more > 0 ? [...each.slice(0, WEIGHTS_NAMED), `and ${more} more`] : each;
  return `class weights (${w.mode}): ${shown.join(', ')}`;
}

/** What the baseline gives, in words, before the rows it is of ("of the rows"). */
function baselineWords(b: Baseline): string {
  if (b.task === 'binary')
    return `always answering the most common label (${b.label}) errs on ${b.error.toFixed(4)} of`;
  if (b.task === 'multiclass')
    return `always answering the most common label (${b.label}) is right on ${b.accuracy.toFixed(4)} of`;
  return `predicting each row by the mean of the labels before it has ${errorWords(b)} over`;
}

/** A number's errors in words: MAE, RMSE, and R² when it is defined. */
function errorWords(e: { mae: number; rmse: number; r2: number | null }): string {
  const r2 = e.r2 === null ? '' : ` and R² ${e.r2.toFixed(4)}`;
  return `mean absolute error ${e.mae.toFixed(4)}, root mean squared error ${e.rmse.toFixed(4)}${r2}`;
}

/** What the baseline gives on the holdout's test rows ('' without a holdout): the training
 * part's majority class, or its mean. */
function heldOutWords(b: Baseline, holdout: RunResult[]): string {
  if (b.task !== 'regression') {
    const accuracy = holdoutBaseline(holdout);
    return accuracy === null ? '' : `; on the holdout it has accuracy ${accuracy.toFixed(4)}`;
  }
  const [mae, rmse, r2] = (['baselineMae', 'baselineRmse', 'baselineR2'] as const).map((k) =>
    holdoutBaseline(holdout, k),
  );
  if (mae === null || rmse === null) return '';
  return `; on the holdout, predicting every test row by the mean of the training rows has ${errorWords({ mae, rmse, r2 })}`;
}

/** The baseline line above the results: progressive, and on the holdout when there is one. */
export function baselineText({ baseline, holdout, complete, results }: RunState): string {
  if (!baseline) return '';
  const words = baselineWords(baseline);
  if (!complete)
    return (
      `Baseline: ${words} the ${results[0]?.rows ?? 0} rows read before the run ` +
      'ended. No pipeline is marked: the run did not read all of its data.'
    );
  const few = tooFewRows(results[0]?.rows ?? 0);
  return `Baseline: ${words} the rows${heldOutWords(baseline, holdout)}.${few ? ` ${few}` : ''}`;
}

/** How pipeline k ranks (columns.ts rankOf): by its figures on the test part with a holdout,
 * else by its progressive ones. */
function score(r: Result, test: RunResult | undefined, holdout: boolean): number {
  if (holdout) return test ? rankOf(taskOf(r), test.test) : Number.NEGATIVE_INFINITY;
  return rankOf(taskOf(r), r);
}

/** The marks of pipeline i: the best of the run (none when all tie), and no better than the
 * baseline (progressive, or on the holdout). None for a run that did not read all of its data
 * (cancelled, or stopped by a bad row), nor for one of fewer than MIN_RANKED_ROWS rows: a few
 * rows rank nothing. */
function marks({ results, holdout, baseline, complete }: RunState, i: number): HTMLElement[] {
  if (!complete || results.length === 0 || results[0].rows < MIN_RANKED_ROWS) return [];
  const out: HTMLElement[] = [];
  const mark = (text: string, kind: string): void => {
    const span = el('span', text);
    span.className = `mark ${kind}`;
    out.push(span);
  };
  const task = resultsTask(results);
  const noBetter = (k: number): boolean =>
    (baseline !== null && results[k].noBetterThanBaseline) ||
    (holdout[k] !== undefined && noBetterOnTest(task, holdout[k], holdout));
  // The best: the top score, unless every pipeline has it or it is no better than the baseline.
  const scores = results.map((r, k) => score(r, holdout[k], holdout.length > 0));
  const top = Math.max(...scores);
  // The last label (docs/algorithms.md 6.5): each row predicted by the label before it.
  const noBetterThanLast = (k: number): boolean => results[k].noBetterThanLastLabel === true;
  if (scores[i] === top && scores.some((v) => v !== top) && !noBetter(i) && !noBetterThanLast(i))
    mark('best', 'best');
  const than = task === 'regression' ? 'the mean' : 'the majority class';
  if (noBetter(i)) mark(`no better than ${than}`, 'useless');
  else if (noBetterThanLast(i)) mark('no better than the last label', 'useless');
  return out;
}

/** The line under a pipeline's name that gives its class weights, when it has them. */
function weighting(r: Result, labels: RunState['labels']): HTMLElement[] {
  const text = classWeightsText(r, labels);
  if (!text) return [];
  const span = el('span', text);
  span.className = 'weighting';
  return [span];
}

/** The results table: a row per pipeline, sorted by the column last clicked. */
export class ResultsTable {
  readonly #table: HTMLTableElement;
  /** focus(i): pipeline i's row is pointed at or focused (null: left). */
  readonly #focus: (i: number | null) => void;
  /** The cell with pipeline i's model downloads. */
  readonly #modelCell: (i: number) => HTMLTableCellElement;
  /** The registry the pipelines' readable names come from (names.ts). */
  readonly #entries: readonly RegistryEntry[];
  #sortKey = '';
  #ascending = true;
  #shown: RunState = emptyRun();
  #names: string[] = [];

  constructor(
    table: HTMLTableElement,
    focus: (i: number | null) => void,
    modelCell: (i: number) => HTMLTableCellElement,
    entries: readonly RegistryEntry[] = [],
  ) {
    this.#entries = entries;
    this.#table = table;
    this.#focus = focus;
    this.#modelCell = modelCell;
  }

  show(run: RunState): void {
    this.#shown = run;
    this.#names = pipelineNames(
      run.results.map((r) => r.pipeline),
      this.#entries,
    );
    const task = run.results.length ? resultsTask(run.results) : (run.task ?? 'binary');
    const cols = columnsOf(task, run.holdout.length > 0);
    const headings = cols.map((c) => this.#heading(c));
    // The model download comes second, after the name, so that it is never scrolled out of view.
    this.#table.tHead!.rows[0].replaceChildren(
      headings[0],
      el('th', 'model'),
      ...headings.slice(1),
    );
    const order = run.results.map((_, i) => i);
    const sortCol = cols.find((c) => c.key === this.#sortKey);
    if (sortCol) {
      const v = (i: number): number | string =>
        sortCol.value(run.results[i], i, run.holdout) ?? Number.POSITIVE_INFINITY;
      order.sort((a, b) => {
        const [x, y] = [v(a), v(b)];
        const cmp =
          typeof x === 'string' || typeof y === 'string'
            ? String(x).localeCompare(String(y))
            : x - y;
        return this.#ascending ? cmp : -cmp;
      });
    }
    this.#table.tBodies[0].replaceChildren(...order.map((i) => this.#row(run, cols, i)));
    const foot = this.#table.tFoot ?? this.#table.createTFoot();
    const rows = run.results[0]?.rows ?? 0;
    const b = run.baseline;
    const last = lastLabelOf(run.results);
    foot.replaceChildren(
      ...(b ? [this.#footRow('baseline-row', cols, (c) => c.base?.(b, rows, run.holdout))] : []),
      ...(last ? [this.#footRow('last-label-row', cols, (c) => c.last?.(last, rows))] : []),
    );
  }

  /** A baseline's row under the pipelines' (the majority class or the mean, then the last
   * label), its figures in their columns (a dash where it has none), so that each figure can be
   * read against it. They stay last whatever the order. */
  #footRow(
    className: string,
    cols: Column[],
    figure: (c: Column) => number | string | null | undefined,
  ): HTMLTableRowElement {
    const tr = el('tr');
    tr.className = className;
    for (const c of cols) {
      const v = figure(c) ?? null;
      const cell = el(c.key === 'pipeline' ? 'th' : 'td');
      if (c.key === 'pipeline') cell.scope = 'row';
      cell.textContent = v === null ? '–' : typeof v === 'number' ? v.toFixed(c.digits ?? 4) : v;
      cell.dataset.key = c.key;
      tr.append(cell);
      if (c.key === 'pipeline') tr.append(el('td'));
    }
    return tr;
  }

  #heading(c: Column): HTMLTableCellElement {
    const th = el('th');
    th.scope = 'col';
    const sorted = this.#sortKey === c.key;
    const b = el('button', c.title + (sorted ? (this.#ascending ? ' ▲' : ' ▼') : ''));
    b.type = 'button';
    b.className = 'sort';
    b.addEventListener('click', () => {
      this.#ascending = this.#sortKey === c.key ? !this.#ascending : true;
      this.#sortKey = c.key;
      this.show(this.#shown);
    });
    th.append(b);
    const help = columnHelp(c.key);
    if (help) th.title = help;
    if (sorted) th.setAttribute('aria-sort', this.#ascending ? 'ascending' : 'descending');
    return th;
  }

  /** A pipeline's readable name, its exact spec on hover and under a disclosure. */
  #nameCell(r: Result, i: number): HTMLTableCellElement {
    const td = el('td');
    const name = el('span', this.#names[i] ?? r.pipeline);
    name.className = 'pipeline-name';
    name.title = r.canonical;
    const spec = el('details');
    spec.className = 'spec';
    spec.append(el('summary', 'spec'), el('code', r.canonical));
    td.append(name, spec);
    return td;
  }

  #row(run: RunState, cols: Column[], i: number): HTMLTableRowElement {
    const r = run.results[i];
    const tr = el('tr');
    tr.dataset.pipeline = r.pipeline;
    tr.dataset.rows = String(r.rows);
    // Pointing at (or tabbing into) a pipeline's row makes its lines stand out.
    const focus = (on: boolean): void => {
      this.#focus(on ? i : null);
      tr.classList.toggle('focused', on);
    };
    tr.addEventListener('mouseenter', () => focus(true));
    tr.addEventListener('mouseleave', () => focus(false));
    tr.addEventListener('focusin', () => focus(true));
    tr.addEventListener('focusout', () => focus(false));
    for (const c of cols) {
      const v = c.value(r, i, run.holdout);
      const td =
        c.key === 'pipeline'
          ? this.#nameCell(r, i)
          : el('td', v === null ? '–' : typeof v === 'number' ? v.toFixed(c.digits ?? 4) : v);
      td.dataset.key = c.key;
      if (c.key === 'pipeline' && r.diverged)
        td.append(el('span', ` (diverged: ${r.revertedSteps} steps reverted)`));
      if (c.key === 'pipeline') td.append(...marks(run, i), ...weighting(r, run.labels));
      tr.append(td);
      if (c.key === 'pipeline') tr.append(this.#modelCell(i));
    }
    return tr;
  }
}
