// Checks formatting (clang-format for C++, prettier for TS/JS), types (tsc --noEmit) and that
// every citation of docs/algorithms.md in the code ("spec 4.1", "§4.1", D-PATER-4) has its
// section or decision there (scripts/citations.mjs), and the tree's layout (scripts/layout.mjs,
// scripts/ts_layout.mjs): front ends through the core's door, files of at most 600 lines, no
// import cycle in the TS package. With --fix, rewrites the files instead of
// checking them (formatting only).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALGORITHMS_DOC, checkRepository } from './citations.mjs';
import { doorProblems, sizeProblems } from './layout.mjs';
import { importCycles } from './ts_layout.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fix = process.argv.includes('--fix');
const bin = (name) => join(root, 'node_modules/.bin', name);

function files(dir, exts) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (exts.some((e) => name.endsWith(e))) out.push(relative(root, p));
    }
  };
  walk(join(root, dir));
  return out;
}

let ok = true;
function check(label, cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    ok = false;
    console.error(`lint: ${label} failed${fix ? '' : ' (npm run format fixes formatting)'}`);
  } else console.log(`lint: ${label} ok`);
}

const cpp = [
  ...files('cpp', ['.hpp', '.cpp']),
  ...files('bindings', ['.hpp', '.cpp']),
  ...files('tests/cpp', ['.hpp', '.cpp']),
  ...files('tests/fuzz', ['.hpp', '.cpp']),
  ...files('tests/oom', ['.hpp', '.cpp']),
  ...files('bench/cpp', ['.hpp', '.cpp']),
];
check('clang-format', 'clang-format', fix ? ['-i', ...cpp] : ['--dry-run', '--Werror', ...cpp]);
const ts = [
  ...files('bindings/ts', ['.ts', '.mts']),
  ...files('web', ['.ts']).filter((f) => !f.startsWith('web/dist')),
  ...files('scripts', ['.mjs']),
  ...files('tests/js', ['.mjs']),
  ...files('tests/e2e', ['.mjs']),
  ...files('bench', ['.mjs']),
  ALGORITHMS_DOC,
];
check('prettier', bin('prettier'), [fix ? '--write' : '--check', '--log-level', 'warn', ...ts]);
// The Python package and its tests: black, with python/pyproject.toml's settings.
check('black', 'black', [
  ...(fix ? [] : ['--check']),
  '--quiet',
  '--config',
  'python/pyproject.toml',
  'python',
  'bench/dask_bench.py',
]);
if (!fix) {
  const cited = checkRepository(root);
  for (const p of cited.problems) console.error(p);
  if (cited.problems.length) {
    ok = false;
    console.error(
      `lint: citations of ${ALGORITHMS_DOC} failed (${cited.problems.length} unresolved)`,
    );
  } else
    console.log(
      `lint: citations of ${ALGORITHMS_DOC} ok (${cited.citations} in ${cited.files} files)`,
    );
  const layout = [
    ...doorProblems(root),
    ...sizeProblems(root, ['cpp', 'bindings', 'web/src', 'scripts', 'python']),
    ...importCycles(join(root, 'bindings/ts')).map((c) => `import cycle: ${c.join(' -> ')}`),
  ];
  for (const p of layout) console.error(p);
  if (layout.length) {
    ok = false;
    console.error(`lint: the tree's layout failed (${layout.length} problems)`);
  } else
    console.log(
      'lint: layout ok (front ends through onepass/api, files of at most 600 lines, no TS import cycle)',
    );
  check('tsc --noEmit (package)', bin('tsc'), ['-p', 'bindings/tsconfig.json', '--noEmit']);
  check('tsc --noEmit (demo)', bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']);
}
process.exit(ok ? 0 : 1);
