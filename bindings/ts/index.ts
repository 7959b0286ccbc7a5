// onepass: one-pass online binary classifiers and feature scalers, in WebAssembly.
// The public API (README.md "API"): load(), then pipelines and CSV runners.
import { fail, isNode, loadModule, nodeModule, type LoadOptions } from './module.js';
import { streamInParallel, type RunInput } from './parallel.js';

export type { LoadOptions } from './module.js';
import type {
  RawCsvInfo,
  RawCsvPreview,
  RawMetrics,
  RawPipeline,
  RawRace,
  RawRunner,
  RawSparseRace,
  RawSvmlightInfo,
  RawSnapshot,
  RawSnapshotPart,
  RawStats,
  RawEntry,
  RawParam,
  RawSchema,
  RawScorer,
  RawDataset,
  RawRun,
  RawCv,
  RawCurve,
} from './onepass_wasm.mjs';

export type Snapshot = RawSnapshot;

/** A stage of a snapshot with plain number arrays (for JSON.stringify). */
export interface PlainSnapshotPart {
  name: string;
  arrays: Record<string, number[]>;
  scalars: Record<string, number>;
}
/** A snapshot with plain number arrays instead of Float64Arrays, ready for JSON. */
export interface PlainSnapshot {
  scalers: PlainSnapshotPart[];
  learner: PlainSnapshotPart;
}

/** The snapshot with its Float64Arrays as plain arrays: what JSON.stringify writes as lists. */
export function plainSnapshot(s: Snapshot): PlainSnapshot {
  const part = (p: RawSnapshot['learner']): PlainSnapshotPart => ({
    name: p.name,
    arrays: Object.fromEntries(Object.entries(p.arrays).map(([k, v]) => [k, Array.from(v)])),
    scalars: p.scalars,
  });
  return { scalers: s.scalers.map(part), learner: part(s.learner) };
}
export type SnapshotPart = RawSnapshotPart;
export type RegistryEntry = RawEntry;
export type RegistryParam = RawParam;

/** The page that describes every algorithm, numbered as `RegistryEntry.spec` and the D- codes. */
export const ALGORITHMS_DOC = 'docs/algorithms.md';
/** Where a registry entry's section is described: "docs/algorithms.md §4.1" for spec "4.1". */
export function algorithmsRef(section: string): string {
  return `${ALGORITHMS_DOC} §${section}`;
}
/**
 * The anchor of a section ("4.1" gives "s4-1") or a decision ("D-PATER-4" gives "d-pater-4") in
 * docs/algorithms.md, and in the demo's algorithms.html.
 */
export function algorithmsAnchor(id: string): string {
  return /^D-/.test(id) ? id.toLowerCase() : `s${id.replace('.', '-')}`;
}
export type CsvInfo = RawCsvInfo;
/**
 * The head of a CSV as a run would read it: each column's role and why, the first rows'
 * cells, the detected delimiter, the label values of the sampled rows (most frequent first)
 * and the positive class the run would use.
 */
export type CsvPreview = RawCsvPreview;
/** Counts of an svmlight stream: rows, skipped lines and their errors, the width, labels. */
export type SvmlightInfo = RawSvmlightInfo;
/** What a model was trained on: feature names in order and the label mapping. */
export type ModelSchema = RawSchema;
/** A pipeline's linear form in the raw features' units (Pipeline.linearWeights()). */
export interface LinearWeights {
  format: 'onepass-linear';
  version: 1;
  spec: string;
  features: string[];
  /** margin = sum_j coef[j] * x[j] + intercept; the label is positive when margin >= 0. */
  coef: number[];
  intercept: number;
  /** The value standing for a missing cell of each feature (null: any value does). */
  missing: (number | null)[];
  /** logistic: probability of the positive class = 1 / (1 + exp(-margin)). */
  link: 'logistic' | 'identity';
  positive: string;
  negative: string;
}

/** A model file (README.md "Models"): a versioned JSON object; pass it to loadPipeline(). */
export type ModelJSON = { format: 'onepass-model'; version: number; spec: string } & Record<
  string,
  unknown
>;
/** A model as an object or as the JSON text of one. */
export type ModelInput = ModelJSON | string;

function modelText(model: ModelInput): string {
  return typeof model === 'string' ? model : JSON.stringify(model);
}

/** Progressive-validation figures of a pipeline (spec 6.1): every row predicted before learned. */
export interface Stats extends RawStats {
  /** [rows, mistakes] pairs recorded every `every` rows. */
  curve: Float64Array;
}

export interface PipelineOptions {
  /** Record a point of the cumulative-mistakes curve every `every` rows (0: none). */
  every?: number;
  /** Feature names, saved in the model file (default x1, x2, ...). */
  features?: string[];
  /** Also keep the error and log-loss of the last `window` rows (rollingError, rollingLogLoss). */
  window?: number;
}

/**
 * What runCsv and loadDataset read: a ReadableStream (File.stream(), a fetch body) or any async
 * iterable of Uint8Array chunks, one Uint8Array, a string of CSV text, or, in Node, a file
 * path (a string without a line break).
 */
export type CsvSource =
  ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array | Blob | string;

