// The shape of the source tree as docs/design.md's map draws it, checked by scripts/lint.mjs:
//   - the core's one door: a front end (the wasm bindings, the Python module, the native CLI)
//     includes the core only through cpp/include/onepass/api; every other header of the core
//     lives beside its source in cpp/src and is private to it;
//   - the size of a source file: at most 600 lines, so that an area's files stay one idea each.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const FRONT_ENDS = ['bindings/embind.cpp', 'bindings/wasm', 'bindings/python', 'cpp/cli'];
export const MAX_LINES = 600;
const SOURCE = /\.(cpp|hpp|h|ts|mts|mjs|py)$/;

function walk(root, dir) {
  const p = join(root, dir);
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [dir];
  return readdirSync(p).flatMap((name) =>
    name === 'node_modules' || name === 'corpus' ? [] : walk(root, join(dir, name)),
  );
}

// Problems as "file:line: what", for each quoted include of a front end that is neither the
// API's (onepass/api/...) nor a file of the front end itself (beside the includer, or under
// bindings/ for the registration table's own adapters).
export function doorProblems(root, frontEnds = FRONT_ENDS) {
  const problems = [];
  for (const file of frontEnds.flatMap((d) => walk(root, d)).filter((f) => SOURCE.test(f))) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
      if (!m) return;
      const target = m[1];
      if (target.startsWith('onepass/api/')) return;
      const own = [join(dirname(file), target), join('bindings', target)];
      if (own.some((p) => existsSync(join(root, p)) && !p.startsWith('cpp/src'))) return;
      problems.push(
        `${file}:${i + 1}: includes "${target}", around the core's door: a front end includes ` +
          'only onepass/api/... (cpp/include/onepass/api; docs/design.md, "The map")',
      );
    });
  }
  return problems;
}

// Source files over MAX_LINES lines, as "file: N lines".
export function sizeProblems(root, dirs) {
  return dirs
    .flatMap((d) => walk(root, d))
    .filter((f) => SOURCE.test(f))
    .map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length - 1])
    .filter(([, n]) => n > MAX_LINES)
    .map(([f, n]) => `${relative('.', f)}: ${n} lines (at most ${MAX_LINES})`);
}
