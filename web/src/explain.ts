// One row of the data explained by a model of the run (docs/algorithms.md 1.9): the head of the
// data, as the preview read it, scored by the package's scorer with `explain`, and the row asked
// for taken from its rows. Pure, apart from the package's calls; the panel draws what it gives.
import type { Onepass, RowExplanation, ScoredRows } from 'onepass';

export interface ExplainedRow {
  /** The row's line in the file, its score (a margin, a class's score or a number) and its
   * prediction as the predictions CSV writes it. */
  line: number;
  score: number;
  explanation: RowExplanation;
}

/** The contributions a row lists in the page: what a person reads at a glance. */
export const EXPLAINED = 5;

/** Data row `n` (1 is the first after the header) of `head`, explained by `model`; or why not:
 * a learner without a linear form, a row past the head, a row that cannot be read. */
export function explainRow(
  op: Onepass,
  model: string,
  head: { text: string; complete: boolean },
  n: number,
): ExplainedRow | { error: string } {
  let scorer;
  try {
    scorer = op.csvScorer(model, { explain: EXPLAINED });
  } catch (e) {
    return { error: (e as Error).message };
  }
  try {
    const parts: ScoredRows[] = [scorer.push(new TextEncoder().encode(head.text))];
    // A head cut short ends in a line that may be cut too: only complete lines are scored.
    if (head.complete) parts.push(scorer.finish());
    const rows = parts.flatMap((p) =>
      (p.explanations ?? []).map((explanation, i) => ({
        line: p.lines[i],
        score: p.scores[i],
        explanation,
      })),
    );
    return rows[n - 1] ?? { error: `the data read for the preview has ${rows.length} rows` };
  } catch (e) {
    return { error: (e as Error).message };
  } finally {
    scorer.dispose();
  }
}
