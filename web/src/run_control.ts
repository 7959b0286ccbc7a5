// Running: the page's worker, Run and its options, cross-validation, pause and cancel, the
// share link and the downloads; the controls locked while something runs.
import type { Onepass } from 'onepass';
import { curvesCsv, download, resultsJson } from './exports';
import { shareLink } from './link';
import { CORES, page, ui } from './page';
import type { RunOptions, ToWorker } from './protocol';
import { rolesOf } from './preview';
import { chart, clearResults, resetCharts, showProblems } from './views';
import workerUrl from './worker.ts?worker&url';

// The worker starts from a blob: URL that only imports the bundled worker script, because a
// worker made from a blob: URL inherits the page's Content-Security-Policy (the <meta> tag's
// too) while one loaded from its own URL gets only what the server sends, and most static
// hosts send none: so "no connection to another origin" holds in the worker on any host
// (issue 17). The script itself still comes from the page's own origin.
function startWorker(): Worker {
  const script = new URL(workerUrl, document.baseURI).href;
  const boot = new Blob([`import ${JSON.stringify(script)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(boot), { type: 'module' });
}
export const worker = startWorker();
// The worker itself failing (its script not served, a browser that cannot start it): the run
// ends with the reason, and the page stays usable (issue 17: every failure).
const stopForWorker = (): void => {
  showProblems([`Stopped: the page's worker failed (${page.workerFailure}).`]);
  ui.status.textContent = 'Stopped';
  setRunning(false);
};
worker.onerror = (e: ErrorEvent) => {
  e.preventDefault();
  page.workerFailure = e.message || 'its script could not be loaded';
  stopForWorker();
};
ui.threads.options[1].text = `all ${CORES} cores`;

/** pausable: false for cross-validation, which learns each fold from memory at once. */
export function setRunning(running: boolean, pausable = true): void {
  ui.run.disabled = running;
  ui.cvRun.disabled = running;
  ui.score.disabled = running || !page.modelText;
  ui.cancel.disabled = !running;
  ui.pause.disabled = !running || !pausable;
  // The data, how it is read and how it is tested are locked during a run (issue 17): what the
  // results show is always the run of what the controls show (and they are shown with the
  // options the run used, page.options).
  for (const c of [
    ui.dataset,
    ui.file,
    ui.label,
    ui.positive,
    ui.onError,
    ui.order,
    ui.seed,
    ui.threads,
    ui.holdout,
    ui.cvFolds,
    ui.cvGrid,
    ui.cvPipeline,
  ])
    c.disabled = running;
  for (const menu of ui.preview.querySelectorAll('select')) menu.disabled = running;
  ui.drop.setAttribute('aria-disabled', String(running));
  if (!running) {
    page.paused = false;
    ui.pause.textContent = 'Pause';
    ui.pause.setAttribute('aria-pressed', 'false');
  }
}

function validSpecs(op: Onepass): string[] | null {
  const specs = ui.specs.value
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length === 0) {
    ui.specError.textContent = 'Write at least one pipeline, e.g. "zscore | logreg".';
    return null;
  }
  for (const [i, spec] of specs.entries()) {
    try {
      op.pipeline(spec).dispose();
    } catch (e) {
      ui.specError.textContent = `Line ${i + 1}: ${(e as Error).message}`;
      return null;
    }
  }
  ui.specError.textContent = '';
  return specs;
}

export function start(op: Onepass): void {
  if (page.workerFailure) return stopForWorker(); // a run would wait for it for ever
  const specs = validSpecs(op);
  if (!specs) return;
  page.pipelines = specs;
  fillCvMenu(specs);
  resetCharts(specs);
  clearResults();
  ui.status.textContent = 'Starting…';
  setRunning(true);
  page.options = runOptions(specs);
  worker.postMessage({
    type: 'start',
    source: page.source,
    options: page.options,
  } satisfies ToWorker);
}

/** How the controls say to read and run the data. */
function runOptions(specs: string[]): RunOptions {
  return {
    pipelines: specs,
    label: ui.label.value || undefined,
    positive: ui.positive.value || undefined,
    reading: { ...rolesOf(ui.preview), header: 'auto' },
    onError: ui.onError.value === 'skip' ? 'skip' : 'stop',
    shuffleBuffer: Number(ui.order.value),
    seed: Math.max(0, Math.floor(Number(ui.seed.value) || 0)),
    holdout: Number(ui.holdout.value),
    threads: Number(ui.threads.value) || CORES,
  };
}

/** The pipelines of the specs box as the cross-validation menu's choices. */
export function fillCvMenu(specs: string[]): void {
  const keep = ui.cvPipeline.value;
  ui.cvPipeline.replaceChildren(...specs.map((s) => new Option(s, s, false, s === keep)));
}

function startCrossValidation(): void {
  const spec = ui.cvPipeline.value;
  if (!spec) return;
  ui.cvResults.tBodies[0].replaceChildren();
  ui.cvStatus.textContent = 'Reading the data…';
  setRunning(true, false);
  page.options = runOptions([spec]);
  worker.postMessage({
    type: 'cross-validate',
    source: page.source,
    options: page.options,
    spec,
    folds: Number(ui.cvFolds.value),
    grid: ui.cvGrid.value,
  } satisfies ToWorker);
}

function exportJson(): void {
  const name = page.source.kind === 'file' ? page.source.file.name : page.source.name;
  download('onepass-results.json', resultsJson(name, page.features, page.run));
}

function exportCurve(): void {
  download('onepass-curves.csv', curvesCsv(page.pipelines, page.curveRows, page.curveMistakes));
}

/** Running: Run, cross-validation, pause and cancel, the share link and the downloads. */
export function wireRun(): void {
  ui.run.addEventListener('click', () => start(page.op));
  ui.cvRun.addEventListener('click', startCrossValidation);
  const specsOfBox = (): string[] =>
    ui.specs.value
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean);
  ui.specs.addEventListener('input', () => fillCvMenu(specsOfBox()));
  fillCvMenu(specsOfBox());
  ui.pause.addEventListener('click', () => {
    page.paused = !page.paused;
    worker.postMessage({ type: page.paused ? 'pause' : 'resume' } satisfies ToWorker);
    ui.pause.setAttribute('aria-pressed', String(page.paused));
    ui.pause.textContent = page.paused ? 'Resume' : 'Pause';
    ui.status.textContent = page.paused
      ? `Paused: ${ui.status.textContent.replace(/, about [\d.]+ s left$/, '')}`
      : ui.status.textContent.replace(/^Paused: /, '');
  });
  ui.cancel.addEventListener('click', () =>
    worker.postMessage({ type: 'cancel' } satisfies ToWorker),
  );
  ui.share.addEventListener('click', async () => {
    const link = shareLink();
    history.replaceState(null, '', link);
    try {
      await navigator.clipboard.writeText(link);
      ui.shareStatus.textContent = 'Link copied. It holds the setup, not the data.';
    } catch {
      ui.shareStatus.textContent = `The address bar now holds the setup (not the data): ${link}`;
    }
  });
  ui.exportJson.addEventListener('click', exportJson);
  ui.exportCurve.addEventListener('click', exportCurve);
  ui.exportPng.addEventListener('click', () => {
    const name = page.source.kind === 'file' ? page.source.file.name : page.source.name;
    const png = chart.toPng(`Cumulative mistakes: ${name}, ${page.curveRows.at(-1) ?? 0} rows`);
    if (png) download('onepass-chart.png', png);
  });
}
