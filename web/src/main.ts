// The demo page: choose data and pipelines, stream the rows through them in a Web Worker, watch
// the cumulative mistakes, read the results, download them. Uses only the onepass package's
// public API (here: the registry and spec validation; the learning happens in worker.ts).
import { load, type Onepass, type RegistryEntry } from 'onepass';
import { MistakesChart } from './chart';
import type { FromWorker, Progress, Result, Source, ToWorker } from './protocol';
import './style.css';

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
const DEFAULT_PIPELINES = ['zscore | logreg', 'zscore | pa1', 'perceptron'];
const PREVIEW_BYTES = 64 * 1024;
const PREVIEW_ROWS = 5;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const ui = {
  dataset: $<HTMLSelectElement>('dataset'),
  file: $<HTMLInputElement>('file'),
  drop: $<HTMLDivElement>('drop'),
  sourceName: $<HTMLParagraphElement>('source-name'),
  label: $<HTMLSelectElement>('label'),
  positive: $<HTMLSelectElement>('positive'),
  onError: $<HTMLSelectElement>('on-error'),
  preview: $<HTMLTableElement>('preview'),
  specs: $<HTMLTextAreaElement>('specs'),
  catalogue: $<HTMLDivElement>('catalogue'),
  run: $<HTMLButtonElement>('run'),
  cancel: $<HTMLButtonElement>('cancel'),
  specError: $<HTMLParagraphElement>('spec-error'),
  bar: $<HTMLProgressElement>('bar'),
  status: $<HTMLParagraphElement>('status'),
  problems: $<HTMLUListElement>('problems'),
  results: $<HTMLTableElement>('results'),
  weights: $<HTMLTableElement>('weights'),
  exportJson: $<HTMLButtonElement>('export-json'),
  exportCurve: $<HTMLButtonElement>('export-curve'),
  exportPng: $<HTMLButtonElement>('export-png'),
  modelFile: $<HTMLInputElement>('model-file'),
  score: $<HTMLButtonElement>('score'),
  exportPredictions: $<HTMLButtonElement>('export-predictions'),
  scoreStatus: $<HTMLParagraphElement>('score-status'),
};

const chart = new MistakesChart($('chart'));
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
/** A bundled sample, by absolute URL: the worker resolves relative URLs against its own. */
const sample = (file: string): Source => ({
  kind: 'url',
  url: new URL(file, document.baseURI).href,
  name: file,
});
let source: Source = sample(DATASETS[0].file);
let features: string[] = [];
let pipelines: string[] = [];
let lastResults: Result[] = [];
let lastModels: string[] = [];
let modelText = '';
let predictions = '';
const curveRows: number[] = [];
const curveMistakes: number[][] = [];
let pendingPoints: Float64Array[][] = [];
let frameRequested = false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Splits one CSV line (quotes with "" escapes); enough for a preview. */
function splitLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.replace(/\r$/, '').trim());
  return out;
}

async function headText(src: Source): Promise<string> {
  if (src.kind === 'file') return src.file.slice(0, PREVIEW_BYTES).text();
  const response = await fetch(src.url);
  return (await response.text()).slice(0, PREVIEW_BYTES);
}

function fillPositive(values: string[]): void {
  ui.positive.replaceChildren();
  const numeric = values.every((v) => ['1', '0', '-1', '+1', ''].includes(v));
  const auto = el('option', 'numeric: 1 is positive, 0 or -1 negative');
  auto.value = '';
  ui.positive.append(auto);
  for (const v of [...new Set(values)].filter((v) => v !== '').sort()) {
    const o = el('option', v);
    o.value = v;
    ui.positive.append(o);
  }
  if (!numeric && ui.positive.options.length > 1) ui.positive.selectedIndex = 1;
}

let previewRows: string[][] = [];
function showLabelValues(): void {
  const col = Number(ui.label.value);
  fillPositive(previewRows.map((r) => r[col] ?? ''));
}

async function chooseSource(src: Source): Promise<void> {
  source = src;
  ui.sourceName.textContent =
    src.kind === 'file'
      ? `${src.file.name}: ${(src.file.size / 1e6).toFixed(2)} MB, read in chunks in this browser`
      : `sample: ${src.name}`;
  const lines = (await headText(src)).split('\n').filter((l) => l.trim() !== '');
  const header = splitLine(lines[0] ?? '');
  // The last preview line may be cut at PREVIEW_BYTES; keep only complete rows.
  previewRows = lines.slice(1, Math.min(lines.length - 1, 200)).map(splitLine);
  ui.label.replaceChildren(
    ...header.map((name, i) => {
      const o = el('option', name || `column ${i + 1}`);
      o.value = String(i);
      return o;
    }),
  );
  ui.label.selectedIndex = header.length - 1;
  showLabelValues();
  const head = el('tr');
  head.append(...header.map((h) => el('th', h)));
  const body = previewRows.slice(0, PREVIEW_ROWS).map((r) => {
    const tr = el('tr');
    tr.append(...r.map((c) => el('td', c)));
    return tr;
  });
  ui.preview.replaceChildren(head, ...body);
}

