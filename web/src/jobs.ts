// What the page asks of its worker: a run, a cross-validation, predictions with a saved model;
// pause, resume and cancel. Actions on the store: each records what it asked, with the options
// it was asked with, and the worker's messages (messages.ts) fill it in.
import { download } from './exports';
import type { ToWorker } from './protocol';
import {
  type App,
  cvSpecOf,
  dataBlocker,
  dataTask,
  type PageState,
  startingRun,
  runOptionsOf,
  sourceName,
  specsOf,
} from './state';

/** The pipelines of the specs box, each checked by building it; null with the error shown. */
function validSpecs(app: App): string[] | null {
  const { store, op } = app;
  const s = store.get();
  const specs = specsOf(s.settings.specs);
  // Built for the data's task when it is classes or a number: a yes/no learner on a number is
  // refused here, naming the learners that predict one. On yes/no labels a run of class
  // learners alone learns them as two classes, so the learner's own task is checked there.
  const task = dataTask(s.data);
  const options = task === 'binary' ? {} : { task };
  if (specs.length === 0) {
    store.update({ specError: 'Write at least one pipeline, e.g. "zscore | logreg".' });
    return null;
  }
  for (const [i, spec] of specs.entries()) {
    try {
      op.pipeline(spec, options).dispose();
    } catch (e) {
      store.update({ specError: `Line ${i + 1}: ${(e as Error).message}` });
      return null;
    }
  }
  return specs;
}

/** Runs the pipelines over the chosen data, as the controls say. */
export function startRun(app: App): void {
  const { store } = app;
  const s = store.get();
  if (s.job || dataBlocker(s)) return;
  const specs = validSpecs(app);
  if (!specs) return;
  const options = runOptionsOf(s, specs);
  const run = startingRun(
    (s.run?.id ?? 0) + 1,
    sourceName(s.data.source),
    options,
    dataTask(s.data),
  );
  if (s.workerFailure) {
    // A run would wait for it for ever.
    const problems = [`Stopped: the page's worker failed (${s.workerFailure}).`];
    store.update({ run: { ...run, phase: 'stopped', problems }, specError: '' });
    return;
  }
  store.update({ run, job: { kind: 'run', paused: false }, specError: '', focus: null });
  app.send({ type: 'start', source: s.data.source, options });
}

/** k-fold cross-validation of the pipeline chosen, or of every combination of the grid. */
export function startCrossValidation(app: App): void {
  const { store } = app;
  const s = store.get();
  const spec = cvSpecOf(s);
  if (s.job || dataBlocker(s) || !spec) return;
  const options = runOptionsOf(s, [spec]);
  const { cvFolds: folds, cvGrid: grid } = s.settings;
  const record = { options, task: dataTask(s.data), folds, grid, done: 0, total: 0, rows: [] };
  startJob(
    app,
    { crossValidation: { ...record, phase: 'reading', message: '' } },
    { crossValidation: { ...record, phase: 'failed', message: failedWorker(s) } },
    { type: 'cross-validate', source: s.data.source, options, spec, folds, grid },
  );
}

/** Why a job cannot start on a page whose worker has failed. */
const failedWorker = (s: PageState): string => `the page's worker failed (${s.workerFailure})`;

/**
 * Starts a cross-validation or predictions: the record `started` and the job go in the store,
 * then the request to the worker; on a page whose worker has failed the record `failed` does
 * instead (the job would wait for it for ever).
 */
function startJob(
  app: App,
  started: Pick<PageState, 'crossValidation'> | Pick<PageState, 'predictions'>,
  failed: Partial<PageState>,
  request: Extract<ToWorker, { type: 'cross-validate' | 'score' }>,
): void {
  if (app.store.get().workerFailure) {
    app.store.update(failed);
    return;
  }
  const kind = request.type === 'score' ? 'score' : 'cv';
  app.store.update({ ...started, job: { kind, paused: false } });
  app.send(request);
}

/** A saved model, checked now with a clear message; the predictions of the one before go. */
export function loadModel(app: App, text: string): void {
  let model = { text: '', described: '', error: '' };
  try {
    using p = app.op.loadPipeline(text);
    const rows = p.stats().rows.toLocaleString();
    model = {
      text,
      described: `Model: ${p.spec}, trained on ${rows} rows; predict the chosen data with it.`,
      error: '',
    };
  } catch (e) {
    model.error = (e as Error).message;
  }
  app.store.update({ model, predictions: null });
}

/** The loaded model's predictions over the chosen data. */
export function startScoring(app: App): void {
  const { store } = app;
  const s = store.get();
  if (s.job || dataBlocker(s) || !s.model.text) return;
  const { onError } = s.settings;
  const going = { rows: 0, labelled: 0, correct: 0, csv: '', onError };
  startJob(
    app,
    { predictions: { ...going, phase: 'going', message: '' } },
    { predictions: { ...going, phase: 'failed', message: failedWorker(s) } },
    { type: 'score', source: s.data.source, model: s.model.text, onError },
  );
}

export function downloadPredictions(app: App): void {
  const p = app.store.get().predictions;
  if (p?.phase === 'done')
    download('onepass-predictions.csv', new Blob([p.csv], { type: 'text/csv' }));
}

/** Pause or resume a run or predictions (cross-validation learns each fold at once). */
export function togglePause(app: App): void {
  const job = app.store.get().job;
  if (!job || job.kind === 'cv') return;
  const paused = !job.paused;
  app.store.update({ job: { ...job, paused } });
  app.send({ type: paused ? 'pause' : 'resume' });
}

export function cancel(app: App): void {
  if (app.store.get().job) app.send({ type: 'cancel' });
}
