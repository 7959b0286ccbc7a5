// Bytes from what the API accepts: streams, async iterables, bytes, text, Blobs, and in Node
// file paths (which parser workers may read themselves).
import { cannotRead, fail } from '../shared/errors.js';
import { isNode, nodeModule } from '../shared/node.js';
import { arrowCsv, arrowTableCsv, isArrowFile, isArrowStream, isArrowTable } from './arrow.js';
import { blobRanges, inMemory, isParquet, parquetCsv, type RangedBytes } from './parquet.js';
import type { RunInput } from '../parallel/run.js';
import type { CsvSource } from './types.js';

/** Bytes read from a stream at a time when it lets the reader bring its own buffer. */
const CHUNK_BYTES = 1 << 20;

/** Whether bytes start as gzip's do (RFC 1952: 0x1f 0x8b), as a `.csv.gz` does. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Whether bytes start as a zstd frame does (RFC 8878: 0x28 0xb5 0x2f 0xfd), as a `.csv.zst`
 * does. */
export function isZstd(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x28 &&
    bytes[1] === 0xb5 &&
    bytes[2] === 0x2f &&
    bytes[3] === 0xfd
  );
}

/** The first bytes that tell a format: ARROW1 is the longest magic. */
const MAGIC_BYTES = 6;

/** A decompressor as a pair of web streams. */
type Decompressor = {
  writable: WritableStream<BufferSource>;
  readable: ReadableStream<Uint8Array>;
};

/**
 * Why this platform cannot decompress zstd, or null when it can: Node 22.15 and later through
 * zlib.createZstdDecompress, a browser through DecompressionStream('zstd') where it has that.
 * The demo disables its Run button with this reason.
 */
export async function zstdRefusal(): Promise<string | null> {
  return (await zstdDecompressor()) ? null : zstdReason();
}

function zstdReason(): string {
  return isNode
    ? `the input is zstd-compressed and this Node (${process.version}) cannot decompress zstd: ` +
        'use Node 22.15 or later (zlib.createZstdDecompress), or the native CLI ' +
        '(onepass-native), or decompress it first (zstd -d FILE)'
    : 'the input is zstd-compressed and this browser cannot decompress zstd ' +
        "(DecompressionStream('zstd')): decompress it first (zstd -d FILE), or use a browser " +
        'that can';
}

async function zstdDecompressor(): Promise<Decompressor | null> {
  if (isNode) {
    const zlib = await nodeModule<typeof import('node:zlib')>('zlib');
    const create = (zlib as { createZstdDecompress?: () => import('node:stream').Duplex })
      .createZstdDecompress;
    if (typeof create === 'function') {
      const { Duplex } = await nodeModule<typeof import('node:stream')>('stream');
      return Duplex.toWeb(create.call(zlib)) as unknown as Decompressor;
    }
  }
  if (typeof DecompressionStream === 'undefined') return null;
  try {
    return new DecompressionStream('zstd' as CompressionFormat);
  } catch {
    return null; // a format this platform's DecompressionStream does not know
  }
}

async function decompressor(format: 'gzip' | 'zstd'): Promise<Decompressor> {
  if (format === 'zstd') return (await zstdDecompressor()) ?? fail(zstdReason());
  if (typeof DecompressionStream === 'undefined')
    fail(
      'the input is gzip-compressed and this platform has no DecompressionStream: decompress it first',
    );
  return new DecompressionStream('gzip');
}

/**
 * The chunks as they come, or the text they hold, told by their first bytes whatever the name:
 * gunzipped when they start as gzip does, so that a `.csv.gz` reads as its CSV, in the browser and
 * in Node (DecompressionStream, which both have), and a `.csv.zst` where the platform reads zstd
 * (zstdRefusal says when not); a Parquet file's CSV text when they start with `PAR1`
 * (parquetCsv), an Arrow IPC file's or stream's when they start as those do (arrowCsv). Each chunk is copied before it is kept or handed to the decompressor, so a
 * source that reuses its buffer (chunksOf) is safe.
 */
export async function* decompressed(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  try {
    yield* textOf(it);
  } finally {
    // A reader that stops early (a run whose workers read the rest of the file) closes the
    // source too: a file stream left open holds its descriptor.
    await it.return?.();
  }
}

