// The parser workers of a run (stream.ts): started or taken from the kept ones
// (parser_threads.ts), sent the run's head, then blocks round-robin, their replies matched to
// the blocks in the order sent.
import type { LoadOptions } from '../shared/module.js';
import { EarlyThreads, KeptThreads, startRouted, type RoutedThread } from './parser_threads.js';
import type { FileRange, RangedFile } from './file_ranges.js';
import type { BlockReply, FromParser, ToParser } from './messages.js';
import type { ParallelRun } from './run.js';
import { SpareBuffers } from './spare_buffers.js';

/** K parser workers; blocks go round-robin, and each worker answers in the order it was sent. */
export class ParserPool {
  #threads: RoutedThread[] = [];
  /** Whether the threads were sent a run's head (begin): then they drop it before being kept. */
  #begun = false;
  /** Buffers that came back (rows learned, blocks read), to be used again. */
  readonly spare = new SpareBuffers(16);
  #waiting = new Map<number, { resolve(r: BlockReply): void; reject(e: Error): void }>();
  #next = 0;
  #failure: Error | null = null;
  #ready = 0;
  /** A runner on two threads: where the learning worker's states go, and the final ones. */
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
    // A runner on two threads: the worker's pipelines go to it as they are after the head.
    const states = learns?.map((there, i) => (there ? run.runner.runState(i) : null));
    const transfer = states?.flatMap((s) => (s ? [s.buffer as ArrayBuffer] : [])) ?? [];
    this.#begun = true;
    for (const { thread: t } of this.#threads)
      t.post(
        { type: 'init', source: run.source, options: run.options, head, file, learns, states },
        transfer,
      );
  }

  /** A runner on two threads (one worker): what the run's own reader reads, for the worker's
   * runner too. */
  forward(message: Extract<ToParser, { type: 'push' }>): void {
    this.#threads[0].thread.post(message, [message.block.buffer as ArrayBuffer]);
  }

  /** The final states of the worker's pipelines (a runner on two threads). */
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
