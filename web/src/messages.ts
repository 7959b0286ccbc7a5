// What the page's worker says (protocol.ts FromWorker): progress, the end of a run, the
// holdout, cross-validation and predictions, or a failure, each shown where it belongs.
import { crossValidationRows } from './crossval';
import { page, ui } from './page';
import type { FromWorker } from './protocol';
import { majorityBaseline } from './results';
import { setRunning } from './run_control';
import {
  formatRate,
  showBaseline,
  showCurves,
  showProblems,
  showProgress,
  showResults,
} from './views';

/** A message of a given type from the worker. */
type Message<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

/** The end of a run (done or cancelled): the last point, results, baseline, problems, status. */
function runDone(msg: Message<'done'>): void {
  showProgress(msg.progress);
  // The last row, when the curve stride does not land on it.
  const last = page.curveRows.length ? page.curveRows[page.curveRows.length - 1] : 0;
  if (msg.progress.rows > last)
    showProgress({
      ...msg.progress,
      series: msg.results.map((r) => ({
        mistakes: r.mistakes,
        points: Float64Array.of(msg.progress.rows, r.mistakes),
      })),
    });
  page.features = msg.info.features;
  page.lastModels = msg.models; // after Cancel too: what was learned is kept (issue 17)
  page.run.baseline = majorityBaseline(msg.info);
  showBaseline();
  showResults(msg.results);
  const skipped = msg.info.errors.map((e) => `skipped ${e.message}`);
  const fit = msg.results.flatMap((r) => r.warnings.map((w) => `${r.pipeline}: ${w}`));
  showProblems([...msg.info.warnings, ...fit, ...skipped]);
  if (!msg.cancelled) ui.bar.value = ui.bar.max; // also when the size was unknown
  const missing = msg.info.missingCells
    ? `; ${msg.info.missingCells.toLocaleString()} missing cells (learned as missing values)`
    : '';
  const parsers = msg.blocksApart
    ? `; parsed by ${page.options.threads} threads (${msg.blocksApart} blocks in parser workers)`
    : '';
  ui.status.textContent = `${msg.cancelled ? 'Cancelled' : 'Done'}: ${formatRate(msg.progress, false)}${missing}${parsers}`;
  if (page.options.holdout > 0 && !msg.cancelled)
    ui.holdoutStatus.textContent = 'Testing on the holdout…';
  else setRunning(false);
}

function crossValidated(msg: Message<'cv'>): void {
  setRunning(false);
  if (msg.rows.length) {
    ui.cvResults.tBodies[0].replaceChildren(...crossValidationRows(msg.rows));
    ui.cvStatus.textContent = `${msg.folds}-fold cross-validation (seed ${page.options.seed}) of ${msg.rows.length} pipeline${msg.rows.length === 1 ? '' : 's'}: mean ± deviation over the folds.`;
  }
  if (msg.message)
    ui.cvStatus.textContent =
      msg.message === 'cancelled'
        ? `Cancelled after ${msg.rows.length} pipelines.`
        : `No cross-validation: ${msg.message}.`;
}

function heldOut(msg: Message<'holdout'>): void {
  page.run.holdout = msg.runs;
  showBaseline();
  showCurves();
  ui.holdoutStatus.textContent = msg.message
    ? `No holdout test: ${msg.message}.`
    : `Holdout: each pipeline trained on ${100 - Math.round(page.options.holdout * 100)}% of the rows (seed ${page.options.seed}) and tested on the other ${Math.round(page.options.holdout * 100)}%.`;
  showResults(page.run.results);
  setRunning(false);
}

function scored(msg: Message<'scored'>): void {
  setRunning(false);
  if (msg.error !== undefined) {
    ui.scoreStatus.textContent =
      msg.error === 'cancelled' ? 'Prediction cancelled.' : `Could not predict: ${msg.error}`;
    return;
  }
  page.predictions = msg.predictions;
  const acc = msg.labelled
    ? `; accuracy ${(msg.correct / msg.labelled).toFixed(4)} on the ${msg.labelled} labelled rows`
    : '';
  ui.scoreStatus.textContent = `${msg.rows.toLocaleString()} rows predicted${acc}.`;
  ui.exportPredictions.disabled = false;
}

/** A run stopped by a bad row or a source that cannot be read: what was learned is shown. */
function runFailed(msg: Message<'failed'>): void {
  if (msg.progress) showProgress(msg.progress);
  if (msg.info) page.features = msg.info.features;
  if (msg.results) showResults(msg.results);
  showProblems([`Stopped: ${msg.message}. What was learned before it is kept below.`]);
  ui.status.textContent = msg.progress
    ? `Stopped after ${formatRate(msg.progress, false)}`
    : 'Stopped';
  setRunning(false);
}

/** Shows each message of the worker as it comes. */
export function listen(worker: Worker): void {
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const msg = event.data;
    if (msg.type === 'started') page.features = msg.features;
    else if (msg.type === 'progress') showProgress(msg);
    else if (msg.type === 'done') runDone(msg);
    else if (msg.type === 'cv-progress')
      ui.cvStatus.textContent = `Cross-validating: ${msg.done} of ${msg.total} pipelines done…`;
    else if (msg.type === 'cv') crossValidated(msg);
    else if (msg.type === 'holdout') heldOut(msg);
    else if (msg.type === 'scored') scored(msg);
    else if (msg.type === 'failed') runFailed(msg);
  };
}
