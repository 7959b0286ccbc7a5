// Parsing on every core (docs/design.md, "Every core"). The run's own reader reads the head of
// the stream until nothing a later row could change is open (CsvReader::can_read_apart); then
// parser workers (parse_worker.ts) read the blocks that follow into rows, which come back
// transferred and are learned here in stream order. Learning stays on this thread and sees the
// same rows in the same order, so a run's results are those of one thread, bit for bit.
// A file in Node (by its path) is cut into byte ranges that each worker reads itself; any other
// stream (a File's in browsers, stdin) is read here and cut into
// blocks of whole records that are transferred to the workers. A block a worker will not read
// (a bad row, to be named with its true line) is read here; after a quote, which may open a
// field that spans a cut, this thread reads the rest of the stream itself. When learning is
// quicker than the workers' parsing, this thread also reads a share of the blocks itself
// (read_share.ts), so that neither side waits. When learning is the bound, the race is split
// instead: one worker parses every block and learns some of the pipelines too (race_split.ts).
import { fail, isNode, nodeModule, type LoadOptions } from './module.js';
import { EarlyThreads, KeptThreads, startRouted, type RoutedThread } from './parser_threads.js';
import { cannotRead } from './sources.js';
import type { BlockReply, FromParser, ParsedRows, ToParser } from './parse_worker.js';
import type { RawRace } from './onepass_wasm.mjs';
import { SpareBuffers } from './spare_buffers.js';
import { ReadShare } from './read_share.js';
import { loadStates, RaceSplit, SplitWeighing } from './race_split.js';
import {
  hasQuote,
  rangeReader,
  recordsOf,
  type FileRange,
  type RangeReader,
  type RangedFile,
} from './file_ranges.js';

/** Bytes per block: large enough that a message costs little beside parsing it, small enough
 * that several are in flight in a large file. */
const BLOCK_BYTES = 1 << 20;
/** The head the run's reader reads before workers may start (the roles' sample and both
 * labels); past this, the run stays on one thread. */
const HEAD_LIMIT = 64 << 20;
/** A file larger than this starts its parser threads as the run begins (parser_threads.ts): its
 * head settles within the first blocks unless it never does. */
const EARLY_BYTES = 4 * BLOCK_BYTES;

/** How a run learns bytes and rows: its race, the push that copies bytes into it (and throws
 * the error that stopped it), its options (for the workers' readers) and how its module was
 * loaded (for theirs). */
export interface ParallelRun {
  race: RawRace;
  push(bytes: Uint8Array): void;
  options: object;
  source: LoadOptions;
}

/** The input of a run: chunks, and when it is a file, the file and its size. */
export interface RunInput {
  chunks: AsyncIterable<Uint8Array>;
  file?: { file: RangedFile; size: number };
}

/** K parser workers; blocks go round-robin, and each worker answers in the order it was sent. */
class ParserPool {
  #threads: RoutedThread[] = [];
  /** Whether the threads were sent a run's head (begin): then they drop it before being kept. */
  #begun = false;
  /** Buffers that came back (rows learned, blocks read), to be used again. */
  readonly spare = new SpareBuffers(16);
  #waiting = new Map<number, { resolve(r: BlockReply): void; reject(e: Error): void }>();
  #next = 0;
  #failure: Error | null = null;
  #ready = 0;
  /** A race on two threads: where the learning worker's states go, and the final ones. */
  onStates: (states: (Float64Array | null)[]) => void = () => undefined;
  #collected: { resolve(s: (Float64Array | null)[]): void; reject(e: Error): void } | null = null;

