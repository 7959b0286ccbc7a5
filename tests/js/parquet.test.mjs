// A Parquet file reads as the CSV it holds wherever a source is read (docs/design.md, "Parquet
// files"): the API's sources and the CLI's run, evaluate and predict give the model and figures of
// the same table written as CSV, bit for bit. The files are written by another library
// (hyparquet-writer), with several row groups, typed columns and missing values. A file cut short
// is refused with a message that says so, and a row group that cannot be read stops the run after
// the rows before it, which are kept.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { chunksOf, decompressed, isParquet, load } from 'onepass';
import { cli, readData } from './helpers.mjs';
import { mixedTable } from './parquet_helpers.mjs';

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-parquet-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const { csv, parquet } = mixedTable(3000);
const csvPath = join(dir, 'table.csv');
const parquetPath = join(dir, 'table.parquet');
writeFileSync(csvPath, csv);
writeFileSync(parquetPath, parquet);

/** heart.csv as Parquet, its numbers as doubles (the CSV writes `70`, `2.4`). */
function heartParquet() {
  const lines = readData('heart.csv').toString('utf8').trim().split('\n');
  const names = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(',').map(Number));
  const columnData = names.map((name, j) => ({
    name,
    data: rows.map((r) => r[j]),
    type: 'DOUBLE',
  }));
  return new Uint8Array(parquetWriteBuffer({ columnData, rowGroupSize: 100 }));
}

const specs = ['zscore | logreg', 'perceptron +avg'];
const runOf = async (source, threads) => {
  const r = op.csvRunner({ pipelines: specs, label: 'y' });
  try {
    await r.pushAll(source, { threads });
    r.finish();
    return { results: r.results().map((_, i) => r.resultJSON(i)), info: r.info() };
  } finally {
    r.dispose();
  }
};

test('the files tell themselves apart by their first bytes', () => {
  assert.equal(isParquet(parquet), true);
  assert.equal(isParquet(csv), false);
  assert.equal(isParquet(parquet.subarray(0, 3)), false);
});

test('fit learns a Parquet file as its CSV: the same roles, model and test figures', async () => {
  const a = await op.fit(csv, { label: 'y', holdout: 0.2 });
  const b = await op.fit(parquet, { label: 'y', holdout: 0.2 });
  assert.deepEqual(
    b.info.columns.map((c) => c.role),
    ['numeric', 'numeric', 'numeric', 'numeric', 'categorical', 'text', 'label'],
  );
  assert.deepEqual(b.info.columns, a.info.columns);
  assert.equal(b.info.rows, 3000);
  assert.equal(b.info.missingCells, a.info.missingCells);
  assert.ok(a.info.missingCells > 0, 'the table has missing cells');
  assert.equal(JSON.stringify(b.model), JSON.stringify(a.model));
  assert.deepEqual(b.test, a.test);
  assert.deepEqual(b.progressive, a.progressive);
});

test('every source reads Parquet: bytes, a Blob, a stream, a path on two threads', async () => {
  const plain = await runOf(csv, 1);
  for (const [what, source, threads] of [
    ['bytes', parquet, 1],
    ['a Blob', new Blob([parquet]), 1],
    ['a stream', new Blob([parquet]).stream(), 2],
    ['a path', parquetPath, 2], // read as one stream, not in ranges by the parser workers
  ]) {
    const got = await runOf(source, threads);
    assert.deepEqual(got.results, plain.results, what);
    assert.equal(got.info.rows, 3000, what);
  }
  const r = await op.runCsv(parquetPath, { pipelines: specs, label: 'y' });
  assert.equal(r.info.rows, 3000);
});

test('a Parquet File is read by ranges, never streamed whole: the footer, then a row group at a time', async () => {
  const plain = await runOf(csv, 1);
  const slices = [];
  class RangesOnly extends Blob {
    stream() {
      throw new Error('streamed whole');
    }
    slice(start, end) {
      slices.push(end - start);
      return super.slice(start, end);
    }
  }
  const file = new RangesOnly([parquet]);
  assert.deepEqual((await runOf(file, 2)).results, plain.results);
  // Its first bytes, its last, the footer (the last 512 KB at most: here the whole small file),
  // then the three row groups, one read each.
  const groups = slices.slice(3);
  assert.equal(groups.length, 3, `slices read: ${slices.join(', ')}`);
  assert.ok(Math.max(...groups) < parquet.length / 2, `slices read: ${slices.join(', ')}`);
  let text = '';
  for await (const chunk of chunksOf(file)) text += new TextDecoder().decode(chunk);
  assert.equal(text.split('\n').length, 3002);
});

