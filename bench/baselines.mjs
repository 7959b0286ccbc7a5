// What a JavaScript user would write instead of onepass: a CSV parser in its fastest
// documented streaming mode feeding the same learning loop, a Welford z-score and logistic SGD.
// Each baseline resolves to the number of rows it learned, which the bench checks against
// onepass's count.
import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;

/** The loop every parser feeds: cells of one row (numbers; null, '' or text for a missing or
 * non-numeric cell). A missing cell is left out of the z-score's statistics and the learner
 * sees 0 in its place, as onepass does (docs/algorithms.md 1.4). logreg's default step,
 * eta = 0.1 / (1 + k / 10000). */
export function zscoreLogreg(featureColumns, labelColumn, positive) {
  const D = featureColumns.length;
  const n = new Float64Array(D),
    mean = new Float64Array(D),
    m2 = new Float64Array(D);
  const w = new Float64Array(D),
    z = new Float64Array(D);
  const posNumber = Number(positive);
  let b = 0,
    k = 0;
  return {
    get rows() {
      return k;
    },
    row(cells) {
      const label = cells[labelColumn];
      const y = label === posNumber || label === positive ? 1 : 0;
      let s = b;
      for (let j = 0; j < D; j++) {
        const x = cells[featureColumns[j]];
        if (typeof x !== 'number' || x !== x) {
          z[j] = 0;
          continue;
        }
        n[j] += 1;
        const d = x - mean[j];
        mean[j] += d / n[j];
        m2[j] += d * (x - mean[j]);
        const sd = n[j] > 1 ? Math.sqrt(m2[j] / (n[j] - 1)) : 0;
        z[j] = sd > 1e-12 ? (x - mean[j]) / sd : 0;
        s += w[j] * z[j];
      }
      const p = s >= 0 ? 1 / (1 + Math.exp(-s)) : Math.exp(s) / (1 + Math.exp(s));
      const eta = 0.1 / (1 + k / 10000);
      for (let j = 0; j < D; j++) w[j] += eta * (y - p) * z[j];
      b += eta * (y - p);
      k++;
    },
  };
}

/** The file's header: the label's index and the feature columns' indices (the label is the
 * column named `label`, else the last). */
export function layoutOf(file, label) {
  const head = Buffer.alloc(1 << 16);
  const fd = openSync(file, 'r');
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const names = head.subarray(0, n).toString('utf8').split(/\r?\n/)[0].split(',');
  const labelColumn = label === undefined ? names.length - 1 : names.indexOf(label);
  if (labelColumn < 0) throw new Error(`no column '${label}' in ${file}`);
  return { labelColumn, featureColumns: names.map((_, i) => i).filter((i) => i !== labelColumn) };
}

/** papaparse 5, its documented fast path: no header (rows as arrays), dynamicTyping, the file
 * streamed in 1 MB chunks; `mode` 'chunk' takes a block of rows per call, 'step' one row. */
export async function papaparse(file, layout, positive, mode) {
  const Papa = (await import('papaparse')).default;
  const loop = zscoreLogreg(layout.featureColumns, layout.labelColumn, positive);
  let header = true;
  const take = (row) => {
    if (header) header = false;
    else loop.row(row);
  };
  await new Promise((resolve, reject) =>
    Papa.parse(createReadStream(file, { highWaterMark: CHUNK }), {
      header: false,
      dynamicTyping: true,
      skipEmptyLines: true,
      ...(mode === 'step'
        ? { step: ({ data }) => take(data) }
        : {
            chunk: ({ data }) => {
              for (let i = 0; i < data.length; i++) take(data[i]);
            },
          }),
      complete: resolve,
      error: reject,
    }),
  );
  return loop.rows;
}

/** uDSV, the fastest JavaScript CSV parser we found (its README: incremental parsing with
 * typedArrs and a row callback, no accumulation). Numbers typed by its schema inference; an
 * empty cell is null. */
export async function udsv(file, layout, positive) {
  const { inferSchema, initParser } = await import('udsv');
  const loop = zscoreLogreg(layout.featureColumns, layout.labelColumn, positive);
  let parser = null;
  const each = (row) => {
    loop.row(row);
    return true;
  };
  for await (const text of createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK })) {
    parser ??= initParser(inferSchema(text));
    parser.chunk(text, parser.typedArrs, each);
  }
  parser.end();
  return loop.rows;
}

/** TensorFlow.js (cpu backend): a one-unit sigmoid model, trainOnBatch one row per call, on the
 * file's first `rows` rows (a missing cell as 0). Returns the rows and a function that trains
 * on them once. */
export async function tensorflow(file, layout, positive, rows) {
  const tf = await import('@tensorflow/tfjs');
  await tf.setBackend('cpu');
  const lines = readFileSync(file, 'utf8')
    .split('\n', rows + 1)
    .slice(1);
  const cells = lines.map((l) => l.split(','));
  const xs = cells.map((c) => layout.featureColumns.map((j) => Number(c[j]) || 0));
  const ys = cells.map((c) => (c[layout.labelColumn] === String(positive) ? 1 : 0));
  const D = layout.featureColumns.length;
  const model = tf.sequential({
    layers: [tf.layers.dense({ units: 1, inputShape: [D], activation: 'sigmoid' })],
  });
  model.compile({ optimizer: tf.train.sgd(0.1), loss: 'binaryCrossentropy' });
  return {
    rows: xs.length,
    async trainOnce() {
      for (let i = 0; i < xs.length; i++) {
        const x = tf.tensor2d([xs[i]]);
        const y = tf.tensor2d([[ys[i]]]);
        await model.trainOnBatch(x, y);
        x.dispose();
        y.dispose();
      }
    },
  };
}
