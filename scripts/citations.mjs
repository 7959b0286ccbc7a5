// The code's references to docs/algorithms.md, and the check that each one resolves. Comments
// cite sections as "spec" followed by a number ("spec 4.1", "spec 9", lists and ranges such as
// "spec 4.1, 4.3" or "spec 4.3-4.15", a letter for a part: "spec 5.6b") or as "§" and a number
// (what `onepass list` prints) or "algorithms.md" and a number, parts of docs/design.md as
// "design.md 10.5", and decisions by their code (D-TIE, D-PATER-4, the range
// D-PATER-1..4). docs/algorithms.md marks each section with an anchor <a id="s4-1"></a> and each
// decision with <a id="d-pater-4"></a>; a citation resolves when its anchor is there.
// A section number may have a third level, 6.8.1 with the anchor <a id="s6-8-1"></a>.
// Used by scripts/lint.mjs and tests/js/docs.test.mjs.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ALGORITHMS_DOC = 'docs/algorithms.md';

// Where citations are looked for (directories walked, files read), relative to the root.
export const SCANNED = [
  'cpp',
  'bindings',
  'web/src',
  'web/index.html',
  'python',
  'scripts',
  'tests',
  'docs',
  'bench',
  'README.md',
  'CMakeLists.txt',
];
const TEXT = /\.(cpp|hpp|h|ts|mts|mjs|js|py|md|html|css|txt|json)$|^CMakeLists\.txt$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'lib', '.git', 'fixtures']);

const NUMBER = String.raw`\d+(?:\.\d+){0,2}[a-z]?`;
// "spec 4.1" and "algorithms.md 4.1" (as in "docs/algorithms.md 2.9"), with lists and ranges.
const SPEC = new RegExp(
  String.raw`(?:\bspec(?:\s+sections?)?|\balgorithms\.md)\s+(${NUMBER}(?:\s*(?:,|-|–|and|or|/)\s*${NUMBER})*)(?![\w.]*\d)`,
  'gi',
);
// "design.md 10.5": a numbered part of docs/design.md (its "## 10." headings and "**10.5 ...**"
// items).
export const DESIGN_DOC = 'docs/design.md';
const DESIGN = /\bdesign\.md\s+(\d+(?:\.\d+)?)(?![\w.]*\d)/g;
const SECTION_SIGN = /§\s?(\d+(?:\.\d+)?)/g;
// A code, optionally a range of numbers ("D-PATER-1..4"); not a part of a longer name.
const DECISION = /\bD-([A-Z]+)(?:-(\d+)(?:\.\.(\d+))?)?(?![\w-])/g;

// "4.1" from "4.1b", the part letter dropped.
const bare = (n) => n.replace(/[a-z]$/, '');

// The sections and decisions docs/algorithms.md has anchors for, and its own inconsistencies:
// an anchor that is not followed by the heading (or decision) it names.
export function documentIndex(markdown) {
  const sections = new Set();
  const decisions = new Set();
  const problems = [];
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) {
      const id = m[1];
      const s = /^s(\d+)(?:-(\d+))?(?:-(\d+))?$/.exec(id);
      const d = /^d-[a-z]+(?:-\d+)?$/.test(id);
      if (s) {
        const number = s
          .slice(1)
          .filter((part) => part !== undefined)
          .join('.');
        sections.add(number);
        const heading = lines.slice(i + 1).find((l) => l.trim() !== '') ?? '';
        const shown = new RegExp(String.raw`^#{2,4} ${number.replaceAll('.', String.raw`\.`)}[. ]`);
        if (!shown.test(heading))
          problems.push(
            `${ALGORITHMS_DOC}:${i + 1}: anchor ${id} is not followed by a heading "${number} ..."`,
          );
      } else if (d) {
        const code = id.toUpperCase();
        decisions.add(code);
        if (!line.slice(m.index + m[0].length).startsWith(code))
          problems.push(`${ALGORITHMS_DOC}:${i + 1}: anchor ${id} is not followed by ${code}`);
      } else {
        problems.push(
          `${ALGORITHMS_DOC}:${i + 1}: anchor ${id} is neither a section nor a decision`,
        );
      }
    }
  });
  return { sections, decisions, problems };
}

