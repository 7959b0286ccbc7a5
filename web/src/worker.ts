// Streams the chosen CSV through the pipelines, off the page's main thread. The bytes are read
// in chunks from the File (or from the site's own bundled file, or a stream made by code here,
// streams.ts) and handed to wasm one chunk at a time: memory stays flat however large the file. Progress goes to the page at most every
// 100 ms, so the charts update at a bounded rate.
import { chunksOf, load, type CsvRunner, type Dataset, type Onepass } from 'onepass';
import {
  HOLDOUT_MAX_BYTES,
  holdoutOf,
  readingOf,
  type CvRow,
  type FromWorker,
  type Progress,
  type RunOptions,
  type Source,
  type ToWorker,
} from './protocol';
import { isEncodedFile, textHead } from './encoded';
import { sampleRows } from './sample';
import { generatedBlob } from './streams';
import type { Task } from './tasks';

const PROGRESS_INTERVAL_MS = 100;
const TARGET_CURVE_POINTS = 2000;

let onepass: Promise<Onepass> | null = null;
let cancelled = false;
let paused = false;
let wake: (() => void) | null = null;
let pausedMs = 0; // of this run: left out of its rate

/** Waits while the run is paused (the stream is simply not read meanwhile). */
async function whilePaused(): Promise<void> {
  const t = performance.now();
  while (paused && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
  pausedMs += performance.now() - t;
}

function post(msg: FromWorker): void {
  const transfer = msg.type === 'progress' ? msg.series.map((s) => s.points.buffer) : [];
  (self as unknown as Worker).postMessage(msg, transfer as Transferable[]);
}

async function open(
  source: Source,
): Promise<{ stream: ReadableStream<Uint8Array>; total: number }> {
  if (source.kind === 'file') return { stream: source.file.stream(), total: source.file.size };
  if (source.kind === 'generated') {
    const blob = generatedBlob(await (onepass ??= load()), source);
    return { stream: blob.stream(), total: blob.size };
  }
  const response = await fetch(source.url).catch((e: Error) => {
    throw new Error(`cannot load ${source.name} (${e.message}: offline?)`);
  });
  if (!response.ok || !response.body)
    throw new Error(`cannot load ${source.name} (${response.status})`);
  return { stream: response.body, total: Number(response.headers.get('content-length')) || 0 };
}

/** Rows between curve points, so a file gives about TARGET_CURVE_POINTS points. */
function curveStride(first: Uint8Array, total: number): number {
  let lines = 0;
  for (const b of first) if (b === 10) lines++;
  if (lines === 0 || total === 0) return 1;
  const estimatedRows = (total / first.length) * lines;
  return Math.max(1, Math.round(estimatedRows / TARGET_CURVE_POINTS));
}

function progress(runner: CsvRunner, t0: number, total: number): Progress {
  const info = runner.info();
  const series = [];
  for (let i = 0; i < runner.size; i++) series.push({ points: runner.newCurvePoints(i) });
  const elapsedMs = performance.now() - t0 - pausedMs;
  return { rows: info.rows, bytes: info.bytes, total, elapsedMs, series };
}

/** After the stream: each pipeline trained on a seeded share of the rows and tested on the rest
 * (spec 6.2), for files small enough to hold in memory; the label's task decides the figures
 * (yes/no, classes or a number), each beside the training part's baseline. */
async function holdout(
  op: Onepass,
  source: Source,
  options: RunOptions,
  total: number,
): Promise<void> {
  if (total > HOLDOUT_MAX_BYTES) {
    post({
      type: 'holdout',
      runs: [],
      message: `the holdout test needs the file in memory; files over ${HOLDOUT_MAX_BYTES / 2 ** 20} MB are validated progressively only`,
    });
    return;
  }
  try {
    const data = await loadData(op, source, options);
    try {
      const runs = options.pipelines.map((spec) => data.holdout(spec, holdoutOf(options)));
      post({ type: 'holdout', runs });
    } finally {
      data.dispose();
    }
  } catch (e) {
    post({ type: 'holdout', runs: [], message: e instanceof Error ? e.message : String(e) });
  }
}

/** After a run on a number: each model's predictions of a sample of the rows (sample.ts). */
async function sample(
  op: Onepass,
  source: Source,
  options: RunOptions,
  models: string[],
): Promise<void> {
  try {
    if (source.kind === 'file' && (await isEncodedFile(source.file))) {
      const message = 'a compressed, Parquet or Arrow file is not read a second time for a sample';
      post({ type: 'sample', samples: [], rows: 0, message });
      return;
    }
    const { stream } = await open(source);
    const between = async (): Promise<boolean> => {
      await new Promise((r) => setTimeout(r, 0)); // let a pause or cancel message in
      await whilePaused();
      return cancelled;
    };
    const sampled = await sampleRows(op, stream, models, options, between);
    post({ type: 'sample', ...sampled });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    post({ type: 'sample', samples: [], rows: 0, message });
  }
}

/** The whole source in memory, read as a run reads it, for the evaluation protocols. */
async function loadData(op: Onepass, source: Source, options: RunOptions): Promise<Dataset> {
  const { stream } = await open(source);
  return op.loadDataset(stream, readingOf(options));
}

/** k-fold cross-validation of one spec, or of every combination of a grid, one by one with
 * progress; Cancel stops between them. */
async function crossValidate(
  source: Source,
  options: RunOptions,
  spec: string,
  folds: number,
  grid: string,
): Promise<void> {
  cancelled = false;
  const size = source.kind === 'file' ? source.file.size : 0;
  if (size > HOLDOUT_MAX_BYTES) {
    post({
      type: 'cv',
      rows: [],
      folds,
      message: `cross-validation needs the file in memory; files over ${HOLDOUT_MAX_BYTES / 2 ** 20} MB are validated progressively only`,
    });
    return;
  }
  const rows: CvRow[] = [];
  // The task of the figures, as the data set decides it (unknown until it is read).
  let task: Task | undefined;
  try {
    const op = await (onepass ??= load());
    const specs = grid.trim() ? op.gridSpecs(spec, grid) : [spec];
    post({ type: 'cv-progress', done: 0, total: specs.length });
    const data = await loadData(op, source, options);
    try {
      for (const [i, s] of specs.entries()) {
        await new Promise((r) => setTimeout(r, 0)); // let a cancel message in
        if (cancelled) break;
        // Shuffled training order, as the holdout: a file sorted by class would flatter it.
        const cv = data.crossValidate(s, folds, { seed: options.seed, shuffle: true });
        rows.push({ spec: s, mean: cv.mean, sd: cv.sd, divergedFolds: cv.divergedFolds });
        post({ type: 'cv-progress', done: i + 1, total: specs.length });
      }
      task = data.task;
    } finally {
      data.dispose();
    }
    post({ type: 'cv', rows, folds, task, message: cancelled ? 'cancelled' : undefined });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    post({ type: 'cv', rows, folds, task, message });
  }
}

/** Thrown from a run's progress callback to end it when the page cancels. */
const CANCELLED = new Error('cancelled');

/** How many times its size a gzip-compressed CSV's or a Parquet file's text usually is: only to
 * space a curve. */
const ENCODED_RATIO = 5;

/** The source as CsvRunner.pushAll takes it (the File, or the sample's download as chunks), and
 * its first bytes, to space the curve's points. */
async function openForRun(source: Source): Promise<{
  input: Blob | AsyncIterable<Uint8Array>;
  first: Uint8Array;
  total: number;
  expected?: number;
  cancel(): Promise<void>;
}> {
  if (source.kind === 'file') {
    if (!(await isEncodedFile(source.file))) {
      const first = new Uint8Array(await source.file.slice(0, 1 << 20).arrayBuffer());
      return { input: source.file, first, total: source.file.size, cancel: async () => undefined };
    }
    // A .csv.gz or a Parquet file reads as its CSV text (the package gunzips it, or reads its
    // rows): its size says nothing of the bytes the run reads, so the share done is unknown; the
    // curve's points are spaced on its head, read as text, as if the text were ENCODED_RATIO
    // times the file.
    return {
      input: source.file,
      first: (await textHead(source.file, 1 << 20)).head,
      total: 0,
      expected: source.file.size * ENCODED_RATIO,
      cancel: async () => undefined,
    };
  }
  if (source.kind === 'generated') {
    // Made whole before the run, by the module the run uses: read as a File is read.
    const blob = generatedBlob(await (onepass ??= load()), source);
    const first = new Uint8Array(await blob.slice(0, 1 << 20).arrayBuffer());
    return { input: blob, first, total: blob.size, cancel: async () => undefined };
  }
  const { stream, total } = await open(source);
  // One reused buffer (chunksOf): the page's memory stays flat on a file of any size.
  const chunks = chunksOf(stream)[Symbol.asyncIterator]();
  const head = await chunks.next();
  const first = head.done ? new Uint8Array(0) : head.value;
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      if (!head.done) yield first;
      for (let c = await chunks.next(); !c.done; c = await chunks.next()) yield c.value;
    } finally {
      await chunks.return?.(undefined);
    }
  }
  return { input: all(), first: first.slice(0, 1 << 20), total, cancel: () => stream.cancel() };
}

