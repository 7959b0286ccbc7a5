// Streams CSV bytes through several pipelines with one parse, on one thread or with parser
// workers (parallel/stream.ts).
import type { RawCsvRunner } from '../onepass_wasm.mjs';
import type { LoadOptions } from '../shared/module.js';
import { checkKeys } from './checks.js';
import { streamInParallel } from '../parallel/stream.js';
import { Runner } from './runner.js';
import { runInput } from './sources.js';
import type { CsvInfo, CsvSource, StreamOptions } from './types.js';

/** Streams CSV bytes through several pipelines with one parse, one wasm call per chunk. */
export class CsvRunner extends Runner<RawCsvRunner> {
  #parallel: { options: object; source: LoadOptions };

  /** @internal use Onepass.csvRunner() */
  constructor(raw: RawCsvRunner, parallel: { options: object; source: LoadOptions }) {
    super(raw);
    this.#parallel = parallel;
  }

  /**
   * Streams a whole source (a ReadableStream or async iterable of chunks, bytes, CSV text, or in
   * Node a file path) through the pipelines, with `threads` threads. Throws as push() does;
   * the rows before a bad row are learned. Call finish() after it. Returns how many blocks of
   * the stream parser workers read (0 on one thread, or when the stream never settled: fewer
   * rows than the roles' sample, one label only, encoded columns), how many this thread read
   * itself, and how many pipelines a worker learned (when learning is the bound, the runner is
   * split between threads: docs/design.md, "Every core"; results are the same bit for bit).
   */
  async pushAll(
    source: CsvSource,
    options: StreamOptions = {},
  ): Promise<{ blocksApart: number; blocksHere: number; pipelinesApart: number }> {
    checkKeys('pushAll', options, ['threads', 'onProgress']);
    return streamInParallel(
      {
        runner: this.raw,
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
}
