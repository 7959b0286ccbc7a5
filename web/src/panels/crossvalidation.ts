// The cross-validation panel: one of the pipelines listed (or every combination of a parameter
// grid of it), k folds, in the worker with progress; the table of mean ± deviation of the
// label's task (yes/no, classes or a number) beside its baseline, what it measures in words,
// and whether it is still of the setup shown.
import {
  CV_EXPLAIN,
  crossValidationBaseline,
  crossValidationHeadings,
  crossValidationRows,
} from '../crossval';
import { find, findAll, pipelineOption } from '../dom';
import { startCrossValidation } from '../jobs';
import { pipelineNames } from '../names';
import {
  type App,
  type CvRecord,
  cvSpecOf,
  cvStaleness,
  dataBlocker,
  dataTask,
  type PageState,
  type Settings,
  specsOf,
} from '../state';
import { watch } from '../store';
import type { Task } from '../tasks';

/** The task of the table: the cross-validation's shown, else the data's (the next one's). */
const cvTask = (s: PageState): Task => s.crossValidation?.task ?? dataTask(s.data);

function said(cv: CvRecord | null): string {
  if (!cv) return '';
  const n = cv.rows.length;
  switch (cv.phase) {
    case 'reading':
      return 'Reading the data…';
    case 'going':
      return `Cross-validating: ${cv.done} of ${cv.total} pipelines done…`;
    case 'cancelled':
      return `Cancelled after ${n} pipelines.`;
    case 'failed':
      return `No cross-validation: ${cv.message}.`;
    case 'done':
      return `${cv.folds}-fold cross-validation (seed ${cv.options.seed}) of ${n} pipeline${n === 1 ? '' : 's'}: mean ± deviation over the folds.`;
  }
}

export function mountCrossValidationPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const registry = app.op.registry();
  const [pipeline, folds] = findAll<HTMLSelectElement>(root, 'cv-pipeline', 'cv-folds');
  const grid = find<HTMLInputElement>(root, 'cv-grid');
  const run = find<HTMLButtonElement>(root, 'cv-run');
  const [status, explain] = findAll<HTMLParagraphElement>(root, 'cv-status', 'cv-explain');
  const table = find<HTMLTableElement>(root, 'cv-results');

  const settings = (fields: Partial<Settings>): void =>
    store.update((s) => ({ settings: { ...s.settings, ...fields } }));
  pipeline.addEventListener('change', () => settings({ cvSpec: pipeline.value }));
  folds.addEventListener('change', () => settings({ cvFolds: Number(folds.value) }));
  grid.addEventListener('input', () => settings({ cvGrid: grid.value }));
  run.addEventListener('click', () => startCrossValidation(app));

  // The menu lists the pipelines of the specs box by their readable names.
  watch(
    store,
    (s) => [s.settings.specs, cvSpecOf(s)],
    (_, s) => {
      const chosen = cvSpecOf(s);
      const specs = specsOf(s.settings.specs);
      const names = pipelineNames(specs, registry);
      pipeline.replaceChildren(
        ...specs.map((x, i) => pipelineOption(names[i], x, x, x === chosen)),
      );
    },
  );
  watch(
    store,
    (s) => [s.settings.cvFolds, s.settings.cvGrid],
    ([f, g]) => {
      folds.value = String(f);
      if (grid.value !== g) grid.value = String(g);
    },
  );
  watch(
    store,
    (s) => [s.job, dataBlocker(s), cvSpecOf(s)],
    ([job, blocked, spec]) => {
      run.disabled = job !== null || blocked !== '' || !spec;
      for (const c of [pipeline, folds, grid]) c.disabled = job !== null;
    },
  );
  watch(store, cvTask, (task) => {
    table.tHead!.rows[0].replaceChildren(...crossValidationHeadings(task));
    explain.textContent = CV_EXPLAIN[task];
  });
  watch(
    store,
    (s) => [s.crossValidation?.rows, cvTask(s)],
    (_, s) => {
      const [rows, task] = [s.crossValidation?.rows ?? [], cvTask(s)];
      const names = pipelineNames(
        rows.map((r) => r.spec),
        registry,
      );
      table.tBodies[0].replaceChildren(...crossValidationRows(task, rows, names));
      table.tFoot!.replaceChildren(...crossValidationBaseline(task, rows));
    },
  );
  watch(
    store,
    (s) => {
      const cv = s.crossValidation;
      const old = cv && cv.rows.length ? cvStaleness(s) : '';
      return [said(cv), old];
    },
    ([text, old]) => {
      status.textContent = old ? `${text} ${old}` : text;
      table.classList.toggle('stale', old !== '');
    },
  );
}
