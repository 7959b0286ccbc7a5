// The demo page: choose data and pipelines, stream the rows through them in a Web Worker, watch
// the cumulative and recent error, read and sort the results, inspect what was learned per
// feature, download models, curves and charts, and share the setup as a link (never the data).
// The page uses only the onepass package's public API (the learning happens in worker.ts).
import { load, type CsvPreview, type Onepass, type RegistryEntry, type RunResult } from 'onepass';
import { MistakesChart, rollingError } from './chart';
import { mountBuilder, presets } from './compose';
import type { FromWorker, Progress, Result, RunOptions, Source, ToWorker } from './protocol';
import { crossValidationRows } from './crossval';
import { rolesOf, showPreview } from './preview';
import { ScalesView } from './scales';
import { baselineText, emptyRun, majorityBaseline, ResultsTable, type RunState } from './results';
import { decodeSetup, encodeSetup, type Setup } from './share';
import { curvesCsv, download, resultsJson } from './exports';
import workerUrl from './worker.ts?worker&url';
import './style.css';
import { algorithmsLink, el } from './dom';

const DATASETS = [
  { file: 'heart.csv', title: 'Statlog heart (270 rows, 13 features)' },
  { file: 'diabetes.csv', title: 'Pima diabetes (768 rows, 8 features)' },
  { file: 'diabetes_na.csv', title: 'Pima diabetes with missing cells (768 rows)' },
  { file: 'breast_cancer_wdbc.csv', title: 'Breast cancer, diagnostic (569 rows, 30 features)' },
  { file: 'breast_cancer_wisconsin.csv', title: 'Breast cancer, original (699 rows, 9 features)' },
  { file: 'ionosphere.csv', title: 'Ionosphere (351 rows, 34 features)' },
  { file: 'sonar.csv', title: 'Sonar, sorted by class (208 rows, 60 features)' },
  { file: 'liver.csv', title: 'BUPA liver (345 rows, 6 features)' },
];
// The head read for the preview: enough for the 1,000 rows a run samples to infer roles.
const PREVIEW_BYTES = 1024 * 1024;
const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;
const SAMPLE_ROWS = 1000;
const PREVIEW_ROWS = 5;
/** The cores the browser says it has: the run's threads when parsing on every core. */
const CORES = Math.max(1, navigator.hardwareConcurrency || 1);

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const ui = {
  dataset: $<HTMLSelectElement>('dataset'),
  file: $<HTMLInputElement>('file'),
  drop: $<HTMLDivElement>('drop'),
  sourceName: $<HTMLParagraphElement>('source-name'),
  label: $<HTMLSelectElement>('label'),
  positive: $<HTMLSelectElement>('positive'),
  onError: $<HTMLSelectElement>('on-error'),
  order: $<HTMLSelectElement>('order'),
  threads: $<HTMLSelectElement>('threads'),
  seed: $<HTMLInputElement>('seed'),
  preview: $<HTMLTableElement>('preview'),
  preset: $<HTMLSelectElement>('preset'),
  applyPreset: $<HTMLButtonElement>('apply-preset'),
  specs: $<HTMLTextAreaElement>('specs'),
  builder: $<HTMLDivElement>('builder'),
  catalogue: $<HTMLDivElement>('catalogue'),
  holdout: $<HTMLSelectElement>('holdout'),
  run: $<HTMLButtonElement>('run'),
  pause: $<HTMLButtonElement>('pause'),
  cancel: $<HTMLButtonElement>('cancel'),
  share: $<HTMLButtonElement>('share'),
  shareStatus: $<HTMLParagraphElement>('share-status'),
  specError: $<HTMLParagraphElement>('spec-error'),
  bar: $<HTMLProgressElement>('bar'),
  status: $<HTMLParagraphElement>('status'),
  problems: $<HTMLUListElement>('problems'),
  results: $<HTMLTableElement>('results'),
  holdoutStatus: $<HTMLParagraphElement>('holdout-status'),
  baseline: $<HTMLParagraphElement>('baseline'),
  cvPipeline: $<HTMLSelectElement>('cv-pipeline'),
  cvFolds: $<HTMLSelectElement>('cv-folds'),
  cvGrid: $<HTMLInputElement>('cv-grid'),
  cvRun: $<HTMLButtonElement>('cv-run'),
  cvStatus: $<HTMLParagraphElement>('cv-status'),
  cvResults: $<HTMLTableElement>('cv-results'),
  holdoutCurves: $<HTMLDivElement>('holdout-curves'),
  exportJson: $<HTMLButtonElement>('export-json'),
  exportCurve: $<HTMLButtonElement>('export-curve'),
  exportPng: $<HTMLButtonElement>('export-png'),
  modelFile: $<HTMLInputElement>('model-file'),
  score: $<HTMLButtonElement>('score'),
  exportPredictions: $<HTMLButtonElement>('export-predictions'),
  scoreStatus: $<HTMLParagraphElement>('score-status'),
};

