// The results of a run: the sortable table of every pipeline's figures (progressive,
// and on the holdout), the marks for the best pipeline and for those no better than the
// majority class, and the line that states that baseline. What a run gave is one RunState,
// derived from the page's state (panels/results.ts).
import type { RunResult } from 'onepass';
import { el } from './dom';
import type { Result } from './protocol';

/** The majority-class baseline of a run: its class and its progressive error. */
export interface Baseline {
  label: string;
  error: number;
}

/** What the last run gave: its results, its holdout runs (one per pipeline, or none), its
 * baseline (null before a run has rows), and whether it read all of its data (a run cancelled
 * or stopped by a bad row did not: its figures are of its first rows only). */
export interface RunState {
  results: Result[];
  holdout: RunResult[];
  baseline: Baseline | null;
  complete: boolean;
}

export const emptyRun = (): RunState => ({
  results: [],
  holdout: [],
  baseline: null,
  complete: false,
});

/** The core's majority-class baseline of the rows a pipeline predicted (eval/metrics.hpp:
 * always answering the class most rows had, a tie the positive one), with its class's name. */
export function majorityBaseline(
  result: Result | undefined,
  info: { positiveLabel: string; negativeLabel: string },
): Baseline | null {
  const b = result?.baseline;
  if (!b) return null;
  return {
    label: b.positive ? info.positiveLabel : info.negativeLabel || 'the negative class',
    error: b.error,
  };
}

interface Column {
  key: string;
  title: string;
  value: (r: Result, i: number, holdout: RunResult[]) => number | string | null;
  digits?: number;
}

/** a / b, or null when b is 0. */
const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

const baseColumns: Column[] = [
  { key: 'pipeline', title: 'pipeline', value: (r) => r.canonical },
  { key: 'rows', title: 'rows', value: (r) => r.rows, digits: 0 },
  { key: 'mistakes', title: 'mistakes', value: (r) => r.mistakes, digits: 0 },
  { key: 'error', title: 'progressive error', value: (r) => r.error, digits: 4 },
  { key: 'logLoss', title: 'log-loss', value: (r) => r.logLoss, digits: 4 },
  { key: 'precision', title: 'precision', value: (r) => ratio(r.tp, r.tp + r.fp), digits: 4 },
  { key: 'recall', title: 'recall', value: (r) => ratio(r.tp, r.tp + r.fn), digits: 4 },
  {
    key: 'balanced',
    title: 'balanced accuracy',
    value: (r) => {
      const tpr = ratio(r.tp, r.tp + r.fn);
      const tnr = ratio(r.tn, r.tn + r.fp);
      return tpr === null || tnr === null ? null : (tpr + tnr) / 2;
    },
    digits: 4,
  },
  // The confusion counts, one numeric column each so that they sort as numbers.
  { key: 'tp', title: 'tp', value: (r) => r.tp, digits: 0 },
  { key: 'fp', title: 'fp', value: (r) => r.fp, digits: 0 },
  { key: 'tn', title: 'tn', value: (r) => r.tn, digits: 0 },
  { key: 'fn', title: 'fn', value: (r) => r.fn, digits: 0 },
];
const holdoutColumns: Column[] = [
  {
    key: 'testAccuracy',
    title: 'test accuracy',
    value: (_, i, h) => h[i]?.test.accuracy ?? null,
    digits: 4,
  },
  { key: 'testF1', title: 'test F1', value: (_, i, h) => h[i]?.test.f1 ?? null, digits: 4 },
  {
    key: 'testBalanced',
    title: 'test balanced accuracy',
    value: (_, i, h) => h[i]?.test.balancedAccuracy ?? null,
    digits: 4,
  },
  { key: 'testAuc', title: 'test AUC', value: (_, i, h) => h[i]?.test.auc ?? null, digits: 4 },
  {
    key: 'testLogLoss',
    title: 'test log-loss',
    value: (_, i, h) => h[i]?.test.logLoss ?? null,
    digits: 4,
  },
];

