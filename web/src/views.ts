// What the page shows of a run: the charts (cumulative and recent mistakes, the holdout's ROC
// and precision-recall curves), the per-feature view of what was learned, progress, the results
// table with its model downloads, the baseline and the problems.
import type { RunResult } from 'onepass';
import { MistakesChart, rollingError } from './chart';
import { el } from './dom';
import { download } from './exports';
import { $, page, ui } from './page';
import type { Progress, Result } from './protocol';
import { baselineText, emptyRun, ResultsTable } from './results';
import { ScalesView } from './scales';

export const chart = new MistakesChart($('chart'));
// The holdout's curves (issue 17): one line per pipeline on the grid of 101 points.
export const rocChart = new MistakesChart(
  $('roc'),
  'true-positive rate',
  null,
  'false-positive rate',
);
export const prChart = new MistakesChart($('pr'), 'precision', null, 'recall');
export const rolling = new MistakesChart($('rolling'), 'error rate, recent rows', (x, y) =>
  rollingError(x, y, Math.max(10, Math.round((x[x.length - 1] ?? 0) / 20))),
);
export const scales = new ScalesView(
  $('scales-pipeline'),
  $('scales-array'),
  $('scales'),
  $('shaping'),
  $<HTMLInputElement>('scales-sort'),
);
let pendingPoints: Float64Array[][] = [];
let frameRequested = false;

/** The charts emptied for a new run of these pipelines. */
export function resetCharts(specs: string[]): void {
  page.curveRows.length = 0;
  page.curveMistakes.length = 0;
  for (let i = 0; i < specs.length; i++) page.curveMistakes.push([]);
  pendingPoints = [];
  chart.reset(specs);
  rolling.reset(specs);
}

/** Rows, rate (the worker's reading time, pauses left out) and bytes; the time left only while
 * the run goes on (not when it ended or is paused). */
export function formatRate(p: Progress, going = true): string {
  const s = p.elapsedMs / 1000;
  const rate = s > 0 ? Math.round(p.rows / s) : 0;
  const mb = (p.bytes / 1e6).toFixed(p.bytes < 1e6 ? 3 : 1);
  const eta = p.total && p.bytes && s > 0 ? (p.total - p.bytes) / (p.bytes / s) : 0;
  const left = going && !page.paused && eta > 0.05 ? `, about ${eta.toFixed(1)} s left` : '';
  return `${p.rows.toLocaleString()} rows, ${rate.toLocaleString()} rows/s, ${mb} MB read${left}`;
}

export function showProgress(p: Progress): void {
  ui.bar.max = p.total || 1;
  ui.bar.value = p.total ? p.bytes : 0;
  ui.status.textContent = (page.paused ? 'Paused: ' : '') + formatRate(p);
  for (let i = 0; i < p.series.length; i++) {
    const pts = p.series[i].points;
    for (let k = 0; k < pts.length; k += 2) {
      if (i === 0) page.curveRows.push(pts[k]);
      page.curveMistakes[i].push(pts[k + 1]);
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

export const table = new ResultsTable(
  ui.results,
  (i) => {
    for (const c of [chart, rolling, rocChart, prChart]) c.focus(i);
  },
  modelCell,
);

export function showResults(results: Result[]): void {
  page.run.results = results;
  table.show(page.run);
  scales.show(
    results.map((r) => ({ pipeline: r.pipeline, snapshot: r.snapshot })),
    page.features,
  );
  for (const b of [ui.exportJson, ui.exportCurve, ui.exportPng]) b.disabled = results.length === 0;
}

/** Forgets the last run's results, models, baseline, holdout and problems. */
export function clearResults(): void {
  page.lastModels = [];
  page.run = emptyRun();
  showBaseline();
  ui.holdoutCurves.hidden = true;
  ui.holdoutStatus.textContent = '';
  showResults([]);
  showProblems([]);
}

/** The holdout's ROC and precision-recall curves, when the test part has both classes. */
export function showCurves(): void {
  const drawn =
    page.run.holdout.length > 0 && page.run.holdout.every((r) => r.testCurves.roc.length > 0);
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
    c.reset(page.pipelines);
    c.append(page.run.holdout.map((r) => grid(of(r))));
    c.draw();
  }
}

export function showBaseline(): void {
  ui.baseline.textContent = baselineText(page.run);
}

/** The model as ONNX bytes, or null when the pipeline has no exact linear form (issue 19). */
function onnxOf(model: string): Uint8Array | null {
  try {
    using p = page.op.loadPipeline(model);
    return p.toONNX();
  } catch {
    return null;
  }
}

/** Buttons that download pipeline i's model file and, when it has a linear form, the same
 * model as ONNX, once the run has finished. */
function modelCell(i: number): HTMLTableCellElement {
  const td = el('td');
  const text = page.lastModels[i];
  if (!text) return td;
  const name = page.pipelines[i] ?? 'this pipeline';
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

export function showProblems(messages: string[]): void {
  ui.problems.replaceChildren(...messages.map((m) => el('li', m)));
}
