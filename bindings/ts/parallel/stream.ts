// Parsing on every core (docs/design.md, "Every core"). The run's own reader reads the head of
// the stream until nothing a later row could change is open (CsvReader::can_read_apart); then
// parser workers (worker.ts) read the blocks that follow into rows, which come back
// transferred and are learned here in stream order. Learning stays on this thread and sees the
// same rows in the same order, so a run's results are those of one thread, bit for bit.
// A file in Node (by its path) is cut into byte ranges that each worker reads itself; any other
// stream (a File's in browsers, stdin) is read here and cut into
// blocks of whole records that are transferred to the workers. A block a worker will not read
// (a bad row, to be named with its true line) is read here; after a quote, which may open a
// field that spans a cut, this thread reads the rest of the stream itself. When learning is
// quicker than the workers' parsing, this thread also reads a share of the blocks itself
// (read_share.ts), so that neither side waits. When learning is the bound, the runner is split
// instead: one worker parses every block and learns some of the pipelines too (runner_split.ts).
// Its pieces: the workers (parser_pool.ts, on threads from parser_threads.ts), the blocks cut
// from a stream (record_cutter.ts) or ranges of a file (file_ranges.ts), and the blocks in
// flight (in_order.ts).
import { fail } from '../shared/errors.js';
import {
  hasQuote,
  rangeReader,
  recordsOf,
  type FileRange,
  type RangeReader,
  type RangedFile,
} from './file_ranges.js';
import { InOrder } from './in_order.js';
import type { BlockReply, ParsedRows } from './messages.js';
import { ParserPool } from './parser_pool.js';
import { EarlyThreads } from './parser_threads.js';
import { loadStates, RunnerSplit, SplitWeighing } from './runner_split.js';
import { readFileFrom } from './read_file.js';
import { ReadShare } from './read_share.js';
import { BLOCK_BYTES, RecordCutter } from './record_cutter.js';
import type { ParallelRun, RunInput } from './run.js';

/** The head the run's reader reads before workers may start (the roles' sample and both
 * labels); past this, the run stays on one thread. */
const HEAD_LIMIT = 64 << 20;
/** A file larger than this starts its parser threads as the run begins (parser_threads.ts): its
 * head settles within the first blocks unless it never does. */
const EARLY_BYTES = 4 * BLOCK_BYTES;

/** Learns what a worker read, in stream order. */
function learnRows(run: ParallelRun, rows: ParsedRows): void {
  const into = run.runner.apartBuffer(rows.rows);
  into.x.set(rows.x);
  into.y.set(rows.y);
  const err = run.runner.learnApart(rows);
  if (err) fail(err);
}

/** The id of a block read here (workers' blocks count from 0). */
const HERE = -1;

/** A block read here, as a worker that would not read it answers (docs/design.md, "Every
 * core"): its bytes go to the run's own reader; `spare` its buffer when it may be reused once
 * read. */
