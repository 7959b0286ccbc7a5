// Frozen predictions of a model over CSV or svmlight bytes.
import type { RawScorer } from '../onepass_wasm.mjs';
import { fail } from '../shared/errors.js';
import { WasmOwned } from './owned.js';
import { pushBytes } from './checks.js';
import type { ModelSchema, ScoredRows } from './types.js';

/** Frozen predictions of a model over CSV or svmlight bytes; nothing is learned. */
export class Scorer extends WasmOwned<RawScorer> {
  /** @internal use Onepass.csvScorer() or Onepass.svmlightScorer() */
  constructor(raw: RawScorer) {
    super(raw);
  }

  get #s(): RawScorer {
    return this.held('scorer');
  }

  /** Rows scored so far. */
  get rows(): number {
    return this.#s.counts().rows;
  }
  /** Rows scored so far that have a label. */
  get labelled(): number {
    return this.#s.counts().labelled;
  }
  /** Labelled rows predicted right. */
  get correct(): number {
    return this.#s.counts().correct;
  }
  /** Bad rows passed over (option onError: 'skip'). */
  get skipped(): number {
    return this.#s.counts().skipped;
  }
  /** The messages of the first bad rows passed over, each naming its line and column. */
  get errors(): string[] {
    return this.#s.errors();
  }
  /** What `onepass predict` says at its end: rows predicted, the accuracy on the labelled
   * ones, bad rows skipped. */
  get summary(): string {
    return this.#s.summary();
  }
  get hasProbability(): boolean {
    return this.#s.hasProbability();
  }
  /** Whether the file has the model's label column (then labels are filled in). */
  get hasLabels(): boolean {
    return this.#s.hasLabels();
  }
  get schema(): ModelSchema {
    return this.#s.schema();
  }

  /** The header of the predictions CSV: line, prediction, score (, probability), and with
   * option explain the groups featureK, valueK, contributionK, then rest and bias. */
  get csvHeader(): string {
    return this.#s.csvHeader();
  }

  /** Scored rows as predictions CSV lines: the prediction in the model's own label values,
   * numbers as String(x) writes them; the same bytes as `onepass predict` and
   * `onepass-native predict` (the core writes them: api/scorer.hpp). */
  toCsv(r: ScoredRows): string {
    return this.#s.csvLines(
      r.scores,
      r.predictions,
      r.probabilities,
      r.lines,
      r.values ?? null,
      r.classProbabilities ?? null,
      r.explanations ?? null,
    );
  }

  /** Scores the complete rows of a chunk of bytes. A last line without a line break is held
   * until the next chunk or finish(), since the next chunk may continue it: a source's rows are
   * those of every push() and of finish() (Onepass.predict makes both calls). A bad row throws
   * (unless onError is 'skip'); the rows scored before it are the error's `scored`, to be
   * written too. */
  push(chunk: Uint8Array): ScoredRows {
    return this.#scored(() => pushBytes(this.#s, chunk));
  }

  /** End of input: scores a last line without a line break (and rows held until then). A bad
   * row throws as push() does. */
  finish(): ScoredRows {
    return this.#scored(() => {
      const err = this.#s.finish();
      if (err) fail(err);
    });
  }

  /** The rows scored by `step`; an error it throws carries those scored before it (`scored`). */
  #scored(step: () => void): ScoredRows {
    try {
      step();
    } catch (e) {
      throw Object.assign(e as Error, { scored: this.#s.take() });
    }
    return this.#s.take();
  }
}

/** The scorer of CSV bytes (csvScorer): the same class for both formats. */
export { Scorer as CsvScorer };
