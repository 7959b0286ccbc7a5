// Ranges of a file read by position (Node), for the parser workers and for the learning thread
// when it reads a share of the blocks itself (docs/design.md, "Every core"). A range names
// nominal cut points: its block runs from the first record that starts at or after `from` to the
// first that starts at or after `to` (a record starts after a line break), so that neighbouring
// ranges meet exactly whoever reads them.
import { nodeModule } from '../shared/node.js';

/** A file the workers read ranges of, by its path (Node). In browsers a File is read as a
 * stream (docs/design.md, "Every core": reading a Blob's ranges in workers was slower there, and
 * once stalled). */
export type RangedFile = string;

/** A range of a file by its nominal cut points; `size` is the file's. */
export interface FileRange {
  from: number;
  to: number;
  size: number;
}

/** Reads bytes of a file at a position, into a view that is valid until the next read, or
 * into a given view (a parser worker's: its module's memory, with no copy in between). Both
 * read synchronously, before their promise is made: no wasm call can come between a view of
 * the module's memory being taken and filled, which would detach it if memory grew. */
export interface RangeReader {
  read(at: number, length: number): Promise<Uint8Array>;
  readInto(at: number, target: Uint8Array): Promise<void>;
}

export async function rangeReader(file: RangedFile): Promise<RangeReader> {
  // One buffer, reused: a new one per block would leave the collector megabytes of garbage.
  let scratch = new ArrayBuffer(0);
  const fs = await nodeModule<typeof import('node:fs')>('fs');
  const readInto = async (at: number, target: Uint8Array): Promise<void> => {
    // Opened for each read (three a block, cheap beside parsing it): a worker is ended without
    // notice (terminate()), so it holds nothing open between blocks.
    const fd = fs.openSync(file, 'r');
    try {
      for (let done = 0; done < target.length;) {
        const n = fs.readSync(fd, target, done, target.length - done, at + done);
        if (n === 0) throw new Error(`${file} became shorter while it was read`);
        done += n;
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  return {
    readInto,
    read: async (at, length) => {
      if (scratch.byteLength < length) scratch = new ArrayBuffer(length + (length >> 2));
      const target = new Uint8Array(scratch, 0, length);
      await readInto(at, target);
      return target;
    },
  };
}

const WINDOW = 1 << 12;

/** Where the first record at or after `at` starts: after the first line break at or after
 * at - 1 (the file's size when there is none). */
async function recordStart(file: RangeReader, at: number, size: number): Promise<number> {
  if (at <= 0) return 0;
  for (let from = at - 1; from < size; from += WINDOW) {
    const nl = (await file.read(from, Math.min(WINDOW, size - from))).indexOf(10);
    if (nl >= 0) return from + nl + 1;
  }
  return size;
}

/** The records of a range: where they start and end in the file. */
export async function recordsOf(
  file: RangeReader,
  { from, to, size }: FileRange,
): Promise<{ start: number; end: number }> {
  const start = await recordStart(file, from, size);
  const end = to >= size ? size : await recordStart(file, to, size);
  return { start, end: Math.max(start, end) };
}

/** Node's Buffer, when there is one: its indexOf scans bytes about 40 times faster than a
 * Uint8Array's in V8 (0.012 against 0.52 ms a megabyte, measured). */
const NodeBuffer = (
  globalThis as {
    Buffer?: { from(b: ArrayBufferLike, at: number, n: number): { indexOf(v: number): number } };
  }
).Buffer;

/** Whether a block holds a quote ('"'): then a field may span its ends, and only the run's own
 * reader may read it (docs/design.md, "Every core"). */
export function hasQuote(bytes: Uint8Array): boolean {
  const QUOTE = 34;
  if (NodeBuffer)
    return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(QUOTE) >= 0;
  return bytes.indexOf(QUOTE) >= 0;
}