const chart = new MistakesChart($('chart'));
// The holdout's curves (issue 17): one line per pipeline on the grid of 101 points.
const rocChart = new MistakesChart($('roc'), 'true-positive rate', null, 'false-positive rate');
const prChart = new MistakesChart($('pr'), 'precision', null, 'recall');
const rolling = new MistakesChart($('rolling'), 'error rate, recent rows', (x, y) =>
  rollingError(x, y, Math.max(10, Math.round((x[x.length - 1] ?? 0) / 20))),
);
const scales = new ScalesView(
  $('scales-pipeline'),
  $('scales-array'),
  $('scales'),
  $('shaping'),
  $<HTMLInputElement>('scales-sort'),
);
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
const worker = startWorker();
// The worker itself failing (its script not served, a browser that cannot start it): the run
// ends with the reason, and the page stays usable (issue 17: every failure).
let workerFailure = '';
const stopForWorker = (): void => {
  showProblems([`Stopped: the page's worker failed (${workerFailure}).`]);
  ui.status.textContent = 'Stopped';
  setRunning(false);
};
worker.onerror = (e: ErrorEvent) => {
  e.preventDefault();
  workerFailure = e.message || 'its script could not be loaded';
  stopForWorker();
};
ui.threads.options[1].text = `all ${CORES} cores`;
/** A bundled sample, by absolute URL: the worker resolves relative URLs against its own. */
const sample = (file: string): Source => ({
  kind: 'url',
  url: new URL(file, document.baseURI).href,
  name: file,
});
let source: Source = sample(DATASETS[0].file);
let head = { text: '', complete: true };
let op: Onepass;
let features: string[] = [];
let pipelines: string[] = [];
/** What the last run gave (results.ts): results, holdout runs, majority-class baseline. */
let run: RunState = emptyRun();
let lastModels: string[] = [];
let modelText = '';
let predictions = '';
const curveRows: number[] = [];
const curveMistakes: number[][] = [];
let pendingPoints: Float64Array[][] = [];
let frameRequested = false;
let paused = false;

// ------------------------------------------------------------------ data and preview

async function headText(src: Source, bytes: number): Promise<{ text: string; complete: boolean }> {
  if (src.kind === 'file')
    return { text: await src.file.slice(0, bytes).text(), complete: src.file.size <= bytes };
  const response = await fetch(src.url);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const text = await response.text();
  return { text: text.slice(0, bytes), complete: text.length <= bytes };
}

/** The positive-class menu, from the label values of the sampled rows. */
function fillPositive(p: CsvPreview): void {
  ui.positive.replaceChildren();
  const numeric = p.numericLabels; // the core's rule, as the run will read the labels
  const sampled = p.labelValues.reduce((n, v) => n + v.count, 0);
  if (numeric) ui.positive.append(new Option('numeric: 1 is positive, 0 or -1 negative', ''));
  for (const v of p.labelValues)
    ui.positive.append(
      new Option(`${v.value} (${v.count} of the first ${sampled} rows)`, v.value, false, false),
    );
  if (!numeric) ui.positive.value = p.positive;
}

/** The head as a run would read it (with the chosen label column), or null with the error
 * shown. */
function previewOf(label?: string): CsvPreview | null {
  try {
    return op.previewCsv(head.text, {
      complete: head.complete,
      label,
      header: 'auto',
      rows: PREVIEW_ROWS,
    });
  } catch (e) {
    ui.preview.replaceChildren();
    showProblems([(e as Error).message]);
    return null;
  }
}

