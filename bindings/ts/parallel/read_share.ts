// How many of the blocks the learning thread reads itself (docs/design.md, "Every core"). With
// K parser workers, the learning thread is idle whenever learning a worker's rows takes less
// than the workers take to read them: on two cores (one worker) parsing costs about twice what
// learning `zscore | logreg` does (docs/bench.md), so the learner waited half the time. It now
// reads a fraction f of the blocks itself (parsing and learning them in one go, as push() does)
// and learns the others' rows. Per byte, with H what a block read here costs this thread, L
// the learning of a worker's rows here, P a worker's reading and w = P / K, the two sides are
// busy alike when
//   f H + (1 - f) L = (1 - f) w,   that is   f = (w - L) / (H - L + w),
// which is 0 when learning is the bound (costly pipelines: the workers keep up anyway). H is
// measured, not taken as P + L: a block read here costs more than a worker's parsing and the
// learning together (3.4 against 1.8 + 1.2 ms a MB for `zscore | logreg`, AMD EPYC: its bytes
// are copied into the module, and both cores share the memory's bandwidth), and with P + L the
// learner took a fifth of the blocks where a seventh balances. All three costs are measured as
// the run goes (their recent average), so f follows the pipelines and the machine; results are
// the same whoever reads a block (the run learns every row in order).

/** The largest share read here: the workers always get at least half. */
const MOST = 0.5;
/** How fast the averages forget: each new block weighs 1 - KEEP. */
const KEEP = 0.9;

class RecentRate {
  #ms = 0;
  #bytes = 0;
  add(bytes: number, ms: number): void {
    this.#ms = KEEP * this.#ms + ms;
    this.#bytes = KEEP * this.#bytes + bytes;
  }
  /** Milliseconds per byte, or null before the first measurement. */
  get perByte(): number | null {
    return this.#bytes > 0 ? this.#ms / this.#bytes : null;
  }
}

export class ReadShare {
  /** A share used instead of the measured one, from the first block on (tests: a run that
   * reads blocks on both sides, or only in workers, whatever the machine's speed); null to
   * measure. */
  static fixed: number | null = null;

  readonly #parsing = new RecentRate();
  readonly #learning = new RecentRate();
  readonly #readingHere = new RecentRate();
  #credit = 0;
  #off = false;
  /** Blocks picked here while the workers were setting up, not yet reported by readHere. */
  #beforeReady = 0;
  /** Blocks read here so far. */
  here = 0;

  constructor(readonly parsers: number) {}

  /** A worker read `bytes` in `ms` (its own measure, without the messages' travel). */
  parsed(bytes: number, ms: number): void {
    this.#parsing.add(bytes, ms);
  }

  /** This thread learned the rows of `bytes` that a worker read, in `ms`. */
  learned(bytes: number, ms: number): void {
    this.#learning.add(bytes, ms);
  }

  /** This thread read a block of `bytes` itself (parsed and learned it) in `ms`; called in the
   * order next() picked the blocks. Those picked before the workers were set up are left out:
   * they ran beside a worker's start (and, in a process's first run, on V8's unoptimised code:
   * 15 ms a MB against 4), which the blocks H weighs never do. */
  readHere(bytes: number, ms: number): void {
    if (this.#beforeReady > 0) --this.#beforeReady;
    else if (bytes > 0) this.#readingHere.add(bytes, ms);
  }

  /** No block is read here from now on: a runner split between threads (runner_split.ts), whose
   * worker reads every block, since it learns from every row. */
  off(): void {
    this.#off = true;
  }

  /** The share of blocks to read here now (0 until both costs are measured). */
  get fraction(): number {
    if (ReadShare.fixed !== null) return ReadShare.fixed;
    const p = this.#parsing.perByte;
    const l = this.#learning.perByte;
    if (p === null || l === null || p <= 0) return 0;
    const w = p / this.parsers;
    // H - L, what a block read here costs beyond learning a worker's rows: known once a block
    // picked by this share was read here; P before that (f = (w - L) / (P + w)).
    const h = this.#readingHere.perByte;
    const beyond = h === null ? p : Math.max(0, h - l);
    return Math.min(MOST, Math.max(0, (w - l) / (beyond + w)));
  }

  /** Whether the next block is read here: every block until the workers are `ready` (set up;
   * loading a module takes about as long as reading 15 MB), then blocks spread so that, over a
   * run, the share read here follows `fraction`. */
  next(ready: boolean): boolean {
    if (this.#off) return false;
    if (ready || ReadShare.fixed !== null) {
      this.#credit += this.fraction;
      if (this.#credit < 1) return false;
      this.#credit -= 1;
    } else ++this.#beforeReady;
    ++this.here;
    return true;
  }
}
