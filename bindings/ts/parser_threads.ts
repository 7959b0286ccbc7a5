// Parser worker threads (docs/design.md, "Every core"): how one is started, in Node and in
// browsers, and those started as a run begins, before its head has settled, for its pool to take.
import { isNode, nodeModule } from './module.js';
import type { FromParser, ToParser } from './parse_worker.js';

export interface ParserThread {
  post(message: ToParser, transfer: ArrayBuffer[]): void;
  terminate(): void;
}

/** Where a thread's messages and errors go. */
export interface ParserHandlers {
  message(m: FromParser): void;
  error(e: Error): void;
}

/** Starts one worker, in Node as a worker thread, elsewhere as a module Web Worker started from
 * a blob: URL that imports the script: a worker made from a blob: URL inherits its creator's
 * Content-Security-Policy (one loaded from its own URL gets only the server's headers), so a
 * page's no-connection policy holds in its parser workers too. The script is one bundled file
 * (scripts/build.mjs), which bundlers copy as an asset. */
export async function startThread(to: ParserHandlers): Promise<ParserThread> {
  const url = new URL('./parse_worker.bundle.js', import.meta.url);
  if (isNode) {
    const { Worker } = await nodeModule<typeof import('node:worker_threads')>('worker_threads');
    const w = new Worker(url);
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
  };
}

/** The handlers of a thread started before its pool exists: a worker posts nothing before the
 * pool's first message, but may fail to start; that error waits for the pool. */
class Route implements ParserHandlers {
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
}

/** Parser threads started as a run begins, when it will surely want them (a large file): a
 * thread's start (node's own start of a worker thread, 25-30 ms alone, 60-90 ms while the other
 * core reads the head on V8's first code) then overlaps the head's reading instead of following
 * it. The run's pool takes them (take), and the run ends those it did not take (end) as soon as
 * it knows: a file that never settles (an encoded column, one label, a quote in its head) uses
 * none, a race split one. */
export class EarlyThreads {
  /** Threads started early so far in this process (tests: that a run started them). */
  static started = 0;
  #waiting: Promise<{ thread: ParserThread; route: Route }>[] = [];

  constructor(count: number) {
    EarlyThreads.started += count;
    for (let i = 0; i < count; ++i) {
      const route = new Route();
      const started = startThread(route).then((thread) => ({ thread, route }));
      started.catch(() => undefined); // a failed start is the pool's to report, when it takes it
      this.#waiting.push(started);
    }
  }

  /** A thread started early, now sending to `to`; undefined when none is left. */
  async take(to: ParserHandlers): Promise<ParserThread | undefined> {
    const next = this.#waiting.shift();
    if (!next) return undefined;
    const { thread, route } = await next;
    route.attach(to);
    return thread;
  }

  /** Ends the threads no pool took. */
  end(): void {
    for (const started of this.#waiting.splice(0))
      started.then(
        ({ thread }) => thread.terminate(),
        () => undefined,
      );
  }
}