/** Reads the head again as a run would (with the chosen label column) and shows it. */
function refreshPreview(label?: string): void {
  const p = previewOf(label);
  if (!p) return;
  showProblems(p.notices.filter((n) => /^(column|the first line is data)/.test(n)));
  ui.label.replaceChildren(
    ...p.columns.map((c, i) => new Option(c.name || `column ${i + 1}`, String(i))),
  );
  ui.label.selectedIndex = p.columns.findIndex((c) => c.role === 'label');
  fillPositive(p);
  showPreview(ui.preview, p);
}

async function chooseSource(src: Source): Promise<void> {
  source = src;
  // The results, charts, exports, models, cross-validation and predictions were of the data
  // before (issue 17).
  clearResults();
  for (const c of [chart, rolling]) c.reset([]);
  curveRows.length = 0;
  curveMistakes.length = 0;
  ui.cvResults.tBodies[0].replaceChildren();
  ui.cvStatus.textContent = '';
  predictions = '';
  ui.exportPredictions.disabled = true;
  ui.scoreStatus.textContent = modelText ? 'Model loaded: predict the chosen data.' : '';
  ui.sourceName.textContent =
    src.kind === 'file'
      ? `${src.file.name}: ${(src.file.size / 1e6).toFixed(2)} MB, read in chunks in this browser`
      : `sample: ${src.name}`;
  // Menus come from the 1,000 rows a run samples: a head of long rows is read further.
  for (let bytes = PREVIEW_BYTES; ; bytes *= 4) {
    try {
      head = await headText(src, bytes);
    } catch (e) {
      head = { text: '', complete: true };
      ui.preview.replaceChildren();
      showProblems([
        `Cannot read ${src.kind === 'file' ? src.file.name : src.name}: ${(e as Error).message}`,
      ]);
      return;
    }
    const p = head.complete || bytes >= MAX_PREVIEW_BYTES ? null : previewOf();
    if (!p || p.headRows >= SAMPLE_ROWS) break;
  }
  refreshPreview();
}

function catalogue(entries: RegistryEntry[]): void {
  const parts = (['learner', 'scaler', 'modifier'] as const).map((kind) => {
    const section = el('div');
    section.append(el('h3', `${kind}s`));
    const list = el('ul');
    for (const e of entries.filter((x) => x.kind === kind)) {
      const li = el('li');
      li.append(
        el('code', kind === 'modifier' ? `+${e.name}` : e.name),
        ` ${e.summary} (`,
        algorithmsLink(e.spec),
        ').',
      );
      const params = e.params.map((p) => `${p.name} = ${p.default} (${p.range}): ${p.help}`);
      if (params.length) {
        const sub = el('ul');
        sub.append(...params.map((t) => el('li', t)));
        li.append(sub);
      }
      list.append(li);
    }
    section.append(list);
    return section;
  });
  ui.catalogue.replaceChildren(...parts);
}

// ------------------------------------------------------------------ progress and charts

/** Rows, rate (the worker's reading time, pauses left out) and bytes; the time left only while
 * the run goes on (not when it ended or is paused). */
function formatRate(p: Progress, going = true): string {
  const s = p.elapsedMs / 1000;
  const rate = s > 0 ? Math.round(p.rows / s) : 0;
  const mb = (p.bytes / 1e6).toFixed(p.bytes < 1e6 ? 3 : 1);
  const eta = p.total && p.bytes && s > 0 ? (p.total - p.bytes) / (p.bytes / s) : 0;
  const left = going && !paused && eta > 0.05 ? `, about ${eta.toFixed(1)} s left` : '';
  return `${p.rows.toLocaleString()} rows, ${rate.toLocaleString()} rows/s, ${mb} MB read${left}`;
}

function showProgress(p: Progress): void {
  ui.bar.max = p.total || 1;
  ui.bar.value = p.total ? p.bytes : 0;
  ui.status.textContent = (paused ? 'Paused: ' : '') + formatRate(p);
  for (let i = 0; i < p.series.length; i++) {
    const pts = p.series[i].points;
    for (let k = 0; k < pts.length; k += 2) {
      if (i === 0) curveRows.push(pts[k]);
      curveMistakes[i].push(pts[k + 1]);
    }
  }
  pendingPoints.push(p.series.map((s) => s.points));
  if (!frameRequested) {
    frameRequested = true;
    requestAnimationFrame(() => {
      frameRequested = false;
      for (const batch of pendingPoints) {
        chart.append(batch);
        rolling.append(batch);
      }
      pendingPoints = [];
      chart.draw();
      rolling.draw();
    });
  }
}

