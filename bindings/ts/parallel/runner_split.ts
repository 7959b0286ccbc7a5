// A runner on two threads (docs/design.md, "Every core"). When learning a runner's pipelines costs
// more than parsing the stream (costly or many pipelines), parsing on another core helps
// little: the learning thread is the bound. The runner is then split: one worker parses every
// block after the head and learns some of the pipelines from the rows, in order; the learning
// thread learns the others from the same rows, which come back to it as in any parallel run.
// The worker's pipelines go to it as run states (CsvRunner::run_state) and come back likewise, now
// and then for the live figures and exactly at the end, so a run's results are those of one
// thread, bit for bit. Pipelines that share scalers (CsvRunner::groups) stay on one side.
import type { RawBlockParser, RawModule, RawCsvRunner, RawStatus } from '../onepass_wasm.mjs';
import { fail } from '../shared/errors.js';

/** How much quicker the split must promise to be than the usual parallel run to be used. */
const WORTH = 0.85;
/** Blocks read here after the head before a split is weighed: the head's first rows run on
 * V8's first, unoptimised code (parsing the first 2 MB cost eight times a later block's), which
 * would weigh the sides wrongly. */
const WEIGH_BLOCKS = 8;

/** Milliseconds a runner spent parsing, and in each pipeline (CsvRunner::costs). */
export interface Costs {
  parse: number;
  pipelines: number[];
}

/** When to weigh a split: at once when the head's costs say no split could pay (the parser
 * workers start at the head, as in any parallel run), else after WEIGH_BLOCKS more blocks read
 * here, on what those cost (the workers start then). */
export class SplitWeighing {
  #from: Costs | null = null;
  #blocks = 0;

  /** Whether to weigh now (the head has settled): true, or false to read one more block here
   * first. */
  due(runner: RawCsvRunner, parsers: number): boolean {
    if (RunnerSplit.fixed !== null) return true;
    if (this.#from === null) {
      const c = runner.costs();
      // Weighed loosely: the head's own costs lean the sides wrongly, not by a factor.
      if (RunnerSplit.plan(runner.groups(), c, parsers, 1) === null) return true;
      this.#from = c;
      return false;
    }
    return ++this.#blocks >= WEIGH_BLOCKS;
  }

  /** What the blocks read since the head cost (everything when none were). */
  costs(runner: RawCsvRunner): Costs {
    const now = runner.costs();
    const from = this.#from;
    if (!from) return now;
    return {
      parse: now.parse - from.parse,
      pipelines: now.pipelines.map((c, i) => c - from.pipelines[i]),
    };
  }
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export class RunnerSplit {
  /** The pipelines the worker learns, used instead of weighing (tests: a split whatever the
   * machine's speed), false never to split; null to weigh. */
  static fixed: boolean[] | false | null = null;

  /**
   * Which pipelines a worker learns, or null when the runner stays on this thread. Weighed with
   * what some blocks cost (SplitWeighing): with K parser workers, a usual parallel run costs
   * about max(L, (P + L) / (K + 1)), L the learning and P the parsing; split, the worker
   * parses and learns its groups (P + B) while this thread learns the others (A). Groups go,
   * heaviest first, to the side less busy.
   */
  static plan(
    groups: number[],
    { parse, pipelines }: Costs,
    parsers: number,
    worth = WORTH,
  ): boolean[] | null {
    if (RunnerSplit.fixed !== null) return RunnerSplit.fixed || null;
    const cost = new Map<number, number>();
    groups.forEach((g, i) => cost.set(g, (cost.get(g) ?? 0) + pipelines[i]));
    const learn = sum(pipelines);
    if (cost.size < 2 || !(learn > 0)) return null;
    let here = 0;
    let there = parse;
    const toWorker = new Set<number>();
    for (const [g, c] of [...cost].sort((a, b) => b[1] - a[1])) {
      if (there <= here) (toWorker.add(g), (there += c));
      else here += c;
    }
    const usual = Math.max(learn, (parse + learn) / (parsers + 1));
    if (toWorker.size === 0 || toWorker.size === cost.size) return null;
    if (Math.max(here, there) > worth * usual) return null;
    return groups.map((g) => toWorker.has(g));
  }
}

/** The worker's side: a runner of the run's pipelines of which it learns some, fed every row
 * after the head in stream order (rows its parser read apart, or bytes). After a block with a
 * quote its parser's later blocks are not learned (the run reads on by itself and sends the
 * bytes); after an error that stopped the stream nothing more is. */
export class WorkerRunner {
  #runner: RawCsvRunner;
  #learns: boolean[];
  #afterQuote = false;
  #stopped = false;

  /** Nothing learns until start(): push the head first, which the run learned. */
  constructor(raw: RawModule, options: object, learns: boolean[]) {
    this.#runner = new raw.CsvRunner();
    const err = this.#runner.init(options);
    if (err) fail(err);
    this.#learns = learns;
    status(this.#runner.setLearning(learns.map(() => false)));
  }

  /** The worker's pipelines take the states the run's had after the head (the same groups
   * formed here on the same rows), and learn from here on. */
  start(states: (Float64Array | null)[]): void {
    loadStates(this.#runner, states);
    status(this.#runner.setLearning(this.#learns));
  }

  /** Rows its parser read apart. */
  learnRead(parser: RawBlockParser): void {
    if (this.#afterQuote || this.#stopped) return;
    this.#stopped = !!parser.learnInto(this.#runner);
  }

  /** A block its parser would not read (a bad row, or a quote): the runner's reader reads it. */
  refused(block: Uint8Array, quoted: boolean): void {
    if (this.#afterQuote) return;
    this.push(block);
    this.#afterQuote = quoted;
  }

  /** Bytes the run's own reader read, in order. */
  push(bytes: Uint8Array): void {
    if (this.#stopped) return;
    this.#runner.chunkBuffer(bytes.length).set(bytes);
    // An error that stops the stream stops the run's reader at the same row.
    this.#stopped = !!this.#runner.push(bytes.length);
  }

  /** The run states of the pipelines learned here (null for the others). */
  states(): (Float64Array | null)[] {
    return this.#learns.map((l, i) => (l ? this.#runner.runState(i) : null));
  }

  /** Frees the runner's wasm memory. */
  dispose(): void {
    this.#runner.delete();
  }
}

function status(err: RawStatus): void {
  if (err) fail(err);
}

/** The learning thread's side: loads the states that come back into its runner. */
export function loadStates(runner: RawCsvRunner, states: (Float64Array | null)[]): void {
  states.forEach((s, i) => s && status(runner.loadRunState(i, s)));
}