/** How a CSV is read (the same options in csvRunner, runCsv, loadDataset and csvScorer). */
export interface CsvReadOptions {
  /** Label column: a header name or a 0-based index (-1: last). Default: the last column. */
  label?: string | number;
  /**
   * The label value of the positive class. Default: 1 for numeric labels (1 vs 0 or -1);
   * for other labels a value named 1, yes, true or positive, else the minority class of the
   * first rows (info().notices says which).
   */
  positive?: string;
  /** "stop" (default): the first bad row ends the stream; "skip": bad rows are counted. */
  onError?: 'stop' | 'skip';
  /**
   * false: the first line is data; columns are named c1, c2, ... 'auto': decided from the
   * first rows (a header unless the numeric columns have numbers in the first line too).
   */
  header?: boolean | 'auto';
  /** One character, or 'tab'. Default: detected from the first line (',', ';', tab, '|'). */
  delimiter?: string;
  /** Lines to pass over before the header (or the first row). */
  skipLines?: number;
  /** Lines that start with this character are passed over (e.g. '|' or '#'). */
  comment?: string;
  /** Cells that stand for a missing value. Default: '', '?', NA, N/A, NaN, nan, null, NULL, None. */
  missing?: string[];
  /** Characters trimmed from both ends of label values ('.' reads '>50K.' as '>50K'). */
  labelTrim?: string;
  /** Column roles by name; other columns' roles are inferred from the first sampleRows rows. */
  numeric?: string[];
  categorical?: string[];
  text?: string[];
  ignore?: string[];
  /** Rows read to infer column roles (default 1000; 0: every column is numeric). */
  sampleRows?: number;
  /** Named values per categorical column before further values are hashed (default 1000). */
  maxLevels?: number;
  /** Hashed buckets per categorical column past maxLevels (default 64). */
  levelBuckets?: number;
  /** 2^textBits hashed word buckets per text column (default 18). */
  textBits?: number;
  /**
   * true: the pipelines' scalers scale the categorical and text features too (online scalers
   * only; a warm-up scaler such as lp refuses). Default: they reach the learner as they are.
   */
  scaleEncoded?: boolean;
  /** The longest record in bytes (default 1 MB): a stray quote cannot swallow the stream. */
  maxRecordBytes?: number;
  /** The most columns a file may have (default 100,000). */
  maxFields?: number;
}

export interface CsvOptions extends CsvReadOptions {
  /** Pipeline spec strings, e.g. "zscore | logreg(eta0=0.1)". One parse feeds all of them. */
  pipelines?: string[];
  /** Or models to train further (all trained on the same features, matched by header name). */
  models?: ModelInput[];
  /** Curve point every `every` rows (0: none). */
  every?: number;
  /** Also keep the error and log-loss of the last `window` rows. */
  window?: number;
  /** Shuffle the rows through a buffer of this many rows (bounded memory); default: file order. */
  shuffleBuffer?: number;
  /** Seed of the shuffle (default 1). */
  seed?: number;
}

/** How svmlight / libsvm text is read (runners, scorers, data sets). */
export interface SvmlightReadOptions {
  /** The number of features (required, except with models, which know theirs: a stream's
   * largest index is known only at its end). */
  dims?: number;
  /** The index of the first feature in the file: 1 (svmlight, libsvm; default) or 0. A model
   * reads indices as its training file did. */
  indexBase?: 0 | 1;
  /** The label value of the positive class. Default: numeric labels, 1 vs 0 or -1 (or the
   * model's positive class). */
  positive?: string;
  /** "stop" (default): the first bad line ends the stream; "skip": bad lines are counted. */
  onError?: 'stop' | 'skip';
}

/** Options of Onepass.svmlightRunner: sparse rows from svmlight / libsvm text. */
export interface SvmlightOptions extends SvmlightReadOptions {
  /** Pipeline spec strings; one parse feeds all of them. */
  pipelines?: string[];
  /** Or models trained on svmlight rows, to train further. */
  models?: ModelInput[];
  /** Curve point every `every` rows (0: none). */
  every?: number;
  /** Also keep the error and log-loss of the last `window` rows. */
  window?: number;
}

/** How loadDataset reads its source: CSV options, or svmlight ones with format: 'svmlight';
 * like: a test file read as this training data set was read (features, levels, labels,
 * width). */
export type DatasetOptions =
  | (CsvReadOptions & { format?: 'csv'; like?: Dataset })
  | (SvmlightReadOptions & { format: 'svmlight'; like?: Dataset });

export interface PipelineResult extends Stats {
  pipeline: string;
  canonical: string;
  hasProbability: boolean;
  snapshot: Snapshot;
}

/** Largest slice of a chunk copied into wasm memory at once. */
const MAX_SLICE = 1 << 20;

/** Hands bytes to a raw CSV consumer (runner, scorer, data set): copied into its buffer in
 * wasm memory a slice at a time, one call per slice; throws the error that stopped it. */
function pushBytes(
  raw: { chunkBuffer(n: number): Uint8Array; push(n: number): string },
  chunk: Uint8Array,
): void {
  for (let at = 0; at < chunk.length; at += MAX_SLICE) {
    const part = chunk.subarray(at, Math.min(chunk.length, at + MAX_SLICE));
    raw.chunkBuffer(part.length).set(part);
    const err = raw.push(part.length);
    if (err) fail(err);
  }
}

/** The widest row a pipeline takes: its learner keeps a few doubles per feature. */
const MAX_DIMS = 2 ** 24;

function checkDims(dims: number, what = 'dims'): void {
  if (!Number.isInteger(dims) || dims <= 0 || dims > MAX_DIMS)
    fail(`${what} must be a whole number from 1 to ${MAX_DIMS} (got ${String(dims)})`);
}

/** Refuses option keys that nothing reads (a typo would be silently ignored), naming them. */
function checkKeys(where: string, options: object, allowed: Iterable<string>): void {
  const known = new Set(allowed);
  for (const key of Object.keys(options))
    if (!known.has(key))
      fail(`${where}: unknown option '${key}'; the options are: ${[...known].join(', ')}`);
}

/** A count option (every, window, shuffleBuffer, seed): undefined, or a whole number from 0 to
 * max; the message names the option. */
