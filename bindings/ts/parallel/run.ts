// What a run on several threads is given (stream.ts): the run that learns, and its input.
import type { RawCsvRunner } from '../onepass_wasm.mjs';
import type { LoadOptions } from '../shared/module.js';
import type { RangedFile } from './file_ranges.js';

/** How a run learns bytes and rows: its runner, the push that copies bytes into it (and throws
 * the error that stopped it), its options (for the workers' readers) and how its module was
 * loaded (for theirs). */
export interface ParallelRun {
  runner: RawCsvRunner;
  push(bytes: Uint8Array): void;
  options: object;
  source: LoadOptions;
}

/** The input of a run: chunks, and when it is a file, the file and its size. */
export interface RunInput {
  chunks: AsyncIterable<Uint8Array>;
  file?: { file: RangedFile; size: number };
}
