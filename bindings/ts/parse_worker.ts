// A parser worker (docs/design.md, "Every core"): started by CsvRunner.pushAll({ threads }) as a
// Web Worker or a Node worker thread. It loads its own copy of the module and reads the head of
// the stream that the run read (so that it holds the same schema); then it reads blocks of whole
// records into rows (x, y) that go back, transferred, to the thread that learns them, or says
// that the run's own reader must read the block (a bad row, a quote) and hands its bytes back.
// A block comes as bytes, or in Node as a range of a file (by its path) that the worker reads
// itself.
import { loadModule, isNode, nodeModule, type LoadOptions } from './module.js';
import type { RawApartCounts, RawBlockParser } from './onepass_wasm.mjs';
import { SpareBuffers } from './spare_buffers.js';

/** A file the workers read ranges of, by its path (Node). In browsers a File is read as a
 * stream (docs/design.md, "Every core": reading a Blob's ranges in workers was slower there, and
 * once stalled). */
export type RangedFile = string;

/** Messages from the run: first `init`, then `bytes` or `range` blocks; a reply carries the id
 * of the block it answers. A range names nominal cut points: the block runs from the first
 * record that starts at or after `from` to the first that starts at or after `to` (a record
 * starts after a line break), so that neighbouring ranges meet exactly. */
export type ToParser =
  | { type: 'init'; source: LoadOptions; options: object; head: Uint8Array[]; file?: RangedFile }
  | { type: 'bytes'; id: number; block: Uint8Array; spare: ArrayBuffer[] }
  | { type: 'range'; id: number; from: number; to: number; size: number; spare: ArrayBuffer[] };

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
    }
  | { type: 'failed'; message: string };

interface Port {
  post(message: FromParser, transfer: ArrayBuffer[]): void;
  listen(handler: (message: ToParser) => void): void;
}

async function port(): Promise<Port> {
  if (isNode) {
    const { parentPort } = await nodeModule<typeof import('node:worker_threads')>('worker_threads');
    return {
      post: (m, t) => parentPort!.postMessage(m, t),
      listen: (h) => parentPort!.on('message', h),
    };
  }
  const scope = globalThis as unknown as {
    postMessage(m: unknown, t: ArrayBuffer[]): void;
    addEventListener(type: 'message', h: (e: { data: ToParser }) => void): void;
  };
  return {
    post: (m, t) => scope.postMessage(m, t),
    listen: (h) => scope.addEventListener('message', (e) => h(e.data)),
  };
}

/** Reads bytes of a file at a position, into a view that is valid until the next read. */
interface RangeReader {
  read(at: number, length: number): Promise<Uint8Array>;
}

async function rangeReader(file: RangedFile): Promise<RangeReader> {
  // One buffer, reused: a new one per block would leave the collector megabytes of garbage.
  let scratch = new ArrayBuffer(0);
  const fs = await nodeModule<typeof import('node:fs')>('fs');
  return {
    read: async (at, length) => {
      if (scratch.byteLength < length) scratch = new ArrayBuffer(length + (length >> 2));
      const target = new Uint8Array(scratch, 0, length);
      // Opened for each read (three a block, cheap beside parsing it): a worker is ended without
      // notice (terminate()), so it holds nothing open between blocks.
      const fd = fs.openSync(file, 'r');
      try {
        for (let done = 0; done < length;) {
          const n = fs.readSync(fd, target, done, length - done, at + done);
          if (n === 0) throw new Error(`${file} became shorter while it was read`);
          done += n;
        }
      } finally {
        fs.closeSync(fd);
      }
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

class BlockReader {
  #file: RangeReader | null = null;
  /** Buffers the run sent back for reuse: the rows go out in them, not in new ones. */
  #spare = new SpareBuffers(8);

  constructor(
    readonly parser: RawBlockParser,
    file?: RangeReader,
  ) {
    this.#file = file ?? null;
  }

  take(spare: ArrayBuffer[]): void {
    this.#spare.give(...spare);
  }

  /** Reads the block now in the parser's chunk buffer (n bytes). */
  read(
    id: number,
    n: number,
    end: number,
    spare: ArrayBuffer[],
  ): { reply: FromParser; transfer: ArrayBuffer[] } {
    const rows = this.parser.read(n);
    if (rows) {
      const x = new Float64Array(this.#spare.take(rows.x.byteLength), 0, rows.x.length);
      const y = new Int8Array(this.#spare.take(rows.y.byteLength), 0, rows.y.length);
      x.set(rows.x);
      y.set(rows.y);
      const out = { ...rows, x, y };
      return {
        reply: { type: 'block', id, rows: out, block: null, quoted: false, end, spare },
        transfer: [x.buffer as ArrayBuffer, y.buffer as ArrayBuffer, ...spare],
      };
    }
    const block = this.parser.chunkBuffer(n).slice(); // a fresh view: read() may grow memory
    return {
      reply: { type: 'block', id, rows: null, block, quoted: block.indexOf(34) >= 0, end, spare },
      transfer: [block.buffer as ArrayBuffer, ...spare],
    };
  }

  async range(id: number, from: number, to: number, size: number) {
    if (!this.#file) throw new Error('a file range came without a file');
    const start = await recordStart(this.#file, from, size);
    const end = to >= size ? size : await recordStart(this.#file, to, size);
    const n = Math.max(0, end - start);
    this.parser.chunkBuffer(n).set(await this.#file.read(start, n));
    return this.read(id, n, end, []);
  }
}

/** Handles the messages in order: each waits for the one before (the module's loading first). */
async function serve(): Promise<void> {
  const queue: ToParser[] = [];
  let wake: (() => void) | null = null;
  const messages = await port();
  messages.listen((m) => {
    queue.push(m);
    wake?.();
  });
  let reader: BlockReader | null = null;
  for (;;) {
    if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    const m = queue.shift()!;
    try {
      if (m.type === 'init') {
        const { raw } = await loadModule(m.source);
        const parser = new raw.BlockParser();
        let err = parser.init(m.options);
        for (const part of m.head) {
          if (err) break;
          parser.chunkBuffer(part.length).set(part);
          err = parser.head(part.length);
        }
        if (err) throw new Error(err);
        reader = new BlockReader(parser, m.file ? await rangeReader(m.file) : undefined);
        continue;
      }
      if (!reader) throw new Error('a block came before the parser was set up');
      reader.take(m.spare);
      let out;
      if (m.type === 'bytes') {
        reader.parser.chunkBuffer(m.block.length).set(m.block);
        // The block's bytes, once copied in, go back for the run to cut the next block into.
        out = reader.read(m.id, m.block.length, 0, [m.block.buffer as ArrayBuffer]);
      } else {
        out = await reader.range(m.id, m.from, m.to, m.size);
      }
      messages.post(out.reply, out.transfer);
    } catch (e) {
      messages.post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }, []);
    }
  }
}

void serve();
