// A stream made by code (docs/algorithms.md 6.9) as CSV text a piece at a time: what
// Onepass.generateCsv() joins, `onepass generate` writes and the demo streams into its runs.
import type { RawStreamCsv } from '../onepass_wasm.mjs';
import { WasmOwned } from './owned.js';

/** A generated stream's CSV, about a megabyte of whole lines a piece (the header first), so
 * that a stream of any length is written with flat memory. The pieces joined are the bytes of
 * Onepass.generateCsv() and of `onepass generate` with the same name, options and seed. */
export class StreamCsv extends WasmOwned<RawStreamCsv> {
  /** @internal use Onepass.streamCsv() */
  constructor(raw: RawStreamCsv) {
    super(raw);
  }

  get #s(): RawStreamCsv {
    return this.held('stream');
  }

  /** The next piece; '' once every row was given. */
  next(): string {
    return this.#s.next();
  }
  /** Whether every row was given. */
  get done(): boolean {
    return this.#s.done();
  }
  /** The rows given so far. */
  get rows(): number {
    return this.#s.rows();
  }

  /** The pieces left, in order (the stream is not disposed at their end). */
  *[Symbol.iterator](): Generator<string> {
    while (!this.done) yield this.next();
  }
}
