// The breakdown of a run on classes or on a number, for the pipeline chosen: which classes get
// confused (the confusion matrix and each class's figures), or how far the predictions of a
// sample of rows fall from the true numbers (predicted against true, and the residuals). Hidden
// for yes/no labels, whose confusion counts are columns of the results.
import { showConfusion, showPerClass } from '../confusion';
import { find, findAll, pipelineOption } from '../dom';
import { download } from '../exports';
import { pipelineNames } from '../names';
import { ResidualPlots, sampleCsv } from '../residuals';
import { type App, learned, type RunRecord, runTask, staleness } from '../state';
import { watch } from '../store';

const EXPLAIN = {
  multiclass:
    'Each row of the table is a true class, each column the class predicted, every row ' +
    'predicted before it was learned. The green diagonal counts the right answers; any other ' +
    'cell counts rows of the class of its row taken for the class of its column.',
  regression:
    "After the pass, the pipeline's final model (the one its download saves) predicts a sample " +
    'of the rows. These are rows it learned from: on a shuffled file it predicts them a little ' +
    'better than the progressive figures above say, on a file in order of time (a drift) the ' +
    'early rows worse. Points on the dashed diagonal are predicted right; the residuals (true ' +
    'minus predicted) should scatter around zero with no pattern.',
};

/** What the sample of a run on a number says, for its status line. */
function sampleSaid(run: RunRecord): string {
  const s = run.sample;
  if (!s) return run.phase === 'done' ? 'Predicting a sample of the rows…' : '';
  if (!s.samples.length) return `No sample of predictions: ${s.message}.`;
  const n = s.samples[0].actual.length;
  const limit = s.message ? ` (${s.message})` : '';
  if (n === s.rows) return `Every row with a number: ${n.toLocaleString()}${limit}.`;
  return `${n.toLocaleString()} rows drawn at random from ${s.rows.toLocaleString()}${limit}.`;
}

export function mountBreakdownPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const registry = app.op.registry();
  const [title, explain, note, status] = findAll(
    root,
    'breakdown-title',
    'breakdown-explain',
    'confusion-note',
    'sample-status',
  );
  const pipeline = find<HTMLSelectElement>(root, 'breakdown-pipeline');
  const [classes, numbers] = findAll(root, 'classes-view', 'numbers-view');
  const confusion = find<HTMLTableElement>(root, 'confusion');
  const perClass = find<HTMLTableElement>(root, 'per-class');
  const plots = new ResidualPlots(find(root, 'predicted-actual'), find(root, 'residuals'));
  const exportSample = find<HTMLButtonElement>(root, 'export-sample');
  /** The sample of the pipeline chosen, when the run on a number has one. */
  const chosenSample = (run: RunRecord | null) =>
    run && learned(run) && runTask(run) === 'regression'
      ? (run.sample?.samples[Math.min(Number(pipeline.value) || 0, run.results.length - 1)] ?? null)
      : null;

  const draw = (run: RunRecord | null): void => {
    const task = run && learned(run) ? runTask(run) : 'binary';
    root.hidden = task === 'binary';
    classes.hidden = task !== 'multiclass';
    numbers.hidden = task !== 'regression';
    exportSample.disabled = !chosenSample(run);
    if (!run || task === 'binary') return;
    const i = Math.min(Number(pipeline.value) || 0, run.results.length - 1);
    const r = run.results[i];
    explain.textContent = EXPLAIN[task];
    if (r.task === 'multiclass') {
      title.textContent = 'Which classes get confused';
      note.textContent = showConfusion(confusion, r);
      showPerClass(perClass, r);
    } else if (r.task === 'regression') {
      title.textContent = 'Predictions against the true numbers';
      status.textContent = sampleSaid(run);
      plots.show(chosenSample(run));
    }
  };

  pipeline.addEventListener('change', () => draw(store.get().run));
  exportSample.addEventListener('click', () => {
    const sample = chosenSample(store.get().run);
    if (sample) download('onepass-predictions-sample.csv', sampleCsv(sample));
  });
  watch(
    store,
    (s) => [s.run?.results, s.run?.sample, s.run?.phase],
    (_, s) => {
      const specs = (s.run?.results ?? []).map((r) => r.pipeline);
      const names = pipelineNames(specs, registry);
      const keep = pipeline.value;
      pipeline.replaceChildren(...specs.map((x, i) => pipelineOption(names[i], x, String(i))));
      if (keep !== '' && Number(keep) < specs.length) pipeline.value = keep;
      draw(s.run);
    },
  );
  // Of the run shown: dimmed with it when the setup changed since (the results say why).
  watch(
    store,
    (s) => staleness(s) !== '',
    (old) => root.classList.toggle('stale', old),
  );
}
