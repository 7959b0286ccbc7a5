// What the parallel-parsing tests share: the loaded module, a folder for their files, a CSV of
// numbers of varying form, and a run whose figures, info and JSON are compared bit for bit.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'onepass';

export const op = await load();
export const dir = mkdtempSync(join(tmpdir(), 'onepass-parallel-'));
export const SPECS = ['zscore | logreg', 'zscore | pa1 +avg', 'robust | perceptron'];

/** About `rows` rows of numbers of varying form (some empty), labels yes/no in runs of mixed
 * length; `extra(i)` may add a line after row i. */
export function csvText(rows, extra = () => '') {
  let s = 'a,b,c,d,label\n';
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < rows; i++) {
    const v = [rnd() * 10 - 5, Math.round(rnd() * 9), rnd() * 1e-5, rnd()];
    const cells = v.map((x, j) => (i % 53 === j ? '' : String(Number(x.toPrecision(1 + (i % 7))))));
    s += `${cells.join(',')},${v[0] + v[3] > 0.4 ? 'yes' : 'no'}\n` + extra(i);
  }
  return s;
}

export function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

export async function run(source, threads, options = {}) {
  const pipelines = options.models ? {} : { pipelines: SPECS }; // models know their pipelines
  const runner = op.csvRunner({ ...pipelines, positive: 'yes', every: 100, ...options });
  try {
    let error = null;
    let apart = 0;
    let here = 0;
    let pipelinesApart = 0;
    try {
      ({
        blocksApart: apart,
        blocksHere: here,
        pipelinesApart,
      } = await runner.pushAll(source, { threads }));
      runner.finish();
    } catch (e) {
      error = e.message;
    }
    return {
      apart,
      here,
      pipelinesApart,
      error,
      info: runner.info(),
      results: runner.results(),
      json: runner.results().map((_, i) => runner.resultJSON(i)),
    };
  } finally {
    runner.dispose();
  }
}

/** The file's bytes as a stream of chunks of `size` bytes (blocks are cut on the learning
 * thread, as for a download or a File). */
export async function* fileChunks(path, size) {
  const bytes = readFileSync(path);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Streams `source` through `runner` on `threads` threads, cancelled from onProgress at its
 * `call`-th call (the run ends with that error). */
export async function cancelled(runner, source, threads, call) {
  let calls = 0;
  const onProgress = () => {
    if (++calls === call) throw new Error('stop here');
  };
  await assert.rejects(runner.pushAll(source, { threads, onProgress }), /stop here/);
}

/** The same run, whatever the threads; `bytes` read before a stopping error depends on how the
 * stream was cut, and is left out then. */
export function assertSame(one, many) {
  assert.equal(many.error, one.error);
  const read = (r) => (r.error ? { ...r.info, bytes: 0 } : r.info);
  assert.deepEqual(read(many), read(one));
  assert.deepEqual(many.results, one.results); // parameters, curves, counts: bit for bit
  assert.deepEqual(many.json, one.json);
}
