// The package in other people's toolchains: the tarball `npm pack`
// makes is installed into a tiny app, which Vite, webpack, esbuild and Rollup each build as
// docs/api.md "Using bundlers" says; each build is served as static files and run in Chromium,
// where it learns two rows and scores one: the same score as in Node. webpack builds without a
// warning; Vite and webpack serve the .wasm file, and esbuild with no option bundles the build
// with the module inside, which needs no .wasm file at all.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import * as esbuild from 'esbuild';
import { rollup } from '@rollup/wasm-node';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';
import { load } from '../../lib/index.js';
import { root } from '../js/helpers.mjs';
import { startSite, staticHost } from './helpers.mjs';

// What every app does: learn two rows, score a third, and put the probability in the title.
const APP = (importLine, loadCall) => `${importLine}
(async () => {
  try {
    const op = await ${loadCall};
    const p = op.pipeline('zscore | logreg');
    p.learnOne([1, 2], 1);
    p.learnOne([-1, -3], -1);
    document.title = 'onepass ' + p.predictProbaOne([0.5, 1]);
  } catch (e) {
    document.title = 'failed ' + e.message;
  }
})();
`;
const PAGE = (script, module) =>
  `<!doctype html><meta charset="utf-8"><script ${module ? 'type="module" ' : ''}src="${script}"></script>`;

