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
      // One tab stop for all the menus (rovePreview): the first; the arrows reach the others.
      menu.tabIndex = -1;
      td.append(menu);
      return td;
    }),
  );
  const body = preview.rows.map((r) => {
    const tr = el('tr');
    tr.append(...r.slice(0, PREVIEW_COLUMNS).map((c) => el('td', c)));
    return tr;
  });
  const first = roles.querySelector('select');
  if (first) first.tabIndex = 0;
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

/** The preview's role menus are one tab stop (a roving tabindex), so that a file of many columns
 * does not put a stop per column between the data and Run: Left and Right (Home, End) move
 * between the menus, Up and Down change the one focused, and Tab leaves the table from the menu
 * last focused. */
export function rovePreview(table: HTMLTableElement): void {
  table.addEventListener('keydown', (e) => {
    const menus = [...table.querySelectorAll<HTMLSelectElement>('select[data-column]')];
    const at = menus.indexOf(e.target as HTMLSelectElement);
    if (at < 0) return;
    const to =
      e.key === 'ArrowLeft'
        ? at - 1
        : e.key === 'ArrowRight'
          ? at + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? menus.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = menus[Math.max(0, Math.min(menus.length - 1, to))];
    for (const m of menus) m.tabIndex = m === next ? 0 : -1;
    next.focus();
    next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
}
