// A .csv.zst reads as its CSV where the platform reads zstd, told by its first bytes (RFC 8878's
// 28 b5 2f fd) whatever its name: the native CLI through libzstd, Node 22.15 and later through
// zlib.createZstdDecompress, a browser through DecompressionStream('zstd') (here a Node one given
// a zstd decompressor, the zstd command). Where the platform cannot, the input is refused with a
// message naming the fixes. A stream cut short is an error after the rows before the cut, which
// are kept. The .zst files are written by the zstd command.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import zlib from 'node:zlib';
import { decompressed, isGzip, isZstd, load, zstdRefusal } from 'onepass';
import { cli, dataFile, native, root, runResults } from './helpers.mjs';
import { installZstd } from './zstd_helpers.mjs';

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-zstd-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const zstd = (bytes) => execFileSync('zstd', ['-q', '-c'], { input: bytes, maxBuffer: 1 << 26 });
const text = readFileSync(dataFile('heart.csv'));
// heart.csv's rows forty times over, each after a column of random digits: several zstd blocks
// (of 128 KB of text each) that do not shrink to one, so that a stream cut in the middle has rows
// before the cut.
const lines = text.toString('utf8').trimEnd().split('\n');
let seed = 5;
const noise = () => String((seed = (seed * 1103515245 + 12345) % 2147483648)).padStart(10, '0');
const long = Buffer.from(
  [
    `noise,${lines[0]}`,
    ...Array.from({ length: 40 }, () => lines.slice(1).map((l) => `${noise()},${l}`)).flat(),
  ].join('\n') + '\n',
);
const packed = zstd(text);
const longCut = zstd(long).subarray(0, Math.floor(zstd(long).length / 2));
const nodeReadsZstd = typeof zlib.createZstdDecompress === 'function';
const specs = ['zscore | logreg', 'perceptron'];

const runOf = (source, threads = 1) =>
  runResults(op, source, { pipelines: specs, label: 'label' }, threads);

/** Runs body with DecompressionStream as a browser that reads zstd has it (zstd_helpers.mjs). */
function withZstdStreams(body) {
  const restore = installZstd();
  return Promise.resolve(body()).finally(restore);
}

