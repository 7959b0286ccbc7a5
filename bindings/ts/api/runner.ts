// Streams through several pipelines with one parse: what the CSV runner (csv_runner.ts) and the
// svmlight runner (svmlight_runner.ts) share.
import type { RawRunner } from '../onepass_wasm.mjs';
import { fail, modelText } from '../shared/errors.js';
import { WasmOwned } from './owned.js';
import { pushBytes, rollingCurve } from './checks.js';
import type { ModelJSON, PipelineResult, Snapshot, Stats } from './types.js';

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

  /** Pipeline i of this runner, checked (an index past the end would trap in the module). */
  #at(i: number): number {
    const n = this.raw.size();
    if (!Number.isInteger(i) || i < 0 || i >= n)
      fail(`pipeline index ${String(i)}: this runner has ${n} pipelines (0 to ${n - 1})`);
    return i;
  }

  stats(i: number): Stats {
    this.#at(i);
    return {
      ...this.raw.stats(i),
      curve: this.raw.curve(i, -1),
      ...rollingCurve(this.raw.windowCurve(i)),
    };
  }

  /** Curve points of pipeline i recorded since the previous call. */
  newCurvePoints(i: number): Float64Array {
    const pts = this.raw.curve(this.#at(i), this.#curveSeen[i]);
    if (pts.length) this.#curveSeen[i] = pts[pts.length - 2];
    return pts;
  }

  snapshot(i: number): Snapshot {
    return this.raw.snapshot(this.#at(i));
  }

  /** Pipeline i's result as one line of JSON, what `onepass run --json` and `onepass-native
   * run` print: pipeline, canonical, rows, mistakes, error, logLoss, calibration (a pipeline
   * that gives probabilities), features, weights, bias, arrays, scalers, diverged, warnings,
   * skipped, curve. */
  resultJSON(i: number): string {
    return this.raw.resultJson(this.#at(i));
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

  /** The model file of pipeline i, with what the reader read: a CSV's feature names and label
   * mapping, or svmlight rows' width and index base (svmlightScorer, models). */
  toJSON(i: number): ModelJSON {
    return JSON.parse(this.modelJSON(i)) as ModelJSON;
  }

  /** The same model file as text, as the core writes it: the bytes `onepass run --save` and
   * `onepass-native run --save` write (without the last line break). */
  modelJSON(i: number): string {
    return modelText(this.raw.toJson(this.#at(i)));
  }
}
