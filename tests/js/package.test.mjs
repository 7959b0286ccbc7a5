// The package as users get it: what the tarball holds and exports, a load failure
// that says what to do, and wasm memory given back by dispose(), `using` (Symbol.dispose) and,
// for objects nobody disposed, the finalizer once they are collected.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as esbuild from 'esbuild';
import { load } from '../../lib/index.js';
import { root } from './helpers.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const op = await load();

test('npm pack holds the package files and the LICENSE; the exports map serves the wasm file', () => {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const files = pack.files.map((f) => f.path).sort();
  for (const f of [
    'LICENSE',
    'README.md',
    'package.json',
    'lib/index.js',
    'lib/index.d.ts',
    'lib/cli.js',
    'lib/onepass_wasm.mjs',
    'lib/onepass_wasm.wasm',
    'lib/inline.js',
    'lib/inline.d.ts',
    'lib/onepass_wasm_inline.mjs',
    'lib/onepass_wasm_inline.d.mts',
    'lib/parse_worker.bundle.js',
    // every module of the package, in its folder (api/, cli/, parallel/, shared/), and its types
    ...readdirSync(join(root, 'bindings/ts'), { recursive: true })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .flatMap((f) => [`lib/${f.replace(/\.ts$/, '.js')}`, `lib/${f.replace(/\.ts$/, '.d.ts')}`]),
  ])
    assert.ok(files.includes(f), `${f} is in the tarball`);
  assert.ok(
    files.every((f) => !f.startsWith('cpp/') && !f.startsWith('tests/')),
    files.join(' '),
  );
  // The links of the README and of the pages it links to resolve inside the tarball; only the
  // screenshots (4.6 MB) stay in the repository.
  const pages = files.filter((f) => f === 'README.md' || /^docs\/[^/]+\.md$/.test(f));
  assert.ok(pages.includes('docs/cli.md') && pages.includes('docs/api.md'), pages.join(' '));
  const missing = pages.flatMap((page) =>
    [...readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)]
      .map((m) => join(dirname(page), m[1]))
      .filter(
        (l) => !l.startsWith('docs/screenshots/') && !files.some((f) => f === l || f.startsWith(l)),
      )
      .map((l) => `${page}: ${l}`),
  );
  assert.deepEqual(missing, [], 'links to files outside the tarball');
  assert.equal(
    import.meta.resolve('onepass/onepass_wasm.wasm'),
    new URL(`file://${join(root, 'lib/onepass_wasm.wasm')}`).href,
  );
  assert.match(import.meta.resolve('onepass/package.json'), /\/package\.json$/);
  assert.equal(
    import.meta.resolve('onepass/inline'),
    new URL(`file://${join(root, 'lib/inline.js')}`).href,
  );
});

test('onepass/inline: the same API from the embedded module, nothing read from disk', async () => {
  const inline = await import('onepass/inline');
  assert.deepEqual(Object.keys(inline).sort(), Object.keys(await import('onepass')).sort());
  const embedded = await inline.load();
  const a = embedded.pipeline('zscore | pa1');
  const b = op.pipeline('zscore | pa1');
  for (const [x, y] of [
    [[1, 2], 1],
    [[-2, 1], -1],
    [[0.5, -1], 1],
  ]) {
    a.learnOne(x, y);
    b.learnOne(x, y);
  }
  assert.deepEqual(a.snapshot(), b.snapshot());
  a.dispose();
  b.dispose();
  // A URL given is loaded instead of the embedded module (esbuild's 'onepass' is this build).
  await assert.rejects(
    inline.load({ wasmUrl: '/nowhere/onepass_wasm.wasm' }),
    /could not load its WebAssembly module from \/nowhere\/onepass_wasm\.wasm: ENOENT/,
  );
});

/** The tarball `npm pack` makes, installed into a new app folder (as a user installs it); the
 * folder's path. Its dependency comes from npm's cache when there, else from the registry: a new
 * machine's `npm ci` caches the tarballs it installs but not the registry's metadata that an
 * install by name needs. */
function installTarball() {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-install-'));
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  writeFileSync(join(dir, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, pack.filename)],
    {
      cwd: dir,
      stdio: 'ignore',
    },
  );
  return dir;
}

test('npm publish --dry-run corrects nothing; the installed tarball has its onepass command', () => {
  const publish = spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(publish.status, 0, publish.stderr);
  assert.doesNotMatch(publish.stderr, /auto-corrected|errors corrected|invalid/);
  const dir = installTarball();
  const version = execFileSync(join(dir, 'node_modules/.bin/onepass'), ['--version'], {
    encoding: 'utf8',
  });
  assert.equal(
    version.trim(),
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
  );
  rmSync(dir, { recursive: true, force: true });
});

// What every bundled app does: learn two rows, score a third, print the probability. No
// top-level await: esbuild's default formats (iife for browsers, CommonJS for Node) lack it.
const APP = `import { load } from 'onepass';
load().then(
  (op) => {
    const p = op.pipeline('zscore | logreg');
    p.learnOne([1, 2], 1);
    p.learnOne([-1, -3], -1);
    console.log('onepass ' + p.predictProbaOne([0.5, 1]));
  },
  (e) => console.log('failed ' + e.message),
);
`;