function catalogue(entries: RegistryEntry[]): void {
  const parts = (['learner', 'scaler', 'modifier'] as const).map((kind) => {
    const section = el('div');
    section.append(el('h3', `${kind}s`));
    const list = el('ul');
    for (const e of entries.filter((x) => x.kind === kind)) {
      const li = el('li');
      const code = el('code', kind === 'modifier' ? `+${e.name}` : e.name);
      const params = e.params.map((p) => `${p.name} = ${p.default} (${p.range}): ${p.help}`);
      li.append(code, ` ${e.summary} (spec ${e.spec}).`);
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

function formatRate(p: Progress): string {
  const s = p.elapsedMs / 1000;
  const rate = s > 0 ? Math.round(p.rows / s) : 0;
  const mb = (p.bytes / 1e6).toFixed(p.bytes < 1e6 ? 3 : 1);
  const eta = p.total && p.bytes && s > 0 ? ((p.total - p.bytes) / (p.bytes / s)).toFixed(1) : '';
  return `${p.rows.toLocaleString()} rows, ${rate.toLocaleString()} rows/s, ${mb} MB read${eta && Number(eta) > 0 ? `, about ${eta} s left` : ''}`;
}

function showProgress(p: Progress): void {
  ui.bar.max = p.total || 1;
  ui.bar.value = p.total ? p.bytes : 0;
  ui.status.textContent = formatRate(p);
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
      for (const batch of pendingPoints) chart.append(batch);
      pendingPoints = [];
      chart.draw();
    });
  }
}

function showResults(results: Result[]): void {
  lastResults = results;
  const body = ui.results.tBodies[0];
  body.replaceChildren(
    ...results.map((r, i) => {
      const tr = el('tr');
      tr.dataset.pipeline = r.pipeline;
      tr.dataset.rows = String(r.rows);
      const name = el('td', r.canonical);
      if (r.diverged) name.append(el('span', ` (diverged: ${r.revertedSteps} steps reverted)`));
      tr.append(
        name,
        el('td', r.rows.toLocaleString()),
        el('td', r.mistakes.toLocaleString()),
        el('td', r.error.toFixed(4)),
        el('td', r.logLoss === null ? '–' : r.logLoss.toFixed(4)),
        modelCell(i),
      );
      return tr;
    }),
  );
  const head = el('tr');
  head.append(el('th', 'feature'), ...results.map((r) => el('th', r.pipeline)));
  const rows = features.map((f, j) => {
    const tr = el('tr');
    tr.append(
      el('td', f),
      ...results.map((r) => el('td', (r.snapshot.learner.arrays.w?.[j] ?? NaN).toFixed(4))),
    );
    return tr;
  });
  const bias = el('tr');
  bias.append(
    el('td', '(bias)'),
    ...results.map((r) => el('td', (r.snapshot.learner.scalars.b ?? 0).toFixed(4))),
  );
  ui.weights.replaceChildren(head, ...rows, bias);
  for (const b of [ui.exportJson, ui.exportCurve, ui.exportPng]) b.disabled = results.length === 0;
}

/** A button that downloads pipeline i's model file, once the run has finished. */
function modelCell(i: number): HTMLTableCellElement {
  const td = el('td');
  const text = lastModels[i];
  if (!text) return td;
  const b = el('button', 'download');
  b.type = 'button';
  b.className = 'download-model';
  b.setAttribute('aria-label', `Download the model of ${pipelines[i] ?? 'this pipeline'}`);
  b.addEventListener('click', () =>
    download(`onepass-model-${i + 1}.json`, new Blob([text], { type: 'application/json' })),
  );
  td.append(b);
  return td;
}

function showProblems(messages: string[]): void {
  ui.problems.replaceChildren(...messages.map((m) => el('li', m)));
}

function setRunning(running: boolean): void {
  ui.run.disabled = running;
  ui.cancel.disabled = !running;
}

worker.onmessage = (event: MessageEvent<FromWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'started':
      features = msg.features;
      break;
    case 'progress':
      showProgress(msg);
      break;
    case 'done': {
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
      lastModels = msg.cancelled ? [] : msg.models;
      showResults(msg.results);
      const skipped = msg.info.errors.map((e) => `skipped ${e.message}`);
      showProblems([...msg.info.warnings, ...skipped]);
      if (!msg.cancelled) ui.bar.value = ui.bar.max; // also when the size was unknown
      ui.status.textContent = `${msg.cancelled ? 'Cancelled' : 'Done'}: ${formatRate(msg.progress)}`;
      setRunning(false);
      break;
    }
    case 'scored': {
      setRunning(false);
      if (msg.error !== undefined) {
        ui.scoreStatus.textContent = `Could not predict: ${msg.error}`;
        break;
      }
      predictions = msg.predictions;
      const acc = msg.labelled
        ? `; accuracy ${(msg.correct / msg.labelled).toFixed(4)} on the ${msg.labelled} labelled rows`
        : '';
      ui.scoreStatus.textContent = `${msg.rows.toLocaleString()} rows predicted${acc}.`;
      ui.exportPredictions.disabled = false;
      break;
    }
    case 'failed':
      if (msg.progress) showProgress(msg.progress);
      if (msg.info) features = msg.info.features;
      if (msg.results) showResults(msg.results);
      showProblems([`Stopped: ${msg.message}. What was learned before it is kept below.`]);
      ui.status.textContent = msg.progress
        ? `Stopped after ${formatRate(msg.progress)}`
        : 'Stopped';
      setRunning(false);
      break;
  }
};

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
  const specs = validSpecs(op);
  if (!specs) return;
  pipelines = specs;
  curveRows.length = 0;
  curveMistakes.length = 0;
  for (let i = 0; i < specs.length; i++) curveMistakes.push([]);
  pendingPoints = [];
  chart.reset(specs);
  lastModels = [];
  showResults([]);
  showProblems([]);
  ui.status.textContent = 'Starting…';
  setRunning(true);
  const msg: ToWorker = {
    type: 'start',
    source,
    options: {
      pipelines: specs,
      label: ui.label.value || undefined,
      positive: ui.positive.value || undefined,
      onError: ui.onError.value === 'skip' ? 'skip' : 'stop',
    },
  };
  worker.postMessage(msg);
}

