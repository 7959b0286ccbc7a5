// The TypeScript package's layout rule that tsc does not check: no import cycle among the files
// of bindings/ts (docs/design.md, "The JS face"). A cycle makes the order in which ES modules
// run depend on which file is imported first, and ties files together that the folders
// (api/, cli/, parallel/, shared/) keep apart. Every import counts, `import type` and
// `export ... from` included: a cycle of types alone still ties the files together.
// Run by tests/js/ts_layout.test.mjs; `node scripts/ts_layout.mjs [dir]` checks bindings/ts
// (or dir) and exits with 1 when there is a cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The TypeScript sources under `dir`: .ts and .mts files, declaration files included. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.m?ts$/.test(name) ? [path] : [];
  });
}

/** The source a relative specifier names: './x.js' is x.ts (or x.d.ts), './x.mjs' is x.mts (or
 * x.d.mts), as tsc's NodeNext resolution maps them; null when it is none of `files`. */
function resolveSpecifier(from, specifier, files) {
  const target = resolve(dirname(from), specifier);
  const stem = target.replace(/\.(m?)js$/, '');
  const m = /\.(m?)js$/.exec(target)?.[1] ?? '';
  for (const candidate of [`${stem}.${m}ts`, `${stem}.d.${m}ts`, target, join(target, 'index.ts')])
    if (files.has(candidate)) return candidate;
  return null;
}

/** Each file's imports of other files of the set: a map from a file to those it imports, both
 * relative to `dir`. Imports of packages and of Node's modules are left out; so are words in
 * comments and strings, which tsc's own scanner (preProcessFile) tells apart. */
export function importGraph(dir) {
  dir = resolve(dir);
  const files = new Set(sources(dir));
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const target = resolveSpecifier(file, fileName, files);
      if (target) targets.add(relative(dir, target));
    }
    graph.set(relative(dir, file), [...targets].sort());
  }
  return graph;
}

/** The import cycles among the files under `dir`: one cycle per group of files that import
 * each other (a strongly connected component), as the list of its files in import order, the
 * first repeated at the end ('a.ts', 'b.ts', 'a.ts'). Empty when there is none. */
export function importCycles(dir) {
  const graph = importGraph(dir);
  const cycles = [];
  for (const group of stronglyConnected(graph)) {
    const members = new Set(group);
    const first = [...members].sort()[0];
    if (members.size > 1 || graph.get(first).includes(first))
      cycles.push(cycleThrough(first, graph, members));
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Tarjan's algorithm: the groups of files from which each file of the group reaches the
 * others. */
function stronglyConnected(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    groups.push(group);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/** A shortest path of imports from `start` back to itself, within `members` (breadth first). */
function cycleThrough(start, graph, members) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [];
        for (let at = v; at !== start; at = cameFrom.get(at)) path.unshift(at);
        return [start, ...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? join(root, 'bindings/ts'));
  const name = dir.startsWith(root + sep) ? relative(root, dir) : dir;
  const cycles = importCycles(dir);
  for (const cycle of cycles) console.error(`ts_layout: import cycle: ${cycle.join(' -> ')}`);
  if (cycles.length) {
    console.error(`ts_layout: ${cycles.length} import cycle(s) in ${name}`);
    process.exit(1);
  }
  console.log(`ts_layout: no import cycle among the ${importGraph(dir).size} files of ${name}`);
}
