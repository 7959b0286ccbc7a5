// What the +drift pipelines of a run signalled (docs/algorithms.md 6.10): the rows of their
// drifts as marks on the recent-error chart, and in words, each drift with what the pipeline did
// at it. Only the results of the run shown give them, so a new run starts with none. Nothing
// here touches the DOM.
import type { ChartMark } from './chart';
import type { Result } from './protocol';

/** The drifts named one by one in words; the others are counted. */
const NAMED = 5;

/** What a pipeline did at a drift, as its action says. */
function acted(r: Result): string {
  const action = r.drift?.action;
  // scalers=true resets the scalers with the learner; the report names the action only.
  if (action === 'reset')
    return /[(,]scalers=true\b/.test(r.canonical) ? 'learner and scalers reset' : 'learner reset';
  if (action === 'background') return 'the background learner took over';
  return 'reported, learner kept';
}

/** Each drift row of each +drift pipeline, in its pipeline's colour, named when pointed at. */
export function driftMarks(results: readonly Result[]): ChartMark[] {
  return results.flatMap((r, series) =>
    (r.drift?.rows ?? []).map((row) => ({
      series,
      x: row,
      label: `${r.pipeline}: drift at row ${row.toLocaleString('en')}, ${acted(r)}`,
    })),
  );
}

/** The pipeline (by its index in the run) and what its detector signalled, in words. */
export interface DriftWords {
  series: number;
  pipeline: string;
  text: string;
}

/** A line per +drift pipeline: its first drifts' rows with what it did at each, how many more,
 * and its warnings; or that it signalled none. */
export function driftWords(results: readonly Result[]): DriftWords[] {
  const out: DriftWords[] = [];
  results.forEach((r, series) => {
    const d = r.drift;
    if (!d) return;
    const warned = d.warnings ? `; ${d.warnings.toLocaleString('en')} warnings` : '';
    let text: string;
    if (d.drifts === 0) text = `no drift signalled (${d.detector}${warned}).`;
    else {
      const named = d.rows.slice(0, NAMED);
      const more = d.drifts - named.length;
      const each = named.map(
        (row, k) => `${k === 0 ? 'drift at' : 'at'} row ${row.toLocaleString('en')}: ${acted(r)}`,
      );
      text =
        each.join('; ') +
        (more > 0 ? `; and ${more.toLocaleString('en')} more` : '') +
        ` (${d.detector}${warned}).`;
    }
    out.push({ series, pipeline: r.pipeline, text });
  });
  return out;
}
