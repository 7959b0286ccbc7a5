// Streams through several pipelines with one parse: the CSV and svmlight runners.
import type { RawRace, RawRunner, RawSparseRace } from './onepass_wasm.mjs';
import { fail, type LoadOptions } from './module.js';
import { WasmOwned } from './owned.js';
import { checkKeys, pushBytes } from './checks.js';
import { streamInParallel } from './parallel.js';
import { runInput } from './sources.js';
import type {
  CsvInfo,
  CsvSource,
  ModelJSON,
  PipelineResult,
  Snapshot,
  Stats,
  StreamOptions,
  SvmlightInfo,
} from './types.js';

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