// ------------------------------------------------------------------ results

const table = new ResultsTable(
  ui.results,
  (i) => {
    for (const c of [chart, rolling, rocChart, prChart]) c.focus(i);
  },
  modelCell,
);

function showResults(results: Result[]): void {
  run.results = results;
  table.show(run);
  scales.show(
    results.map((r) => ({ pipeline: r.pipeline, snapshot: r.snapshot })),
    features,
  );
  for (const b of [ui.exportJson, ui.exportCurve, ui.exportPng]) b.disabled = results.length === 0;
}

/** Forgets the last run's results, models, baseline, holdout and problems. */
function clearResults(): void {
  lastModels = [];
  run = emptyRun();
  showBaseline();
  ui.holdoutCurves.hidden = true;
  ui.holdoutStatus.textContent = '';
  showResults([]);
  showProblems([]);
}

/** The holdout's ROC and precision-recall curves, when the test part has both classes. */
function showCurves(): void {
  const drawn = run.holdout.length > 0 && run.holdout.every((r) => r.testCurves.roc.length > 0);
  ui.holdoutCurves.hidden = !drawn;
  if (!drawn) return;
  const grid = (curve: Float64Array): Float64Array =>
    Float64Array.from({ length: 2 * curve.length }, (_, k) =>
      k % 2 ? curve[(k - 1) / 2] : k / 2 / (curve.length - 1),
    );
  for (const [c, of] of [
    [rocChart, (r: RunResult) => r.testCurves.roc],
    [prChart, (r: RunResult) => r.testCurves.pr],
  ] as const) {
    c.reset(pipelines);
    c.append(run.holdout.map((r) => grid(of(r))));
    c.draw();
  }
}

function showBaseline(): void {
  ui.baseline.textContent = baselineText(run);
}

/** The model as ONNX bytes, or null when the pipeline has no exact linear form (issue 19). */
function onnxOf(model: string): Uint8Array | null {
  try {
    using p = op.loadPipeline(model);
    return p.toONNX();
  } catch {
    return null;
  }
}

/** Buttons that download pipeline i's model file and, when it has a linear form, the same
 * model as ONNX, once the run has finished. */
function modelCell(i: number): HTMLTableCellElement {
  const td = el('td');
  const text = lastModels[i];
  if (!text) return td;
  const name = pipelines[i] ?? 'this pipeline';
  const b = el('button', 'download');
  b.type = 'button';
  b.className = 'download-model';
  b.setAttribute('aria-label', `Download the model of ${name}`);
  b.addEventListener('click', () =>
    download(`onepass-model-${i + 1}.json`, new Blob([text], { type: 'application/json' })),
  );
  td.append(b);
  const onnx = onnxOf(text);
  if (onnx) {
    const o = el('button', 'ONNX');
    o.type = 'button';
    o.className = 'download-onnx';
    o.title = 'The model as ONNX, to run it with onnxruntime or any ONNX tool';
    o.setAttribute('aria-label', `Download the model of ${name} as ONNX`);
    o.addEventListener('click', () =>
      download(
        `onepass-model-${i + 1}.onnx`,
        new Blob([new Uint8Array(onnx)], { type: 'application/octet-stream' }),
      ),
    );
    td.append(' ', o);
  }
  return td;
}

function showProblems(messages: string[]): void {
  ui.problems.replaceChildren(...messages.map((m) => el('li', m)));
}