/** What the run says as it reads: 'started' once the header is read (its features are known),
 * then progress a few times a second; between blocks it waits while paused, and a cancel
 * ends it. */
function reporter(
  csv: CsvRunner,
  pipelines: string[],
  t0: number,
  total: number,
): () => Promise<void> {
  let started = false;
  let lastPost = 0;
  return async () => {
    const info = started ? null : csv.info(); // asked only until the header is read
    if (info && info.features.length > 0) {
      started = true;
      post({ type: 'started', features: info.features, label: info.label, pipelines });
    }
    if (performance.now() - lastPost >= PROGRESS_INTERVAL_MS) {
      lastPost = performance.now();
      post({ type: 'progress', ...progress(csv, t0, total) });
      await new Promise((r) => setTimeout(r, 0)); // let a pause or cancel message in
    }
    await whilePaused();
    if (cancelled) throw CANCELLED;
  };
}

async function run(source: Source, options: RunOptions): Promise<void> {
  cancelled = false;
  paused = false;
  pausedMs = 0;
  const t0 = performance.now();
  let runner: CsvRunner | null = null;
  let total = 0;
  try {
    // Inside the try: a source that cannot be loaded (offline, a sample gone) ends the run with
    // its message, and the page is usable again.
    const op = await (onepass ??= load());
    const opened = await openForRun(source);
    total = opened.total;
    const every = curveStride(opened.first, opened.expected ?? total);
    const csv = op.csvRunner({
      ...readingOf(options),
      pipelines: options.pipelines,
      every,
      shuffleBuffer: options.shuffleBuffer,
      seed: options.seed,
    });
    runner = csv;
    let blocksApart = 0;
    try {
      // Parser workers parse while this thread learns (options.threads); between blocks the
      // run waits while paused, and a cancel ends it.
      const streamed = await csv.pushAll(opened.input, {
        threads: options.threads,
        onProgress: reporter(csv, options.pipelines, t0, total),
      });
      blocksApart = streamed.blocksApart;
    } catch (e) {
      if (e !== CANCELLED) throw e;
    }
    if (cancelled) await opened.cancel();
    else csv.finish();
    const models: string[] = [];
    for (let i = 0; i < csv.size; i++) models.push(csv.modelJSON(i));
    post({
      type: 'done',
      progress: progress(csv, t0, total),
      info: csv.info(),
      results: csv.results(),
      models,
      cancelled,
      blocksApart,
      every,
    });
    // Then the holdout test of the label's task, and for a number a sample of its predictions
    // (messages.ts waits for both).
    const task = csv.size > 0 ? csv.stats(0).task : 'binary';
    if (!cancelled && options.holdout > 0) await holdout(op, source, options, total);
    if (!cancelled && task === 'regression') await sample(op, source, options, models);
  } catch (e) {
    // A bad row (or a bad spec): what was learned before it is kept and reported.
    const message = e instanceof Error ? e.message : String(e);
    post({
      type: 'failed',
      message,
      progress: runner ? progress(runner, t0, total) : undefined,
      info: runner?.info(),
      results: runner?.results(),
    });
  } finally {
    runner?.dispose();
  }
}