test('predict, a data set and decompressed read Parquet as its CSV', async () => {
  const { model } = await op.fit(csv, { label: 'y' });
  const a = await op.predict(model, csv);
  const b = await op.predict(model, parquet);
  assert.deepEqual(b.predictions, a.predictions);
  assert.deepEqual(b.probabilities, a.probabilities);
  assert.equal(b.accuracy, a.accuracy);
  const d = await op.loadDataset(new Blob([parquet]), { label: 'y' });
  const e = await op.loadDataset(csv, { label: 'y' });
  assert.equal(d.size, 3000);
  assert.deepEqual([d.features, d.notices, d.width], [e.features, e.notices, e.width]);
  assert.deepEqual(d.holdout('zscore | logreg'), e.holdout('zscore | logreg'));
  d.dispose();
  e.dispose();
  // Split at every few bytes, the head (PAR1) too, it is the same text.
  async function* pieces(bytes, size) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }
  const text = async (it) => {
    let s = '';
    for await (const c of it) s += new TextDecoder().decode(c);
    return s;
  };
  const whole = await text(decompressed(pieces(parquet, parquet.length)));
  assert.match(whole, /^x,age,visits,score,city,review,y\n/);
  assert.equal(whole.split('\n').length, 3002);
  assert.equal(await text(decompressed(pieces(parquet, 3))), whole);
});

test('a Parquet file cut short is refused, saying so; what a runner learned before is kept', async () => {
  const cut = parquet.subarray(0, Math.floor(parquet.length * 0.6));
  await assert.rejects(
    op.fit(cut, { label: 'y' }),
    /the Parquet file ends before its footer \(\d+ bytes, .*\): it is truncated/,
  );
  const r = op.csvRunner({ pipelines: specs, label: 'y', sampleRows: 20 });
  r.push(csv.subarray(0, csv.lastIndexOf(10, 4000) + 1));
  const before = r.stats(0).rows;
  assert.ok(before > 0);
  await assert.rejects(r.pushAll(new Blob([cut])), /truncated/);
  assert.equal(r.stats(0).rows, before);
  r.dispose();
});

/** The table's Parquet with its last row group's first page damaged: the footer still says where
 * every row group is, and the first two read. */
async function damagedLastGroup() {
  const { parquetMetadata } = await import('hyparquet');
  const column = parquetMetadata(parquet.slice().buffer).row_groups[2].columns[0].meta_data;
  const at = Number(column.dictionary_page_offset ?? column.data_page_offset);
  const bytes = parquet.slice();
  bytes.fill(0xff, at, at + 16);
  return bytes;
}

