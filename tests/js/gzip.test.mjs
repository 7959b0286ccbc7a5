// A .csv.gz reads as its CSV wherever a source is read: the API's sources (bytes, a Blob, a
// stream, a file path, which is then streamed rather than read in ranges by parser workers) and
// the CLI's run, evaluate and predict; the results are those of the plain text, bit for bit. A
// damaged gzip stream is an error that says so; text pushed raw is never taken for gzip. The
// native CLI reads gzip as well (zlib), with the rows before a cut kept.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { decompressed, load } from 'onepass';
import { cli, dataFile, native, runResults } from './helpers.mjs';

const op = await load();
const text = readFileSync(dataFile('heart.csv'));
const gz = gzipSync(text);
const specs = ['zscore | logreg', 'perceptron'];
const runOf = (source, threads = 1) =>
  runResults(op, source, { pipelines: specs, label: 'label' }, threads);

test('the API reads gzip from bytes, a Blob, a stream and a file path as the plain text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-gzip-'));
  try {
    const plain = await runOf(text, 1);
    const path = join(dir, 'heart.csv.gz');
    writeFileSync(path, gz);
    assert.deepEqual(await runOf(gz, 1), plain);
    assert.deepEqual(await runOf(new Blob([gz]), 1), plain);
    assert.deepEqual(await runOf(new Blob([gz]).stream(), 1), plain);
    assert.deepEqual(await runOf(path, 2), plain); // two threads: streamed, not read in ranges
    const r = await op.runCsv(gz, { pipelines: specs, label: 'label' });
    assert.equal(r.info.rows, 270);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('decompressed passes plain chunks through and gunzips gzip split at any byte', async () => {
  async function* pieces(bytes, size) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }
  const collect = async (it) => {
    const parts = [];
    for await (const c of it) parts.push(Buffer.from(c));
    return Buffer.concat(parts);
  };
  for (const size of [1, 2, 7, 4096]) {
    assert.deepEqual(await collect(decompressed(pieces(gz, size))), text, `gzip in ${size}s`);
    assert.deepEqual(await collect(decompressed(pieces(text, size))), text, `text in ${size}s`);
  }
  const damaged = Buffer.from(gz);
  damaged.fill(0x41, 20, 60);
  await assert.rejects(
    collect(decompressed(pieces(damaged, 64))),
    /gzip-compressed input cannot be decompressed/,
  );
});

test('the CLI runs, evaluates and predicts on a .csv.gz as on its text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-gzip-'));
  try {
    const plain = join(dir, 'heart.csv');
    const packed = join(dir, 'heart.csv.gz');
    writeFileSync(plain, text);
    writeFileSync(packed, gz);
    const same = (args) => {
      const a = cli(args(plain));
      const b = cli(args(packed));
      assert.equal(b.status, 0, b.stderr);
      assert.equal(b.stdout.replaceAll(packed, plain), a.stdout);
    };
    same((f) => ['run', f, '-p', 'zscore | logreg', '--json', '--threads', '2']);
    same((f) => ['evaluate', f, '--folds', '3', '-p', 'zscore | logreg', '--json']);
    const model = join(dir, 'model.json');
    assert.equal(cli(['run', plain, '-p', 'zscore | logreg', '--save', model, '-q']).status, 0);
    same((f) => ['predict', f, '--model', model]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the native CLI reads a .csv.gz as its text, and one cut short keeps what it learned', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-gzip-'));
  try {
    const plain = join(dir, 'heart.csv');
    const packed = join(dir, 'heart.csv.gz');
    writeFileSync(plain, text);
    writeFileSync(packed, gz);
    const args = (f) => ['run', f, '-p', 'zscore | logreg', '--label', 'label'];
    const a = native(args(plain));
    const b = native(args(packed));
    assert.equal(a.status, 0, a.stderr);
    assert.equal(b.status, 0, b.stderr);
    assert.equal(b.stdout, a.stdout);
    assert.equal(native(args('-'), gzipSync(text)).stdout, a.stdout); // standard input too
    assert.equal(
      native(['evaluate', packed, '--folds', '3', '-p', 'zscore | logreg']).stdout,
      native(['evaluate', plain, '--folds', '3', '-p', 'zscore | logreg']).stdout,
    );
    // Cut in the middle: an error that says so, exit 1, and the rows before it saved.
    const cut = join(dir, 'cut.csv.gz');
    writeFileSync(cut, gz.subarray(0, Math.floor(gz.length / 2)));
    const model = join(dir, 'model.json');
    const c = native([...args(cut), '--save', model]);
    assert.equal(c.status, 1);
    assert.match(c.stderr, /the gzip-compressed input cannot be decompressed \(it ends early/);
    const rows = JSON.parse(readFileSync(model, 'utf8')).learner.state[0]; // logreg's steps
    assert.ok(rows > 0 && rows < 270, `rows ${rows}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