  /** `count` workers of the module `source` loaded: those started early first (the rest of them
   * the run gives back), then kept ones, then new ones. */
  static async start(
    count: number,
    source: LoadOptions,
    early?: EarlyThreads,
  ): Promise<ParserPool> {
    const pool = new ParserPool(source);
    const to = { message: (m: FromParser) => pool.#answer(m), error: (e: Error) => pool.#fail(e) };
    try {
      for (let i = 0; i < count; ++i) {
        const routed =
          (await early?.take()) ?? (await KeptThreads.take(source)) ?? (await startRouted());
        routed.route.attach(to);
        pool.#threads.push(routed);
      }
    } catch (e) {
      pool.close(); // those already started
      throw e;
    }
    return pool;
  }

  private constructor(readonly source: LoadOptions) {}

  /** The run's options and module, the head of the stream its reader read, and the file whose
   * ranges the workers will read (none: blocks come as bytes). */
  begin(run: ParallelRun, head: Uint8Array[], file?: RangedFile, learns?: boolean[]): void {
    // A race on two threads: the worker's pipelines go to it as they are after the head.
    const states = learns?.map((there, i) => (there ? run.race.runState(i) : null));
    const transfer = states?.flatMap((s) => (s ? [s.buffer as ArrayBuffer] : [])) ?? [];
    this.#begun = true;
    for (const { thread: t } of this.#threads)
      t.post(
        { type: 'init', source: run.source, options: run.options, head, file, learns, states },
        transfer,
      );
  }

  /** A race on two threads (one worker): what the run's own reader reads, for the worker's
   * race too. */
  forward(message: Extract<ToParser, { type: 'push' }>): void {
    this.#threads[0].thread.post(message, [message.block.buffer as ArrayBuffer]);
  }

  /** The final states of the worker's pipelines (a race on two threads). */
  collect(): Promise<(Float64Array | null)[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#collected = { resolve, reject };
      this.#threads[0].thread.post({ type: 'collect' }, []);
    });
  }

  /** Whether every worker is set up (until then this thread reads the blocks itself: loading
   * a worker's module takes about as long as reading 15 MB). Throws when a worker failed, so
   * that a run whose workers cannot start says so instead of going on alone. */
  get ready(): boolean {
    if (this.#failure) throw this.#failure;
    return this.#ready === this.#threads.length;
  }

  /** A block of bytes (its buffer is transferred), or a range of the file; two spare buffers
   * go with it, for the worker to return the rows in. */
  read(block: Uint8Array | FileRange): Promise<BlockReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    const { thread } = this.#threads[id % this.#threads.length];
    const spare = this.spare.some(2);
    return new Promise<BlockReply>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      if (block instanceof Uint8Array)
        thread.post({ type: 'bytes', id, block, spare }, [block.buffer as ArrayBuffer, ...spare]);
      else thread.post({ type: 'range', id, ...block, spare }, spare);
    });
  }

  /** Ends the run's use of the threads: kept for the module's next run, unless a worker failed
   * (then every one is ended). */
  close(): void {
    for (const routed of this.#threads)
      if (this.#failure) routed.thread.terminate();
      else KeptThreads.keep(this.source, routed, this.#begun);
    this.#threads = [];
  }

  #answer(m: FromParser): void {
    if (m.type === 'failed') return this.#fail(new Error(m.message));
    if (m.type === 'ready') return void ++this.#ready;
    if (m.type === 'ended') return; // only asked for after the run (KeptThreads)
    if (m.type === 'states') {
      if (!m.final) {
        try {
          this.onStates(m.states);
        } catch (e) {
          this.#fail(e instanceof Error ? e : new Error(String(e)));
        }
        return;
      }
      this.#collected?.resolve(m.states);
      this.#collected = null;
      return;
    }
    this.spare.give(...m.spare);
    const w = this.#waiting.get(m.id);
    this.#waiting.delete(m.id);
    w?.resolve(m);
  }

  #fail(e: Error): void {
    this.#failure = new Error(
      `a parser worker failed (${e.message}); run with threads: 1 (CLI: --threads 1) to parse ` +
        'on one thread',
    );
    for (const w of this.#waiting.values()) w.reject(this.#failure);
    this.#waiting.clear();
    this.#collected?.reject(this.#failure);
    this.#collected = null;
  }
}

/** Cuts a stream of chunks into blocks of whole records of about `blockBytes`, each a new
 * buffer (it may be transferred; the chunks a reader hands out may be reused). */
export class RecordCutter {
  #parts: Uint8Array[] = [];
  #size = 0;
  /** false once a block was cut inside a record: from then on only the run's reader may read. */
  whole = true;

  /** `allocate` gives the buffer of a block (a spare one when there is). */
  constructor(
    readonly blockBytes = BLOCK_BYTES,
    readonly allocate: (bytes: number) => ArrayBuffer = (bytes) => new ArrayBuffer(bytes),
  ) {}