/** pausable: false for cross-validation, which learns each fold from memory at once. */
function setRunning(running: boolean, pausable = true): void {
  ui.run.disabled = running;
  ui.cvRun.disabled = running;
  ui.score.disabled = running || !modelText;
  ui.cancel.disabled = !running;
  ui.pause.disabled = !running || !pausable;
  // The data and how it is read are locked during a run (issue 17): what the results show is
  // always the run of what the controls show.
  for (const c of [
    ui.dataset,
    ui.file,
    ui.label,
    ui.positive,
    ui.onError,
    ui.order,
    ui.seed,
    ui.threads,
  ])
    c.disabled = running;
  for (const menu of ui.preview.querySelectorAll('select')) menu.disabled = running;
  ui.drop.setAttribute('aria-disabled', String(running));
  if (!running) {
    paused = false;
    ui.pause.textContent = 'Pause';
    ui.pause.setAttribute('aria-pressed', 'false');
  }
}

/** A message of a given type from the worker. */
type Message<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

/** The end of a run (done or cancelled): the last point, results, baseline, problems, status. */
function runDone(msg: Message<'done'>): void {
  showProgress(msg.progress);
  // The last row, when the curve stride does not land on it.
  const last = curveRows.length ? curveRows[curveRows.length - 1] : 0;
  if (msg.progress.rows > last)
    showProgress({
      ...msg.progress,
      series: msg.results.map((r) => ({
        mistakes: r.mistakes,
        points: Float64Array.of(msg.progress.rows, r.mistakes),
      })),
    });
  features = msg.info.features;
  lastModels = msg.models; // after Cancel too: what was learned is kept (issue 17)
  run.baseline = majorityBaseline(msg.info);
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
    ? `; parsed by ${Number(ui.threads.value) || CORES} threads (${msg.blocksApart} blocks in parser workers)`
    : '';
  ui.status.textContent = `${msg.cancelled ? 'Cancelled' : 'Done'}: ${formatRate(msg.progress, false)}${missing}${parsers}`;
  if (Number(ui.holdout.value) > 0 && !msg.cancelled)
    ui.holdoutStatus.textContent = 'Testing on the holdout…';
  else setRunning(false);
}

function crossValidated(msg: Message<'cv'>): void {
  setRunning(false);
  if (msg.rows.length) {
    ui.cvResults.tBodies[0].replaceChildren(...crossValidationRows(msg.rows));
    ui.cvStatus.textContent = `${msg.folds}-fold cross-validation (seed ${ui.seed.value}) of ${msg.rows.length} pipeline${msg.rows.length === 1 ? '' : 's'}: mean ± deviation over the folds.`;
  }
  if (msg.message)
    ui.cvStatus.textContent =
      msg.message === 'cancelled'
        ? `Cancelled after ${msg.rows.length} pipelines.`
        : `No cross-validation: ${msg.message}.`;
}

function heldOut(msg: Message<'holdout'>): void {
  run.holdout = msg.runs;
  showBaseline();
  showCurves();
  ui.holdoutStatus.textContent = msg.message
    ? `No holdout test: ${msg.message}.`
    : `Holdout: each pipeline trained on ${100 - Math.round(Number(ui.holdout.value) * 100)}% of the rows (seed ${ui.seed.value}) and tested on the other ${Math.round(Number(ui.holdout.value) * 100)}%.`;
  showResults(run.results);
  setRunning(false);
}

function scored(msg: Message<'scored'>): void {
  setRunning(false);
  if (msg.error !== undefined) {
    ui.scoreStatus.textContent =
      msg.error === 'cancelled' ? 'Prediction cancelled.' : `Could not predict: ${msg.error}`;
    return;
  }
  predictions = msg.predictions;
  const acc = msg.labelled
    ? `; accuracy ${(msg.correct / msg.labelled).toFixed(4)} on the ${msg.labelled} labelled rows`
    : '';
  ui.scoreStatus.textContent = `${msg.rows.toLocaleString()} rows predicted${acc}.`;
  ui.exportPredictions.disabled = false;
}

/** A run stopped by a bad row or a source that cannot be read: what was learned is shown. */
function runFailed(msg: Message<'failed'>): void {
  if (msg.progress) showProgress(msg.progress);
  if (msg.info) features = msg.info.features;
  if (msg.results) showResults(msg.results);
  showProblems([`Stopped: ${msg.message}. What was learned before it is kept below.`]);
  ui.status.textContent = msg.progress
    ? `Stopped after ${formatRate(msg.progress, false)}`
    : 'Stopped';
  setRunning(false);
}

