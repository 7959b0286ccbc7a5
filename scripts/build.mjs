// Builds what is stale, in order: the native core, CLI and tests (CMake), the wasm module
// (Emscripten, same CMakeLists.txt), the TypeScript package into lib/, and with --site the
// demo into dist/ (with docs/algorithms.md rendered as dist/algorithms.html, for the demo's
// help links). Each tool is incremental, so a build with nothing changed takes seconds.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALGORITHMS_PAGE, writeAlgorithmsPage } from './algorithms_page.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = process.argv.includes('--site');
const jobs = '2';
// docs/design.md, toolchain fact 1: Emscripten's optimizer needs Debian's acorn from /usr/share/nodejs.
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };

function run(cmd, args, label) {
  const t0 = Date.now();
  try {
    execFileSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (e) {
    process.stdout.write(e.stdout?.toString() ?? '');
    console.error(`build: ${label} failed`);
    process.exit(1);
  }
  console.log(`build: ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function configured(dir) {
  return existsSync(join(root, dir, 'CMakeCache.txt'));
}

if (!configured('build/native'))
  run('cmake', ['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release'], 'configure native');
run('cmake', ['--build', 'build/native', '-j', jobs], 'native core, CLI and tests');

if (!configured('build/wasm'))
  run(
    'emcmake',
    ['cmake', '-S', '.', '-B', 'build/wasm', '-DCMAKE_BUILD_TYPE=Release'],
    'configure wasm',
  );
run('cmake', ['--build', 'build/wasm', '-j', jobs], 'wasm module');

mkdirSync(join(root, 'lib'), { recursive: true });
const copies = [
  ['build/wasm/onepass_wasm.mjs', 'lib/onepass_wasm.mjs'],
  ['build/wasm/onepass_wasm.wasm', 'lib/onepass_wasm.wasm'],
  ['bindings/ts/onepass_wasm.d.mts', 'lib/onepass_wasm.d.mts'],
  ['bindings/ts/onepass_wasm_inline.d.mts', 'lib/onepass_wasm_inline.d.mts'],
];
for (const [from, to] of copies) {
  const src = join(root, from);
  const dst = join(root, to);
  if (!existsSync(dst) || statSync(dst).mtimeMs < statSync(src).mtimeMs) copyFileSync(src, dst);
}
// onepass/inline's module: the .wasm file as base64 (bindings/ts/inline.ts).
const inline = join(root, 'lib/onepass_wasm_inline.mjs');
const wasmFile = join(root, 'lib/onepass_wasm.wasm');
if (!existsSync(inline) || statSync(inline).mtimeMs < statSync(wasmFile).mtimeMs)
  writeFileSync(
    inline,
    '// Written by scripts/build.mjs from onepass_wasm.wasm, for onepass/inline.\n' +
      `export const wasmBase64 = '${readFileSync(wasmFile).toString('base64')}';\n`,
  );
run(
  join(root, 'node_modules/.bin/tsc'),
  ['-p', 'bindings/tsconfig.json'],
  'TypeScript package (lib/)',
);
chmodSync(join(root, 'lib/cli.js'), 0o755);
// The parser workers' script in one file (docs/design.md, "Every core"): a bundler copies it as
// an asset (new URL('./parse_worker.bundle.js', import.meta.url)) without following its imports,
// and a browser starts it from a blob: URL that imports it.
run(
  join(root, 'node_modules/.bin/esbuild'),
  [
    'lib/parse_worker.js',
    '--bundle',
    '--format=esm',
    '--platform=neutral',
    '--minify',
    '--log-level=warning',
    '--outfile=lib/parse_worker.bundle.js',
  ],
  'parser worker bundle (lib/parse_worker.bundle.js)',
);

if (site) {
  run(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    'demo site (dist/)',
  );
  writeAlgorithmsPage(root, join(root, 'dist'));
  console.log(`build: dist/${ALGORITHMS_PAGE} from docs/algorithms.md`);
}
