// A chart's text alternative: the canvas holds no text, so beside each chart a one-line summary
// (what the chart says at its last row) and its data as a table, some rows of what is drawn,
// in a details element that a screen reader reads and a sighted user may open.
import { el } from './dom';

/** The rows of the table: at most this many points, evenly spaced, the last always among them. */
const TABLE_ROWS = 11;

/** A drawn value as the table and the summary write it: four significant digits. */
export const figure = (v: number | null | undefined): string =>
  v === null || v === undefined || !Number.isFinite(v) ? 'n/a' : String(Number(v.toPrecision(4)));

/** What the summary says of the drawn series: their names, their values at the last row, and
 * which of them is the reference (the baseline; -1: none). */
export interface Drawn {
  xLabel: string;
  yLabel: string;
  names: string[];
  /** x, then one array per series, as drawn (the last series the reference when there is one). */
  data: ArrayLike<number | null | undefined>[];
  reference: number;
  /** The one line as the chart's owner says it (a scatter of rows, a shaping curve: no last
   * value to compare), instead of the one made from the last values. */
  say?: string;
}

/** How a chart's summary reads its data: the last values, lower better (mistakes, error); or
 * curves over the whole x range (ROC, precision-recall), which have no best at an end. */
export type SummaryKind = 'lower-is-better' | 'curves';

export class ChartText {
  readonly #summary: HTMLParagraphElement;
  readonly #table: HTMLTableElement;
  readonly #kind: SummaryKind;
  readonly #box: HTMLDivElement;

  /** Puts the summary and the table right after the chart's host. */
  constructor(host: HTMLElement, kind: SummaryKind) {
    this.#kind = kind;
    this.#summary = el('p');
    this.#summary.className = 'chart-summary';
    this.#summary.id = `${host.id}-summary`;
    this.#table = el('table');
    this.#table.className = 'chart-data';
    const details = el('details');
    details.className = 'chart-data-box';
    details.append(el('summary', 'The chart as a table'), this.#table);
    const box = el('div');
    box.className = 'chart-text';
    box.append(this.#summary, details);
    host.after(box);
    this.#box = box;
    host.setAttribute('role', 'group');
    host.setAttribute('aria-describedby', this.#summary.id);
  }

  /** Hidden with its chart (nothing drawn: no summary and no empty table either). */
  set hidden(hidden: boolean) {
    this.#box.hidden = hidden;
  }

  /** Writes the summary and the table of what is drawn now. */
  show(d: Drawn): void {
    const x = d.data[0] ?? [];
    const n = x.length;
    this.#box.hidden = false;
    this.#summary.textContent = d.say ?? this.#say(d);
    this.#table.closest('div')?.toggleAttribute('data-empty', n === 0);
    if (n === 0) {
      this.#table.replaceChildren();
      return;
    }
    const picked = new Set<number>();
    for (let k = 0; k < TABLE_ROWS; k++) picked.add(Math.round(((n - 1) * k) / (TABLE_ROWS - 1)));
    const head = el('tr');
    head.append(...[d.xLabel, ...d.names].map((t) => th(t, 'col')));
    const rows = [...picked].map((i) => {
      const tr = el('tr');
      tr.append(th(figure(x[i]), 'row'));
      for (let s = 1; s < d.data.length; s++) tr.append(el('td', figure(d.data[s][i])));
      return tr;
    });
    const caption = el('caption', `${d.yLabel} at ${rows.length} points of ${d.xLabel}`);
    this.#table.replaceChildren(caption, el('thead'), el('tbody'));
    this.#table.tHead?.append(head);
    this.#table.tBodies[0].append(...rows);
  }

  /** The one line: "cumulative mistakes after 270 rows seen: lowest 40 (name); 120 (baseline:
   * always answering -1)". */
  #say(d: Drawn): string {
    const x = d.data[0] ?? [];
    const n = x.length;
    if (n === 0 || d.names.length === 0) return `${d.yLabel}: nothing drawn yet.`;
    if (this.#kind === 'curves') {
      return (
        `${d.yLabel} against ${d.xLabel} of ${d.names.length} ` +
        `${d.names.length === 1 ? 'pipeline' : 'pipelines'}; the table gives them at ${Math.min(n, TABLE_ROWS)} points.`
      );
    }
    const last = n - 1;
    let best = -1;
    for (let s = 0; s < d.names.length; s++) {
      if (s === d.reference) continue;
      const v = d.data[s + 1][last];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      const b = best < 0 ? null : d.data[best + 1][last];
      if (b === null || b === undefined || v < b) best = s;
    }
    const parts: string[] = [];
    if (best >= 0) {
      const many = (d.reference < 0 ? d.names.length : d.names.length - 1) > 1;
      parts.push(
        `${many ? 'lowest' : 'pipeline'} ${figure(d.data[best + 1][last])} (${d.names[best]})`,
      );
    }
    if (d.reference >= 0)
      parts.push(`${figure(d.data[d.reference + 1][last])} (${d.names[d.reference]})`);
    return `${d.yLabel} after ${figure(x[last])} ${d.xLabel}: ${parts.join('; ')}.`;
  }
}

const th = (text: string, scope: 'col' | 'row'): HTMLTableCellElement => {
  const c = el('th', text);
  c.scope = scope;
  return c;
};