/** The holdout's majority-class accuracy (the same test rows for every pipeline), or null. */
function holdoutBaseline(holdout: RunResult[]): number | null {
  const t = holdout[0]?.test;
  if (!t || t.tp === null || t.fp === null || t.tn === null || t.fn === null) return null;
  return ratio(Math.max(t.tp + t.fn, t.tn + t.fp), t.tp + t.fp + t.tn + t.fn);
}

/** The baseline line above the results: progressive, and on the holdout when there is one. */
export function baselineText({ baseline, holdout, complete, results }: RunState): string {
  if (!baseline) return '';
  if (!complete)
    return (
      `Baseline: always predicting the majority class (${baseline.label}) errs on ` +
      `${baseline.error.toFixed(4)} of the ${results[0]?.rows ?? 0} rows read before the run ` +
      'ended. No pipeline is marked: the run did not read all of its data.'
    );
  const test = holdoutBaseline(holdout);
  return (
    `Baseline: always predicting the majority class (${baseline.label}) errs on ` +
    `${baseline.error.toFixed(4)} of the rows` +
    (test === null ? '.' : `; on the holdout it has accuracy ${test.toFixed(4)}.`)
  );
}

/** The marks of pipeline i: the best of the run (the highest test accuracy with a holdout, else
 * the lowest progressive error; none when all tie), and no better than always predicting the
 * majority class (progressive, or on the holdout). None for a run that did not read all of its
 * data (cancelled, or stopped by a bad row): a few first rows rank nothing. */
function marks({ results, holdout, baseline, complete }: RunState, i: number): HTMLElement[] {
  if (!complete || results.length === 0 || results[0].rows === 0) return [];
  const out: HTMLElement[] = [];
  const mark = (text: string, kind: string): void => {
    const span = el('span', text);
    span.className = `mark ${kind}`;
    out.push(span);
  };
  const score = (k: number): number =>
    holdout.length ? (holdout[k]?.test.accuracy ?? -1) : -results[k].error;
  const testBaseline = holdoutBaseline(holdout);
  const noBetter = (k: number): boolean => {
    const test = holdout[k]?.test;
    return (
      (baseline !== null && results[k].noBetterThanBaseline) ||
      (test?.accuracy != null && testBaseline !== null && test.accuracy <= testBaseline)
    );
  };
  // The best: the top score, unless every pipeline has it or it is no better than the baseline.
  const scores = results.map((_, k) => score(k));
  const top = Math.max(...scores);
  if (scores[i] === top && scores.some((v) => v !== top) && !noBetter(i)) mark('best', 'best');
  if (noBetter(i)) mark('no better than the majority class', 'useless');
  return out;
}

/** The results table: a row per pipeline, sorted by the column last clicked. */
export class ResultsTable {
  readonly #table: HTMLTableElement;
  /** focus(i): pipeline i's row is pointed at or focused (null: left). */
  readonly #focus: (i: number | null) => void;
  /** The cell with pipeline i's model downloads. */
  readonly #modelCell: (i: number) => HTMLTableCellElement;
  #sortKey = '';
  #ascending = true;
  #shown: RunState = emptyRun();

  constructor(
    table: HTMLTableElement,
    focus: (i: number | null) => void,
    modelCell: (i: number) => HTMLTableCellElement,
  ) {
    this.#table = table;
    this.#focus = focus;
    this.#modelCell = modelCell;
  }

  show(run: RunState): void {
    this.#shown = run;
    const cols = run.holdout.length ? [...baseColumns, ...holdoutColumns] : baseColumns;
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
    if (sorted) th.setAttribute('aria-sort', this.#ascending ? 'ascending' : 'descending');
    return th;
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
      const td = el('td', v === null ? '–' : typeof v === 'number' ? v.toFixed(c.digits ?? 4) : v);
      td.dataset.key = c.key;
      if (c.key === 'pipeline' && r.diverged)
        td.append(el('span', ` (diverged: ${r.revertedSteps} steps reverted)`));
      if (c.key === 'pipeline') td.append(...marks(run, i));
      tr.append(td);
      if (c.key === 'pipeline') tr.append(this.#modelCell(i));
    }
    return tr;
  }
}