function countOption(name: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    fail(`option ${name} must be a whole number from 0 to ${max} (got ${String(value)})`);
  return value;
}

/** every and window of a pipeline or runner; shuffleBuffer and seed of a CSV runner. */
function checkCounts(o: {
  every?: unknown;
  window?: unknown;
  shuffleBuffer?: unknown;
  seed?: unknown;
}): void {
  countOption('every', o.every, Number.MAX_SAFE_INTEGER);
  countOption('window', o.window, 10_000_000);
  countOption('shuffleBuffer', o.shuffleBuffer, 10_000_000);
  countOption('seed', o.seed, Number.MAX_SAFE_INTEGER);
}

/** A learning call's predictions, or an Error carrying the predictions made before it. */
function predictionsOf(out: { predictions: Int8Array; error?: string }): Int8Array {
  if (out.error !== undefined) {
    const err = new Error(out.error) as Error & { predictions?: Int8Array };
    err.predictions = out.predictions;
    throw err;
  }
  return out.predictions;
}

/** Sparse rows in compressed sparse row form into a raw pipeline's buffers (learnSparse,
 * scoreSparse), one value per index. */
function copySparse(
  p: RawPipeline,
  batch: {
    offsets: Uint32Array | ArrayLike<number>;
    indices: Uint32Array | ArrayLike<number>;
    values: Float64Array | ArrayLike<number>;
  },
): void {
  const { offsets, indices, values } = batch;
  if (indices.length !== values.length)
    fail(`indices has ${indices.length} entries and values ${values.length}: one value per index`);
  p.offsetBuffer(offsets.length).set(offsets);
  p.indexBuffer(indices.length).set(indices);
  p.inputBuffer(values.length).set(values);
}

