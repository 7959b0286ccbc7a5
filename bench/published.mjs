// What a published page (docs/results/*.md, a section of docs/quality.md) says against what its
// command makes now, table row by table row: the one comparison behind `bench/paper.mjs --check`
// and the quality scripts' `--check`. A section's text is made of prose lines and markdown
// tables; a table is known by the heading above it (and its rank under that heading), a row by
// its leading cells (as few as make it unique in its table), a cell by its column's header. The
// "Made by ... on DATE ..." line is the only line not compared: it names the day and the time the
// run took, which no rerun reproduces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The line that says what made a page and when: not compared. */
export const isMadeLine = (line) => line.startsWith('Made by `');

/** A markdown table row's cells, trimmed ('\|' inside a cell does not end it). */
export function cellsOf(line) {
  const cells = [];
  let cur = '';
  for (let i = 1; i < line.length; i++) {
    if (line[i] === '\\' && line[i + 1] === '|') {
      cur += '\\|';
      i++;
    } else if (line[i] === '|') {
      cells.push(cur.trim());
      cur = '';
    } else cur += line[i];
  }
  if (cur.trim()) cells.push(cur.trim());
  return cells;
}

/** Each row's key: its first cells (the first carried down from the row above when empty, as
 * the imbalance table leaves it), as few of them as make every key of the table unique, but at
 * least `from`; and how many that is. */
function rowKeys(rows, from = 1) {
  let first = '';
  const filled = rows.map((r) => {
    if (r[0]) first = r[0];
    return [first, ...r.slice(1)];
  });
  const width = Math.max(1, ...rows.map((r) => r.length));
  for (let k = from; k <= width; k++) {
    const keys = filled.map((r) => r.slice(0, k).join(' / '));
    if (new Set(keys).size === keys.length) return { keys, width: k, filled };
  }
  // Rows alike in every cell: told apart by their rank.
  return { keys: filled.map((r, i) => `${r.join(' / ')} #${i + 1}`), width: width + 1, filled };
}

/** A table's rows keyed by `from` leading cells at least, the first cell carried down. */
const keyed = (rows, from) => {
  const { keys, width, filled } = rowKeys(rows, from);
  return { width, rows: filled.map((cells, k) => ({ key: keys[k], cells })) };
};

/** A section's text as prose lines (with their line numbers) and tables, each table named by
 * the heading above it and its rank under that heading. */
export function parseSection(text) {
  const lines = text.split('\n');
  const prose = [];
  const tables = [];
  let heading = '(top)';
  let rank = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('|')) {
      const start = i;
      while (i + 1 < lines.length && lines[i + 1].startsWith('|')) i++;
      const block = lines.slice(start, i + 1).map(cellsOf);
      const header = block[0];
      const rows = block.slice(1).filter((r) => !r.every((c) => /^:?-+:?$/.test(c)));
      rank++;
      tables.push({
        name: rank > 1 ? `${heading} (table ${rank})` : heading,
        line: start + 1,
        header,
        ...keyed(rows, 1),
      });
      continue;
    }
    if (/^#+ /.test(line)) {
      heading = line;
      rank = 0;
    }
    if (!isMadeLine(line)) prose.push({ line: i + 1, text: line });
  }
  return { prose, tables };
}

/**
 * The differences between a published section and the one made now, each
 * { table, row, column, published, now } (table null for a prose line; row the line's number
 * then). options:
 *   subset: the section made now covers some of the published rows and columns (a check that
 *     recomputes the smaller data sets only): only its rows and columns are compared, the prose
 *     and the published rows it has not made are not;
 *   aggregates: { rows, columns }, the row keys and column headers whose cells depend on every
 *     data set (means over them), left out of a subset's comparison.
 */