// The numbered parts of docs/design.md: "10" for "## 10. ...", "10.5" for "- **10.5 ...".
export function designIndex(markdown) {
  const parts = new Set();
  for (const line of markdown.split('\n')) {
    const h = /^#{2,4} (\d+)\./.exec(line);
    if (h) parts.add(h[1]);
    const item = /^- \*\*(\d+\.\d+) /.exec(line);
    if (item) parts.add(item[1]);
  }
  return parts;
}

// Every citation in a text: { line, cited (as written), kind: 'section' | 'decision' | 'design',
// id }.
export function findCitations(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(SPEC)) {
      // "4.1, 4.3" and "4.3-4.15": each number; a range within one section also its middle.
      const parts = m[1].split(/\s*(,|-|–|and|or|\/)\s*/i);
      for (let p = 0; p < parts.length; p += 2) {
        const id = bare(parts[p]);
        out.push({ line: i + 1, cited: m[0], kind: 'section', id });
        const dash = parts[p + 1] === '-' || parts[p + 1] === '–';
        const next = parts[p + 2] && bare(parts[p + 2]);
        const [a, b] = [id.split('.'), next ? next.split('.') : []];
        if (dash && a.length === 2 && b.length === 2 && a[0] === b[0])
          for (let minor = Number(a[1]) + 1; minor < Number(b[1]); minor++)
            out.push({ line: i + 1, cited: m[0], kind: 'section', id: `${a[0]}.${minor}` });
      }
    }
    for (const m of line.matchAll(DESIGN))
      out.push({ line: i + 1, cited: m[0], kind: 'design', id: m[1] });
    for (const m of line.matchAll(SECTION_SIGN))
      out.push({ line: i + 1, cited: m[0], kind: 'section', id: m[1] });
    for (const m of line.matchAll(DECISION)) {
      const [, name, from, to] = m;
      if (from === undefined) {
        out.push({ line: i + 1, cited: m[0], kind: 'decision', id: `D-${name}` });
        continue;
      }
      for (let n = Number(from); n <= Number(to ?? from); n++)
        out.push({ line: i + 1, cited: m[0], kind: 'decision', id: `D-${name}-${n}` });
    }
  });
  return out;
}

// "file:line: ..." for each citation of the given files ({ path, text }) that the index lacks.
export function unresolved(files, index) {
  const problems = [];
  for (const { path, text } of files)
    for (const c of findCitations(text)) {
      const known = { section: index.sections, decision: index.decisions, design: index.design }[
        c.kind
      ];
      if (known.has(c.id)) continue;
      const what = c.kind === 'decision' ? `decision ${c.id}` : `section ${c.id}`;
      const doc = c.kind === 'design' ? DESIGN_DOC : ALGORITHMS_DOC;
      problems.push(`${path}:${c.line}: "${c.cited}" cites ${what}, which ${doc} lacks`);
    }
  return problems;
}

// The text files under SCANNED, as { path (relative to root), text }.
export function scannedFiles(root) {
  const out = [];
  const visit = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    const name = p.split(/[\\/]/).pop();
    if (st.isDirectory()) {
      if (!SKIP_DIRS.has(name)) for (const e of readdirSync(p).sort()) visit(join(p, e));
    } else if (TEXT.test(name)) {
      out.push({ path: relative(root, p), text: readFileSync(p, 'utf8') });
    }
  };
  for (const entry of SCANNED) visit(join(root, entry));
  return out;
}

// The whole check: the page's own consistency, then every citation of the scanned files.
export function checkRepository(root) {
  const index = {
    ...documentIndex(readFileSync(join(root, ALGORITHMS_DOC), 'utf8')),
    design: designIndex(readFileSync(join(root, DESIGN_DOC), 'utf8')),
  };
  const files = scannedFiles(root);
  const citations = files.reduce((n, f) => n + findCitations(f.text).length, 0);
  return {
    problems: [...index.problems, ...unresolved(files, index)],
    citations,
    files: files.length,
  };
}
