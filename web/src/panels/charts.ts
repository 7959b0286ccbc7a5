// The charts panel: cumulative mistakes and the recent error rate of the run shown (for a
// number: cumulative absolute error and the recent mean absolute error), redrawn at most once
// per animation frame as its points come; the reliability curves of the pipelines that give
// probabilities, once the run has results; the holdout's ROC and precision-recall curves; the
// pipeline pointed at in the results standing out; the chart as a PNG.
import type { RunResult } from 'onepass';
import { calibrated, ReliabilityChart, showBins } from '../calibration';
import { MistakesChart, type Reference, rollingError, seriesStyle } from '../chart';
import type { Baseline } from '../columns';
import { pipelineNames } from '../names';
import { el, find, findAll } from '../dom';
import { driftMarks, driftWords } from '../drift';
import type { Result } from '../protocol';
import { download } from '../exports';
import { type App, learned, runTask, shownTask, staleness } from '../state';
import { watch } from '../store';
import { chartWords, resultsTask, type Task } from '../tasks';

/** A curve on the grid of 101 points as [x, y, x, y, ...]. */
const grid = (curve: Float64Array): Float64Array =>
  Float64Array.from({ length: 2 * curve.length }, (_, k) =>
    k % 2 ? curve[(k - 1) / 2] : k / 2 / (curve.length - 1),
  );

const NONE: Result[] = [];

/** The baseline as a line on each chart: its cumulative mistakes (or absolute error) grow by
 * its error rate (or mean absolute error) a row; its recent rate is that rate. */
function baselineLines(b: Baseline | null): { total: Reference; recent: Reference } | null {
  if (!b) return null;
  const rate = b.task === 'binary' ? b.error : b.task === 'multiclass' ? 1 - b.accuracy : b.mae;
  const label =
    b.task === 'regression'
      ? 'baseline: the mean of the labels before'
      : `baseline: always answering ${b.label}`;
  return {
    total: { label, at: (x) => rate * x },
    recent: { label, at: () => rate },
  };
}