function download(name: string, data: Blob | string): void {
  const a = el('a');
  a.href = typeof data === 'string' ? data : URL.createObjectURL(data);
  a.download = name;
  a.click();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function exportJson(): void {
  const model = {
    format: 'onepass-results',
    source: source.kind === 'file' ? source.file.name : source.name,
    features,
    pipelines: lastResults.map((r) => ({
      pipeline: r.pipeline,
      canonical: r.canonical,
      rows: r.rows,
      mistakes: r.mistakes,
      error: r.error,
      learner: {
        name: r.snapshot.learner.name,
        arrays: Object.fromEntries(
          Object.entries(r.snapshot.learner.arrays).map(([k, v]) => [k, Array.from(v)]),
        ),
        scalars: r.snapshot.learner.scalars,
      },
      scalers: r.snapshot.scalers.map((s) => ({
        name: s.name,
        arrays: Object.fromEntries(Object.entries(s.arrays).map(([k, v]) => [k, Array.from(v)])),
      })),
    })),
  };
  download(
    'onepass-model.json',
    new Blob([JSON.stringify(model, null, 2)], { type: 'application/json' }),
  );
}

function exportCurve(): void {
  const header = ['rows', ...pipelines.map((p) => `"${p.replace(/"/g, '""')}"`)].join(',');
  const lines = curveRows.map((r, k) => [r, ...curveMistakes.map((m) => m[k])].join(','));
  download(
    'onepass-curves.csv',
    new Blob([[header, ...lines].join('\n') + '\n'], { type: 'text/csv' }),
  );
}

async function main(): Promise<void> {
  for (const d of DATASETS) {
    const o = el('option', d.title);
    o.value = d.file;
    ui.dataset.append(o);
  }
  ui.specs.value = DEFAULT_PIPELINES.join('\n');
  const op = await load();
  catalogue(op.registry());

  ui.dataset.addEventListener('change', () => {
    void chooseSource(sample(ui.dataset.value));
  });
  ui.file.addEventListener('change', () => {
    const f = ui.file.files?.[0];
    if (f) void chooseSource({ kind: 'file', file: f });
  });
  ui.label.addEventListener('change', showLabelValues);
  ui.drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
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
    if (f) void chooseSource({ kind: 'file', file: f });
  });
  ui.run.addEventListener('click', () => start(op));
  ui.cancel.addEventListener('click', () =>
    worker.postMessage({ type: 'cancel' } satisfies ToWorker),
  );
  ui.exportJson.addEventListener('click', exportJson);
  ui.exportCurve.addEventListener('click', exportCurve);
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
  ui.exportPng.addEventListener('click', () => {
    const png = chart.toPng();
    if (png) download('onepass-chart.png', png);
  });

  await chooseSource(source);
  start(op); // the bundled dataset streams as soon as the page opens
}

void main();
