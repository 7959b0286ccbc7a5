// The messages between a run and its parser workers (worker.ts): what the run sends, and what
// a worker answers. Buffers named in them are transferred, not copied.
import type { RawApartCounts } from '../onepass_wasm.mjs';
import type { LoadOptions } from '../shared/module.js';
import type { RangedFile } from './file_ranges.js';

/** Messages from the run: first `init`, then `bytes` or `range` blocks (file_ranges.ts); a
 * reply carries the id of the block it answers. */
export type ToParser =
  | {
      type: 'init';
      source: LoadOptions;
      options: object;
      head: Uint8Array[];
      file?: RangedFile;
      /** A runner on two threads: the pipelines this worker learns (runner_split.ts), and their
       * run states after the head (null for the others). */
      learns?: boolean[];
      states?: (Float64Array | null)[];
    }
  | { type: 'bytes'; id: number; block: Uint8Array; spare: ArrayBuffer[] }
  | { type: 'range'; id: number; from: number; to: number; size: number; spare: ArrayBuffer[] }
  /** Bytes the run's own reader read (after a quote), for this worker's runner, in order. */
  | { type: 'push'; block: Uint8Array }
  /** The run states of the pipelines learned here, now (an answer of type 'states'). */
  | { type: 'collect' }
  /** The run is over: drop it, and answer 'ended' (the thread may be kept for the module's next
   * run: parser_threads.ts, KeptThreads). */
  | { type: 'end' };

export interface ParsedRows extends RawApartCounts {
  x: Float64Array;
  y: Int8Array;
}

export type FromParser =
  | {
      type: 'block';
      id: number;
      /** The rows, or null: the run's reader reads `block` (then given) itself. */
      rows: ParsedRows | null;
      block: Uint8Array | null;
      /** Buffers the run may reuse (a block's bytes once read). */
      spare: ArrayBuffer[];
      /** The block holds a quote: a field may span its end, so the run reads on by itself. */
      quoted: boolean;
      /** Where the block ended in the file (ranges). */
      end: number;
      /** The bytes the block held and the milliseconds this worker took to read them (for the
       * run's share of the reading: read_share.ts). */
      bytes: number;
      ms: number;
    }
  /** Set up (its module loaded, the head read): blocks sent now are read at once. */
  | { type: 'ready' }
  /** The run states of the pipelines this worker learns (null for the others): now and then
   * during the run, for the run's live figures, and `final` in answer to 'collect'. */
  | { type: 'states'; states: (Float64Array | null)[]; final: boolean }
  /** The run is dropped: every message of it was answered before this. */
  | { type: 'ended' }
  | { type: 'failed'; message: string };

export type BlockReply = Extract<FromParser, { type: 'block' }>;