/** Scores a file with a saved model: one prediction (and probability) per row, as CSV text. */
async function score(source: Source, model: string, onError: 'stop' | 'skip'): Promise<void> {
  cancelled = false;
  paused = false;
  const op = await (onepass ??= load());
  try {
    const scorer = op.csvScorer(model, { onError });
    const parts = [scorer.csvHeader];
    const { stream } = await open(source);
    for await (const value of chunksOf(stream)) {
      await whilePaused();
      if (cancelled) break;
      parts.push(scorer.toCsv(scorer.push(value)));
    }
    if (cancelled) {
      await stream.cancel();
      scorer.dispose();
      post({
        type: 'scored',
        rows: 0,
        labelled: 0,
        correct: 0,
        predictions: '',
        error: 'cancelled',
      });
      return;
    }
    parts.push(scorer.toCsv(scorer.finish()));
    const { rows, labelled, correct } = scorer;
    // A model of classes or of a number: the scorer's own words (accuracy of classes, or the
    // errors of a number), not a count of right answers that a number does not have.
    const summary = scorer.schema.task === 'binary' ? undefined : scorer.summary;
    scorer.dispose();
    post({ type: 'scored', rows, labelled, correct, predictions: parts.join(''), summary });
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    post({ type: 'scored', rows: 0, labelled: 0, correct: 0, predictions: '', error });
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === 'cancel' || msg.type === 'resume') {
    if (msg.type === 'cancel') cancelled = true;
    paused = false;
    wake?.();
  } else if (msg.type === 'pause') paused = true;
  else if (msg.type === 'score') void score(msg.source, msg.model, msg.onError);
  else if (msg.type === 'cross-validate')
    void crossValidate(msg.source, msg.options, msg.spec, msg.folds, msg.grid);
  else void run(msg.source, msg.options);
};
