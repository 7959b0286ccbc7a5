// What the page's worker says (protocol.ts FromWorker), as changes of the page's state: progress,
// the end of a run, the holdout, cross-validation and predictions, or a failure. Pure functions
// of the state and the message; the worker link (worker_link.ts) applies them to the store.
import type { CsvInfo } from 'onepass';
import type { FromWorker, Progress, Result } from './protocol';
import { majorityBaseline } from './results';
import { cumulative, resultsTask } from './tasks';
import type { Figures, PageState, RunRecord } from './state';

/** A message of a given type from the worker. */
type Message<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

const figures = ({ rows, bytes, total, elapsedMs }: Progress): Figures => ({
  rows,
  bytes,
  total,
  elapsedMs,
});

/** The run with these fields replaced (none when there is no run). */
function withRun(s: PageState, fields: (run: RunRecord) => Partial<RunRecord>): Partial<PageState> {
  return s.run ? { run: { ...s.run, ...fields(s.run) } } : {};
}

/** The run's progress: figures, and the curves' new points. */
function progressed(run: RunRecord, p: Progress): Partial<RunRecord> {
  return {
    phase: 'going',
    progress: figures(p),
    points: [...run.points, p.series.map((x) => x.points)],
  };
}

/** The label's two values as the reader took them. */
const labelsOf = (info: CsvInfo): RunRecord['labels'] => ({
  positive: info.positiveLabel,
  negative: info.negativeLabel,
});

/** Only pipelines that learned rows have results: a run that learned nothing shows none. */
const learnedOnly = (results: Result[] | undefined): Result[] =>
  results && results.some((r) => r.rows > 0) ? results : [];

/** The end of a run (done or cancelled): the last point, results, baseline, problems. */
function runDone(s: PageState, msg: Message<'done'>): Partial<PageState> {
  if (!s.run) return { job: null };
  const run = { ...s.run, ...progressed(s.run, msg.progress) };
  // The last row, when the curve stride does not land on it.
  const first = run.points.map((batch) => batch[0]).filter((x) => x && x.length > 0);
  const last = first.length ? first[first.length - 1].at(-2)! : 0;
  if (msg.progress.rows > last)
    run.points = [
      ...run.points,
      msg.results.map((r) => Float64Array.of(msg.progress.rows, cumulative(r))),
    ];
  const results = learnedOnly(msg.results);
  const skipped = msg.info.errors.map((e) => `skipped ${e.message}`);
  const fit = results.flatMap((r) => r.warnings.map((w) => `${r.pipeline}: ${w}`));
  // After a whole stream the worker tests on the holdout (it says so, even of no rows), then
  // predicts a sample of the rows of a number.
  const testing = !msg.cancelled && run.options.holdout > 0;
  const ended: RunRecord = {
    ...run,
    phase: msg.cancelled ? 'cancelled' : testing ? 'testing' : 'done',
    // As the worker decides what follows: its pipelines' task, learned rows or not.
    task: resultsTask(msg.results),
    features: msg.info.features,
    labels: labelsOf(msg.info),
    results,
    models: results.length ? msg.models : [], // after Cancel too: what was learned is kept
    baseline: majorityBaseline(results[0], msg.info),
    problems: [...msg.info.warnings, ...fit, ...skipped],
    missingCells: msg.info.missingCells,
    blocksApart: msg.blocksApart,
    every: msg.every,
  };
  return { run: ended, job: awaited(ended) ? s.job : null };
}

/** The worker still has to say something of a run that read its whole stream: the holdout test
 * (phase testing), or the sample of a number's predictions. The job goes on until both have
 * come, in whichever order. */
const awaited = (run: RunRecord): boolean =>
  run.phase === 'testing' ||
  (run.phase === 'done' && run.task === 'regression' && run.sample === null);

/** The run with these fields replaced, and the job ended once nothing more of it is awaited. */
function withRunEnding(
  s: PageState,
  fields: (run: RunRecord) => Partial<RunRecord>,
): Partial<PageState> {
  if (!s.run) return { job: null };
  const run = { ...s.run, ...fields(s.run) };
  return { run, job: awaited(run) ? s.job : null };
}

/** Why a run stopped, and what became of what it learned. */
function stoppedProblem(message: string, learnedRows: boolean): string {
  if (learnedRows) return `Stopped: ${message}. What was learned before it is kept below.`;
  // The core says so itself when every row was bad and skipped.
  if (/^nothing was learned/.test(message)) return `Stopped: ${message}.`;
  return `Stopped: ${message}. Nothing was learned.`;
}

