// The whole test suite, as `npm test` runs it after building: formatting and types, the C++
// suite (GoogleTest through CTest), the sanitizer build and fuzz targets, the Python package's
// tests (pytest), then the node test runner over tests/js (the package and CLI against the built
// wasm) and tests/e2e (the demo in headless Chromium).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const failed = [];

function step(label, cmd, args) {
  console.log(`\n== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(label);
}

function testFiles(dir) {
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => join(dir, f));
}

step('lint (clang-format, prettier, tsc --noEmit)', process.execPath, ['scripts/lint.mjs']);
// CTest runs the GoogleTest suite and the test that fails the Nth allocation (tests/oom).
step('C++ tests (GoogleTest via CTest)', 'ctest', [
  '--test-dir',
  'build/native',
  '--output-on-failure',
  '-j',
  '2',
]);
// docs/limits.md: the C++ suite again under ASan + UBSan, and each fuzz target for a
// bounded time (ONEPASS_FUZZ_SECONDS, default 10; `npm run fuzz` runs them longer).
step('C++ tests under ASan + UBSan, and the fuzz targets', process.execPath, [
  'scripts/checks.mjs',
  '--seconds',
  process.env.ONEPASS_FUZZ_SECONDS ?? '10',
]);
// The Python package (python/) on Debian's own python3, whose modules scripts/setup.sh installs:
// its estimators (scikit-learn's checks), its agreement with the CLIs and the JS API, and training
// on a Dask LocalCluster of two worker processes.
step('Python package (pytest)', '/usr/bin/python3', [
  '-m',
  'pytest',
  'python/tests',
  '-q',
  '-p',
  'no:cacheprovider',
]);
step('JS and browser tests (node --test)', process.execPath, [
  '--test',
  '--test-concurrency=1',
  ...testFiles('tests/js'),
  ...testFiles('tests/e2e'),
]);

if (failed.length) {
  console.error(`\nnpm test: failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nnpm test: every suite passed');