async function* textOf(it: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  let ended = false;
  while (head.length < MAGIC_BYTES && !ended) {
    const r = await it.next();
    if (r.done) ended = true;
    else head = head.length ? concat(head, r.value) : r.value;
  }
  if (isParquet(head)) {
    yield* parquetCsv(inMemory(await whole(head, ended ? null : it)));
    return;
  }
  if (isArrowFile(head) || isArrowStream(head)) {
    yield* arrowCsv(await whole(head, ended ? null : it));
    return;
  }
  const format = isGzip(head) ? 'gzip' : isZstd(head) ? 'zstd' : null;
  if (!format) {
    if (head.length) yield head;
    if (!ended) for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    return;
  }
  const decoder = await decompressor(format);
  const writer = decoder.writable.getWriter();
  const pump = (async () => {
    try {
      await writer.write(head.slice());
      if (!ended)
        for (let r = await it.next(); !r.done; r = await it.next())
          await writer.write(r.value.slice());
      await writer.close();
    } catch (e) {
      await writer.abort(e).catch(() => undefined);
    }
  })();
  const reader = decoder.readable.getReader();
  try {
    for (;;) {
      let r;
      try {
        r = await reader.read();
      } catch (e) {
        fail(`the ${format}-compressed input cannot be decompressed (${(e as Error).message})`);
      }
      if (r.done) break;
      yield r.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    await pump;
  }
}

/** The bytes of a stream, from its head on, in one buffer: a Parquet file's rows are found from
 * its end. */
async function whole(
  head: Uint8Array,
  rest: AsyncIterator<Uint8Array> | null,
): Promise<Uint8Array> {
  const parts = [head.slice()];
  let length = head.length;
  if (rest)
    for (let r = await rest.next(); !r.done; r = await rest.next()) {
      parts.push(r.value.slice());
      length += r.value.length;
    }
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
/** Bytes from what runCsv and loadDataset accept: a ReadableStream or async iterable of chunks,
 * one Uint8Array, a string of CSV text, (in Node) a file path, a string without a line break, or
 * an Arrow table (its CSV text). Anything else is refused with a message saying what is accepted. */
export async function* sourceChunks(source: unknown): AsyncGenerator<Uint8Array> {
  if (isArrowTable(source)) {
    yield* arrowTableCsv(source);
    return;
  }
  const parquet = await parquetInPlace(source);
  if (!parquet) {
    yield* decompressed(rawChunks(source));
    return;
  }
  try {
    yield* parquetCsv(parquet.file);
  } finally {
    await parquet.close();
  }
}

/** A Parquet file read by ranges where it is, so that only its footer and a row group at a time
 * are in memory: a Blob (a File), or in Node a file by its path. Null for any other source, or
 * one that is not Parquet, which is read as a stream (decompressed then tells a Parquet stream
 * by its first bytes and holds it whole). */
async function parquetInPlace(
  source: unknown,
): Promise<{ file: RangedBytes; close(): Promise<void> } | null> {
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const head = new Uint8Array(await source.slice(0, 4).arrayBuffer());
    return isParquet(head) ? { file: blobRanges(source), close: async () => undefined } : null;
  }
  if (!isNode || typeof source !== 'string' || source.includes('\n')) return null;
  const fs = await nodeModule<typeof import('node:fs')>('fs');
  let handle: import('node:fs/promises').FileHandle;
  let size: number;
  try {
    handle = await fs.promises.open(source, 'r');
  } catch {
    return null; // the stream opened instead says why it cannot be read
  }
  try {
    // A pipe's bytes would be taken by this read: only a regular file is looked at.
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error('not a regular file');
    const head = new Uint8Array(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (!isParquet(head.subarray(0, bytesRead))) throw new Error('not Parquet');
    size = stat.size;
  } catch {
    await handle.close();
    return null;
  }
  const slice = async (start: number, end: number): Promise<ArrayBuffer> => {
    const bytes = new Uint8Array(end - start);
    await handle.read(bytes, 0, bytes.length, start);
    return bytes.buffer;
  };
  return { file: { byteLength: size, slice }, close: () => handle.close() };
}

async function* rawChunks(source: unknown): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    yield* byteChunks(source.stream());
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
    yield* byteChunks(source as ReadableStream<Uint8Array>);
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
    // An encoded file (compressed, Parquet, Arrow) is read as one stream: its ranges are not rows
    // a worker could read.
    if (stat?.isFile() && !encodedFile(fs, source))
      return { chunks, file: { file: source, size: stat.size } };
  }
  return { chunks };
}

/** Whether the file at `path` holds its text encoded (gzip, zstd, Parquet, Arrow IPC), so that
 * its size says nothing of the text read (false when it cannot be read: the read that follows
 * says why). */
export function encodedFile(fs: typeof import('node:fs'), path: string): boolean {
  const magic = new Uint8Array(MAGIC_BYTES);
  let fd;
  try {
    fd = fs.openSync(path, 'r');
    const head = magic.subarray(0, fs.readSync(fd, magic, 0, MAGIC_BYTES, 0));
    return [isGzip, isZstd, isParquet, isArrowFile, isArrowStream].some((is) => is(head));
  } catch {
    return false; // the read that follows says why it cannot
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The chunks of a byte source, for `CsvRunner.push` and the like, gunzipped when they start as
 * gzip does and a Parquet file's CSV text when it starts as Parquet does (decompressed). A byte
 * stream (a File's or a fetch body's in current browsers) is read into one reused buffer of
 * `chunkBytes`: no garbage per chunk, so memory stays flat however large the file (the collector
 * would otherwise let hundreds of megabytes of spent chunks pile up). Each chunk yielded is
 * therefore only valid until the next one is asked for: copy it (push does) before going on.
 * Other streams and async iterables are passed through as they come. A Blob (a File) is read
 * through its stream, or by ranges when it is a Parquet file, whose rows are found from its end.
 */
export async function* chunksOf(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | Blob,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  if (typeof Blob === 'undefined' || !(source instanceof Blob)) {
    yield* decompressed(byteChunks(source as AsyncIterable<Uint8Array>, chunkBytes));
    return;
  }
  const parquet = await parquetInPlace(source);
  if (parquet) yield* parquetCsv(parquet.file);
  else yield* decompressed(byteChunks(source.stream(), chunkBytes));
}

async function* byteChunks(
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