function toFloat64(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

/** Frees the wasm memory of an object its owner forgot to dispose(), once the garbage collector
 * has collected the owner (a safety net: collection may come late, or not before the page
 * ends; dispose() or `using` frees it at once). */
const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<{ delete(): void }>((raw) => raw.delete())
    : null;

/** What every object holding wasm memory shares: dispose() (and `using`, Symbol.dispose) frees
 * it at once; otherwise it is freed some time after the object is collected. */
export class WasmOwned<R extends { delete(): void }> {
  #raw: R | null;

  /** @internal */
  constructor(raw: R) {
    this.#raw = raw;
    finalizer?.register(this, raw, this);
  }

  /** The raw object, or an Error saying that `what` was disposed. */
  protected held(what: string): R {
    return this.#raw ?? fail(`this ${what} was disposed`);
  }

  /** Frees the wasm memory now (later calls do nothing). */
  dispose(): void {
    if (!this.#raw) return;
    finalizer?.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  /** `using p = op.pipeline(...)` disposes p at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }
}

/** A pipeline: scalers then a learner, optionally "+avg". */
export class Pipeline extends WasmOwned<RawPipeline> {
  #curveSeen = 0;
  #features: string[] | undefined;

  /** @internal use Onepass.pipeline() or Onepass.loadPipeline() */
  constructor(raw: RawPipeline, features?: string[]) {
    super(raw);
    this.#features = features;
  }

  get #p(): RawPipeline {
    return this.held('pipeline');
  }

  get spec(): string {
    return this.#p.spec();
  }
  /** The spec with every parameter spelled out. */
  get canonical(): string {
    return this.#p.canonical();
  }
  /** The input width, fixed by the first row (0 before it). */
  get dims(): number {
    return this.#p.dims();
  }
  get hasProbability(): boolean {
    return this.#p.hasProbability();
  }

  /**
   * Learns one row (label +1/-1, or 1/0); returns the prediction made before learning, or 0
   * while a warm-up scaler (as, lp, bns, ...) holds the row: it is predicted and learned, in
   * order, once that scaler has its warm-up rows (or at finish()).
   */
  learnOne(x: ArrayLike<number>, y: number): number {
    for (let j = 0; j < x.length; j++)
      if (typeof x[j] !== 'number')
        fail(`feature ${j + 1} is ${JSON.stringify(x[j])}, not a number (NaN for a missing value)`);
    try {
      return this.learnMany(toFloat64(x), Float64Array.of(y), x.length)[0];
    } catch (e) {
      throw new Error((e as Error).message.replace(/^row 0: /, ''));
    }
  }

  /**
   * Learns `labels.length` rows stored row-major in `rows` (dims values each), in one call
   * into wasm. Returns the predictions made before learning each row. On a bad row, the rows
   * before it are learned and an Error says which row and why.
   */
  learnMany(rows: Float64Array, labels: Int8Array | Float64Array, dims: number): Int8Array {
    const p = this.#p;
    const n = labels.length;
    checkDims(dims);
    if (rows.length !== n * dims)
      fail(`rows has ${rows.length} values; ${n} labels of ${dims} features need ${n * dims}`);
    p.inputBuffer(rows.length).set(rows);
    p.labelBuffer(n).set(labels);
    return predictionsOf(p.learnMany(n, dims));
  }

  /**
   * Learns sparse rows (text-like data: most features 0) in one call into wasm, in compressed
   * sparse row form: row i is entries `offsets[i]` to `offsets[i + 1]` of `indices` (0-based
   * feature indices, increasing within a row, below `dims`) and `values`; a feature not listed
   * is 0. A learner and scalers that allow it (logreg, perceptron, the PA family, +avg;
   * maxabs, l1, l2) step in O(non-zeros); the others learn the row made dense,
   * with the same result. Returns the predictions made before learning each row; on a bad row
   * the rows before it are learned and an Error names the row and the entry.
   */
  learnSparse(
    batch: {
      offsets: Uint32Array | ArrayLike<number>;
      indices: Uint32Array | ArrayLike<number>;
      values: Float64Array | ArrayLike<number>;
      labels: Int8Array | Float64Array | ArrayLike<number>;
    },
    dims: number,
  ): Int8Array {
    const p = this.#p;
    checkDims(dims);
    const { offsets, labels } = batch;
    if (offsets.length !== labels.length + 1)
      fail(
        `offsets has ${offsets.length} entries; ${labels.length} rows need ${labels.length + 1}`,
      );
    copySparse(p, batch);
    p.labelBuffer(labels.length).set(labels);
    return predictionsOf(p.learnSparseMany(labels.length, dims));
  }

  /**
   * The margins (scores) of sparse rows, in the form learnSparse takes (without labels); nothing
   * is learned. On a bad row an Error names it and carries the scores of the rows before it.
   */
  scoreSparse(
    batch: {
      offsets: Uint32Array | ArrayLike<number>;
      indices: Uint32Array | ArrayLike<number>;
      values: Float64Array | ArrayLike<number>;
    },
    dims: number,
  ): Float64Array {
    const p = this.#p;
    checkDims(dims);
    const rows = batch.offsets.length - 1;
    if (rows < 0) fail('offsets needs one entry more than there are rows (at least [0])');
    copySparse(p, batch);
    const out = p.scoreSparseMany(rows, dims);
    if (out.error !== undefined) {
      const err = new Error(out.error) as Error & { scores?: Float64Array };
      err.scores = out.scores;
      throw err;
    }
    return out.scores;
  }

  /** End of the stream: warm-up scalers still collecting fit on what they hold, and those rows
   * are predicted and learned. */
  finish(): void {
    this.#p.finish();
  }

  /** The margin (score) of a row; nothing is learned. */
  scoreOne(x: ArrayLike<number>): number {
    const p = this.#p;
    p.inputBuffer(x.length).set(toFloat64(x));
    const s = p.score(x.length);
    return typeof s === 'string' ? fail(s) : s;
  }

  /** The predicted label (+1 or -1) of a row; nothing is learned. Ties predict +1. */
  predictOne(x: ArrayLike<number>): number {
    return this.scoreOne(x) >= 0 ? 1 : -1;
  }

  /** The probability of the positive class, for learners that have one (logreg). */
  predictProbaOne(x: ArrayLike<number>): number {
    if (!this.hasProbability)
      fail(`${this.spec}: this learner gives margins, not probabilities (use scoreOne)`);
    const s = this.scoreOne(x);
    return s >= 0 ? 1 / (1 + Math.exp(-s)) : Math.exp(s) / (1 + Math.exp(s));
  }

  stats(): Stats {
    return { ...this.#p.stats(), curve: this.#p.curve(0) };
  }

  /** Curve points recorded since the previous call, as [rows, mistakes] pairs. */
  newCurvePoints(): Float64Array {
    const pts = this.#p.curve(this.#curveSeen);
    this.#curveSeen += pts.length / 2;
    return pts;
  }

  /** Weights and per-feature state as named Float64Arrays (copies). */
  snapshot(): Snapshot {
    return this.#p.snapshot();
  }

  /** The model file of this pipeline: every stage's state, to save and load again exactly. */
  toJSON(): ModelJSON {
    return JSON.parse(this.#p.toJson(this.#features)) as ModelJSON;
  }

  /** The pipeline as an ONNX model (the bytes of a `.onnx` file), for pipelines with an exact
   * linear form: zscore, pareto, vast, level, twosd, ewzscore, robust, minmax (without clip) and maxabs scalers
   * before a learner whose margin is w.x + b (README "Models: save, load, resume, predict,
   * merge"). Input `x`: doubles, [rows, features]; outputs `label` (+1/-1), `margin` and, for
   * logistic learners, `probability`. A missing value is NaN, as here. Throws, saying which
   * stage has no such form, for the others. */
  toONNX(): Uint8Array {
    const r = this.#p.toOnnx(this.#features);
    if (r.error !== undefined || !r.onnx) fail(`no ONNX export: ${r.error}`);
    return r.onnx;
  }

  /** The same linear form as plain numbers, scalers folded in: margin = coef . x + intercept
   * on the raw feature values (scikit-learn's coef_ and intercept_); `missing[j]` is the value
   * that stands for a missing cell of feature j. Throws as toONNX() does. */
  linearWeights(): LinearWeights {
    const r = this.#p.linearWeights(this.#features);
    if (r.error !== undefined || r.weights === undefined) fail(`no linear export: ${r.error}`);
    return JSON.parse(r.weights) as LinearWeights;
  }

  /** What a loaded model was trained on (empty names for a new pipeline). */
  get schema(): ModelSchema {
    return this.#p.schema();
  }
}

/** Rows scored by a Scorer: margins, predicted labels, probabilities when the model has them,
 * the file's labels (0 when it has none) and the line of each row. */
export interface ScoredRows {
  scores: Float64Array;
  predictions: Int8Array;
  probabilities: Float64Array | null;
  labels: Int8Array;
  lines: Float64Array;
}

/** Metric values by name, camelCase as the rest of the API: accuracy, error, precision,
 * recall, f1, balancedAccuracy, logLoss, tp, fp, tn, fn, and of scored rows auc and pAtK; null
 * where undefined (AUC with one class). */
export type MetricValues = RawMetrics;
export type RunResult = Omit<RawRun, 'error'>;
export type CvResult = Omit<RawCv, 'error'>;
export type CurveResult = Omit<RawCurve, 'error'>;

export interface EvalOptions {
  /** Seed of the splits and of the training order (default 1). */
  seed?: number;
  /** Shuffle the training order (S0's randomised one pass); default: file order. */
  shuffle?: boolean;
  /** Keep the class shares in splits and folds (default true, D-EVAL-1). */
  stratified?: boolean;
  /** k of Precision@k (default 20). */
  k?: number;
  /** Grid search, e.g. "lambda=0,0.01,0.1;mu=0,1" (holdout and given test sets). */
  grid?: string;
  /** The metric the grid search selects on (default accuracy). */
  select?: string;
  /** Share of the training part held out for selection (default 0.2). */
  validation?: number;
  /** Select on the test part, as S0 did: optimistic, and labelled so in the result. */
  optimistic?: boolean;
}

function checked<T extends { error?: string }>(r: T): Omit<T, 'error'> {
  if (r.error !== undefined) fail(r.error);
  return r;
}

/** A labelled CSV held in memory for the evaluation protocols (spec 6.2-6.4). */
export class Dataset extends WasmOwned<RawDataset> {
  /** @internal use Onepass.loadDataset() */
  constructor(raw: RawDataset) {
    super(raw);
  }

  /** @internal */
  get raw(): RawDataset {
    return this.held('data set');
  }

  get size(): number {
    return this.raw.size();
  }
  /** Feature names (none for svmlight rows, whose features are indices). */
  get features(): string[] {
    return this.raw.features();
  }
  /** The number of features a pipeline sees. */
  get width(): number {
    return this.raw.width();
  }

  /** Seeded split, one pass over the training part, then the test part (spec 6.2). */
  holdout(spec: string, options: EvalOptions & { testFraction?: number } = {}): RunResult {
    return checked(this.raw.holdout(spec, options));
  }
  /** Trains on this data set and tests on another (a given train/test pair). */
  evaluateOn(test: Dataset, spec: string, options: EvalOptions = {}): RunResult {
    return checked(this.raw.withTest(spec, test.raw, options));
  }
  /** k-fold cross-validation with consistent seeded folds, AUC per fold averaged (spec 6.3). */
  crossValidate(spec: string, folds: number, options: EvalOptions = {}): CvResult {
    return checked(this.raw.crossValidate(spec, folds, options));
  }
  /** Nested training subsets of each training fold, tested on that fold (spec 6.4). */
  learningCurve(
    spec: string,
    folds: number,
    fractions: number[],
    options: EvalOptions = {},
  ): CurveResult {
    return checked(this.raw.learningCurve(spec, folds, fractions, options));
  }
}

/** Frozen predictions of a model over CSV or svmlight bytes; nothing is learned. */
export class Scorer extends WasmOwned<RawScorer> {
  /** Rows scored so far, those with a label, and those predicted right. */
  rows = 0;
  labelled = 0;
  correct = 0;

  /** @internal use Onepass.csvScorer() or Onepass.svmlightScorer() */
  constructor(raw: RawScorer) {
    super(raw);
  }

  get #s(): RawScorer {
    return this.held('scorer');
  }

  get hasProbability(): boolean {
    return this.#s.hasProbability();
  }
  /** Whether the file has the model's label column (then labels are filled in). */
  get hasLabels(): boolean {
    return this.#s.hasLabels();
  }
  get schema(): ModelSchema {
    return this.#s.schema();
  }

  #take(): ScoredRows {
    const { scores, labels, lines } = this.#s.take();
    const predictions = Int8Array.from(scores, (s) => (s >= 0 ? 1 : -1));
    const probabilities = this.#s.hasProbability()
      ? Float64Array.from(scores, (s) =>
          s >= 0 ? 1 / (1 + Math.exp(-s)) : Math.exp(s) / (1 + Math.exp(s)),
        )
      : null;
    this.rows += scores.length;
    for (let i = 0; i < labels.length; i++)
      if (labels[i] !== 0) {
        this.labelled++;
        if (labels[i] === predictions[i]) this.correct++;
      }
    return { scores, predictions, probabilities, labels, lines };
  }

  /** The header of the predictions CSV: line, prediction, score (, probability). */
  get csvHeader(): string {
    return `line,prediction,score${this.hasProbability ? ',probability' : ''}\n`;
  }

  /** Scored rows as predictions CSV lines, the prediction in the model's own label values. */
  toCsv(r: ScoredRows): string {
    const { positive, negative } = this.schema;
    let text = '';
    for (let i = 0; i < r.scores.length; i++) {
      text += `${r.lines[i]},${r.predictions[i] > 0 ? positive : negative || '-1'},${r.scores[i]}`;
      text += r.probabilities ? `,${r.probabilities[i]}\n` : '\n';
    }
    return text;
  }

  /** Scores the complete rows of a chunk of bytes. */
  push(chunk: Uint8Array): ScoredRows {
    pushBytes(this.#s, chunk);
    return this.#take();
  }

  /** End of input: scores a last line without a line break. */
  finish(): ScoredRows {
    const err = this.#s.finish();
    if (err) fail(err);
    return this.#take();
  }
}

/** The scorer of CSV bytes (csvScorer): the same class for both formats. */
export { Scorer as CsvScorer };

/** Bytes through several pipelines with one parse, one wasm call per chunk: what the CSV and
 * the svmlight runners share. */
export class Runner<R extends RawRunner = RawRunner> extends WasmOwned<R> {
  #curveSeen: number[];

  /** @internal use Onepass.csvRunner() or Onepass.svmlightRunner() */
  constructor(raw: R) {
    super(raw);
    this.#curveSeen = new Array(raw.size()).fill(0);
  }

  protected get raw(): R {
    return this.held('runner');
  }

  get size(): number {
    return this.raw.size();
  }

  /**
   * Parses a chunk of bytes (any size; a row may be split between chunks) and runs its rows
   * through every pipeline. Throws at a bad row under onError "stop": the rows before it
   * are learned, and later pushes throw the same error.
   */
  push(chunk: Uint8Array): void {
    pushBytes(this.raw, chunk);
  }

  /** End of input (parses a last line without a line break). */
  finish(): void {
    const err = this.raw.finish();
    if (err) fail(err);
  }

  stats(i: number): Stats {
    return { ...this.raw.stats(i), curve: this.raw.curve(i, 0) };
  }

  /** Curve points of pipeline i recorded since the previous call. */
  newCurvePoints(i: number): Float64Array {
    const pts = this.raw.curve(i, this.#curveSeen[i]);
    this.#curveSeen[i] += pts.length / 2;
    return pts;
  }

  snapshot(i: number): Snapshot {
    return this.raw.snapshot(i);
  }

  /** Pipeline i's result as one line of JSON, what `onepass run --json` and `onepass-native
   * run` print: pipeline, canonical, rows, mistakes, error, logLoss, features, weights, bias,
   * arrays, scalers, diverged, warnings, skipped, curve. */
  resultJSON(i: number): string {
    return this.raw.resultJson(i);
  }

  results(): PipelineResult[] {
    const r = this.raw;
    const out: PipelineResult[] = [];
    for (let i = 0; i < r.size(); i++)
      out.push({
        pipeline: r.spec(i),
        canonical: r.canonical(i),
        hasProbability: r.hasProbability(i),
        ...this.stats(i),
        snapshot: r.snapshot(i),
      });
    return out;
  }
}

/** How pushAll reads: parser workers, and a callback after each chunk. */
export interface StreamOptions {
  /** Threads in all (docs/design.md, "Every core"): 1 parses and learns on this thread; with
   * more, threads - 1 parser workers (worker threads in Node, Web Workers in browsers) parse
   * the stream while this thread learns. The results are the same bit for bit. In Node a file
   * given by its path is read by the workers themselves. Default 1. */
  threads?: number;
  /** Called as the source is read, with the bytes read so far; a promise it returns is
   * awaited before reading on (a pause). */
  onProgress?: (bytes: number) => void | Promise<void>;
}

/** Streams CSV bytes through several pipelines with one parse, one wasm call per chunk. */
export class CsvRunner extends Runner<RawRace> {
  #parallel: { options: object; source: LoadOptions };

  /** @internal use Onepass.csvRunner() */
  constructor(raw: RawRace, parallel: { options: object; source: LoadOptions }) {
    super(raw);
    this.#parallel = parallel;
  }

  /**
   * Streams a whole source (a ReadableStream or async iterable of chunks, bytes, CSV text, or in
   * Node a file path) through the pipelines, with `threads` threads. Throws as push() does;
   * the rows before a bad row are learned. Call finish() after it. Returns how many blocks of
   * the stream parser workers read (0 on one thread, or when the stream never settled: fewer
   * rows than the roles' sample, one label only, encoded columns).
   */
  async pushAll(source: CsvSource, options: StreamOptions = {}): Promise<{ blocksApart: number }> {
    checkKeys('pushAll', options, ['threads', 'onProgress']);
    return streamInParallel(
      {
        race: this.raw,
        push: (bytes) => this.push(bytes),
        options: this.#parallel.options,
        source: this.#parallel.source,
      },
      await runInput(source),
      options.threads ?? 1,
      options.onProgress,
    );
  }

  /** Schema and counts: feature names, label, rows, skipped rows and their errors, warnings. */
  info(): CsvInfo {
    return this.raw.info();
  }

  /** The model file of pipeline i, with the CSV's feature names and label mapping. */
  toJSON(i: number): ModelJSON {
    return JSON.parse(this.raw.toJson(i)) as ModelJSON;
  }
}

/** Streams svmlight / libsvm text (sparse rows) through several pipelines with one parse, one
 * wasm call per chunk; each row steps in O(non-zeros) where the pipeline's stages allow. */
export class SvmlightRunner extends Runner<RawSparseRace> {
  /** Counts: rows, positives, skipped lines and their errors, the width, the labels seen. */
  info(): SvmlightInfo {
    return this.raw.info();
  }

  /** The model file of pipeline i: it reads svmlight rows (svmlightScorer, models). */
  toJSON(i: number): ModelJSON {
    return JSON.parse(this.raw.toJson(i)) as ModelJSON;
  }
}

export interface Onepass {
  /** Every learner, scaler and modifier with its parameters, defaults, ranges and help. */
  registry(): RegistryEntry[];
  /**
   * The pipeline to use when the user chooses none (the CLI without --pipeline, the demo's
   * first run): chosen on the bundled data sets against batch logistic regression
   * (docs/quality.md).
   */
  readonly defaultPipeline: string;
  /**
   * Reads the head of a CSV (its first bytes, or all of it with complete: true) as a run
   * with the same options would, without learning: roles, first rows, label values. Pass at
   * least the first 1,000 rows, which a run samples to infer roles.
   */
  previewCsv(
    head: Uint8Array | string,
    options?: CsvReadOptions & { complete?: boolean; rows?: number },
  ): CsvPreview;
  /** Builds a pipeline from a spec string; throws an Error saying what is accepted. */
  pipeline(spec: string, options?: PipelineOptions): Pipeline;
  csvRunner(options: CsvOptions): CsvRunner;
  /** Sparse rows from svmlight / libsvm text ("label index:value ..." lines), in chunks. */
  svmlightRunner(options: SvmlightOptions): SvmlightRunner;
  /** A pipeline from a model file, ready to predict or to learn further. */
  loadPipeline(model: ModelInput): Pipeline;
  /** Parameter mixing: the mean of models of the same pipeline trained on shards of a stream. */
  merge(models: ModelInput[]): ModelJSON;
  /** The WebAssembly heap: its size in bytes (it grows as needed and never shrinks) and the
   * bytes held by live objects (pipelines, runners, data sets, scorers), which dispose() gives
   * back at once and a forgotten object gives back some time after it is collected. */
  memory(): { heapBytes: number; inUseBytes: number };
  /** The names of the metrics of evaluations, in the core's order (MetricValues' keys). */
  metricNames(): (keyof MetricValues)[];
  /** Every combination of a parameter grid ("eta0=0.01,0.1;lambda=0,1e-4") applied to a spec,
   * each parameter to the stage that declares it (the learner first), as spec strings. */
  gridSpecs(spec: string, grid: string): string[];
  /** Reads a labelled CSV (or, with format: 'svmlight', svmlight rows) into memory for
   * holdout, cross-validation and learning curves. */
  loadDataset(source: CsvSource, options?: DatasetOptions): Promise<Dataset>;
  /** Frozen predictions of a model over CSV bytes (label column optional). */
  csvScorer(model: ModelInput, options?: CsvReadOptions): Scorer;
  /** Frozen predictions of a model trained on svmlight rows over svmlight bytes. */
  svmlightScorer(
    model: ModelInput,
    options?: Pick<SvmlightReadOptions, 'positive' | 'onError'>,
  ): Scorer;
  /** Streams a whole source through pipelines. */
  runCsv(
    source: CsvSource,
    options: CsvOptions & Pick<StreamOptions, 'threads'>,
  ): Promise<{ info: CsvInfo; results: PipelineResult[] }>;
}

/** Bytes read from a stream at a time when it lets the reader bring its own buffer. */
const CHUNK_BYTES = 1 << 20;

/**
 * The chunks of a byte source, for `CsvRunner.push` and the like. A byte stream (a File's or a
 * fetch body's in current browsers) is read into one reused buffer of `chunkBytes`: no garbage per
 * chunk, so memory stays flat however large the file (the collector would otherwise let hundreds
 * of megabytes of spent chunks pile up). Each chunk yielded is therefore only valid until the next
 * one is asked for: copy it (push does) before going on. Other streams and async iterables are
 * passed through as they come.
 */
/** The options of csvRunner and runCsv besides the CSV options. */
const RUNNER_KEYS = ['pipelines', 'models', 'every', 'window', 'shuffleBuffer', 'seed'];
/** How svmlight text is read (SvmlightReadOptions). */
const SVMLIGHT_KEYS = ['dims', 'indexBase', 'positive', 'onError'];

/** Bytes from what runCsv and loadDataset accept: a ReadableStream or async iterable of chunks,
 * one Uint8Array, a string of CSV text, or (in Node) a file path, a string without a line
 * break. Anything else is refused with a message saying what is accepted. */
async function* sourceChunks(source: unknown): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    yield* chunksOf(source.stream());
    return;
  }
  if (typeof source === 'string') {
    if (source.includes('\n') || !isNode) {
      yield new TextEncoder().encode(source);
      return;
    }
    const fs = await nodeModule<typeof import('node:fs')>('fs');
    let stream;
    try {
      stream = fs.createReadStream(source, { highWaterMark: CHUNK_BYTES });
      await new Promise<void>((resolve, reject) =>
        stream!.once('open', () => resolve()).once('error', reject),
      );
    } catch (e) {
      fail(`cannot read the file '${source}': ${(e as Error).message}`);
    }
    yield* stream as AsyncIterable<Uint8Array>;
    return;
  }
  const s = source as { getReader?: unknown; [Symbol.asyncIterator]?: unknown } | null;
  if (s && (typeof s.getReader === 'function' || typeof s[Symbol.asyncIterator] === 'function')) {
    yield* chunksOf(source as ReadableStream<Uint8Array>);
    return;
  }
  fail(
    'the source must be a ReadableStream, an async iterable of Uint8Array chunks, a Uint8Array, ' +
      'a Blob (a File) or a string of CSV text (in Node, a file path); got ' +
      (source === null ? 'null' : typeof source),
  );
}

/** A source as parser workers take it: its chunks, and when it is a regular file in Node (by
 * its path), the file and its size, whose ranges the workers read themselves. */
async function runInput(source: CsvSource): Promise<RunInput> {
  const chunks = sourceChunks(source);
  if (isNode && typeof source === 'string' && !source.includes('\n')) {
    const fs = await nodeModule<typeof import('node:fs')>('fs');
    const stat = fs.statSync(source, { throwIfNoEntry: false });
    if (stat?.isFile()) return { chunks, file: { file: source, size: stat.size } };
  }
  return { chunks };
}

export async function* chunksOf(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  if (typeof (source as ReadableStream).getReader !== 'function') {
    yield* source as AsyncIterable<Uint8Array>;
    return;
  }
  const stream = source as ReadableStream<Uint8Array>;
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    // not a byte stream: read what it gives
  }
  if (!byob) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  try {
    // A read transfers the buffer it fills and hands it back inside its result: keep that one.
    let buffer = new ArrayBuffer(chunkBytes);
    for (let done = false; !done;) {
      let filled = 0;
      while (filled < chunkBytes) {
        const r = await byob.read(new Uint8Array(buffer, filled, chunkBytes - filled));
        if (r.value) buffer = r.value.buffer as ArrayBuffer;
        if (r.done) {
          done = true;
          break;
        }
        filled += r.value.byteLength;
      }
      if (filled > 0) yield new Uint8Array(buffer, 0, filled);
    }
  } finally {
    byob.releaseLock();
  }
}

/** Loads the WebAssembly module. Works in Node 18+ (ESM), browsers and Web Workers. */
export async function load(options: LoadOptions = {}): Promise<Onepass> {
  const { raw, source: moduleSource } = await loadModule(options);

  // The CSV options the core reads (api/csv_options.hpp): the one list of their names.
  const csvKeys = raw.csvOptionNames();

  // Every raw object is initialised by one call that returns "" or the error; on an error it
  // is freed and the error thrown.
  const created = <T extends { delete(): void }>(obj: T, init: (o: T) => string): T => {
    const err = init(obj);
    if (err) {
      obj.delete();
      fail(err);
    }
    return obj;
  };

  const api: Onepass = {
    registry: () => JSON.parse(raw.registryJson()) as RegistryEntry[],
    defaultPipeline: raw.defaultPipeline(),
    previewCsv(head, opts = {}) {
      const { complete, ...rest } = opts;
      const text = typeof head === 'string' ? head : new TextDecoder().decode(head);
      const label = rest.label === undefined ? undefined : String(rest.label);
      const r = raw.previewCsv(text, complete ?? false, { ...rest, label });
      if ('error' in r) fail(r.error);
      return r as CsvPreview;
    },
    pipeline(spec, opts = {}) {
      checkCounts(opts);
      const p = created(new raw.Pipeline(), (o) => o.init(spec, opts.every ?? 0, opts.window ?? 0));
      return new Pipeline(p, opts.features);
    },
    loadPipeline(model) {
      return new Pipeline(created(new raw.Pipeline(), (o) => o.initModel(modelText(model))));
    },
    memory: () => raw.memory(),
    metricNames: () => raw.metricNames(),
    gridSpecs(spec, grid) {
      const out = raw.gridSpecs(spec, grid);
      return out.specs ?? fail(out.error ?? 'not a grid');
    },
    merge(models) {
      const out = raw.merge(models.map(modelText));
      if (out.error !== undefined) fail(out.error);
      return JSON.parse(out.model as string) as ModelJSON;
    },
    csvScorer(model, opts = {}) {
      checkKeys('csvScorer', opts, csvKeys);
      const label = opts.label === undefined ? undefined : String(opts.label);
      const s = created(new raw.Scorer(), (o) => o.init(modelText(model), { ...opts, label }));
      return new Scorer(s);
    },
    svmlightScorer(model, opts = {}) {
      checkKeys('svmlightScorer', opts, ['positive', 'onError']);
      const s = created(new raw.Scorer(), (o) =>
        o.init(modelText(model), { ...opts, format: 'svmlight' }),
      );
      return new Scorer(s);
    },
    async loadDataset(source, opts = {}) {
      let init: object;
      if (opts.format === 'svmlight') {
        checkKeys('loadDataset', opts, [...SVMLIGHT_KEYS, 'format', 'like']);
        if (!opts.like) checkDims(opts.dims ?? NaN, 'option dims');
        init = opts;
      } else {
        checkKeys('loadDataset', opts, [...csvKeys, 'format', 'like']);
        init = { ...opts, label: opts.label === undefined ? undefined : String(opts.label) };
      }
      const like = opts.like;
      const d = created(new raw.Dataset(), (o) =>
        like ? o.initLike(init, like.raw) : o.init(init),
      );
      try {
        for await (const chunk of sourceChunks(source)) pushBytes(d, chunk);
        const err = d.finish();
        if (err) fail(err);
      } catch (e) {
        d.delete();
        throw e;
      }
      return new Dataset(d);
    },
    csvRunner(opts) {
      checkCounts(opts ?? {});
      checkKeys('csvRunner', opts ?? {}, [...csvKeys, ...RUNNER_KEYS]);
      if (opts?.pipelines !== undefined && !Array.isArray(opts.pipelines))
        fail("option pipelines must be a list of spec strings, e.g. ['zscore | logreg']");
      const specs = opts?.pipelines ?? [];
      const models = opts?.models ?? [];
      if (specs.length === 0 && models.length === 0)
        fail('csvRunner needs pipeline specs in options.pipelines (or models in options.models)');
      if (specs.length > 0 && models.length > 0)
        fail('csvRunner takes either options.pipelines or options.models, not both');
      const label = opts.label === undefined ? undefined : String(opts.label);
      const init = { ...opts, models: models.map(modelText), label };
      const r = created(new raw.Race(), (o) => o.init(init));
      return new CsvRunner(r, { options: init, source: moduleSource });
    },
    svmlightRunner(opts) {
      checkKeys('svmlightRunner', opts ?? {}, [
        ...SVMLIGHT_KEYS,
        ...RUNNER_KEYS.filter((k) => k !== 'shuffleBuffer' && k !== 'seed'),
      ]);
      const specs = opts?.pipelines ?? [];
      const models = opts?.models ?? [];
      if (specs.length === 0 && models.length === 0)
        fail(
          'svmlightRunner needs pipeline specs in options.pipelines (or models in options.models)',
        );
      if (specs.length > 0 && models.length > 0)
        fail('svmlightRunner takes either options.pipelines or options.models, not both');
      checkCounts(opts);
      if (models.length === 0 || opts.dims !== undefined)
        checkDims(opts.dims ?? NaN, 'option dims');
      return new SvmlightRunner(
        created(new raw.SparseRace(), (o) => o.init({ ...opts, models: models.map(modelText) })),
      );
    },
    async runCsv(source, opts) {
      const { threads, ...csvOptions } = opts ?? {};
      const runner = api.csvRunner(csvOptions);
      try {
        await runner.pushAll(source, { threads });
        runner.finish();
        return { info: runner.info(), results: runner.results() };
      } finally {
        runner.dispose();
      }
    },
  };
  return api;
}