export function compareSection(published, now, { subset = false, aggregates = {} } = {}) {
  const p = parseSection(published);
  const n = parseSection(now);
  const out = [];
  const diff = (table, row, column, a, b) =>
    out.push({ table, row, column, published: a ?? '(none)', now: b ?? '(none)' });
  if (!subset) {
    // Prose line by line, in order: a line added or lost shows where it is.
    const count = Math.max(p.prose.length, n.prose.length);
    for (let i = 0; i < count; i++)
      if (p.prose[i]?.text !== n.prose[i]?.text)
        diff(
          null,
          `line ${p.prose[i]?.line ?? n.prose[i]?.line}`,
          null,
          p.prose[i]?.text,
          n.prose[i]?.text,
        );
  }
  const skipRow = new Set(subset ? (aggregates.rows ?? []) : []);
  const skipColumn = new Set(subset ? (aggregates.columns ?? []) : []);
  const byName = new Map(p.tables.map((t) => [t.name, t]));
  const nowNames = new Set(n.tables.map((t) => t.name));
  if (!subset)
    for (const t of p.tables)
      if (!nowNames.has(t.name)) diff(t.name, null, null, `a table at line ${t.line}`, null);
  for (let t of n.tables) {
    let was = byName.get(t.name);
    if (!was) {
      diff(t.name, null, null, null, 'a table');
      continue;
    }
    // Both tables' rows keyed alike: by as many cells as either needs.
    if (was.width !== t.width) {
      const from = Math.max(was.width, t.width);
      const cells = (x) => x.rows.map((r) => r.cells);
      was = { ...was, ...keyed(cells(was), from) };
      t = { ...t, ...keyed(cells(t), from) };
    }
    const columns = subset ? t.header : [...new Set([...was.header, ...t.header])];
    for (const c of columns)
      if (!skipColumn.has(c) && was.header.includes(c) !== t.header.includes(c))
        diff(
          t.name,
          'header',
          c,
          was.header.includes(c) ? c : null,
          t.header.includes(c) ? c : null,
        );
    const wasRows = new Map(was.rows.map((r) => [r.key, r.cells]));
    const nowRows = new Map(t.rows.map((r) => [r.key, r.cells]));
    const keys = subset
      ? [...nowRows.keys()]
      : [...new Set([...wasRows.keys(), ...nowRows.keys()])];
    for (const key of keys) {
      if (skipRow.has(key)) continue;
      const a = wasRows.get(key);
      const b = nowRows.get(key);
      if (!a || !b) {
        diff(t.name, key, null, a?.join(' | '), b?.join(' | '));
        continue;
      }
      for (const c of columns) {
        if (skipColumn.has(c) || !was.header.includes(c) || !t.header.includes(c)) continue;
        const x = a[was.header.indexOf(c)];
        const y = b[t.header.indexOf(c)];
        if (x !== y) diff(t.name, key, c, x, y);
      }
    }
    // The order of the rows says something too (the candidates are ranked).
    if (!subset) {
      const common = (rows, other) => rows.map((r) => r.key).filter((k) => other.has(k));
      const a = common(was.rows, nowRows);
      const b = common(t.rows, wasRows);
      const k = a.findIndex((key, i) => key !== b[i]);
      if (k >= 0) diff(t.name, 'order', null, `row ${k + 1}: ${a[k]}`, `row ${k + 1}: ${b[k]}`);
    }
  }
  return out;
}

/** The differences as lines for a person: the section, the table, the row and the column. */
export function describeDifferences(section, differences) {
  return differences.map(
    (d) =>
      `${section}: ${d.table ?? 'prose'}${d.row ? `, row ${d.row}` : ''}${d.column ? `, column "${d.column}"` : ''}:\n` +
      `    published: ${d.published}\n    now:       ${d.now}`,
  );
}

/** The marks of a section of docs/quality.md that a quality script writes (bench/report.mjs). */
export const sectionMarks = (name) => [`<!-- ${name}: begin`, `<!-- ${name}: end -->`];

/** Section `name` of docs/quality.md as its script writes it, marks included (null without). */
export function qualitySection(doc, name) {
  const [beginMark, endMark] = sectionMarks(name);
  const begin = doc.indexOf(beginMark);
  const end = doc.indexOf(endMark);
  return begin >= 0 && end > begin ? doc.slice(begin, end + endMark.length) + '\n' : null;
}

/**
 * A quality script's --check: its section as made now against docs/quality.md's (or `doc`'s).
 * Prints the differences by section, row and column and resolves to their count; a section that
 * is missing counts as one. `subset` and `aggregates` as for compareSection.
 */
export function checkQualitySection(root, name, now, options = {}) {
  const doc = options.doc ?? readFileSync(join(root, 'docs/quality.md'), 'utf8');
  const published = qualitySection(doc, name);
  if (!published) {
    console.error(`docs/quality.md has no section ${name} (its <!-- ${name}: begin/end --> marks)`);
    return 1;
  }
  const differences = compareSection(published, now, options);
  if (differences.length)
    console.error(
      `docs/quality.md, ${name}, differs from what npm run quality makes now (run npm run quality):`,
    );
  for (const line of describeDifferences(`docs/quality.md, ${name}`, differences))
    console.error(line);
  return differences.length;
}
