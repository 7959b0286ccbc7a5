// A parser worker (docs/design.md, "Every core"), as the workers' script runs it
// (parse_worker.ts at the package's top, bundled into one file): started by
// CsvRunner.pushAll({ threads }) as a Web Worker or a Node worker thread. It loads its own copy
// of the module and reads the head of the stream that the run read (so that it holds the same
// schema); then it reads blocks of whole records into rows (x, y) that go back, transferred, to
// the thread that learns them, or says that the run's own reader must read the block (a bad
// row, a quote) and hands its bytes back.
// A block comes as bytes, or in Node as a range of a file (by its path) that the worker reads
// itself. In a runner on two threads (runner_split.ts) the worker also learns some of the
// pipelines, from every row of the stream in order, and sends their run states back.
import type { RawBlockParser, RawModule } from '../onepass_wasm.mjs';
import { loadModule } from '../shared/module.js';
import { isNode, nodeModule } from '../shared/node.js';
import { hasQuote, rangeReader, recordsOf, type RangeReader } from './file_ranges.js';
import type { BlockReply, FromParser, ToParser } from './messages.js';
import { SpareBuffers } from './spare_buffers.js';
import { WorkerRunner } from './runner_split.js';

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

class BlockReader {
  #file: RangeReader | null = null;
  /** Buffers the run sent back for reuse: the rows go out in them, not in new ones. */
  #spare = new SpareBuffers(8);

  constructor(
    readonly parser: RawBlockParser,
    file?: RangeReader,
    /** A runner on two threads: the runner of the pipelines learned here. */
    readonly runner: WorkerRunner | null = null,
  ) {
    this.#file = file ?? null;
  }

  take(spare: ArrayBuffer[]): void {
    this.#spare.give(...spare);
  }

  /** Frees the run's parser and runner (their wasm memory). */
  dispose(): void {
    this.parser.delete();
    this.runner?.dispose();
  }

  /** Reads the block now in the parser's chunk buffer (n bytes). `learn`, called once the reply
   * is sent, learns its rows in this worker's runner (a runner on two threads). */
  read(
    id: number,
    n: number,
    end: number,
    spare: ArrayBuffer[],
  ): { reply: BlockReply; transfer: ArrayBuffer[]; learn?: () => void } {
    const rows = this.parser.read(n);
    if (rows) {
      const x = new Float64Array(this.#spare.take(rows.x.byteLength), 0, rows.x.length);
      const y = new Int8Array(this.#spare.take(rows.y.byteLength), 0, rows.y.length);
      x.set(rows.x);
      y.set(rows.y);
      const out = { ...rows, x, y };
      return {
        reply: {
          type: 'block',
          id,
          rows: out,
          block: null,
          quoted: false,
          end,
          spare,
          bytes: n,
          ms: 0,
        },
        transfer: [x.buffer as ArrayBuffer, y.buffer as ArrayBuffer, ...spare],
        learn: () => this.runner?.learnRead(this.parser),
      };
    }
    const block = this.parser.chunkBuffer(n).slice(); // a fresh view: read() may grow memory
    this.runner?.refused(block, hasQuote(block)); // before its buffer goes back
    return {
      reply: {
        type: 'block',
        id,
        rows: null,
        block,
        quoted: hasQuote(block),
        end,
        spare,
        bytes: n,
        ms: 0,
      },
      transfer: [block.buffer as ArrayBuffer, ...spare],
    };
  }

  async range(id: number, from: number, to: number, size: number) {
    if (!this.#file) throw new Error('a file range came without a file');
    const { start, end } = await recordsOf(this.#file, { from, to, size });
    const n = end - start;
    // Straight into the module's memory (no wasm call comes between: the view stays valid).
    await this.#file.readInto(start, this.parser.chunkBuffer(n));
    return this.read(id, n, end, []);
  }
}

/** How often a worker learning pipelines sends their states during the run (milliseconds). */
const STATES_EVERY = 250;

/** The reader of a run, from its `init`: a parser of the module (and in a runner on two threads,
 * the runner of the pipelines learned here) that has read the run's head. */
async function setUp(raw: RawModule, m: Extract<ToParser, { type: 'init' }>): Promise<BlockReader> {
  const parser = new raw.BlockParser();
  let err = parser.init(m.options);
  const runner = m.learns ? new WorkerRunner(raw, m.options, m.learns) : null;
  for (const part of m.head) {
    if (err) break;
    parser.chunkBuffer(part.length).set(part);
    err = parser.head(part.length);
    runner?.push(part);
  }
  if (err) throw new Error(err);
  runner?.start(m.states ?? []);
  const file = m.file ? await rangeReader(m.file) : undefined;
  return new BlockReader(parser, file, runner);
}

/** Handles the messages in order: each waits for the one before (the module's loading first). */
export async function serve(): Promise<void> {
  const queue: ToParser[] = [];
  let wake: (() => void) | null = null;
  const messages = await port();
  messages.listen((m) => {
    queue.push(m);
    wake?.();
  });
  let reader: BlockReader | null = null;
  // The module, loaded by the first run: a kept thread's later runs are of the same module.
  let loaded: ReturnType<typeof loadModule> | null = null;
  let statesSent = performance.now();
  // A block's cost is the time from the end of the one before (when this one was waiting
  // already) or from its arrival, to the end of its own: what a block really costs this thread,
  // messages and collection included, which is what the run's share of the reading balances.
  let lastDone = performance.now();
  for (;;) {
    if (queue.length === 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      lastDone = performance.now();
    }
    wake = null;
    const m = queue.shift()!;
    try {
      if (m.type === 'end') {
        reader?.dispose();
        reader = null;
        messages.post({ type: 'ended' }, []);
        continue;
      }
      if (m.type === 'init') {
        reader?.dispose();
        reader = null;
        const { raw } = await (loaded ??= loadModule(m.source));
        reader = await setUp(raw, m);
        messages.post({ type: 'ready' }, []);
        lastDone = performance.now();
        continue;
      }
      if (!reader) throw new Error('a block came before the parser was set up');
      if (m.type === 'collect') {
        postStates(messages, reader, true);
        continue;
      }
      if (m.type === 'push') {
        reader.runner?.push(m.block);
        statesSent = sendStatesNow(messages, reader, statesSent);
        lastDone = performance.now();
        continue;
      }
      reader.take(m.spare);
      let out;
      if (m.type === 'bytes') {
        reader.parser.chunkBuffer(m.block.length).set(m.block);
        // The block's bytes, once copied in, go back for the run to cut the next block into.
        out = reader.read(m.id, m.block.length, 0, [m.block.buffer as ArrayBuffer]);
      } else {
        out = await reader.range(m.id, m.from, m.to, m.size);
      }
      out.reply.ms = performance.now() - lastDone;
      messages.post(out.reply, out.transfer);
      out.learn?.();
      statesSent = sendStatesNow(messages, reader, statesSent);
      lastDone = performance.now();
    } catch (e) {
      messages.post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }, []);
    }
  }
}

/** The states for the live figures, when STATES_EVERY has passed since `sent`; returns when
 * they were last sent. */
function sendStatesNow(messages: Port, reader: BlockReader, sent: number): number {
  if (!reader.runner || performance.now() - sent <= STATES_EVERY) return sent;
  postStates(messages, reader, false);
  return performance.now();
}

/** The states of the pipelines this worker learns, transferred. */
function postStates(messages: Port, reader: BlockReader, final: boolean): void {
  const states = reader.runner?.states() ?? [];
  const buffers = states.flatMap((s) => (s ? [s.buffer as ArrayBuffer] : []));
  messages.post({ type: 'states', states, final }, buffers);
}
