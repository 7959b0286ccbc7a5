// The live chart of cumulative mistakes against rows (spec 6.1), one line per pipeline, drawn
// with uPlot (small, fast canvas charts that redraw thousands of points per frame).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
];

/** The error rate over the last `window` rows at each curve point, from the cumulative curve:
 * (M(t) - M(t - window)) / window, using the nearest recorded point at or before t - window. */
export function rollingError(rows: number[], mistakes: number[], window: number): number[] {
  const out: number[] = [];
  let j = 0;
  for (let k = 0; k < rows.length; k++) {
    while (j < k && rows[j + 1] <= rows[k] - window) j++;
    const base = rows[k] - window >= rows[0] && j < k ? j : -1;
    const r0 = base >= 0 ? rows[base] : 0;
    const m0 = base >= 0 ? mistakes[base] : 0;
    out.push(rows[k] > r0 ? (mistakes[k] - m0) / (rows[k] - r0) : NaN);
  }
  return out;
}

export class MistakesChart {
  #plot: uPlot | null = null;
  #x: number[] = [];
  #ys: number[][] = [];
  readonly #host: HTMLElement;

  readonly #yLabel: string;
  readonly #xLabel: string;
  readonly #transform: ((x: number[], y: number[]) => number[]) | null;

  /** transform: turns a series' cumulative mistakes into what is drawn (e.g. a rolling rate). */
  constructor(
    host: HTMLElement,
    yLabel = 'cumulative mistakes',
    transform: ((x: number[], y: number[]) => number[]) | null = null,
    xLabel = 'rows seen',
  ) {
    this.#host = host;
    this.#yLabel = yLabel;
    this.#xLabel = xLabel;
    this.#transform = transform;
    new ResizeObserver(() => this.#plot?.setSize(this.#size())).observe(host);
  }

  #size(): { width: number; height: number } {
    return { width: Math.max(280, this.#host.clientWidth), height: 320 };
  }

  reset(names: string[]): void {
    this.#plot?.destroy();
    this.#x = [];
    this.#ys = names.map(() => []);
    const series: uPlot.Series[] = [
      { label: this.#xLabel },
      ...names.map((name, i) => ({
        label: name,
        stroke: COLORS[i % COLORS.length],
        width: 2,
        dash: i >= COLORS.length ? [6, 3] : undefined,
      })),
    ];
    this.#plot = new uPlot(
      {
        ...this.#size(),
        series,
        scales: { x: { time: false } },
        axes: [{ label: this.#xLabel }, { label: this.#yLabel }],
        legend: { live: true },
      },
      [this.#x, ...this.#ys],
      this.#host,
    );
    this.#host.dataset.rows = '0';
    this.#host.dataset.series = String(names.length);
  }

  /** Appends [rows, mistakes] pairs per series (all series share the rows). */
  append(points: Float64Array[]): void {
    if (!this.#plot || points.length === 0) return;
    const n = points[0].length / 2;
    for (let k = 0; k < n; k++) {
      this.#x.push(points[0][2 * k]);
      for (let i = 0; i < this.#ys.length; i++) this.#ys[i].push(points[i]?.[2 * k + 1] ?? NaN);
    }
  }

  /** Redraws; call at most once per animation frame. */
  draw(): void {
    if (!this.#plot) return;
    const t = this.#transform;
    this.#plot.setData([this.#x, ...(t ? this.#ys.map((y) => t(this.#x, y)) : this.#ys)]);
    this.#host.dataset.rows = String(this.#x.length ? this.#x[this.#x.length - 1] : 0);
  }

  /** The chart as a PNG data URL. */
  toPng(): string | null {
    return this.#plot ? this.#plot.ctx.canvas.toDataURL('image/png') : null;
  }
}