worker.onmessage = (event: MessageEvent<FromWorker>) => {
  const msg = event.data;
  if (msg.type === 'started') features = msg.features;
  else if (msg.type === 'progress') showProgress(msg);
  else if (msg.type === 'done') runDone(msg);
  else if (msg.type === 'cv-progress')
    ui.cvStatus.textContent = `Cross-validating: ${msg.done} of ${msg.total} pipelines done…`;
  else if (msg.type === 'cv') crossValidated(msg);
  else if (msg.type === 'holdout') heldOut(msg);
  else if (msg.type === 'scored') scored(msg);
  else if (msg.type === 'failed') runFailed(msg);
};

// ------------------------------------------------------------------ running

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

function start(op: Onepass): void {
  if (workerFailure) return stopForWorker(); // a run would wait for it for ever
  const specs = validSpecs(op);
  if (!specs) return;
  pipelines = specs;
  fillCvMenu(specs);
  curveRows.length = 0;
  curveMistakes.length = 0;
  for (let i = 0; i < specs.length; i++) curveMistakes.push([]);
  pendingPoints = [];
  chart.reset(specs);
  rolling.reset(specs);
  clearResults();
  ui.status.textContent = 'Starting…';
  setRunning(true);
  worker.postMessage({ type: 'start', source, options: runOptions(specs) } satisfies ToWorker);
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

// ------------------------------------------------------------------ cross-validation

/** The pipelines of the specs box as the cross-validation menu's choices. */
function fillCvMenu(specs: string[]): void {
  const keep = ui.cvPipeline.value;
  ui.cvPipeline.replaceChildren(...specs.map((s) => new Option(s, s, false, s === keep)));
}

function startCrossValidation(): void {
  const spec = ui.cvPipeline.value;
  if (!spec) return;
  ui.cvResults.tBodies[0].replaceChildren();
  ui.cvStatus.textContent = 'Reading the data…';
  setRunning(true, false);
  worker.postMessage({
    type: 'cross-validate',
    source,
    options: runOptions([spec]),
    spec,
    folds: Number(ui.cvFolds.value),
    grid: ui.cvGrid.value,
  } satisfies ToWorker);
}

function exportJson(): void {
  const name = source.kind === 'file' ? source.file.name : source.name;
  download('onepass-results.json', resultsJson(name, features, run));
}

function exportCurve(): void {
  download('onepass-curves.csv', curvesCsv(pipelines, curveRows, curveMistakes));
}

// ------------------------------------------------------------------ shareable setup

/** The page's setup as a link (share.ts). */
function shareLink(): string {
  const data: Setup['data'] =
    source.kind === 'url'
      ? {
          sample: source.name,
          label: ui.label.selectedOptions[0]?.text,
          positive: ui.positive.value || undefined,
        }
      : 'own';
  const fragment = encodeSetup({
    specs: ui.specs.value,
    data,
    errors: ui.onError.value,
    order: ui.order.value,
    seed: ui.seed.value,
    holdout: ui.holdout.value,
  });
  return `${location.href.split('#')[0]}#${fragment}`;
}

/** The setup of a shared link, if the page was opened with one: 'run' it on its sample, or
 * 'wait' for the recipient's own file (the link was made with the sender's file, which it does
 * not carry); 'none' without a link. */
async function applyLink(): Promise<'run' | 'wait' | 'none'> {
  const setup = decodeSetup(location.hash);
  if (!setup) return 'none';
  ui.specs.value = setup.specs;
  const data = setup.data;
  if (data && data !== 'own' && DATASETS.some((d) => d.file === data.sample)) {
    ui.dataset.value = data.sample;
    await chooseSource(sample(data.sample));
    const label = [...ui.label.options].find((o) => o.text === data.label);
    if (label) refreshPreview(label.value);
  }
  // Only values the menus offer are taken.
  const set = (s: HTMLSelectElement | HTMLInputElement, v: string | undefined) => {
    if (
      v !== undefined &&
      (!(s instanceof HTMLSelectElement) || [...s.options].some((o) => o.value === v))
    )
      s.value = v;
  };
  if (data && data !== 'own') set(ui.positive, data.positive);
  set(ui.onError, setup.errors);
  set(ui.order, setup.order);
  set(ui.seed, setup.seed);
  set(ui.holdout, setup.holdout);
  return data === 'own' ? 'wait' : 'run';
}

// ------------------------------------------------------------------ wiring

async function main(): Promise<void> {
  for (const d of DATASETS) ui.dataset.append(new Option(d.title, d.file));
  op = await load();
  const PRESETS = presets(op.defaultPipeline);
  for (const [key, p] of Object.entries(PRESETS))
    ui.preset.append(new Option(`${p.title} (${p.specs.length})`, key));
  ui.specs.value = PRESETS.start.specs.join('\n');
  const registry = op.registry();
  catalogue(registry);
  mountBuilder(ui.builder, registry, (spec) => {
    ui.specs.value = (ui.specs.value.trim() ? ui.specs.value.trim() + '\n' : '') + spec;
  });

  ui.applyPreset.addEventListener('click', () => {
    ui.specs.value = PRESETS[ui.preset.value].specs.join('\n');
  });
  wireData();
  wireRun();
  wireModels();

  const link = await applyLink();
  if (link === 'none') await chooseSource(source);
  if (link === 'wait') {
    // Nothing runs on data the sender did not mean: the recipient brings their own file.
    await chooseSource(source);
    ui.status.textContent =
      "This link's setup was made with the sender's own file, which a link never carries: " +
      'choose your file in step 1, then Run.';
    return;
  }
  start(op); // the chosen (or bundled) dataset streams as soon as the page opens
}

/** The data controls: a sample, a file picked or dropped, the label column. */
function wireData(): void {
  ui.dataset.addEventListener('change', () => void chooseSource(sample(ui.dataset.value)));
  ui.file.addEventListener('change', () => {
    const f = ui.file.files?.[0];
    if (f) void chooseSource({ kind: 'file', file: f });
  });
  ui.label.addEventListener('change', () => refreshPreview(ui.label.value));
  ui.drop.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && !ui.run.disabled) {
      e.preventDefault();
      ui.file.click();
    }
  });
  ui.drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.drop.classList.add('over');
  });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    ui.drop.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f && !ui.run.disabled) void chooseSource({ kind: 'file', file: f });
  });
}

