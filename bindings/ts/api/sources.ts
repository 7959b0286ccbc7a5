// Bytes from what the API accepts: streams, async iterables, bytes, text, Blobs, and in Node
// file paths (which parser workers may read themselves).
import { cannotRead, fail } from '../shared/errors.js';
import { isNode, nodeModule } from '../shared/node.js';
import type { RunInput } from '../parallel/run.js';
import type { CsvSource } from './types.js';

/** Bytes read from a stream at a time when it lets the reader bring its own buffer. */
const CHUNK_BYTES = 1 << 20;
/** Bytes from what runCsv and loadDataset accept: a ReadableStream or async iterable of chunks,
 * one Uint8Array, a string of CSV text, or (in Node) a file path, a string without a line
 * break. Anything else is refused with a message saying what is accepted. */
export async function* sourceChunks(source: unknown): AsyncGenerator<Uint8Array> {
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
      cannotRead(source, e);
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
export async function runInput(source: CsvSource): Promise<RunInput> {
  const chunks = sourceChunks(source);
  if (isNode && typeof source === 'string' && !source.includes('\n')) {
    const fs = await nodeModule<typeof import('node:fs')>('fs');
    const stat = fs.statSync(source, { throwIfNoEntry: false });
    if (stat?.isFile()) return { chunks, file: { file: source, size: stat.size } };
  }
  return { chunks };
}

/**
 * The chunks of a byte source, for `CsvRunner.push` and the like. A byte stream (a File's or a
 * fetch body's in current browsers) is read into one reused buffer of `chunkBytes`: no garbage per
 * chunk, so memory stays flat however large the file (the collector would otherwise let hundreds
 * of megabytes of spent chunks pile up). Each chunk yielded is therefore only valid until the next
 * one is asked for: copy it (push does) before going on. Other streams and async iterables are
 * passed through as they come.
 */
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
