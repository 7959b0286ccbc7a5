// Onepass.predict: a model's predictions for a whole source in one call, through a Scorer. The
// scorer's push() scores the rows a chunk completes and holds a last line without a line break
// (the next chunk may continue it) until finish(); predict always calls finish(), so every row
// of the source is scored.
import type { Scorer } from './scorer.js';
import { sourceChunks } from './sources.js';
import type {
  CsvReadOptions,
  CsvSource,
  ExplainOption,
  RowExplanation,
  ScoredRows,
  ThresholdOption,
} from './types.js';

/** How predict reads its source: the CSV options (the model's schema fills what they leave
 * out; the label column may be absent), a yes/no model's decision threshold, and whether each
 * row is explained. */
export type PredictOptions = CsvReadOptions & ThresholdOption & ExplainOption;

/** A model's predictions for every row of a source, in the source's order. */
export interface Predictions {
  /** What the model's label is (docs/algorithms.md 1.8). */
  task: 'binary' | 'multiclass' | 'regression';
  /** Each row's prediction: the class as the training file wrote it (a yes/no label's value, a
   * class's name), or the number of a regression model. */
  predictions: (string | number)[];
  /** Each row's probability, for models that give probabilities (else null): a yes/no model's
   * of its positive class, a multiclass model's of the class it predicts. */
  probabilities: Float64Array | null;
  /** A multiclass model's probabilities of every class, `classes.length` per row in the order
   * of `classes`, for learners that give them; else null. */
  classProbabilities: Float64Array | null;
  /** A multiclass model's classes; a yes/no model's [negative, positive]; empty for a number. */
  classes: string[];
  /** Each row's score: a yes/no model's margin, the predicted class's score, or the number. */
  scores: Float64Array;
  /** Each row's line in the source (1-based). */
  lines: Float64Array;
  /** With option explain, each row's largest contributions to its score (docs/algorithms.md
   * 1.9): bias + rest + the contributions listed is `scores[i]`; else null. */
  explanations: RowExplanation[] | null;
  /** Rows scored, those with a label, and those of them predicted right (classes only). */
  rows: number;
  labelled: number;
  correct: number;
  /** correct / labelled for a yes/no or multiclass model with labelled rows; else null. */
  accuracy: number | null;
  /** What `onepass predict` says at its end: rows, the accuracy (a regression model's MAE and
   * RMSE) on the labelled rows, bad rows skipped. */
  summary: string;
  /** Bad rows passed over (onError: 'skip'), and the messages of the first, each naming its line
   * and column. */
  skipped: number;
  errors: string[];
}

/** Onepass.predict: every row of `source` through `scorer`, which is disposed of here. */
export async function predict(scorer: Scorer, source: CsvSource): Promise<Predictions> {
  try {
    const parts: ScoredRows[] = [];
    for await (const chunk of sourceChunks(source)) parts.push(scorer.push(chunk));
    parts.push(scorer.finish());
    return predictions(scorer, joined(parts));
  } finally {
    scorer.dispose();
  }
}

function predictions(scorer: Scorer, r: ScoredRows): Predictions {
  const schema = scorer.schema;
  const { rows, labelled, correct } = scorer;
  const task = schema.task;
  const values = r.values ?? new Float64Array(0);
  const classes =
    task === 'multiclass'
      ? schema.classes
      : task === 'binary'
        ? [schema.negative, schema.positive]
        : [];
  const predicted: (string | number)[] =
    task === 'regression'
      ? Array.from(values)
      : task === 'multiclass'
        ? Array.from(values, (k) => classes[k])
        : Array.from(r.predictions, (p) => (p > 0 ? schema.positive : schema.negative));
  return {
    task,
    predictions: predicted,
    probabilities: scorer.hasProbability ? r.probabilities : null,
    classProbabilities: r.classProbabilities?.length ? r.classProbabilities : null,
    classes,
    scores: r.scores,
    lines: r.lines,
    explanations: r.explanations ?? null,
    rows,
    labelled,
    correct,
    accuracy: task !== 'regression' && labelled > 0 ? correct / labelled : null,
    summary: scorer.summary,
    skipped: scorer.skipped,
    errors: scorer.errors,
  };
}

/** The scored rows of several pushes as one: each array joined, null where every part has none. */
function joined(parts: ScoredRows[]): ScoredRows {
  const join = <T extends Float64Array | Int8Array>(
    pick: (p: ScoredRows) => T | null | undefined,
    make: (n: number) => T,
  ): T | null => {
    const arrays = parts.map(pick).filter((a): a is T => a != null);
    if (arrays.length === 0) return null;
    const out = make(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) (out.set(a, at), (at += a.length));
    return out;
  };
  const doubles = (n: number): Float64Array => new Float64Array(n);
  const bytes = (n: number): Int8Array => new Int8Array(n);
  return {
    scores: join((p) => p.scores, doubles) ?? doubles(0),
    predictions: join((p) => p.predictions, bytes) ?? bytes(0),
    probabilities: join((p) => p.probabilities, doubles),
    labels: join((p) => p.labels, bytes) ?? bytes(0),
    lines: join((p) => p.lines, doubles) ?? doubles(0),
    values: join((p) => p.values, doubles),
    classProbabilities: join((p) => p.classProbabilities, doubles),
    targets: join((p) => p.targets, doubles),
    explanations: parts.some((p) => p.explanations)
      ? parts.flatMap((p) => p.explanations ?? [])
      : null,
  };
}
