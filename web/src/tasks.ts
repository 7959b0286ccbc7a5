// What the label asks of a run (docs/algorithms.md 1.8): yes/no (binary), one of several classes
// (multiclass) or a number (regression). The page learns it from the preview before a run, and
// from the results after one; every view that shows figures, curves or weights asks it here, so
// that no view shows one task's figures for another's run.
import type { CsvPreview } from 'onepass';
import type { Result } from './protocol';

export type Task = 'binary' | 'multiclass' | 'regression';

/** The task the reader decided from the preview's sampled labels (preview.task). A positive
 * class chosen makes any class label one class against the rest. */
export function previewTask(preview: CsvPreview | null, positive: string): Task {
  if (!preview || positive) return 'binary';
  return preview.task;
}

/** The core's default pipeline of each task the page has learned it of: yes/no from the
 * package (op.defaultPipeline), the others from the previews that named them. */
export type TaskDefaults = Partial<Record<Task, string>>;

/** The defaults with the preview's task's own (the same object when it adds nothing). */
export function withPreviewDefault(known: TaskDefaults, preview: CsvPreview | null): TaskDefaults {
  if (!preview?.defaultPipeline || known[preview.task] === preview.defaultPipeline) return known;
  return { ...known, [preview.task]: preview.defaultPipeline };
}

/** A run's task, from its results (every pipeline of a run learns the same task). A result
 * without one is binary, as results were before there were tasks. */
export const resultsTask = (results: readonly Result[]): Task => results[0]?.task ?? 'binary';

/** The last value of a pipeline's curve: cumulative mistakes for classes, cumulative absolute
 * error for a number (MAE times the rows). */
export function cumulative(r: Result): number {
  return r.task === 'regression' ? (r.mae ?? 0) * r.rows : r.mistakes;
}

/** The words of the charts for a task: what the curve adds up and what the recent window
 * shows. */
export function chartWords(task: Task): {
  title: string;
  axis: string;
  explain: string;
  recentTitle: string;
  recentAxis: string;
  recentExplain: string;
  howTo: string;
} {
  if (task === 'regression')
    return {
      title: 'Cumulative absolute error',
      axis: 'cumulative absolute error',
      explain:
        'How far the predictions were from the true numbers so far, added up, each row ' +
        'predicted before it is learned: flatter is better.',
      recentTitle: 'Recent mean absolute error',
      recentAxis: 'mean absolute error, recent rows',
      recentExplain:
        'How far off the predictions were on average over the most recent stretch of rows (a ' +
        'twentieth of the file), in the units of the label. It shows whether a learner is still ' +
        'improving, and whether the data drifts. The grey dashed line is the baseline.',
      howTo:
        'A line adds up how far each prediction was from the true number. The baseline of the ' +
        'results, the grey dashed line (each row predicted by the mean of the labels before ' +
        'it), adds up about its mean absolute error times the rows.',
    };
  return {
    title: 'Cumulative mistakes',
    axis: 'cumulative mistakes',
    explain:
      (task === 'multiclass' ? 'Rows put in the wrong class so far' : 'Wrong predictions so far') +
      ', each row predicted before it is learned: flatter is better.',
    recentTitle: 'Recent error rate',
    recentAxis: 'error rate, recent rows',
    recentExplain:
      'The share of wrong predictions over the most recent stretch of rows (a twentieth of the ' +
      'file). It shows whether a learner is still improving, and whether the data drifts. ' +
      'The grey dashed line is the baseline: a pipeline above it does worse than always ' +
      'answering the most common label.',
    howTo:
      'A line counts the wrong predictions so far. A line as steep as the number of rows means ' +
      'every prediction was wrong. The grey dashed line is the baseline of the results (always ' +
      'answering the most common label): it makes about as many mistakes as its error times ' +
      'the rows. With many pipelines, show their differences from it to tell them apart.',
  };
}
