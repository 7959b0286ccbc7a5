// Frozen predictions of a model over CSV or svmlight bytes.
import type { RawScorer } from './onepass_wasm.mjs';
import { fail } from './module.js';
import { WasmOwned } from './owned.js';
import { pushBytes } from './checks.js';
import type { ModelSchema, ScoredRows } from './types.js';

/** Frozen predictions of a model over CSV or svmlight bytes; nothing is learned. */
export class Scorer extends WasmOwned<RawScorer> {
  /** Rows scored so far, those with a label, and those predicted right. */
  rows = 0;
  labelled = 0;
  correct = 0;

  /** @internal use Onepass.csvScorer() or Onepass.svmlightScorer() */
  constructor(raw: RawScorer) {
    super(raw);
  }

  get #s(): RawScorer {
    return this.held('scorer');
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

  #take(): ScoredRows {
    const { scores, labels, lines } = this.#s.take();
    const predictions = Int8Array.from(scores, (s) => (s >= 0 ? 1 : -1));
    const probabilities = this.#s.hasProbability()
      ? Float64Array.from(scores, (s) =>
          s >= 0 ? 1 / (1 + Math.exp(-s)) : Math.exp(s) / (1 + Math.exp(s)),
        )
      : null;
    this.rows += scores.length;
    for (let i = 0; i < labels.length; i++)
      if (labels[i] !== 0) {
        this.labelled++;
        if (labels[i] === predictions[i]) this.correct++;
      }
    return { scores, predictions, probabilities, labels, lines };
  }

  /** The header of the predictions CSV: line, prediction, score (, probability). */
  get csvHeader(): string {
    return `line,prediction,score${this.hasProbability ? ',probability' : ''}\n`;
  }

  /** Scored rows as predictions CSV lines, the prediction in the model's own label values. */
  toCsv(r: ScoredRows): string {
    const { positive, negative } = this.schema;
    let text = '';
    for (let i = 0; i < r.scores.length; i++) {
      text += `${r.lines[i]},${r.predictions[i] > 0 ? positive : negative || '-1'},${r.scores[i]}`;
      text += r.probabilities ? `,${r.probabilities[i]}\n` : '\n';
    }
    return text;
  }

  /** Scores the complete rows of a chunk of bytes. */
  push(chunk: Uint8Array): ScoredRows {
    pushBytes(this.#s, chunk);
    return this.#take();
  }

  /** End of input: scores a last line without a line break. */
  finish(): ScoredRows {
    const err = this.#s.finish();
    if (err) fail(err);
    return this.#take();
  }
}

/** The scorer of CSV bytes (csvScorer): the same class for both formats. */
export { Scorer as CsvScorer };
