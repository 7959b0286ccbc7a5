// A multiclass pipeline's confusion matrix as a table a person can read: the actual classes in
// rows, the predicted ones in columns, each named, the right answers (the diagonal) set apart,
// the rows of each class and of each prediction totalled; and each class's precision, recall
// and F1. Many classes are capped: the classes with the most rows are shown and the others are
// added up in one row and one column, so that the counts still sum to the rows.
import { el } from './dom';
import type { Result } from './protocol';

type Multiclass = Extract<Result, { task: 'multiclass' }>;

/** The classes shown by name; the others are one "other classes" row and column. */
export const MAX_CLASSES_SHOWN = 12;

/** The classes shown (indices into `classes`, in their order) and those added up. */
function shownClasses(r: Multiclass): { shown: number[]; others: number[] } {
  const k = r.classes.length;
  const all = Array.from({ length: k }, (_, i) => i);
  if (k <= MAX_CLASSES_SHOWN) return { shown: all, others: [] };
  const rowsOf = (i: number): number => (r.confusion[i] ?? []).reduce((a, b) => a + b, 0);
  const top = new Set([...all].sort((a, b) => rowsOf(b) - rowsOf(a)).slice(0, MAX_CLASSES_SHOWN));
  return { shown: all.filter((i) => top.has(i)), others: all.filter((i) => !top.has(i)) };
}

const count = (r: Multiclass, actual: number[], predicted: number[]): number =>
  actual.reduce((sum, a) => sum + predicted.reduce((s, p) => s + (r.confusion[a]?.[p] ?? 0), 0), 0);

function th(
  text: string,
  scope: string,
  span: Partial<{ col: number; row: number }> = {},
): HTMLTableCellElement {
  const cell = el('th', text);
  cell.scope = scope;
  if (span.col) cell.colSpan = span.col;
  if (span.row) cell.rowSpan = span.row;
  return cell;
}

/** Fills `table` with the matrix of `r`; returns what is worth saying of it ('' or the cap). */
export function showConfusion(table: HTMLTableElement, r: Multiclass): string {
  const { shown, others } = shownClasses(r);
  // Each group: its name and the class indices it counts.
  const groups: { name: string; of: number[]; single: boolean }[] = shown.map((i) => ({
    name: r.classes[i],
    of: [i],
    single: true,
  }));
  if (others.length)
    groups.push({ name: `${others.length} other classes`, of: others, single: false });
  const corner = el('td');
  corner.colSpan = 2;
  corner.rowSpan = 2;
  const top = el('tr');
  top.append(
    corner,
    th('predicted class', 'colgroup', { col: groups.length }),
    th('rows', 'col', { row: 2 }),
  );
  const names = el('tr');
  names.append(...groups.map((g) => th(g.name, 'col')));
  const head = el('thead');
  head.append(top, names);

  const body = el('tbody');
  groups.forEach((a, row) => {
    const tr = el('tr');
    if (row === 0) {
      const axis = th('actual class', 'rowgroup', { row: groups.length });
      axis.className = 'axis';
      tr.append(axis);
    }
    tr.append(th(a.name, 'row'));
    for (const p of groups) {
      const n = count(r, a.of, p.of);
      const td = el('td', n.toLocaleString());
      td.dataset.actual = a.name;
      td.dataset.predicted = p.name;
      td.dataset.count = String(n);
      const right = a === p && a.single;
      if (right) {
        td.className = 'right';
        td.title = `${a.name} predicted right: ${n} rows`;
      } else td.title = `actual ${a.name}, predicted ${p.name}: ${n} rows`;
      tr.append(td);
    }
    const total = el('td', count(r, a.of, [...shown, ...others]).toLocaleString());
    total.className = 'total';
    tr.append(total);
    body.append(tr);
  });
  const foot = el('tfoot');
  const sums = el('tr');
  sums.append(th('rows predicted', 'row', { col: 2 }));
  const every = [...shown, ...others];
  for (const p of groups) {
    const td = el('td', count(r, every, p.of).toLocaleString());
    td.className = 'total';
    sums.append(td);
  }
  const all = el('td', r.rows.toLocaleString());
  all.className = 'total';
  sums.append(all);
  foot.append(sums);
  table.replaceChildren(head, body, foot);
  return others.length
    ? `${r.classes.length} classes: the ${MAX_CLASSES_SHOWN} with the most rows are shown by ` +
        `name, the other ${others.length} are added up in one row and one column.`
    : '';
}

/** Fills `table` with each class's rows, precision, recall and F1, every class in the order of
 * the matrix. */
export function showPerClass(table: HTMLTableElement, r: Multiclass): void {
  const head = el('tr');
  for (const t of ['class', 'rows', 'precision', 'recall', 'F1']) head.append(th(t, 'col'));
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const c of r.perClass) {
    const tr = el('tr');
    tr.dataset.class = c.class;
    tr.append(th(c.class, 'row'), el('td', c.rows.toLocaleString()));
    for (const v of [c.precision, c.recall, c.f1]) tr.append(el('td', v.toFixed(4)));
    body.append(tr);
  }
  table.replaceChildren(thead, body);
}
