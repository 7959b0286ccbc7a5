// What the page downloads: the results with every pipeline's weights and state as
// JSON, the curves (cumulative mistakes, or cumulative absolute error for a number) as CSV, and
// any Blob or data URL as a file.
import { plainSnapshot } from 'onepass';
import { el } from './dom';
import type { RunState } from './results';

/** Saves `data` as a file named `name` (a Blob, or a data: URL). */
export function download(name: string, data: Blob | string): void {
  const a = el('a');
  a.href = typeof data === 'string' ? data : URL.createObjectURL(data);
  a.download = name;
  a.click();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The run's results, holdout figures and learned state, per pipeline. */
export function resultsJson(source: string, features: string[], run: RunState): Blob {
  const doc = {
    format: 'onepass-results',
    source,
    features,
    pipelines: run.results.map((r, i) => {
      const { learner, scalers } = plainSnapshot(r.snapshot);
      // Every figure of the pipeline's task (binary, multiclass or regression), as the core
      // gives them; the snapshot is written plain below and the curve is the curves' CSV.
      const { snapshot: _, curve: __, pipeline, canonical, ...figures } = r;
      return {
        pipeline,
        canonical,
        ...figures,
        holdout: run.holdout[i] ?? null,
        learner,
        scalers: scalers.map(({ name, arrays }) => ({ name, arrays })),
      };
    }),
  };
  return new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
}

/** The curves' points as they came (per message, per pipeline, [rows, mistakes, ...]) as
 * columns: the rows seen, and each pipeline's cumulative mistakes at them. */
export function curveColumns(
  points: Float64Array[][],
  pipelines: number,
): { rows: number[]; mistakes: number[][] } {
  const rows: number[] = [];
  const mistakes: number[][] = Array.from({ length: pipelines }, () => []);
  for (const batch of points)
    for (let i = 0; i < Math.min(pipelines, batch.length); i++)
      for (let k = 0; k < batch[i].length; k += 2) {
        if (i === 0) rows.push(batch[i][k]);
        mistakes[i].push(batch[i][k + 1]);
      }
  return { rows, mistakes };
}

/** The curves as CSV: rows seen, then each pipeline's cumulative mistakes. */
export function curvesCsv(pipelines: string[], rows: number[], mistakes: number[][]): Blob {
  const header = ['rows', ...pipelines.map((p) => `"${p.replace(/"/g, '""')}"`)].join(',');
  const lines = rows.map((r, k) => [r, ...mistakes.map((m) => m[k])].join(','));
  return new Blob([[header, ...lines].join('\n') + '\n'], { type: 'text/csv' });
}
