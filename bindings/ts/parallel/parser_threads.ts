// Parser worker threads (docs/design.md, "Every core"): how one is started, in Node and in
// browsers; those started as a run begins, before its head has settled, for its pool to take;
// and those kept after a run for the next run of the same module.
import { parserScriptUrl } from '../assets.js';
import type { LoadOptions } from '../shared/module.js';
import { isNode, nodeModule } from '../shared/node.js';
import type { FromParser, ToParser } from './messages.js';

export interface ParserThread {
  post(message: ToParser, transfer: ArrayBuffer[]): void;
  terminate(): void;
  /** Whether the thread keeps a Node process alive (a kept, idle one does not). */
  hold(alive: boolean): void;
}

/** Threads started so far in this process (tests: which runs started threads, and which took
 * kept ones). */
export const threadCounts = { started: 0 };

/** Where a thread's messages and errors go. */
export interface ParserHandlers {
  message(m: FromParser): void;
  error(e: Error): void;
}

/** Starts one worker, in Node as a worker thread, elsewhere as a module Web Worker started from
 * a blob: URL that imports the script: a worker made from a blob: URL inherits its creator's
 * Content-Security-Policy (one loaded from its own URL gets only the server's headers), so a
 * page's no-connection policy holds in its parser workers too. The script is one bundled file
 * (scripts/build.mjs), which bundlers copy as an asset (assets.ts). */
export async function startThread(to: ParserHandlers): Promise<ParserThread> {
  const url = parserScriptUrl();
  ++threadCounts.started;
  if (isNode) {
    const { Worker } = await nodeModule<typeof import('node:worker_threads')>('worker_threads');
    // Not the process's own flags: `node --input-type=module -e` would pass on a flag that a
    // worker started from a file refuses (it exited with code 1 at once).
    const w = new Worker(url, { execArgv: [] });
    let ending = false;
    w.on('message', (m: FromParser) => to.message(m));
    w.on('error', (e: Error) => to.error(e));
    // A thread that ends by itself (not by terminate()) would leave its blocks unanswered.
    w.on('exit', (code) => ending || to.error(new Error(`it ended (exit code ${code})`)));
    return {
      post: (m, t) => w.postMessage(m, t),
      terminate: () => {
        ending = true;
        void w.terminate();
      },
      hold: (alive) => (alive ? w.ref() : w.unref()),
    };
  }
  const script = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(script);
  const w = new Worker(blobUrl, { type: 'module' });
  w.onmessage = (e: MessageEvent<FromParser>) => to.message(e.data);
  w.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    to.error(new Error(e.message || `the parser worker ${url.href} could not be started`));
  };
  return {
    post: (m, t) => w.postMessage(m, t),
    terminate: () => {
      w.terminate();
      URL.revokeObjectURL(blobUrl);
    },
    hold: () => undefined,
  };
}

/** Where a thread's messages go, changed as it passes from a run to the kept threads and to the
 * next run. Before it is attached (a thread started before its pool exists) a worker posts
 * nothing, but may fail to start; that error waits for the handlers. */