function hereReply(block: Uint8Array, end: number, spare: ArrayBuffer[]): BlockReply {
  const quoted = hasQuote(block);
  return { type: 'block', id: HERE, rows: null, block, spare, quoted, end, bytes: 0, ms: 0 };
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
    if (input.file) return readFileHere(run, input.file.file, 0, progress);
    let bytes = 0;
    for await (const chunk of input.chunks) {
      run.push(chunk);
      await progress((bytes += chunk.length));
    }
    return { blocksApart: 0, blocksHere: 0, pipelinesApart: 0 };
  }
  // A large file will surely want its parsers: they start after its first block, while the
  // rest of the head is read.
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
  at: number,
  progress: (bytes: number) => void | Promise<void>,
): Promise<{ blocksApart: number; blocksHere: number; pipelinesApart: number }> {
  // No wasm call comes between chunkBuffer() and the read: the view stays valid.
  const intoModule = (): Uint8Array => run.runner.chunkBuffer(BLOCK_BYTES);
  await readFileFrom(file, at, intoModule, progress, (bytes) => {
    const err = run.runner.push(bytes.length);
    if (err) fail(err);
  });
  return { blocksApart: 0, blocksHere: 0, pipelinesApart: 0 };
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
  /** A runner on two threads (runner_split.ts): the pipelines the worker learns. */
  #split: boolean[] | null = null;
  /** Learning here failed (a bad row that stops the stream, after which the worker stopped at
   * it too; or another error of the run's runner). */
  #learnFailed = false;
  /** Parser threads started early (a large file), for the pool to take. */
  #early: EarlyThreads | null = null;
  /** A large file: its threads start once its first block is read, unless that block already
   * shows that no worker may read it (encoded columns, a multiclass label: readApartState -1),
   * so that a run on one thread pays for no thread. */
  #startEarly: boolean;

  get pipelinesApart(): number {
    return this.#split?.filter(Boolean).length ?? 0;
  }

  constructor(
    readonly run: ParallelRun,
    readonly parsers: number,
    readonly progress: (bytes: number) => void | Promise<void>,
    /** Start the parser threads early (a large file), for the pool to take. */
    startEarly = false,
  ) {
    this.#inFlight = new InOrder(2 * parsers + 3);
    this.share = new ReadShare(parsers);
    this.#startEarly = startEarly;
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

  /** A step of the run's runner; an error it throws is remembered (#learnFailed). */
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

  /** Bytes the run's own reader reads (no worker may: after a quote); in a runner on two
   * threads the worker's runner reads them too, first (rows before a bad row are learned on both
   * sides). */
  #pushHere(bytes: Uint8Array): void {
    // A copy to transfer: the bytes may be in a buffer read into again (the rest of a file) or
    // share a stream's memory (a Node Buffer's slice()), which a transfer would detach.
    if (this.#split) this.#pool!.forward({ type: 'push', block: new Uint8Array(bytes) });
    this.#learning(() => this.run.push(bytes));
  }

  /** Splits the runner (runner_split.ts) when that promises to be quicker, weighed on what the
   * blocks read here cost. Returns the pipelines the worker learns, or undefined. */
  #planSplit(weighing: SplitWeighing): boolean[] | undefined {
    const { runner } = this.run;
    const split = RunnerSplit.plan(runner.groups(), weighing.costs(runner), this.parsers);
    if (!split) return undefined;
    const err = runner.setLearning(split.map((there) => !there));
    if (err) fail(err);
    this.#split = split;
    this.share.off();
    return split;
  }

  /** A runner on two threads: the worker's pipelines come back as it learned them. After a stop
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
      loadStates(this.run.runner, await this.#pool.collect());
    } finally {
      // Every pipeline learns here again (after a worker's failure, the worker's from the
      // states last sent).
      const err = this.run.runner.setLearning([]);
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
      let next;
      try {
        next = await iterator.next();
      } catch (e) {
        // The source failed (a gzip stream or a Parquet row group that cannot be read): the
        // bytes it gave before are learned, as on one thread, and then its error is thrown.
        ended = true;
        while (this.#inFlight.size) await this.#learn();
        const rest = cutter.rest();
        if (rest.length) this.#pushHere(rest);
        throw e;
      }
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
        if (this.#startEarly) {
          this.#startEarly = false;
          if (!oneThread && run.runner.readApartState() !== -1)
            this.#early = new EarlyThreads(this.parsers, run.source);
        }
        if (this.#pool || oneThread) continue;
        head.push(block);
        headBytes += block.length;
        const state = run.runner.readApartState();
        if (state === 1 && weighing.due(run.runner, this.parsers)) {
          const split = this.#planSplit(weighing);
          this.#starting = ParserPool.start(
            split ? 1 : this.parsers,
            run.source,
            this.#early ?? undefined,
          );
          this.#pool = await this.#starting;
          this.#early?.end(); // those the pool did not take (a runner split takes one)
          if (split) this.#pool.onStates = (states) => loadStates(run.runner, states);
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
      // A file that this thread reads on by itself (encoded columns or a multiclass label, a
      // quote, a head too long) and no worker reads: the rest straight into the run's buffer,
      // as a run on one thread reads it, not through blocks cut and copied for workers.
      if (oneThread && input.file && !this.#pool) {
        await this.#stopReading();
        const rest = cutter.rest();
        if (rest.length) this.#pushHere(rest);
        await readFileHere(run, input.file.file, bytes, this.progress);
        return null;
      }
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
      // a runner on two threads learns none after the quote).
      if (r.quoted) this.#inFlight.drop();
      await this.progress(r.end);
      if (r.quoted) return this.#readRest(file, r.end);
    }
  }

  /** Reads a file from `at` to its end on this thread (the worker of a runner on two threads reads
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