export function mountChartsPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const registry = app.op.registry();
  const view = find<HTMLSelectElement>(root, 'chart-view');
  const chart = new MistakesChart(find(root, 'chart'));
  const rolling = new MistakesChart(find(root, 'rolling'), 'error rate, recent rows', (x, y) =>
    rollingError(x, y, Math.max(10, Math.round((x[x.length - 1] ?? 0) / 20))),
  );
  // The holdout's curves: one line per pipeline on the grid of 101 points.
  const roc = new MistakesChart(
    find(root, 'roc'),
    'true-positive rate',
    null,
    'false-positive rate',
    'curves',
  );
  const pr = new MistakesChart(find(root, 'pr'), 'precision', null, 'recall', 'curves');
  const reliability = new ReliabilityChart(find(root, 'calibration'));
  const [calibrationSaid, calibrationNone, calibrationDrawn] = findAll(
    root,
    'calibration-said',
    'calibration-none',
    'calibration-drawn',
  );
  const calibrationBins = find<HTMLTableElement>(root, 'calibration-bins');
  const curves = find<HTMLDivElement>(root, 'holdout-curves');
  const exportPng = find<HTMLButtonElement>(root, 'export-png');
  const driftSaid = find<HTMLDivElement>(root, 'drift-said');
  const driftEvents = find<HTMLUListElement>(root, 'drift-events');

  const [title, explain, howTo, rollingTitle, rollingExplain] = findAll(
    root,
    'chart-title',
    'chart-explain',
    'chart-howto',
    'rolling-title',
    'rolling-explain',
  );

  // The run drawn, as what task, and how many of its batches of points. A run's task is the
  // preview's until its results say (they may differ: class learners on yes/no labels), and
  // then its curves are drawn again under the right words.
  let drawnRun: string | null = null;
  let drawn = 0;
  let frameRequested = false;
  // The results whose drifts the recent-error chart marks (a reset takes every mark off).
  let marked: Result[] | null = null;
  const words = (task: Task): void => {
    const w = chartWords(task);
    title.textContent = w.title;
    explain.textContent = w.explain;
    howTo.textContent = w.howTo;
    rollingTitle.textContent = w.recentTitle;
    rollingExplain.textContent = w.recentExplain;
  };
  watch(
    store,
    (s) => [s.run?.id ?? null, shownTask(s), s.run?.points, s.run?.results],
    (_, s) => {
      const run = s.run;
      const task = shownTask(s);
      const key = `${run?.id ?? 'none'} ${task}`;
      if (key !== drawnRun) {
        const w = chartWords(task);
        const names = pipelineNames(run?.options.pipelines ?? [], registry);
        chart.reset(names, w.axis);
        rolling.reset(names, w.recentAxis);
        words(task);
        drawnRun = key;
        drawn = 0;
        marked = null;
      }
      // Only the run shown marks its drifts: a run starting has no results, so no marks.
      const results = run?.results ?? NONE;
      if (results !== marked) {
        rolling.mark(driftMarks(results));
        marked = results;
      }
      const points = run?.points ?? [];
      for (; drawn < points.length; drawn++) {
        chart.append(points[drawn]);
        rolling.append(points[drawn]);
      }
      if (frameRequested) return;
      frameRequested = true;
      requestAnimationFrame(() => {
        frameRequested = false;
        chart.draw();
        rolling.draw();
      });
    },
  );
  // The baseline on both charts, drawn again whenever the charts start over.
  watch(
    store,
    (s) => [s.run?.id ?? null, shownTask(s), s.run?.baseline ?? null],
    (_, s) => {
      const lines = baselineLines(s.run?.baseline ?? null);
      chart.setReference(lines?.total ?? null);
      rolling.setReference(lines?.recent ?? null);
      view.disabled = lines === null;
    },
  );
  // Many lines that overlap separate as their differences from the baseline.
  view.addEventListener('change', () => {
    const difference = view.value === 'difference';
    chart.setDifference(difference);
    rolling.setDifference(difference);
  });
  // The drifts in words, a line per +drift pipeline with its colour.
  watch(
    store,
    (s) => s.run?.results ?? [],
    (results) => {
      const lines = driftWords(results).map(({ series, pipeline, text }) => {
        const swatch = el('span');
        swatch.className = 'swatch';
        swatch.style.background = seriesStyle(series).color;
        const li = el('li');
        li.dataset.pipeline = pipeline;
        li.append(swatch, el('code', pipeline), `: ${text}`);
        return li;
      });
      driftEvents.replaceChildren(...lines);
      driftSaid.hidden = lines.length === 0;
    },
  );
  // The reliability curves of a yes/no run's results; for a run with none, how to get them.
  watch(
    store,
    (s) => s.run?.results ?? NONE,
    (results) => {
      const binary = results.length > 0 && resultsTask(results) === 'binary';
      calibrationSaid.hidden = !binary;
      const names = pipelineNames(
        results.map((r) => r.pipeline),
        registry,
      );
      const bins = binary ? calibrated(results, names) : [];
      calibrationDrawn.hidden = bins.length === 0;
      calibrationNone.hidden = !binary || bins.length > 0;
      calibrationNone.replaceChildren(
        ...(binary && bins.length === 0
          ? [
              'No pipeline of this run gives probabilities, so there is no calibration to show. ',
              'Add ',
              el('code', '+temperature'),
              ' to one (',
              el('code', `${results[0].pipeline} +temperature`),
              ') to turn its scores into probabilities without changing its answers (',
              el('code', '+platt'),
              ' also moves its threshold), or choose a logistic learner such as ',
              el('code', 'zscore | logreg'),
              '.',
            ]
          : []),
      );
      reliability.show(bins);
      showBins(calibrationBins, bins);
    },
  );
  watch(
    store,
    (s) => s.run?.holdout,
    (holdout = [], s) => {
      // Only when the test part has both classes.
      const drawnCurves = holdout.length > 0 && holdout.every((r) => r.testCurves.roc.length > 0);
      curves.hidden = !drawnCurves;
      if (!drawnCurves) return;
      for (const [c, of] of [
        [roc, (r: RunResult) => r.testCurves.roc],
        [pr, (r: RunResult) => r.testCurves.pr],
      ] as const) {
        c.reset(pipelineNames(s.run?.options.pipelines ?? [], registry));
        c.append(holdout.map((r) => grid(of(r))));
        c.draw();
      }
    },
  );
  watch(
    store,
    (s) => s.focus,
    (i) => {
      for (const c of [chart, rolling, roc, pr, reliability]) c.focus(i);
    },
  );
  exportPng.addEventListener('click', () => {
    const run = store.get().run;
    if (!learned(run)) return;
    const rows = run.progress?.rows ?? 0;
    const png = chart.toPng(`${chartWords(runTask(run)).title}: ${run.sourceName}, ${rows} rows`);
    if (png) download('onepass-chart.png', png);
  });
  watch(
    store,
    (s) => learned(s.run),
    (has) => (exportPng.disabled = !has),
  );
  watch(
    store,
    (s) => staleness(s) !== '',
    (old) => root.classList.toggle('stale', old),
  );
}
