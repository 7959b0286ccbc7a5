// The charts panel: cumulative mistakes and the recent error rate of the run shown, redrawn at
// most once per animation frame as its points come; the holdout's ROC and precision-recall
// curves; the pipeline pointed at in the results standing out; the chart as a PNG.
import type { RunResult } from 'onepass';
import { MistakesChart, rollingError } from '../chart';
import { find } from '../dom';
import { download } from '../exports';
import { type App, learned, staleness } from '../state';
import { watch } from '../store';

/** A curve on the grid of 101 points as [x, y, x, y, ...]. */
const grid = (curve: Float64Array): Float64Array =>
  Float64Array.from({ length: 2 * curve.length }, (_, k) =>
    k % 2 ? curve[(k - 1) / 2] : k / 2 / (curve.length - 1),
  );

export function mountChartsPanel(root: HTMLElement, app: App): void {
  const { store } = app;
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
  );
  const pr = new MistakesChart(find(root, 'pr'), 'precision', null, 'recall');
  const curves = find<HTMLDivElement>(root, 'holdout-curves');
  const exportPng = find<HTMLButtonElement>(root, 'export-png');

  // The run drawn and how many of its batches of points.
  let drawnRun: number | null = null;
  let drawn = 0;
  let frameRequested = false;
  watch(
    store,
    (s) => [s.run?.id ?? null, s.run?.points],
    (_, s) => {
      const run = s.run;
      if ((run?.id ?? null) !== drawnRun) {
        for (const c of [chart, rolling]) c.reset(run?.options.pipelines ?? []);
        drawnRun = run?.id ?? null;
        drawn = 0;
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
        c.reset(s.run?.options.pipelines ?? []);
        c.append(holdout.map((r) => grid(of(r))));
        c.draw();
      }
    },
  );
  watch(
    store,
    (s) => s.focus,
    (i) => {
      for (const c of [chart, rolling, roc, pr]) c.focus(i);
    },
  );
  exportPng.addEventListener('click', () => {
    const run = store.get().run;
    if (!learned(run)) return;
    const rows = run.progress?.rows ?? 0;
    const png = chart.toPng(`Cumulative mistakes: ${run.sourceName}, ${rows} rows`);
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