export class Route implements ParserHandlers {
  #to: ParserHandlers | null = null;
  #error: Error | null = null;
  message(m: FromParser): void {
    this.#to?.message(m);
  }
  error(e: Error): void {
    if (this.#to) this.#to.error(e);
    else this.#error ??= e;
  }
  attach(to: ParserHandlers): void {
    this.#to = to;
    if (this.#error) to.error(this.#error);
  }
  /** Until the next attach, errors wait (a worker posts nothing unasked). */
  detach(): void {
    this.#to = null;
  }
}

/** A started thread and where its messages go. */
export interface RoutedThread {
  thread: ParserThread;
  route: Route;
}

/** Starts a thread whose messages wait for its route to be attached. */
export async function startRouted(): Promise<RoutedThread> {
  const route = new Route();
  return { thread: await startThread(route), route };
}

/**
 * Parser threads kept after a run for the next run of the same module (one load(): a thread
 * has instantiated that module), so that later runs of a process do not start threads again:
 * starting one (node's own start of a worker thread 25-30 ms, the module's instantiation) is
 * about a tenth of a 1,000,000-row run on two threads. A thread whose run read with it drops
 * that run first ('end', answered 'ended' after every earlier message, so that no reply of the
 * old run reaches a new one: a run that takes it waits for that); one that fails or ends
 * meanwhile is not kept. A kept thread does not keep a Node process alive, and ends after
 * `idleMs` unused.
 */
export class KeptThreads {
  /** How long an unused thread is kept (milliseconds). */
  static idleMs = 10_000;
  static #bySource = new WeakMap<LoadOptions, Set<Kept>>();
  /** Every kept thread, for endAll and size. */
  static #all = new Set<Kept>();

  /** How many threads are kept now (of every module), those still dropping a run included. */
  static get size(): number {
    return this.#all.size;
  }

  /** Ends every kept thread now. */
  static endAll(): void {
    for (const kept of [...this.#all]) this.#forget(kept);
  }

  /** A kept thread of this module once it has dropped its last run, its messages not yet sent
   * anywhere; undefined when none is kept. */
  static async take(source: LoadOptions): Promise<RoutedThread | undefined> {
    for (;;) {
      const kept = this.#bySource.get(source)?.values().next().value;
      if (!kept) return undefined;
      this.#remove(kept);
      kept.routed.thread.hold(true); // its 'ended', awaited here, must keep a process alive
      if (!(await kept.dropped)) continue; // it failed meanwhile, and was ended
      kept.routed.route.detach();
      return kept.routed;
    }
  }

  /** A thread whose run is over; `used`: it was sent the run's head (init), which it drops
   * first. */
  static keep(source: LoadOptions, routed: RoutedThread, used: boolean): void {
    let settle: (ok: boolean) => void = () => undefined;
    const kept: Kept = {
      routed,
      source,
      dropped: new Promise<boolean>((resolve) => (settle = resolve)),
      settle: (ok) => settle(ok),
      timer: setTimeout(() => this.#forget(kept), this.idleMs),
    };
    (kept.timer as { unref?: () => void }).unref?.(); // Node: the timer keeps nothing alive
    let set = this.#bySource.get(source);
    if (!set) this.#bySource.set(source, (set = new Set()));
    set.add(kept);
    this.#all.add(kept);
    routed.thread.hold(false);
    const failed = (): void => this.#forget(kept);
    if (!used) {
      routed.route.attach({ message: () => undefined, error: failed });
      return kept.settle(true);
    }
    routed.route.attach({
      message: (m) => (m.type === 'ended' ? kept.settle(true) : m.type === 'failed' && failed()),
      error: failed,
    });
    routed.thread.post({ type: 'end' }, []);
  }

  static #remove(kept: Kept): void {
    clearTimeout(kept.timer);
    this.#bySource.get(kept.source)?.delete(kept);
    this.#all.delete(kept);
  }

  /** Ends a kept thread (unused, failed, or endAll). */
  static #forget(kept: Kept): void {
    this.#remove(kept);
    kept.settle(false);
    kept.routed.route.attach(IGNORE);
    kept.routed.thread.terminate();
  }
}

interface Kept {
  routed: RoutedThread;
  source: LoadOptions;
  /** Whether it dropped its last run (false: it failed, and was ended). */
  dropped: Promise<boolean>;
  settle(ok: boolean): void;
  timer: ReturnType<typeof setTimeout>;
}

const IGNORE: ParserHandlers = { message: () => undefined, error: () => undefined };

/** Parser threads started as a run begins, when it will surely want them (a large file): a
 * thread's start (node's own start of a worker thread, 25-30 ms alone, 60-90 ms while the other
 * core reads the head on V8's first code) then overlaps the head's reading instead of following
 * it; a thread kept from an earlier run of the module is taken first. The run's pool takes them
 * (take), and the run gives back those it did not take (end) as soon as it knows: a file that
 * never settles (an encoded column, one label, a quote in its head) uses none, a runner split one. */
export class EarlyThreads {
  /** Threads a run wanted early so far in this process (tests: that a run wanted them). */
  static started = 0;
  #waiting: Promise<RoutedThread>[] = [];

  constructor(
    count: number,
    readonly source: LoadOptions,
  ) {
    EarlyThreads.started += count;
    for (let i = 0; i < count; ++i) {
      const started = KeptThreads.take(source).then((kept) => kept ?? startRouted());
      started.catch(() => undefined); // a failed start is the pool's to report, when it takes it
      this.#waiting.push(started);
    }
  }

  /** A thread started early, its messages not yet sent anywhere; undefined when none is left. */
  async take(): Promise<RoutedThread | undefined> {
    return this.#waiting.shift();
  }

  /** Gives the threads no pool took to the kept ones. */
  end(): void {
    for (const started of this.#waiting.splice(0))
      started.then(
        (routed) => KeptThreads.keep(this.source, routed, false),
        () => undefined,
      );
  }
}