let dir;
let site; // only its browser is used
let expected;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-bundlers-'));
  // The package as a user installs it: the tarball, unpacked into the app's node_modules, beside
  // its one dependency (hyparquet, which its dynamic import reaches only for a Parquet file).
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const installed = join(dir, 'app/node_modules/onepass');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, pack.filename), '-C', installed, '--strip-components=1']);
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {}))
    cpSync(join(root, 'node_modules', dep), join(dir, 'app/node_modules', dep), {
      recursive: true,
    });
  site = await startSite();
  const op = await load();
  const p = op.pipeline('zscore | logreg');
  p.learnOne([1, 2], 1);
  p.learnOne([-1, -3], -1);
  expected = p.predictProbaOne([0.5, 1]);
  p.dispose();
});
after(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const app = (...parts) => join(dir, 'app', ...parts);

/** Writes the app's entry file and returns its path. */
function entry(name, source) {
  const file = app(name);
  writeFileSync(file, source);
  return file;
}

/** Serves `out` as a static host would, opens `page` in Chromium, returns the page's title once
 * the app has run, and the paths it requested. */
async function runInBrowser(out, page = 'index.html') {
  const requested = [];
  const server = await staticHost(out, {
    answered: (_, url) => requested.push(decodeURIComponent(new URL(url, 'http://x').pathname)),
  });
  const context = await site.browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${server.address().port}/${page}`);
    await tab.waitForFunction(() => /^(onepass|failed) /.test(document.title), null, {
      timeout: 20000,
    });
    return { title: await tab.title(), requested };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

function assertScored(title) {
  assert.match(title, /^onepass /, title);
  assert.ok(Math.abs(Number(title.slice(8)) - expected) < 1e-12, `${title} vs ${expected}`);
}

/** A page whose script is `main`, built by Vite with no configuration into dist-<name>; its
 * output directory. */
async function viteApp(name, main) {
  const src = app(name);
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'index.html'), PAGE('./main.js', true));
  writeFileSync(join(src, 'main.js'), main);
  const out = app(`dist-${name}`);
  await viteBuild({
    root: src,
    base: './',
    logLevel: 'silent',
    configFile: false,
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
  });
  return out;
}

test('Vite: no configuration', async () => {
  const out = await viteApp('vite', APP("import { load } from 'onepass';", 'load()'));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.ok(
    requested.some((p) => p.endsWith('.wasm')),
    'the .wasm file was served',
  );
});

test('Vite: parsing on two threads from the installed package (its worker script copied)', async () => {
  const out = await viteApp(
    'vite-threads',
    `import { load } from 'onepass';
(async () => {
  try {
    const op = await load();
    let csv = 'a,b,label\\n';
    for (let i = 0; i < 500000; i++) csv += (i % 7) + ',' + ((i * 3) % 11) + ',' + (i % 2) + '\\n';
    const bytes = new TextEncoder().encode(csv);
    // A source that pauses once after its first megabyte (as a download may): the workers
    // are set up by then, and read blocks (until then the learning thread reads them all).
    async function* chunks() {
      for (let at = 0; at < bytes.length; at += 65536) {
        if (at === 16 * 65536) await new Promise((resolve) => setTimeout(resolve, 1500));
        yield bytes.subarray(at, at + 65536);
      }
    }
    const one = op.csvRunner({ pipelines: ['zscore | logreg'] });
    await one.pushAll(chunks());
    one.finish();
    const many = op.csvRunner({ pipelines: ['zscore | logreg'] });
    const { blocksApart } = await many.pushAll(chunks(), { threads: 2 });
    many.finish();
    const same = JSON.stringify(one.results()) === JSON.stringify(many.results());
    // Costly pipelines: learning is the bound, and the runner is split between the two threads
    // (a worker parses and learns some of the pipelines; docs/design.md, "Every core").
    let wide = 'a,b,c,d,e,f,g,h,i,j,label\\n';
    for (let i = 0; i < 400000; i++) {
      const v = [];
      for (let j = 0; j < 10; j++) v.push((i * (j + 3)) % (17 + j));
      wide += v.join(',') + ',' + ((v[0] + v[3]) % 2) + '\\n';
    }
    const wideBytes = new TextEncoder().encode(wide);
    const costly = ['robust | logreg', 'zscore | fs', 'mbw'];
    const alone = op.csvRunner({ pipelines: costly, every: 1000 });
    alone.push(wideBytes);
    alone.finish();
    const split = op.csvRunner({ pipelines: costly, every: 1000 });
    const { pipelinesApart } = await split.pushAll(new Blob([wideBytes]).stream(), { threads: 2 });
    split.finish();
    const sameSplit = JSON.stringify(alone.results()) === JSON.stringify(split.results());
    document.title = ['onepass', blocksApart, same, pipelinesApart, sameSplit].join(' ');
  } catch (e) {
    document.title = 'failed ' + e.message;
  }
})();
`,
  );
  const { title, requested } = await runInBrowser(out);
  const m = /^onepass (\d+) (true|false) (\d+) (true|false)$/.exec(title);
  assert.ok(m, title);
  assert.ok(Number(m[1]) > 0, `${m[1]} blocks parsed by the worker`);
  assert.equal(m[2], 'true', 'the same results as one thread');
  assert.ok(Number(m[3]) > 0, 'a runner of costly pipelines split between the threads');
  assert.equal(m[4], 'true', 'the split runner: the same results as one thread');
  assert.ok(
    requested.some((p) => /parse_worker\.bundle.*\.js$/.test(p)),
    'the parser worker script was served',
  );
});

test('webpack 5: no configuration, and no warning', async () => {
  const out = app('dist-webpack');
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: app(),
        entry: entry('webpack-main.js', APP("import { load } from 'onepass';", 'load()')),
        output: { path: out, filename: 'main.js', publicPath: 'auto' },
      },
      (err, s) => (err ? reject(err) : resolve(s)),
    ),
  );
  const info = stats.toJson({ all: false, warnings: true, errors: true });
  assert.deepEqual(info.errors, []);
  // Only webpack's size hints for the .wasm file (1,454 KiB; its default budget is 244 KiB), no
  // "Critical dependency: the request of a dependency is an expression" or any other warning.
  const warnings = info.warnings
    .map((w) => w.message)
    .filter((m) => !/^(asset size limit|webpack performance recommendations)/.test(m));
  assert.deepEqual(warnings, [], 'webpack builds the package without a warning');
  writeFileSync(join(out, 'index.html'), PAGE('./main.js', false));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.ok(
    requested.some((p) => p.endsWith('.wasm')),
    'the .wasm file was served',
  );
});

test('esbuild: the wasm file as an asset import, its URL given to load()', async () => {
  const out = app('dist-esbuild');
  const result = await esbuild.build({
    entryPoints: [
      entry(
        'esbuild-main.js',
        APP(
          "import { load } from 'onepass';\nimport wasmUrl from 'onepass/onepass_wasm.wasm';",
          'load({ wasmUrl })',
        ),
      ),
    ],
    absWorkingDir: app(),
    bundle: true,
    format: 'esm',
    outdir: out,
    // A condition of Vite's and webpack's: the build that reads the .wasm file, not the one
    // with the module inside.
    conditions: ['production'],
    loader: { '.wasm': 'file' },
    logLevel: 'silent',
  });
  assert.deepEqual(result.warnings, []);
  writeFileSync(join(out, 'index.html'), PAGE('./esbuild-main.js', true));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.ok(
    requested.some((p) => p.endsWith('.wasm')),
    'the .wasm file was served',
  );
});

test('esbuild with no option: the module inside the bundle, nothing else to serve', async () => {
  const out = app('dist-esbuild-bare');
  const result = await esbuild.build({
    entryPoints: [entry('bare-main.js', APP("import { load } from 'onepass';", 'load()'))],
    absWorkingDir: app(),
    bundle: true,
    outdir: out,
    logLevel: 'silent',
  });
  assert.deepEqual(result.warnings, []);
  writeFileSync(join(out, 'index.html'), PAGE('./bare-main.js', false));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.deepEqual(
    requested.filter((p) => p.endsWith('.wasm')),
    [],
    'no .wasm file requested',
  );
});

test('esbuild with the file build and no asset step: load() says which URL failed and what to do', async () => {
  const out = app('dist-esbuild-file');
  await esbuild.build({
    entryPoints: [entry('file-main.js', APP("import { load } from 'onepass';", 'load()'))],
    absWorkingDir: app(),
    bundle: true,
    format: 'esm',
    outdir: out,
    conditions: ['production'],
    logLevel: 'silent',
  });
  writeFileSync(join(out, 'index.html'), PAGE('./file-main.js', true));
  const { title } = await runInBrowser(out);
  assert.match(
    title,
    /^failed onepass could not load its WebAssembly module from http:\/\/127\.0\.0\.1:\d+\/onepass_wasm\.wasm/,
  );
  assert.match(title, /load\(\{ wasmUrl \}\)/);
});

test('esbuild with onepass/inline: one JavaScript file, nothing else to serve', async () => {
  const out = app('dist-inline');
  await esbuild.build({
    entryPoints: [entry('inline-main.js', APP("import { load } from 'onepass/inline';", 'load()'))],
    absWorkingDir: app(),
    bundle: true,
    format: 'esm',
    outdir: out,
    logLevel: 'silent',
  });
  writeFileSync(join(out, 'index.html'), PAGE('./inline-main.js', true));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.deepEqual(
    requested.filter((p) => p.endsWith('.wasm')),
    [],
    'no .wasm file requested',
  );
});

test('Rollup: node-resolve, and the wasm file copied beside the bundle', async () => {
  const out = app('dist-rollup');
  const bundle = await rollup({
    input: entry('rollup-main.js', APP("import { load } from 'onepass';", 'load()')),
    // node-resolve sets "production" (or "development"), as Vite does: the file build.
    plugins: [nodeResolve({ browser: true })],
    onwarn: (w) => assert.fail(`Rollup warned: ${w.message}`),
  });
  await bundle.write({ dir: out, format: 'es', inlineDynamicImports: true });
  await bundle.close();
  copyFileSync(app('node_modules/onepass/lib/onepass_wasm.wasm'), join(out, 'onepass_wasm.wasm'));
  writeFileSync(join(out, 'index.html'), PAGE('./rollup-main.js', true));
  const { title, requested } = await runInBrowser(out);
  assertScored(title);
  assert.ok(
    requested.some((p) => p.endsWith('.wasm')),
    'the .wasm file was served',
  );
});