test('esbuild with no option bundles the installed package; the bundle runs anywhere', async () => {
  const expected = (() => {
    const p = op.pipeline('zscore | logreg');
    p.learnOne([1, 2], 1);
    p.learnOne([-1, -3], -1);
    return `onepass ${p.predictProbaOne([0.5, 1])}\n`;
  })();
  const dir = installTarball();
  writeFileSync(join(dir, 'app.mjs'), APP);
  // Node resolves 'onepass' to the build that reads the .wasm file beside it; esbuild (the
  // "module" condition of the exports map, with no condition of Vite's or webpack's) to the build
  // with the module inside, which needs no file and no loader option.
  const resolved = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "console.log(import.meta.resolve('onepass'))"],
    { cwd: dir, encoding: 'utf8' },
  );
  assert.match(resolved, /node_modules\/onepass\/lib\/index\.js$/m);
  const away = mkdtempSync(join(tmpdir(), 'onepass-bundle-')); // no node_modules, no .wasm here
  const bundle = async (name, options) => {
    const result = await esbuild.build({
      entryPoints: [join(dir, 'app.mjs')],
      absWorkingDir: dir,
      bundle: true,
      outfile: join(away, name),
      logLevel: 'silent',
      ...options,
    });
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.warnings, [], `${name}: esbuild warned`);
    return execFileSync(process.execPath, [join(away, name)], { cwd: away, encoding: 'utf8' });
  };
  for (const [name, options] of [
    ['browser.js', { platform: 'browser' }], // an iife
    ['node.cjs', { platform: 'node' }], // CommonJS
    ['browser-esm.mjs', { platform: 'browser', format: 'esm' }],
    ['node-esm.mjs', { platform: 'node', format: 'esm' }],
  ])
    assert.equal(await bundle(name, options), expected, name);
  // The build that reads the file, asked for by a condition of Vite's, in a bundle without
  // import.meta: load() says what to do instead of failing on an invalid URL.
  const fileBuild = await bundle('file-build.js', {
    platform: 'browser',
    conditions: ['production'],
  });
  assert.match(
    fileBuild,
    /^failed onepass cannot locate its onepass_wasm\.wasm: .*iife or CommonJS/,
  );
  assert.match(fileBuild, /Import 'onepass\/inline'.*load\(\{ wasmUrl \}\)/);
  rmSync(away, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

test('a module that cannot be loaded is an Error that names where and what to do', async () => {
  await assert.rejects(
    load({ wasmBinary: new TextEncoder().encode('<!DOCTYPE html><html></html>') }),
    /^Error: onepass could not load its WebAssembly module from the wasmBinary given: .*pass load\(\{ wasmUrl \}\)/,
  );
  await assert.rejects(
    load({ wasmUrl: '/nowhere/onepass_wasm.wasm' }),
    /could not load its WebAssembly module from \/nowhere\/onepass_wasm\.wasm: ENOENT/,
  );
  const again = await load({
    wasmUrl: new URL('../../lib/onepass_wasm.wasm', import.meta.url).href,
  });
  assert.equal(again.defaultPipeline, op.defaultPipeline);
});

/** Wide pipelines that have learned a row: each holds a few hundred KB of wasm memory. */
function widePipelines(n) {
  const row = new Float64Array(20_000).fill(0.5);
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = op.pipeline('zscore | logreg +avg');
    p.learnOne(row, 1);
    out.push(p);
  }
  return out;
}

test('dispose() and Symbol.dispose give the memory back at once', () => {
  for (const p of widePipelines(1)) p.dispose(); // first use fills the core's lasting tables
  const before = op.memory().inUseBytes;
  const ps = widePipelines(20);
  const held = op.memory().inUseBytes - before;
  assert.ok(held > 20 * 20_000 * 8, `20 pipelines of 20,000 features hold ${held} bytes`);
  for (const [i, p] of ps.entries()) {
    if (i % 2) p.dispose();
    else p[Symbol.dispose]();
    p.dispose(); // a second time does nothing
    assert.throws(() => p.stats(), /this pipeline was disposed/);
  }
  assert.ok(op.memory().inUseBytes - before < 4096, 'given back');
  assert.ok(op.memory().heapBytes >= op.memory().inUseBytes);
  const r = op.csvRunner({ pipelines: ['pa'] });
  r[Symbol.dispose]();
  assert.throws(() => r.results(), /this runner was disposed/);
});

test('objects nobody disposed are freed after they are collected', async () => {
  const before = op.memory().inUseBytes;
  (() => widePipelines(40))(); // dropped without dispose()
  assert.ok(op.memory().inUseBytes - before > 40 * 20_000 * 8);
  for (let i = 0; i < 20 && op.memory().inUseBytes - before > 65_536; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run after a turn
  }
  assert.ok(
    op.memory().inUseBytes - before <= 65_536,
    `${op.memory().inUseBytes - before} bytes still held`,
  );
});
