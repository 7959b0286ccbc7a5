// The data preview: the first rows of the chosen file as the onepass reader splits them, with a
// role menu per column (numeric, categorical, text, date, ignore; the label column is chosen
// above).
// The roles start as the reader infers them from the first 1,000 rows (op.previewCsv), with
// the reason as the menu's title, so the preview and the run never disagree; the menus' values
// are the page's state (state.ts roleOptions gives them to a run).
import type { CsvPreview, CsvReadOptions } from 'onepass';
import { el } from './dom';

// The roles a column may be given: the core's (io/column_roles.hpp), the label's aside.
export const ROLES = ['numeric', 'categorical', 'text', 'date', 'ignore'] as const;
export type Role = (typeof ROLES)[number];

export type RoleOptions = Pick<CsvReadOptions, Role>;

/** The columns the preview draws: a file of 20,000 columns took 38 s to appear when each had
 * its cells and role menu. The rest are read with the roles the reader infers, and the preview
 * says how many are not shown. */
export const PREVIEW_COLUMNS = 200;

/** Fills the table: header, one role menu per column, the first rows (the first PREVIEW_COLUMNS
 * columns, with a caption counting the others). */
export function showPreview(table: HTMLTableElement, preview: CsvPreview): void {
  const columns = preview.columns.slice(0, PREVIEW_COLUMNS);
  const hidden = preview.columns.length - columns.length;
  const head = el('tr');
  head.append(...columns.map((c) => el('th', c.name)));
  const roles = el('tr');
  roles.className = 'types';
  roles.append(
    ...columns.map((c) => {
      const td = el('td');
      if (c.role === 'label') {
        td.textContent = 'label';
        return td;
      }
      const menu = el('select');
      menu.dataset.column = c.name;
      menu.setAttribute('aria-label', `Role of column ${c.name}`);
      menu.title = c.reason;
      for (const r of ROLES) menu.append(new Option(r, r, false, r === c.role));
      td.append(menu);
      return td;
    }),
  );
  const body = preview.rows.map((r) => {
    const tr = el('tr');
    tr.append(...r.slice(0, PREVIEW_COLUMNS).map((c) => el('td', c)));
    return tr;
  });
  if (hidden === 0) {
    table.replaceChildren(head, roles, ...body);
    return;
  }
  const count = (n: number): string => n.toLocaleString('en-US');
  const caption = el(
    'caption',
    `The first ${count(columns.length)} of ${count(preview.columns.length)} columns; ` +
      `${count(hidden)} more ${hidden === 1 ? 'is' : 'are'} not shown (read with the roles the reader infers).`,
  );
  caption.className = 'hidden-columns';
  table.replaceChildren(caption, head, roles, ...body);
}
