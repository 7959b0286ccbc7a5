// The results panel: the baseline line, the sortable table with each pipeline's model downloads
// and marks, the holdout's status, the downloads of results and curves, and whether what is
// shown is still of the setup shown. Only a run that learned rows has results.
import type { Onepass } from 'onepass';
import { el, find, findAll } from '../dom';
import { curveColumns, curvesCsv, download, resultsJson } from '../exports';
import { baselineText, ResultsTable, type RunState } from '../results';
import { COLUMNS_EXPLAIN } from '../columns';
import { type App, complete, learned, type RunRecord, shownTask, staleness } from '../state';
import type { Task } from '../tasks';
import { watch } from '../store';
import { mountReproduce } from './reproduce';

/** The model as ONNX bytes, or null when the pipeline has no exact linear form. */
function onnxOf(op: Onepass, model: string): Uint8Array | null {
  try {
    using p = op.loadPipeline(model);
    return p.toONNX();
  } catch {
    return null;
  }
}

/** What the table shows of a run (with none, the columns of `task`). */
const shown = (run: RunRecord | null, task: Task = 'binary'): RunState =>
  learned(run)
    ? {
        results: run.results,
        holdout: run.holdout,
        baseline: run.baseline,
        complete: complete(run),
        labels: run.labels,
      }
    : { results: [], holdout: [], baseline: null, complete: false, task };

function holdoutSaid(run: RunRecord | null): string {
  if (!learned(run) || run.options.holdout === 0) return '';
  const test = Math.round(run.options.holdout * 100);
  if (run.phase === 'testing') return 'Testing on the holdout…';
  if (run.holdoutMessage) return `No holdout test: ${run.holdoutMessage}.`;
  if (run.holdout.length === 0) return '';
  return `Holdout: each pipeline trained on ${100 - test}% of the rows (seed ${run.options.seed}) and tested on the other ${test}%.`;
}

export function mountResultsPanel(root: HTMLElement, app: App): void {
  const { store, op } = app;
  const [baseline, stale, holdoutStatus] = findAll<HTMLParagraphElement>(
    root,
    'baseline',
    'stale',
    'holdout-status',
  );
  const tableEl = find<HTMLTableElement>(root, 'results');
  const explain = find<HTMLParagraphElement>(root, 'columns-explain');
  const binaryExplain = explain.textContent ?? '';
  const [exportJson, exportCurve] = findAll<HTMLButtonElement>(root, 'export-json', 'export-curve');
  // The ONNX form of each model of the run shown, made once.
  let onnx = new Map<number, Uint8Array | null>();

  /** Buttons that download pipeline i's model file and, when it has a linear form, the same
   * model as ONNX, once the run has ended. */
  const modelCell = (i: number): HTMLTableCellElement => {
    const td = el('td');
    const run = store.get().run;
    const text = run?.models[i];
    if (!run || !text) return td;
    const name = run.options.pipelines[i] ?? 'this pipeline';
    const b = el('button', 'download');
    b.type = 'button';
    b.className = 'download-model';
    b.setAttribute('aria-label', `Download the model of ${name}`);
    b.addEventListener('click', () =>
      download(`onepass-model-${i + 1}.json`, new Blob([text], { type: 'application/json' })),
    );
    td.append(b);
    if (!onnx.has(i)) onnx.set(i, onnxOf(op, text));
    const bytes = onnx.get(i);
    if (bytes) {
      const o = el('button', 'ONNX');
      o.type = 'button';
      o.className = 'download-onnx';
      o.title = 'The model as ONNX, to run it with onnxruntime or any ONNX tool';
      o.setAttribute('aria-label', `Download the model of ${name} as ONNX`);
      o.addEventListener('click', () =>
        download(
          `onepass-model-${i + 1}.onnx`,
          new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }),
        ),
      );
      td.append(' ', o);
    }
    return td;
  };
  const table = new ResultsTable(
    tableEl,
    (i) => store.update({ focus: i }),
    modelCell,
    op.registry(),
  );
  // Each column's meaning in one line, for the columns the table shows.
  const help = find<HTMLUListElement>(root, 'columns-help');
  const listHelp = (): void => {
    const heads = [...tableEl.tHead!.rows[0].cells];
    help.replaceChildren(
      ...heads.flatMap((th) => {
        const text = th.title;
        if (!text) return [];
        const li = el('li');
        li.append(el('strong', th.textContent?.replace(/ [▲▼]$/, '') ?? ''), `: ${text}`);
        return [li];
      }),
    );
  };

  exportJson.addEventListener('click', () => {
    const run = store.get().run;
    if (learned(run))
      download('onepass-results.json', resultsJson(run.sourceName, run.features, shown(run)));
  });
  exportCurve.addEventListener('click', () => {
    const run = store.get().run;
    if (!learned(run)) return;
    const { rows, mistakes } = curveColumns(run.points, run.options.pipelines.length);
    download('onepass-curves.csv', curvesCsv(run.options.pipelines, rows, mistakes));
  });

  watch(
    store,
    (s) => [s.run?.id, s.run?.models],
    () => (onnx = new Map()),
  );
  watch(
    store,
    (s) => [
      s.run?.results,
      s.run?.holdout,
      s.run?.baseline,
      s.run?.models,
      s.run?.phase,
      shownTask(s),
    ],
    (_, s) => {
      const state = shown(s.run, shownTask(s));
      table.show(state);
      listHelp();
      baseline.textContent = baselineText(state);
      holdoutStatus.textContent = holdoutSaid(s.run);
      for (const b of [exportJson, exportCurve]) b.disabled = !learned(s.run);
    },
  );
  watch(
    store,
    shownTask,
    (task) => (explain.textContent = task === 'binary' ? binaryExplain : COLUMNS_EXPLAIN[task]),
  );
  mountReproduce(root, app);
  watch(store, staleness, (text) => {
    stale.textContent = text;
    stale.hidden = !text;
    root.classList.toggle('stale', text !== '');
  });
}