/** A run stopped by a bad row or a source that cannot be read: what was learned is shown. */
function runFailed(s: PageState, msg: Message<'failed'>): Partial<PageState> {
  const results = learnedOnly(msg.results);
  return {
    ...withRun(s, (run) => ({
      ...(msg.progress ? progressed(run, msg.progress) : {}),
      phase: 'stopped',
      features: msg.info?.features ?? run.features,
      labels: msg.info ? labelsOf(msg.info) : run.labels,
      results,
      models: [],
      baseline: msg.info ? majorityBaseline(results[0], msg.info) : null,
      problems: [stoppedProblem(msg.message, results.length > 0)],
    })),
    job: null,
  };
}

function heldOut(s: PageState, msg: Message<'holdout'>): Partial<PageState> {
  return withRunEnding(s, (run) => ({
    phase: 'done',
    // A run that learned nothing has nothing to test.
    holdout: run.results.length ? msg.runs : [],
    holdoutMessage: run.results.length ? (msg.message ?? '') : '',
  }));
}

function crossValidated(s: PageState, msg: Message<'cv'>): Partial<PageState> {
  if (!s.crossValidation) return { job: null };
  const phase = !msg.message ? 'done' : msg.message === 'cancelled' ? 'cancelled' : 'failed';
  return {
    crossValidation: {
      ...s.crossValidation,
      phase,
      task: msg.task ?? s.crossValidation.task,
      rows: msg.rows,
      folds: msg.folds,
      message: msg.message ?? '',
    },
    job: null,
  };
}

function scored(s: PageState, msg: Message<'scored'>): Partial<PageState> {
  const error = msg.error;
  return {
    predictions: {
      onError: s.predictions?.onError ?? s.settings.onError,
      phase: error === undefined ? 'done' : error === 'cancelled' ? 'cancelled' : 'failed',
      rows: msg.rows,
      labelled: msg.labelled,
      correct: msg.correct,
      summary: msg.summary,
      csv: msg.predictions,
      message: error ?? '',
    },
    job: null,
  };
}

/** The change of state a message of the worker makes. */
export function received(s: PageState, msg: FromWorker): Partial<PageState> {
  switch (msg.type) {
    case 'started':
      return withRun(s, () => ({ phase: 'going', features: msg.features }));
    case 'progress':
      return withRun(s, (run) => progressed(run, msg));
    case 'done':
      return runDone(s, msg);
    case 'failed':
      return runFailed(s, msg);
    case 'holdout':
      return heldOut(s, msg);
    case 'sample':
      return withRunEnding(s, () => ({
        sample: { samples: msg.samples, rows: msg.rows, message: msg.message },
      }));
    case 'cv-progress':
      return s.crossValidation
        ? {
            crossValidation: {
              ...s.crossValidation,
              phase: 'going',
              done: msg.done,
              total: msg.total,
            },
          }
        : {};
    case 'cv':
      return crossValidated(s, msg);
    case 'scored':
      return scored(s, msg);
  }
}

/** The worker itself failed (its script not served, a browser that cannot start it): what it
 * was doing ends with the reason, and the page stays usable (every failure). */
export function workerFailed(s: PageState, reason: string): Partial<PageState> {
  const failed = `the page's worker failed (${reason})`;
  const kind = s.job?.kind;
  return {
    workerFailure: reason,
    job: null,
    ...(kind === 'run' ? { run: stoppedRun(s, `Stopped: ${failed}.`) } : {}),
    ...(kind === 'cv' && s.crossValidation
      ? { crossValidation: { ...s.crossValidation, phase: 'failed', message: failed } }
      : {}),
    ...(kind === 'score'
      ? {
          predictions: {
            phase: 'failed',
            rows: 0,
            labelled: 0,
            correct: 0,
            csv: '',
            message: failed,
            onError: s.predictions?.onError ?? s.settings.onError,
          },
        }
      : {}),
  };
}

/** The run under way ended with this problem (what it learned is kept); a run that could not
 * start is one with no progress. */
export function stoppedRun(s: PageState, problem: string): RunRecord | null {
  return s.run && { ...s.run, phase: 'stopped', problems: [problem] };
}
