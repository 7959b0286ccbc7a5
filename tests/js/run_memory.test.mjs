// What a run may hold (docs/design.md, "What a run may hold"; docs/limits.md):
// a run that cannot fit is refused with the bytes it needs and the bound, in the API and both
// CLIs, and a module that still runs out throws an Error, never "Aborted()", after which a new
// module loads. The memory is capped (ulimit -v natively, V8's --wasm-max-mem-pages in wasm), so
// that no test allocates gigabytes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { load } from 'onepass';
import { importDemoModules } from './demo_modules.mjs';
import { cli, root } from './helpers.mjs';

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-run-memory-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const rows = join(dir, 'rows.svm');
writeFileSync(rows, '1 1:1 16777216:2\n-1 2:1\n');
const four = Array(4).fill('zscore | arow +avg');
const wasmRefusal =
  /these dims and pipelines need \d+(\.\d)? GB \(4 pipelines at 16777216 features\); the limit is 2 GB \(the WebAssembly module's memory\): fewer pipelines or features fit/;

test('four pipelines at the widest svmlight rows are refused before they are built', () => {
  assert.equal(op.limits().maxRunBytes, 2 ** 31);
  assert.throws(() => op.svmlightRunner({ pipelines: four, dims: 2 ** 24 }), wasmRefusal);
  // The module is sound: the same pipelines on narrower rows learn.
  const narrow = op.svmlightRunner({ pipelines: four, dims: 2 ** 10 });
  narrow.push(new TextEncoder().encode('1 1:1 1024:2\n'));
  narrow.finish();
  assert.equal(narrow.stats(3).rows, 1);
  narrow.dispose();
});

test('the JS CLI says so and exits 1; the native CLI under a ulimit likewise', () => {
  const args = ['run', rows, '--format', 'svmlight', '--dims', '16777216'];
  for (const p of four) args.push('--pipeline', p);
  const js = cli(args);
  assert.equal(js.status, 1, js.stderr);
  assert.match(js.stderr, wasmRefusal);
  assert.doesNotMatch(js.stderr, /Aborted/);
  // Natively the bound is the process's own limit (a ulimit of 1 GB here) less the program's
  // share: the run is refused before it allocates, with a message, not a signal.
  const native = spawnSync(
    'sh',
    ['-c', 'ulimit -v 1000000; exec "$0" "$@"', join(root, 'build/native/onepass-native'), ...args],
    { encoding: 'utf8' },
  );
  assert.equal(native.signal, null);
  assert.equal(native.status, 1, native.stderr);
  assert.match(
    native.stderr,
    /onepass-native: these dims and pipelines need 8\.1 GB \(4 pipelines at 16777216 features\); the limit is 0\.5 GB \(the process's address-space limit \(ulimit -v\) of 1 GB, less 0\.5 GB for the program itself\)/,
  );
});

// Run in a node whose wasm memories grow to 256 MB at most (V8's --wasm-max-mem-pages).
function cappedNode(script) {
  return spawnSync(
    process.execPath,
    ['--wasm-max-mem-pages=4096', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
}

test('memory the module cannot get is refused while the module is sound', () => {
  const r = cappedNode(`
    import { load } from 'onepass';
    const op = await load();
    try {
      op.svmlightRunner({ pipelines: ['zscore | pa'], dims: 2 ** 24 });
    } catch (e) {
      console.log('refused: ' + e.message);
    }
    const p = op.pipeline('pa');
    p.learnOne([1, 2], 1);
    console.log('usable: ' + p.stats().rows);
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /refused: these dims and pipelines need \d+(\.\d)? GB \(1 pipeline at 16777216 features\), more than the WebAssembly module could get beside what it holds \(its limit is 2 GB\)/,
  );
  assert.match(r.stdout, /usable: 1/);
});

test('classes that pass the module memory are refused at the line that brings them; the module stays sound', () => {
  // 24 classes of 2^20 weights, averaged, pass 256 MB: the estimate counts each class as it comes.
  const r = cappedNode(`
    import { load } from 'onepass';
    const op = await load();
    const run = op.svmlightRunner({ pipelines: ['softmax +avg'], dims: 2 ** 20, task: 'multiclass' });
    let lines = '';
    for (let k = 0; k < 24; k++) lines += k + ' ' + (k + 1) + ':1\\n';
    try {
      run.push(new TextEncoder().encode(lines));
      run.finish();
      console.log('no error');
    } catch (e) {
      console.log('error: ' + e.message);
    }
    run.dispose();
    const p = op.pipeline('pa');
    p.learnOne([1], 1);
    console.log('usable: ' + p.stats().rows);
  `);
  assert.equal(r.signal, null);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /error: line \d+: these dims and pipelines need \d+(\.\d)? GB \(1 pipeline at 1048576 features\), more than the WebAssembly module could get beside what it holds \(its limit is 2 GB\)/,
  );
  assert.match(r.stdout, /usable: 1/);
});

test('an abort of the module is an Error that says to load a new one, and every later call is refused', async () => {
  // What guardAborts makes of a trap the estimate did not foresee: the raw module's own
  // functions and class methods stand in for the wasm module's.
  const dir = mkdtempSync(join(tmpdir(), 'onepass-aborts-'));
  try {
    const { guardAborts } = await importDemoModules(['aborts'], dir, 'bindings/ts/shared');
    let calls = 0;
    class Runner {
      push() {
        calls++;
        throw new WebAssembly.RuntimeError('Aborted(OOM)');
      }
    }
    const raw = guardAborts({ Runner, version: () => (calls++, '1') }, 2 ** 31);
    const run = new raw.Runner();
    const stopped =
      /onepass's WebAssembly module ran out of memory \(its limit is 2 GB\); its pipelines, runners and scorers are gone: load\(\) a new module/;
    assert.throws(() => run.push(), stopped);
    assert.throws(() => raw.version(), stopped);
    assert.throws(() => new raw.Runner(), stopped);
    assert.equal(calls, 1, 'no call enters the stopped module');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