test('a row group that cannot be read stops the run after the rows before it, which are kept', async () => {
  const bytes = await damagedLastGroup();
  // On two threads too, the blocks in flight when the source fails are learned first.
  for (const threads of [1, 2]) {
    const r = op.csvRunner({ pipelines: specs, label: 'y' });
    await assert.rejects(
      r.pushAll(new Blob([bytes]).stream(), { threads }),
      /the Parquet file's row group 3 of 3 \(rows 2001 to 3000\) cannot be read \(.+\); the 2000 rows before it were read/,
    );
    assert.equal(r.stats(0).rows, 2000, `${threads} threads`);
    r.dispose();
  }
  // The CLI saves what was learned, and says so.
  const damaged = join(dir, 'damaged.parquet');
  const model = join(dir, 'damaged.json');
  writeFileSync(damaged, bytes);
  const c = cli(['run', damaged, '--label', 'y', '-p', 'zscore | logreg', '--save', model]);
  assert.notEqual(c.status, 0);
  assert.match(c.stderr, /damaged\.parquet: the Parquet file's row group 3 of 3/);
  assert.match(c.stderr, /2000/);
  const saved = op.loadPipeline(readFileSync(model, 'utf8'));
  assert.equal(saved.stats().rows, 2000);
  saved.dispose();
});

test('the CLI runs, evaluates and predicts on a Parquet file as on its CSV', () => {
  const heartCsv = join(dir, 'heart.csv');
  const heart = join(dir, 'heart.parquet');
  writeFileSync(heartCsv, readData('heart.csv'));
  writeFileSync(heart, heartParquet());
  const same = (args) => {
    const a = cli(args(heartCsv));
    const b = cli(args(heart));
    assert.equal(a.status, 0, a.stderr);
    assert.equal(b.status, 0, b.stderr);
    assert.equal(b.stdout.replaceAll(heart, heartCsv), a.stdout);
  };
  same((f) => ['run', f, '-p', 'zscore | logreg', '--json', '--threads', '2']);
  same((f) => ['run', f, '-p', 'zscore | logreg']);
  same((f) => ['evaluate', f, '--folds', '3', '-p', 'zscore | logreg', '--json']);
  same((f) => ['evaluate', f, '--test', f, '-p', 'zscore | logreg', '--json']);
  const model = join(dir, 'heart.json');
  const fromParquet = join(dir, 'heart-parquet.json');
  assert.equal(cli(['run', heartCsv, '-p', 'zscore | logreg', '--save', model, '-q']).status, 0);
  assert.equal(cli(['run', heart, '-p', 'zscore | logreg', '--save', fromParquet, '-q']).status, 0);
  assert.equal(readFileSync(fromParquet, 'utf8'), readFileSync(model, 'utf8'));
  same((f) => ['predict', f, '--model', model]);
  // Standard input: the stream is gathered whole, then read as from the file.
  const piped = (bytes) => cli(['run', '-', '-p', 'zscore | logreg', '--json'], bytes);
  const fromStdin = piped(readFileSync(heart));
  assert.equal(fromStdin.status, 0, fromStdin.stderr);
  assert.equal(fromStdin.stdout, piped(readFileSync(heartCsv)).stdout);
  // The mixed table too: its model file is the CSV's.
  const m1 = join(dir, 'm1.json');
  const m2 = join(dir, 'm2.json');
  assert.equal(cli(['run', csvPath, '--label', 'y', '--save', m1, '-q']).status, 0);
  assert.equal(cli(['run', parquetPath, '--label', 'y', '--save', m2, '-q']).status, 0);
  assert.equal(readFileSync(m2, 'utf8'), readFileSync(m1, 'utf8'));
});

test('the CLI refuses a Parquet file cut short with a message that names it', () => {
  const cut = join(dir, 'cut.parquet');
  writeFileSync(cut, parquet.subarray(0, 5000));
  const c = cli(['run', cut, '--label', 'y']);
  assert.notEqual(c.status, 0);
  assert.match(
    c.stderr,
    /cut\.parquet: the Parquet file ends before its footer .*: it is truncated/,
  );
});

test('a codec the reader lacks is named, with how to write a file it reads', async () => {
  const columnData = [
    { name: 'a', data: [1, 2, 3, 4], type: 'DOUBLE' },
    { name: 'y', data: [1, 0, 1, 0], type: 'INT32' },
  ];
  // Written as gzip says its codec is (the pages stored as they are: the reader stops at the
  // codec's name).
  const gz = parquetWriteBuffer({ columnData, codec: 'GZIP', compressors: { GZIP: (x) => x } });
  await assert.rejects(
    op.fit(new Uint8Array(gz)),
    /unsupported compression codec: GZIP\); the 0 rows before it were read; Parquet compressed with Snappy, or not compressed, is read/,
  );
  const plain = parquetWriteBuffer({ columnData, codec: 'UNCOMPRESSED' });
  const r = await op.runCsv(new Uint8Array(plain), { pipelines: ['pa1'] });
  assert.equal(r.info.rows, 4);
});

test('the text is what a CSV writer writes: missing cells empty, numbers that read back, quotes', async () => {
  const bytes = parquetWriteBuffer({
    columnData: [
      { name: 'd', data: [-0, 1.5, NaN, null, 1e21], type: 'DOUBLE' },
      {
        name: 'f',
        data: [0.1, 37.21, 1e-7, 3, null].map((v) => (v === null ? v : Math.fround(v))),
        type: 'FLOAT',
      },
      { name: 'n', data: [2n ** 60n, -1n, 0n, null, 7n], type: 'INT64' },
      { name: 'b', data: [true, false, null, true, false], type: 'BOOLEAN' },
      { name: 's, t', data: ['a,b', 'say "hi"', 'x;y', 'p|q', 'two\nlines'], type: 'STRING' },
    ],
  });
  let text = '';
  for await (const c of chunksOf(new Blob([bytes]))) text += new TextDecoder().decode(c);
  assert.equal(
    text,
    'd,f,n,b,"s, t"\n' +
      '-0,0.1,1152921504606846976,true,"a,b"\n' +
      '1.5,37.21,-1,false,"say ""hi"""\n' +
      ',1e-7,0,,"x;y"\n' +
      ',3,,true,"p|q"\n' +
      '1e+21,,7,false,"two\nlines"\n',
  );
});