/** The JS CLI in a Node given that DecompressionStream before it starts (zstd_preload.mjs). */
function cliWithZstd(args) {
  const preload = pathToFileURL(join(root, 'tests/js/zstd_preload.mjs')).href;
  const r = spawnSync(process.execPath, ['--import', preload, join(root, 'lib/cli.js'), ...args], {
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('zstd is told by its first bytes, and gzip is not taken for it', () => {
  assert.equal(isZstd(packed), true);
  assert.equal(isZstd(text), false);
  assert.equal(isZstd(zlib.gzipSync(text)), false);
  assert.equal(isGzip(packed), false);
  assert.equal(isZstd(packed.subarray(0, 3)), false);
});

test(
  'where Node cannot read zstd, the input is refused naming Node 22.15, the native CLI and zstd -d',
  { skip: nodeReadsZstd && 'this Node reads zstd' },
  async () => {
    const fixes =
      /zstd-compressed and this Node \(v[\d.]+\) cannot decompress zstd: use Node 22\.15 or later \(zlib\.createZstdDecompress\), or the native CLI \(onepass-native\), or decompress it first \(zstd -d FILE\)/;
    assert.match(await zstdRefusal(), fixes);
    await assert.rejects(op.runCsv(packed, { pipelines: specs, label: 'label' }), fixes);
    const path = join(dir, 'heart.csv.zst');
    writeFileSync(path, packed);
    const c = cli(['run', path, '-p', 'zscore | logreg']);
    assert.equal(c.status, 1);
    assert.match(c.stderr, fixes);
  },
);

test('a platform with a zstd decompressor reads .zst from every source as the plain text', () =>
  withZstdStreams(async () => {
    assert.equal(await zstdRefusal(), null);
    const plain = await runOf(text);
    const path = join(dir, 'heart.zst'); // told by its bytes, whatever its name
    writeFileSync(path, packed);
    assert.deepEqual(await runOf(packed), plain);
    assert.deepEqual(await runOf(new Blob([packed])), plain);
    assert.deepEqual(await runOf(new Blob([packed]).stream(), 2), plain);
    assert.deepEqual(await runOf(path, 2), plain); // streamed, not read in ranges
    // Split at every few bytes, the magic number too.
    async function* pieces(bytes, size) {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    }
    for (const size of [1, 3, 4096]) {
      const parts = [];
      for await (const c of decompressed(pieces(packed, size))) parts.push(Buffer.from(c));
      assert.deepEqual(Buffer.concat(parts), text, `in pieces of ${size}`);
    }
  }));

test('a .zst cut short is an error that says so, after the rows before the cut are learned', () =>
  withZstdStreams(async () => {
    const r = op.csvRunner({ pipelines: specs, label: 'label' });
    try {
      await assert.rejects(
        r.pushAll(longCut),
        /the zstd-compressed input cannot be decompressed \(.*\)/,
      );
      const rows = r.stats(0).rows;
      assert.ok(rows > 0 && rows < 270 * 40, `rows ${rows}`);
    } finally {
      r.dispose();
    }
  }));

test('the native CLI reads a .csv.zst as its text, and one cut short keeps what it learned', () => {
  const plain = join(dir, 'native.csv');
  const zst = join(dir, 'native.csv.zst');
  writeFileSync(plain, text);
  writeFileSync(zst, packed);
  const args = (f) => ['run', f, '-p', 'zscore | logreg', '--label', 'label'];
  const a = native(args(plain));
  const b = native(args(zst));
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(b.stdout, a.stdout);
  assert.equal(native(args('-'), packed).stdout, a.stdout); // standard input too
  const evaluate = (f) => native(['evaluate', f, '--folds', '3', '-p', 'zscore | logreg']).stdout;
  assert.equal(evaluate(zst), evaluate(plain));
  // Two frames one after another read as one text, as zstd -d reads them.
  const half = text.indexOf(10, text.length >> 1) + 1;
  const twoFrames = join(dir, 'frames.csv.zst');
  writeFileSync(
    twoFrames,
    Buffer.concat([zstd(text.subarray(0, half)), zstd(text.subarray(half))]),
  );
  assert.equal(native(args(twoFrames)).stdout, a.stdout);
  // Cut in the middle: an error that says so, exit 1, and the rows before it saved.
  const cut = join(dir, 'cut.csv.zst');
  writeFileSync(cut, longCut);
  const model = join(dir, 'model.json');
  const c = native([...args(cut), '--save', model]);
  assert.equal(c.status, 1);
  assert.match(
    c.stderr,
    /cut\.csv\.zst: the zstd-compressed input cannot be decompressed \(it ends early: truncated\?\)/,
  );
  const rows = JSON.parse(readFileSync(model, 'utf8')).learner.state[0]; // logreg's steps
  assert.ok(rows > 0 && rows < 270 * 40, `rows ${rows}`);
});

test('the CLI runs, evaluates and predicts on a .csv.zst as on its text where the platform reads zstd', () => {
  const plain = join(dir, 'cli.csv');
  const zst = join(dir, 'cli.csv.zst');
  const model = join(dir, 'cli.json');
  writeFileSync(plain, text);
  writeFileSync(zst, packed);
  assert.equal(cli(['run', plain, '-p', 'zscore | logreg', '--save', model, '-q']).status, 0);
  // This Node's own zstd when it has one, else the DecompressionStream a browser has.
  const run = nodeReadsZstd ? cli : cliWithZstd;
  for (const args of [
    (f) => ['run', f, '-p', 'zscore | logreg', '--json', '--threads', '2'],
    (f) => ['evaluate', f, '--folds', '3', '-p', 'zscore | logreg', '--json'],
    (f) => ['predict', f, '--model', model],
  ]) {
    const b = run(args(zst));
    assert.equal(b.status, 0, b.stderr);
    assert.equal(b.stdout.replaceAll(zst, plain), cli(args(plain)).stdout);
  }
  // Cut short: the error says so, and --save keeps the rows before the cut.
  const cut = join(dir, 'cli-cut.csv.zst');
  const saved = join(dir, 'cli-cut.json');
  writeFileSync(cut, longCut);
  const c = run(['run', cut, '--label', 'label', '-p', 'zscore | logreg', '--save', saved]);
  assert.equal(c.status, 1);
  assert.match(c.stderr, /cli-cut\.csv\.zst: the zstd-compressed input cannot be decompressed/);
  const rows = JSON.parse(readFileSync(saved, 'utf8')).learner.state[0];
  assert.ok(rows > 0 && rows < 270 * 40, `rows ${rows}`);
});