  /** The blocks complete after this chunk (each byte is copied once, into its block). A block
   * may end inside a record when no line break came for 4 blocks' worth of bytes (one huge
   * record, line breaks of '\r' only): `whole` then says it is not whole records. */
  *cut(chunk: Uint8Array): Generator<Uint8Array> {
    const nl = this.#size + chunk.length < this.blockBytes ? -1 : chunk.lastIndexOf(10);
    if (nl < 0 && this.#size + chunk.length > 4 * this.blockBytes) {
      this.#parts.push(chunk);
      this.#size += chunk.length;
      this.whole = false;
      yield this.rest(); // bounded memory: the run's reader takes it as it comes
      return;
    }
    if (nl < 0) {
      // not enough yet, or no record ends in this chunk: keep it for the next
      this.#parts.push(chunk.slice());
      this.#size += chunk.length;
      return;
    }
    const bytes = this.#size + nl + 1;
    const block = new Uint8Array(this.allocate(bytes), 0, bytes);
    block.set(chunk.subarray(0, nl + 1), this.#copyParts(block));
    const rest = chunk.slice(nl + 1);
    this.#parts = rest.length ? [rest] : [];
    this.#size = rest.length;
    yield block;
  }

  /** What is left: the last record when it has no line break. */
  rest(): Uint8Array {
    const out = new Uint8Array(this.#size);
    this.#copyParts(out);
    this.#parts = [];
    this.#size = 0;
    return out;
  }

  /** The parts kept so far, copied to the start of `into`; returns where they end. */
  #copyParts(into: Uint8Array): number {
    let at = 0;
    for (const p of this.#parts) (into.set(p, at), (at += p.length));
    return at;
  }
}

/** The number of cores (Node), or the browser's hardwareConcurrency; at least 1. */
export async function coreCount(): Promise<number> {
  if (isNode) {
    const os = await nodeModule<typeof import('node:os')>('os');
    return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  }
  const n = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
    ?.hardwareConcurrency;
  return Math.max(1, n ?? 1);
}

/** Learns what a worker read, in stream order. */
function learnRows(run: ParallelRun, rows: ParsedRows): void {
  const into = run.race.apartBuffer(rows.rows);
  into.x.set(rows.x);
  into.y.set(rows.y);
  const err = run.race.learnApart(rows);
  if (err) fail(err);
}

/** The id of a block read here (workers' blocks count from 0). */
const HERE = -1;

/** A block this thread reads itself when its turn comes: its bytes, for the run's reader. */
type HereBlock = () => Promise<BlockReply>;

/** A block read here, as a worker that would not read it answers (docs/design.md, "Every
 * core"): its bytes go to the run's own reader; `spare` its buffer when it may be reused once
 * read. */
function hereReply(block: Uint8Array, end: number, spare: ArrayBuffer[]): BlockReply {
  const quoted = hasQuote(block);
  return { type: 'block', id: HERE, rows: null, block, spare, quoted, end, bytes: 0, ms: 0 };
}

/** Blocks in flight, answered in the order they were sent; at most `limit` at once. */
class InOrder {
  #queue: (Promise<BlockReply> | HereBlock)[] = [];
  constructor(readonly limit: number) {}
  get size(): number {
    return this.#queue.length;
  }
  add(reply: Promise<BlockReply> | HereBlock): void {
    this.#queue.push(reply);
  }
  full(): boolean {
    return this.#queue.length >= this.limit;
  }
  next(): Promise<BlockReply> {
    const next = this.#queue.shift()!;
    return typeof next === 'function' ? next() : next;
  }
  /** After an error: replies still to come are of no use, and must not be unhandled. */
  drop(): void {
    for (const p of this.#queue) if (typeof p !== 'function') p.catch(() => undefined);
    this.#queue = [];
  }
}

/**
 * Streams the input through the run with `threads` threads in all: this one learns and
 * threads - 1 parser workers parse (1: this thread also parses, as push() does). On two cores,
 * one parser beside the learner was measured fastest (docs/bench.md); more parsers pay when the
 * cores are there. `progress` is called as the input is read, with the bytes read so far; what it
 * returns is awaited (a paused caller returns a promise that resolves when it resumes).
 */
export async function streamInParallel(
  run: ParallelRun,
  input: RunInput,
  threads: number,
  progress: (bytes: number) => void | Promise<void> = () => undefined,
): Promise<{ blocksApart: number; blocksHere: number; pipelinesApart: number }> {
  if (!Number.isInteger(threads) || threads < 1 || threads > 256)
    fail(`option threads must be a whole number from 1 to 256 (got ${String(threads)})`);
  if (threads === 1) {
    if (input.file) return readFileHere(run, input.file.file, progress);
    let bytes = 0;
    for await (const chunk of input.chunks) {
      run.push(chunk);
      await progress((bytes += chunk.length));
    }
    return { blocksApart: 0, blocksHere: 0, pipelinesApart: 0 };
  }
  // A large file will surely want its parsers: they start now, while the head is read.
  const early = input.file !== undefined && input.file.size > EARLY_BYTES;
  const stream = new ParallelStream(run, threads - 1, progress, early);
  try {
    const ranges = await stream.blocks(input);
    if (ranges !== null) await stream.ranges(input.file!, ranges);
    return {
      blocksApart: stream.blocksApart,
      blocksHere: stream.share.here,
      pipelinesApart: stream.pipelinesApart,
    };
  } finally {
    try {
      await stream.gather();
    } finally {
      await stream.close();
    }
  }
}

/** A file (Node, by its path) on one thread: each block read straight into the run's buffer in
 * its module's memory, without the stream's new buffer a chunk and the copy out of it: the CLI
 * on one thread took 0.77 s instead of 0.87 s on 1,000,000 rows (medians of 10 runs, AMD EPYC). */
async function readFileHere(
  run: ParallelRun,
  file: string,
  progress: (bytes: number) => void | Promise<void>,
): Promise<{ blocksApart: number; blocksHere: number; pipelinesApart: number }> {
  // No wasm call comes between chunkBuffer() and the read: the view stays valid.
  const intoModule = (): Uint8Array => run.race.chunkBuffer(BLOCK_BYTES);
  await readFileFrom(file, 0, intoModule, progress, (bytes) => {
    const err = run.race.push(bytes.length);
    if (err) fail(err);
  });
  return { blocksApart: 0, blocksHere: 0, pipelinesApart: 0 };
}

/** Reads a file (Node, by its path) from `at` to its end on this thread, as a stream reads it (a
 * file that grows meanwhile is read on): one descriptor, blocks of up to the length of the view
 * `into` gives, each read into that view (taken just before the read) and handed to `take`, then
 * `progress` with the bytes read so far and a turn of the event loop, as a stream gives. */
async function readFileFrom(
  file: string,
  at: number,
  into: () => Uint8Array,
  progress: (bytes: number) => void | Promise<void>,
  take: (bytes: Uint8Array) => void,
): Promise<void> {
  const fs = await nodeModule<typeof import('node:fs')>('fs');
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    cannotRead(file, e);
  }
  try {
    for (;;) {
      const view = into();
      let n: number;
      try {
        n = fs.readSync(fd, view, 0, view.length, at);
      } catch (e) {
        cannotRead(file, e);
      }
      if (n === 0) break;
      take(view.subarray(0, n));
      await progress((at += n));
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A run with parser workers: the blocks in flight, learned in order as their replies come. */
class ParallelStream {
  blocksApart = 0;
  /** Started once the head has settled: a short file, or one that never settles, starts none. */
  #starting: Promise<ParserPool> | null = null;
  #pool: ParserPool | null = null;
  #inFlight: InOrder;
  #stopReading = async (): Promise<void> => undefined;
  /** Which blocks this thread reads itself. */
  readonly share: ReadShare;
  /** A file's ranges, read here (made on first use). */
  #here: Promise<RangeReader> | null = null;
  /** A race on two threads (race_split.ts): the pipelines the worker learns. */
  #split: boolean[] | null = null;
  /** Learning here failed (a bad row that stops the stream, after which the worker stopped at
   * it too; or another error of the run's race). */
  #learnFailed = false;
  /** Parser threads started as the run began (a large file), for the pool to take. */
  readonly #early: EarlyThreads | null;

  get pipelinesApart(): number {
    return this.#split?.filter(Boolean).length ?? 0;
  }

  constructor(
    readonly run: ParallelRun,
    readonly parsers: number,
    readonly progress: (bytes: number) => void | Promise<void>,
    /** Start the parser threads now (a large file), for the pool to take. */
    startEarly = false,
  ) {
    this.#inFlight = new InOrder(2 * parsers + 3);
    this.share = new ReadShare(parsers);
    // Last: nothing after it throws.
    this.#early = startEarly ? new EarlyThreads(parsers, run.source) : null;
  }

  /** Learns the next block in flight: a worker's rows, or its bytes read here. */
  async #learn(): Promise<BlockReply> {
    const started = performance.now();
    const r = await this.#inFlight.next();
    this.#learning(() => this.#learnReply(r));
    // A block read here: what it cost this thread, its reading (a file's range) included.
    if (r.id === HERE) this.share.readHere(r.block!.length, performance.now() - started);
    return r;
  }

  /** A step of the run's race; an error it throws is remembered (#learnFailed). */
  #learning(step: () => void): void {
    try {
      step();
    } catch (e) {
      this.#learnFailed = true;
      throw e;
    }
  }

  #learnReply(r: BlockReply): void {
    if (r.rows) {
      const started = performance.now();
      learnRows(this.run, r.rows);
      this.share.learned(r.bytes, performance.now() - started);
      this.share.parsed(r.bytes, r.ms);
      this.#pool!.spare.give(r.rows.x.buffer as ArrayBuffer, r.rows.y.buffer as ArrayBuffer);
      ++this.blocksApart;
    } else if (r.block) {
      this.run.push(r.block);
      if (r.id === HERE) this.#pool!.spare.give(...r.spare);
    }
  }

  /** Bytes the run's own reader reads (no worker may: after a quote); in a race on two
   * threads the worker's race reads them too, first (rows before a bad row are learned on both
   * sides). */
  #pushHere(bytes: Uint8Array): void {
    // A copy to transfer: the bytes may be in a buffer read into again (the rest of a file) or
    // share a stream's memory (a Node Buffer's slice()), which a transfer would detach.
    if (this.#split) this.#pool!.forward({ type: 'push', block: new Uint8Array(bytes) });
    this.#learning(() => this.run.push(bytes));
  }

  /** Splits the race (race_split.ts) when that promises to be quicker, weighed on what the
   * blocks read here cost. Returns the pipelines the worker learns, or undefined. */
  #planSplit(weighing: SplitWeighing): boolean[] | undefined {
    const { race } = this.run;
    const split = RaceSplit.plan(race.groups(), weighing.costs(race), this.parsers);
    if (!split) return undefined;
    const err = race.setLearning(split.map((there) => !there));
    if (err) fail(err);
    this.#split = split;
    this.share.off();
    return split;
  }

  /** A race on two threads: the worker's pipelines come back as it learned them. After a stop
   * that did not come from learning (a cancel, the source failing) the blocks in flight are
   * learned here first, as the worker learned them (up to a block with a quote: it learns none
   * after that one). */
  async gather(): Promise<void> {
    if (!this.#split) return;
    try {
      if (!this.#pool) return; // it could not start: nothing was learned since the split
      try {
        while (!this.#learnFailed && this.#inFlight.size)
          if ((await this.#learn()).quoted) this.#inFlight.drop();
      } catch {
        // A bad row that stops the stream: the worker stopped at it too. The error that ended
        // the run (a cancel) is the one thrown.
      }
      loadStates(this.run.race, await this.#pool.collect());
    } finally {
      // Every pipeline learns here again (after a worker's failure, the worker's from the
      // states last sent).
      const err = this.run.race.setLearning([]);
      if (err) fail(err);
    }
  }

  /** The head, and for a stream everything: read here, cut into blocks of whole records. For a
   * file the workers may read, returns where its ranges start (the head's end); else null. */
  async blocks(input: RunInput): Promise<number | null> {
    const { run } = this;
    const cutter = new RecordCutter(BLOCK_BYTES, (n) =>
      this.#pool ? this.#pool.spare.take(n) : new ArrayBuffer(n),
    );
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let bytes = 0;
    let oneThread = false; // a quote was seen, or the head grew too long: this thread reads on
    const weighing = new SplitWeighing();
    const iterator = input.chunks[Symbol.asyncIterator]();
    let ended = false;
    this.#stopReading = async () => {
      if (!ended) await iterator.return?.();
      ended = true;
    };
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      for (const block of cutter.cut(next.value)) {
        // A quote ('"'), or a block cut inside a record: this thread reads on.
        if (!oneThread && (!cutter.whole || hasQuote(block))) oneThread = true;
        if (oneThread) this.#early?.end(); // no parser will be wanted: ended now, not at the end
        if (this.#pool && !oneThread) {
          // Until the workers are set up, a turn of the event loop per block lets their
          // messages in, whatever the source (one held in memory never yields by itself).
          if (!this.#pool.ready) await new Promise((resolve) => setTimeout(resolve, 0));
          const here = this.share.next(this.#pool.ready);
          const spare = [block.buffer as ArrayBuffer];
          this.#inFlight.add(
            here ? async () => hereReply(block, 0, spare) : this.#pool.read(block),
          );
          if (this.#inFlight.full()) await this.#learn();
          continue;
        }
        while (this.#inFlight.size) await this.#learn();
        this.#pushHere(block);
        if (this.#pool || oneThread) continue;
        head.push(block);
        headBytes += block.length;
        const state = run.race.readApartState();
        if (state === 1 && weighing.due(run.race, this.parsers)) {
          const split = this.#planSplit(weighing);
          this.#starting = ParserPool.start(
            split ? 1 : this.parsers,
            run.source,
            this.#early ?? undefined,
          );
          this.#pool = await this.#starting;
          this.#early?.end(); // those the pool did not take (a race split takes one)
          if (split) this.#pool.onStates = (states) => loadStates(run.race, states);
          this.#pool.begin(run, head, input.file?.file, split);
          if (input.file) {
            await this.#stopReading();
            return headBytes;
          }
        } else if (state === -1 || headBytes > HEAD_LIMIT) {
          oneThread = true;
          this.#early?.end();
        }
        if (oneThread) head.length = 0;
      }
      await this.progress((bytes += next.value.length));
    }
    ended = true;
    while (this.#inFlight.size) await this.#learn();
    const rest = cutter.rest();
    if (rest.length) this.#pushHere(rest);
    return null;
  }

  /** The file from `from` on, in ranges that the workers read themselves. */
  async ranges(file: NonNullable<RunInput['file']>, from: number): Promise<void> {
    const { size } = file;
    const pool = this.#pool!;
    while (from < size || this.#inFlight.size) {
      // Until the workers are set up, one block at a time, letting their messages in between.
      while (from < size && !this.#inFlight.full() && (pool.ready || !this.#inFlight.size)) {
        const range = { from, to: Math.min(size, from + BLOCK_BYTES), size };
        const here = this.share.next(pool.ready);
        this.#inFlight.add(here ? () => this.#readHere(file.file, range) : pool.read(range));
        from = range.to;
      }
      if (!pool.ready) await new Promise((resolve) => setImmediate(resolve));
      const r = await this.#learn();
      // A field may span a quoted block's end: the rest is read here, in order, and the blocks
      // in flight are dropped (before a cancel from progress() could learn them: the worker of
      // a race on two threads learns none after the quote).
      if (r.quoted) this.#inFlight.drop();
      await this.progress(r.end);
      if (r.quoted) return this.#readRest(file, r.end);
    }
  }

  /** Reads a file from `at` to its end on this thread (the worker of a race on two threads reads
   * each block too, sent before this thread learns it). */
  async #readRest(input: NonNullable<RunInput['file']>, at: number): Promise<void> {
    const scratch = new Uint8Array(BLOCK_BYTES);
    await readFileFrom(
      input.file,
      at,
      () => scratch,
      this.progress,
      (bytes) => this.#pushHere(bytes),
    );
  }

  /** A range of the file read here, when its turn comes. */
  async #readHere(file: RangedFile, range: FileRange): Promise<BlockReply> {
    const reader = await (this.#here ??= rangeReader(file));
    const { start, end } = await recordsOf(reader, range);
    // The reader's view lasts until its next read, which comes after the run has taken it.
    return hereReply(await reader.read(start, end - start), end, []);
  }

  /** After the end, an error or a cancel: the source closed (a file's stream, a download), the
   * replies still to come dropped, the workers ended (even those still starting). */
  async close(): Promise<void> {
    this.#early?.end();
    await this.#stopReading().catch(() => undefined);
    this.#inFlight.drop();
    this.#pool ??= (await this.#starting?.catch(() => null)) ?? null;
    this.#pool?.close();
  }
}
