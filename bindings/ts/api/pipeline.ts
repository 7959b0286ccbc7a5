// A pipeline (scalers then a learner) learning and scoring rows given one by one or in batches.
import type { RawPipeline, RawPrediction } from '../onepass_wasm.mjs';
import { fail, modelText } from '../shared/errors.js';
import { WasmOwned } from './owned.js';
import { checkDims, rollingCurve, toFloat64 } from './checks.js';
import type { LinearWeights, ModelJSON, ModelSchema, Snapshot, Stats } from './types.js';

/** An Error for a failed batch: "row i: why" when a row is at fault (one row alone: "why"),
 * with the row's index as `row` and what came before it (predictions, scores). */
function batchError<T extends object>(
  out: { error?: string; row?: number },
  before: T,
  oneRow = false,
): Error & T & { row?: number } {
  const where = out.row === undefined || oneRow ? '' : `row ${out.row}: `;
  return Object.assign(new Error(where + out.error), before, { row: out.row });
}

/** A learning call's predictions, or an Error carrying the predictions made before it. */
function predictionsOf(
  out: { predictions: Int8Array; error?: string; row?: number },
  oneRow = false,
): Int8Array {
  if (out.error !== undefined) throw batchError(out, { predictions: out.predictions }, oneRow);
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
    return this.#learnRows(toFloat64(x), Float64Array.of(y), x.length, true)[0];
  }

  /**
   * Learns `labels.length` rows stored row-major in `rows` (dims values each), in one call
   * into wasm. Returns the predictions made before learning each row. On a bad row, the rows
   * before it are learned and an Error says which row and why.
   */
  learnMany(rows: Float64Array, labels: Int8Array | Float64Array, dims: number): Int8Array {
    return this.#learnRows(rows, labels, dims, false);
  }

  #learnRows(
    rows: Float64Array,
    labels: Int8Array | Float64Array,
    dims: number,
    oneRow: boolean,
  ): Int8Array {
    const p = this.#p;
    const n = labels.length;
    checkDims(dims);
    if (rows.length !== n * dims)
      fail(`rows has ${rows.length} values; ${n} labels of ${dims} features need ${n * dims}`);
    p.inputBuffer(rows.length).set(rows);
    p.labelBuffer(n).set(labels);
    return predictionsOf(p.learnMany(n, dims), oneRow);
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
    if (out.error !== undefined) throw batchError(out, { scores: out.scores });
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

  /** The row's label and probability as the core gives them (the tie rule, the stable
   * sigmoid). */
  #predict(x: ArrayLike<number>): RawPrediction {
    const p = this.#p;
    p.inputBuffer(x.length).set(toFloat64(x));
    const r = p.predict(x.length);
    return typeof r === 'string' ? fail(r) : r;
  }

  /** The predicted label (+1 or -1) of a row; nothing is learned. Ties predict +1. A
   * multiclass pipeline predicts a class index (the largest score; a tie, the class seen
   * first), a regression pipeline a number. */
  predictOne(x: ArrayLike<number>): number {
    return this.#predict(x).label;
  }

  /** A multiclass or regression pipeline's frozen prediction of a row (docs/algorithms.md 1.8):
   * the class index or number (label), every class's score (regression: the one number) and,
   * for learners that have them, every class's probability. */
  predictTarget(x: ArrayLike<number>): {
    label: number;
    scores: Float64Array;
    probabilities: Float64Array | null;
  } {
    const r = this.#predict(x);
    if (!r.scores) fail(`${this.spec}: a binary pipeline: use predictOne or scoreOne`);
    return { label: r.label, scores: r.scores, probabilities: r.probabilities ?? null };
  }

  /** The probability of the positive class, for learners that have one (logreg). */
  predictProbaOne(x: ArrayLike<number>): number {
    if (!this.hasProbability)
      fail(`${this.spec}: this learner gives margins, not probabilities (use scoreOne)`);
    return this.#predict(x).probability as number;
  }

  stats(): Stats {
    return { ...this.#p.stats(), curve: this.#p.curve(-1), ...rollingCurve(this.#p.windowCurve()) };
  }

  /** Curve points recorded since the previous call, as [rows, mistakes] pairs. */
  newCurvePoints(): Float64Array {
    const pts = this.#p.curve(this.#curveSeen);
    if (pts.length) this.#curveSeen = pts[pts.length - 2];
    return pts;
  }

  /** Weights and per-feature state as named Float64Arrays (copies). */
  snapshot(): Snapshot {
    return this.#p.snapshot();
  }

  /** The model file of this pipeline: every stage's state, to save and load again exactly. */
  toJSON(): ModelJSON {
    return JSON.parse(this.modelJSON()) as ModelJSON;
  }

  /** The same model file as text, as the core writes it (what the CLIs write). */
  modelJSON(): string {
    return modelText(this.#p.toJson(this.#features));
  }

  /** The pipeline as an ONNX model (the bytes of a `.onnx` file), for pipelines with an exact
   * linear form: zscore, pareto, vast, level, twosd, ewzscore, robust, minmax (without clip) and maxabs scalers
   * before a learner whose margin is w.x + b (docs/models.md "Models: save, load, resume, predict,
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
    return JSON.parse(this.linearWeightsJSON()) as LinearWeights;
  }

  /** The same as text, as the core writes it (what `onepass export --weights` writes). */
  linearWeightsJSON(): string {
    const r = this.#p.linearWeights(this.#features);
    if (r.error !== undefined || r.weights === undefined) fail(`no linear export: ${r.error}`);
    return r.weights;
  }

  /** What a loaded model was trained on (empty names for a new pipeline). */
  get schema(): ModelSchema {
    return this.#p.schema();
  }
}
