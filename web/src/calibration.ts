// The reliability (calibration) chart of a run on yes/no labels (docs/algorithms.md 6.5): for
// each pipeline that gives probabilities, its rows in ten bins of the probability of the positive
// class it gave each row before learning it, and each bin's mean probability against the share
// of its rows that were positive. On the diagonal the probabilities say what happens. Drawn with
// uPlot in the pipelines' colours, each bin's rows in the legend and in a table.
import type { ReliabilityBin } from 'onepass';
import uPlot from 'uplot';
import { seriesStyle } from './chart';
import { el } from './dom';
import type { Result } from './protocol';

/** A pipeline's reliability curve: its place in the run (its colour), its spec, its readable
 * name (names.ts) and its bins. */
export interface Calibrated {
  series: number;
  pipeline: string;
  name: string;
  bins: ReliabilityBin[];
}

/** The pipelines of a run that give probabilities, with their bins: the core gives bins to a
 * yes/no pipeline with probabilities only (a logistic learner, or any learner with +platt or
 * +temperature, as the default). `names` are the results' readable names, in their order. */
export function calibrated(results: readonly Result[], names: readonly string[]): Calibrated[] {
  return results.flatMap((r, series) =>
    r.task === 'binary' && r.calibration
      ? [{ series, pipeline: r.pipeline, name: names[series] ?? r.pipeline, bins: r.calibration }]
      : [],
  );
}

/** A curve's points, one per bin with rows: x the bin's mean probability, y its share of
 * positives, and its rows. */
export function pointsOf(
  bins: readonly ReliabilityBin[],
): { x: number; y: number; rows: number }[] {
  return bins.flatMap((b) =>
    b.count > 0 && b.meanPredicted !== null && b.observedRate !== null
      ? [{ x: b.meanPredicted, y: b.observedRate, rows: b.count }]
      : [],
  );
}

/** The curves on one x axis, as uPlot draws them: the x values of every point, 0 and 1 (where
 * the diagonal starts and ends), in order; each curve's share of positives and rows at them
 * (null where it has no point, a gap its line spans). */
export function aligned(curves: readonly Calibrated[]): {
  x: number[];
  ys: (number | null)[][];
  rows: (number | null)[][];
} {
  const points = curves.map((c) => pointsOf(c.bins));
  const x = [...new Set([0, 1, ...points.flatMap((p) => p.map((q) => q.x))])].sort((a, b) => a - b);
  const at = (p: { x: number; y: number; rows: number }[], key: 'y' | 'rows') =>
    x.map((v) => p.find((q) => q.x === v)?.[key] ?? null);
  return { x, ys: points.map((p) => at(p, 'y')), rows: points.map((p) => at(p, 'rows')) };
}

/** A probability in the chart's legend and table. */
const share = (v: number | null): string => (v === null ? '–' : v.toFixed(3));

/** A bin's range in words: [0.1, 0.2) as 0.1–0.2. */
const range = (b: ReliabilityBin): string => `${b.lower.toFixed(1)}–${b.upper.toFixed(1)}`;

export class ReliabilityChart {
  #plot: uPlot | null = null;
  /** The place in the run of each curve drawn, in order. */
  #series: number[] = [];
  readonly #host: HTMLElement;

  constructor(host: HTMLElement) {
    this.#host = host;
    new ResizeObserver(() => this.#plot?.setSize(this.#size())).observe(host);
  }

  #size(): { width: number; height: number } {
    return { width: Math.max(280, Math.min(640, this.#host.clientWidth)), height: 320 };
  }

  /** Draws these curves (none: clears the chart). The host's data-points says what is drawn:
   * each curve's [x, y] points, read back from the chart. */
  show(curves: readonly Calibrated[]): void {
    this.#plot?.destroy();
    this.#plot = null;
    this.#series = curves.map((c) => c.series);
    this.#host.dataset.series = String(curves.length);
    this.#host.dataset.points = '[]';
    if (curves.length === 0) return;
    const { x, ys, rows } = aligned(curves);
    const curveSeries = curves.map((c, k): uPlot.Series => {
      const { color, dash } = seriesStyle(c.series);
      return {
        label: c.name,
        stroke: color,
        dash,
        width: 2,
        spanGaps: true,
        points: { show: true, size: 8, fill: color },
        // The legend says a bin's share of positives and of how many rows.
        value: (_u, v, _s, i) =>
          v === null || i === null ? '–' : `${share(v)} of ${rows[k][i]} rows`,
      };
    });
    this.#plot = new uPlot(
      {
        ...this.#size(),
        series: [
          { label: 'mean predicted', value: (_u, v) => share(v) },
          ...curveSeries,
          {
            label: 'calibrated (observed = predicted)',
            stroke: '#888',
            width: 1,
            dash: [6, 4],
            points: { show: false },
          },
        ],
        scales: { x: { time: false, range: [0, 1] }, y: { range: [0, 1] } },
        axes: [
          { label: 'predicted probability of the positive class (mean of a bin)' },
          { label: 'share of the positive class' },
        ],
        legend: { live: true },
        focus: { alpha: 0.25 },
        cursor: { focus: { prox: 24 } },
      },
      [x, ...ys, x],
      this.#host,
    );
    const data = this.#plot.data;
    this.#host.dataset.points = JSON.stringify(
      curves.map((_, k) =>
        Array.from(data[0]).flatMap((v, i) => {
          const y = data[k + 1][i];
          return y === null || y === undefined ? [] : [[v, y]];
        }),
      ),
    );
  }

  /** Makes pipeline i (its place in the run) stand out; null, or a pipeline not drawn: none. */
  focus(i: number | null): void {
    const k = i === null ? -1 : this.#series.indexOf(i);
    this.#plot?.setSeries(k < 0 ? null : k + 1, { focus: true });
  }
}

/** The table of every bin of each curve: its rows, mean probability and share of positives. */
export function showBins(table: HTMLTableElement, curves: readonly Calibrated[]): void {
  const names = el('tr');
  const heads = el('tr');
  const bin = el('th', 'probability');
  bin.scope = 'col';
  bin.rowSpan = 2;
  names.append(bin);
  for (const c of curves) {
    const th = el('th');
    th.scope = 'colgroup';
    th.colSpan = 3;
    const swatch = el('span');
    swatch.className = 'swatch';
    swatch.style.background = seriesStyle(c.series).color;
    const name = el('span', c.name);
    name.className = 'pipeline-name';
    name.title = c.pipeline;
    th.append(swatch, name);
    names.append(th);
    for (const t of ['rows', 'mean predicted', 'share positive']) {
      const h = el('th', t);
      h.scope = 'col';
      heads.append(h);
    }
  }
  const thead = el('thead');
  thead.append(names, heads);
  const bins = curves[0]?.bins ?? [];
  const tbody = el('tbody');
  bins.forEach((b, k) => {
    const tr = el('tr');
    tr.dataset.lower = String(b.lower);
    const th = el('th', range(b));
    th.scope = 'row';
    tr.append(th);
    for (const c of curves) {
      const x = c.bins[k];
      for (const [key, text] of [
        ['count', String(x.count)],
        ['meanPredicted', share(x.meanPredicted)],
        ['observedRate', share(x.observedRate)],
      ]) {
        const td = el('td', text);
        td.dataset.key = key;
        td.dataset.pipeline = c.pipeline;
        tr.append(td);
      }
    }
    tbody.append(tr);
  });
  table.replaceChildren(thead, tbody);
}
