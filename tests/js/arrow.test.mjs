// An Arrow table reads as the CSV it holds wherever a source is read (docs/design.md, "Arrow
// tables"): a Table object given to the API, and Arrow IPC files (ARROW1) and streams (told by
// their first message's marker) as bytes, a Blob, a stream or a path, and in the CLI's run,
// evaluate and predict. Each gives the model and figures of the same table written as CSV, bit for
// bit: numbers, 32-bit floats, 64-bit integers, dictionary and plain strings, booleans, nulls,
// dates and timestamps, in several record batches, written by apache-arrow. A stream cut short
// stops after the rows before the cut, which are kept; a file without its footer is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isArrowFile, isArrowStream, isArrowTable, load, useArrow } from 'onepass';
import { arrowTable } from './arrow_helpers.mjs';
import { cli, native, runResults } from './helpers.mjs';

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-arrow-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const { table, csv, file, stream } = arrowTable(3000);
const paths = {
  csv: join(dir, 'table.csv'),
  file: join(dir, 'table.arrow'),
  stream: join(dir, 'table.arrows'),
};
writeFileSync(paths.csv, csv);
writeFileSync(paths.file, file);
writeFileSync(paths.stream, stream);

const specs = ['zscore | logreg', 'perceptron +avg'];
const runOf = (source, threads = 1) =>
  runResults(op, source, { pipelines: specs, label: 'y' }, threads);

test('Arrow files, streams and tables are told apart from text', () => {
  assert.equal(isArrowFile(file), true);
  assert.equal(isArrowStream(stream), true);
  assert.equal(isArrowFile(stream) || isArrowStream(file) || isArrowFile(csv), false);
  assert.equal(isArrowStream(csv), false);
  assert.equal(isArrowTable(table), true);
  assert.equal(isArrowTable(file) || isArrowTable({ batches: [] }) || isArrowTable(null), false);
});

test('fit learns a Table, an IPC file and an IPC stream as their CSV: the same roles and model', async () => {
  const a = await op.fit(csv, { label: 'y', holdout: 0.2 });
  assert.deepEqual(
    a.info.columns.map((c) => c.role),
    [
      'numeric',
      'numeric',
      'numeric',
      'numeric',
      'categorical',
      'text',
      'categorical',
      'date',
      'date',
      'label',
    ],
  );
  assert.ok(a.info.missingCells > 0, 'the table has missing cells');
  for (const [what, source] of [
    ['a Table', table],
    ['an IPC file', file],
    ['an IPC stream', stream],
  ]) {
    const b = await op.fit(source, { label: 'y', holdout: 0.2 });
    assert.deepEqual(b.info.columns, a.info.columns, what);
    assert.equal(b.info.rows, 3000, what);
    assert.equal(b.info.missingCells, a.info.missingCells, what);
    assert.equal(JSON.stringify(b.model), JSON.stringify(a.model), what);
    assert.deepEqual(b.test, a.test, what);
  }
});

test('every source reads Arrow IPC: bytes, a Blob, a stream, a path on two threads', async () => {
  const plain = await runOf(csv);
  for (const [what, source, threads] of [
    ['file bytes', file, 1],
    ['a stream as a Blob', new Blob([stream]), 1],
    ['a file as a web stream', new Blob([file]).stream(), 2],
    ['a file path', paths.file, 2], // read as one stream, not in ranges by the parser workers
    ['a stream path', paths.stream, 2],
  ])
    assert.deepEqual(await runOf(source, threads), plain, what);
  const { predictions } = await op.predict((await op.fit(csv, { label: 'y' })).model, table);
  assert.equal(predictions.length, 3000);
});

test('the CLI runs, evaluates and predicts on Arrow files and streams as on their CSV', () => {
  const same = (args) => {
    const a = cli(args(paths.csv));
    assert.equal(a.status, 0, a.stderr);
    for (const f of [paths.file, paths.stream]) {
      const b = cli(args(f));
      assert.equal(b.status, 0, b.stderr);
      assert.equal(b.stdout.replaceAll(f, paths.csv), a.stdout);
    }
  };
  same((f) => ['run', f, '--label', 'y', '-p', 'zscore | logreg', '--json', '--threads', '2']);
  same((f) => ['evaluate', f, '--label', 'y', '--folds', '3', '-p', 'zscore | logreg', '--json']);
  const model = join(dir, 'model.json');
  assert.equal(cli(['run', paths.csv, '--label', 'y', '--save', model, '-q']).status, 0);
  same((f) => ['predict', f, '--model', model]);
});

test('a stream cut short stops after the rows before the cut, which are kept', async () => {
  // The cut inside the last record batch: the first two (2000 rows) read.
  const cut = stream.subarray(0, stream.length - 2000);
  const r = op.csvRunner({ pipelines: specs, label: 'y' });
  await assert.rejects(
    r.pushAll(cut),
    /the Arrow IPC stream cannot be read \(.+\); it ends before its end-of-stream marker: it is truncated; the 2000 rows before it were read/,
  );
  assert.equal(r.stats(0).rows, 2000);
  r.dispose();
  // Cut between two messages: none is broken, and the missing end-of-stream marker says so.
  await assert.rejects(
    op.fit(stream.subarray(0, stream.length - 8), { label: 'y' }),
    /the Arrow IPC stream ends before its end-of-stream marker: it is truncated; the 3000 rows before the cut were read/,
  );
  // The CLI saves what was learned before the cut, and says so.
  const path = join(dir, 'cut.arrows');
  const model = join(dir, 'cut.json');
  writeFileSync(path, cut);
  const c = cli(['run', path, '--label', 'y', '-p', 'zscore | logreg', '--save', model]);
  assert.equal(c.status, 1);
  assert.match(c.stderr, /cut\.arrows: the Arrow IPC stream cannot be read .* truncated/);
  const saved = op.loadPipeline(readFileSync(model, 'utf8'));
  assert.equal(saved.stats().rows, 2000);
  saved.dispose();
});

test('an IPC file without its footer is refused, saying it is truncated', async () => {
  await assert.rejects(
    op.fit(file.subarray(0, file.length - 100), { label: 'y' }),
    /the Arrow IPC file ends before its footer \(\d+ bytes, not ending as an Arrow file does, with ARROW1\): it is truncated/,
  );
});

test('without apache-arrow, IPC bytes are refused naming npm install apache-arrow; a Table still reads', async () => {
  useArrow(() => Promise.reject(new Error("Cannot find package 'apache-arrow'")));
  try {
    await assert.rejects(
      op.fit(file, { label: 'y' }),
      /apache-arrow package: npm install apache-arrow/,
    );
    assert.equal((await op.fit(table, { label: 'y' })).info.rows, 3000);
  } finally {
    useArrow(() => import('apache-arrow'));
  }
});

test('the native CLI refuses Arrow by name, pointing to the JS CLI', () => {
  for (const [path, what] of [
    [paths.file, 'an Arrow IPC file'],
    [paths.stream, 'an Arrow IPC stream'],
  ]) {
    const r = native(['run', path]);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      new RegExp(
        `the input is ${what}, which onepass-native does not read: the JS CLI \\(onepass\\)`,
      ),
    );
  }
});
