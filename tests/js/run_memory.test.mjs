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

test('the JS CLI says so and exits 1; the native CLI out of memory likewise', () => {
  const args = ['run', rows, '--format', 'svmlight', '--dims', '16777216'];
  for (const p of four) args.push('--pipeline', p);
  const js = cli(args);
  assert.equal(js.status, 1, js.stderr);
  assert.match(js.stderr, wasmRefusal);
  assert.doesNotMatch(js.stderr, /Aborted/);
  // Natively the bound is 16 GB, past what these need; a machine that cannot give it (a ulimit
  // of 1 GB here) ends the run with a message, not a signal.
  const native = spawnSync(
    'sh',
    ['-c', 'ulimit -v 1000000; exec "$0" "$@"', join(root, 'build/native/onepass-native'), ...args],
    { encoding: 'utf8' },
  );
  assert.equal(native.signal, null);
  assert.equal(native.status, 1, native.stderr);
  assert.match(native.stderr, /onepass-native: out of memory: the machine could not give what/);
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

test('a module that still runs out throws an Error, and a new one loads', () => {
  // Classes are not known before the rows: 24 classes of 2^20 weights, averaged, pass 256 MB.
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
      console.log('error: ' + (e instanceof WebAssembly.RuntimeError ? 'RuntimeError ' : '') + e.message);
    }
    try {
      op.pipeline('pa');
    } catch (e) {
      console.log('after: ' + e.message);
    }
    run.dispose();
    const again = await load();
    const p = again.pipeline('pa');
    p.learnOne([1], 1);
    console.log('new module: ' + p.stats().rows);
  `);
  assert.equal(r.signal, null);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /Aborted/);
  const stopped =
    /onepass's WebAssembly module ran out of memory \(its limit is 2 GB\); its pipelines, runners and scorers are gone: load\(\) a new module/;
  assert.match(r.stdout, new RegExp('error: ' + stopped.source));
  assert.match(r.stdout, new RegExp('after: ' + stopped.source));
  assert.match(r.stdout, /new module: 1/);
});