/** Running: Run, cross-validation, pause and cancel, the share link and the downloads. */
function wireRun(): void {
  ui.run.addEventListener('click', () => start(op));
  ui.cvRun.addEventListener('click', startCrossValidation);
  const specsOfBox = (): string[] =>
    ui.specs.value
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean);
  ui.specs.addEventListener('input', () => fillCvMenu(specsOfBox()));
  fillCvMenu(specsOfBox());
  ui.pause.addEventListener('click', () => {
    paused = !paused;
    worker.postMessage({ type: paused ? 'pause' : 'resume' } satisfies ToWorker);
    ui.pause.setAttribute('aria-pressed', String(paused));
    ui.pause.textContent = paused ? 'Resume' : 'Pause';
    ui.status.textContent = paused
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
    const name = source.kind === 'file' ? source.file.name : source.name;
    const png = chart.toPng(`Cumulative mistakes: ${name}, ${curveRows.at(-1) ?? 0} rows`);
    if (png) download('onepass-chart.png', png);
  });
}

/** A saved model: loaded, checked, and used to predict the chosen data. */
function wireModels(): void {
  ui.modelFile.addEventListener('change', async () => {
    const f = ui.modelFile.files?.[0];
    if (!f) return;
    modelText = await f.text();
    try {
      const p = op.loadPipeline(modelText); // check it now, with a clear message
      ui.scoreStatus.textContent = `Model: ${p.spec}, trained on ${p.stats().rows.toLocaleString()} rows.`;
      p.dispose();
      ui.score.disabled = false;
    } catch (e) {
      ui.scoreStatus.textContent = `This file cannot be used: ${(e as Error).message}`;
      modelText = '';
      ui.score.disabled = true;
    }
  });
  ui.score.addEventListener('click', () => {
    ui.exportPredictions.disabled = true;
    ui.scoreStatus.textContent = 'Predicting…';
    setRunning(true);
    worker.postMessage({ type: 'score', source, model: modelText } satisfies ToWorker);
  });
  ui.exportPredictions.addEventListener('click', () =>
    download('onepass-predictions.csv', new Blob([predictions], { type: 'text/csv' })),
  );
}

void main();
