// The live chart of cumulative mistakes (or, for a number, cumulative absolute error) against
// rows (spec 6.1), one line per pipeline, drawn with uPlot (small, fast canvas charts that redraw
// thousands of points per frame).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { readableAxes, rightPadding } from './axes';
import { ChartText, type SummaryKind } from './chart_text';

// Ten colours (Tableau's, distinct for common colour-vision deficiencies in most pairs) times
// three line patterns: 30 series that differ in colour or pattern, and series 11-30 never
// repeat a swatch of the first ten.
const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
];
const DASHES: (number[] | undefined)[] = [undefined, [10, 4], [2, 3]];

/** The colour and dash pattern of series i (0-based), the same in every chart and legend. */
export function seriesStyle(i: number): { color: string; dash: number[] | undefined } {
  return {
    color: COLORS[i % COLORS.length],
    dash: DASHES[Math.floor(i / COLORS.length) % DASHES.length],
  };
}

/** The error rate over the last `window` rows at each curve point, from the cumulative curve:
 * (M(t) - M(t - window)) / window, using the nearest recorded point at or before t - window.
 * Of a cumulative absolute error, the same gives the mean absolute error of those rows. */
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

/** A row marked on a chart: a vertical line in its series' colour and pattern, named when
 * pointed at (a pipeline's drift, docs/algorithms.md 6.10). */
export interface ChartMark {
  /** The series (0-based) whose colour it takes. */
  series: number;
  /** Where on the x axis (the row). */
  x: number;
  /** What it marks, shown when pointed at. */
  label: string;
}

/** A line every pipeline is read against (the baseline): its value at each x drawn. */
export interface Reference {
  label: string;
  at: (x: number) => number;
}

/** The reference line's look: grey and dashed, apart from every pipeline's colour. */
const REFERENCE_STYLE = { stroke: '#555', width: 1.5, dash: [6, 4] };

export class MistakesChart {
  #plot: uPlot | null = null;
  /** The baseline drawn beside the pipelines (null: none yet). */
  #reference: Reference | null = null;
  /** Each pipeline drawn as its difference from the reference, which is then the zero line. */
  #difference = false;
  /** The marks shown, each with its element. */
  #marks: (ChartMark & { e: HTMLElement })[] = [];
  /** The x scale and width the marks were last placed for. */
  #placedAt = '';
  /** The marks' layer over the plotting area of the chart shown. */
  #markLayer: HTMLDivElement | null = null;
  #x: number[] = [];
  #ys: number[][] = [];
  #names: string[] = [];
  readonly #host: HTMLElement;
  /** The chart in words and as a table, for those who cannot see the canvas. */
  readonly #text: ChartText;

  #yLabel: string;
  readonly #xLabel: string;
  readonly #transform: ((x: number[], y: number[]) => number[]) | null;

  /** transform: turns a series' cumulative mistakes into what is drawn (e.g. a rolling rate). */
  constructor(
    host: HTMLElement,
    yLabel = 'cumulative mistakes',
    transform: ((x: number[], y: number[]) => number[]) | null = null,
    xLabel = 'rows seen',
    kind: SummaryKind = 'lower-is-better',
  ) {
    this.#host = host;
    this.#text = new ChartText(host, kind);
    this.#yLabel = yLabel;
    this.#xLabel = xLabel;
    this.#transform = transform;
    new ResizeObserver(() => this.#plot?.setSize(this.#size())).observe(host);
  }

  #size(): { width: number; height: number } {
    return { width: Math.max(280, this.#host.clientWidth), height: 320 };
  }

  /** Starts over with these series; yLabel: the y axis's label from now on (the task's). */
  reset(names: string[], yLabel = this.#yLabel): void {
    this.#yLabel = yLabel;
    this.#host.dataset.yLabel = yLabel;
    // Marks belong to the series they were made for: a new chart starts without any.
    this.#marks = [];
    this.#reference = null;
    this.#x = [];
    this.#ys = names.map(() => []);
    this.#names = names;
    this.#build();
    this.#host.dataset.rows = '0';
    this.#host.dataset.series = String(names.length);
    this.#host.dataset.marks = '0';
  }

  /** Draws `reference` (null: none) as a line beside the pipelines, keeping the points. */
  setReference(reference: Reference | null): void {
    if (reference?.label === this.#reference?.label && !reference === !this.#reference) {
      this.#reference = reference;
      this.draw();
      return;
    }
    this.#reference = reference;
    this.#build();
    this.draw();
  }

  /** Shows each pipeline as its difference from the reference (true), or as it is. */
  setDifference(on: boolean): void {
    if (on === this.#difference) return;
    this.#difference = on;
    this.#build();
    this.draw();
  }

  /** The chart anew, of the series and points it has: the pipelines, then the reference. */
  #build(): void {
    this.#plot?.destroy();
    const ref = this.#reference;
    const difference = this.#difference && ref !== null;
    const series: uPlot.Series[] = [
      { label: this.#xLabel },
      ...this.#names.map((name, i) => ({
        label: name,
        stroke: seriesStyle(i).color,
        width: 2,
        dash: seriesStyle(i).dash,
      })),
      ...(ref ? [{ label: ref.label, ...REFERENCE_STYLE }] : []),
    ];
    const yLabel = difference ? `${this.#yLabel} minus the baseline's` : this.#yLabel;
    this.#host.dataset.view = difference ? 'difference' : 'values';
    this.#host.dataset.reference = ref ? ref.label : '';
    const plot = new uPlot(
      {
        ...this.#size(),
        series,
        scales: { x: { time: false } },
        // Compact tick labels, a y axis as wide as they are, room for the last x label.
        axes: readableAxes(this.#xLabel, yLabel),
        padding: [null, rightPadding, null, null],
        legend: {
          live: true,
          // Each legend swatch shows its series' pattern too, so that no two swatches repeat.
          markers: {
            dash: (_u: uPlot, i: number) =>
              i === 0 || i > this.#names.length
                ? i === 0
                  ? 'solid'
                  : 'dashed'
                : ['solid', 'dashed', 'dotted'][Math.floor((i - 1) / COLORS.length) % 3],
          },
        },
        // The series nearest the cursor stands out, the others fade.
        focus: { alpha: 0.25 },
        cursor: { focus: { prox: 24 } },
        // The marks follow the x scale, which each redraw (new points, a resize) may change.
        hooks: { draw: [(u: uPlot) => this.#placeMarks(u)] },
      },
      this.#data(),
      this.#host,
    );
    this.#plot = plot;
    // The chart's drawn data, for the browser tests and the console: the canvas holds no text.
    Object.defineProperty(this.#host, 'uplot', { value: plot, configurable: true });
    this.#markLayer = document.createElement('div');
    this.#markLayer.className = 'chart-marks';
    plot.over.append(this.#markLayer);
    this.#markLayer.replaceChildren(...this.#marks.map((m) => m.e));
    this.#placedAt = '';
    this.#followTouch(plot);
    this.#say(this.#data());
  }

  /** What is drawn: x, each pipeline's line (transformed, and less the reference in the
   * difference view), then the reference (0 in the difference view). */
  #data(): uPlot.AlignedData {
    const t = this.#transform;
    const x = this.#x;
    const ys = t ? this.#ys.map((y) => t(x, y)) : this.#ys;
    const ref = this.#reference;
    if (!ref) return [x, ...ys];
    const base = x.map((v) => ref.at(v));
    if (!this.#difference) return [x, ...ys, base];
    return [x, ...ys.map((y) => y.map((v, k) => v - base[k])), base.map(() => 0)];
  }

  /** Marks these rows (and no others) on the chart; reset() takes them off. */
  mark(marks: ChartMark[]): void {
    this.#marks = marks.map((m) => {
      const { color, dash } = seriesStyle(m.series);
      const e = document.createElement('div');
      e.className = 'chart-mark';
      e.style.setProperty('--mark-color', color);
      e.style.setProperty('--mark-line', dash ? (dash[0] > 5 ? 'dashed' : 'dotted') : 'solid');
      e.title = m.label;
      e.dataset.series = String(m.series);
      e.dataset.x = String(m.x);
      return { ...m, e };
    });
    this.#markLayer?.replaceChildren(...this.#marks.map((m) => m.e));
    this.#host.dataset.marks = String(marks.length);
    this.#placedAt = '';
    if (this.#plot) this.#placeMarks(this.#plot);
  }

  /** Puts the marks where the x scale says, those off the chart hidden. A redraw that leaves
   * the scale and the width as they were (a series brought forward) moves none. */
  #placeMarks(u: uPlot): void {
    if (!this.#markLayer || u !== this.#plot) return;
    const width = u.over.clientWidth;
    const at = `${u.scales.x.min} ${u.scales.x.max} ${width}`;
    if (at === this.#placedAt) return;
    this.#placedAt = at;
    for (const m of this.#marks) {
      const left = u.valToPos(m.x, 'x');
      const off = !Number.isFinite(left) || left < 0 || left > width;
      m.e.hidden = off;
      if (!off) m.e.style.left = `${left}px`;
    }
  }

  /** uPlot moves its cursor on mouse events only: on a touch screen a tap or a sideways drag
   * on the chart moves it too, so that the legend shows the values under the finger.
   * Vertical drags still scroll the page. */
  #followTouch(plot: uPlot): void {
    const over = plot.over;
    over.style.touchAction = 'pan-y';
    const follow = (e: PointerEvent): void => {
      if (e.pointerType !== 'touch') return;
      const box = over.getBoundingClientRect();
      plot.setCursor({ left: e.clientX - box.left, top: e.clientY - box.top });
    };
    over.addEventListener('pointerdown', follow);
    over.addEventListener('pointermove', follow);
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
    const data = this.#data();
    this.#plot.setData(data);
    this.#say(data);
    this.#host.dataset.rows = String(this.#x.length ? this.#x[this.#x.length - 1] : 0);
  }

  /** The text alternative of what is drawn: the pipelines, then the reference. */
  #say(data: uPlot.AlignedData): void {
    const ref = this.#reference;
    const difference = this.#difference && ref !== null;
    this.#text.show({
      xLabel: this.#xLabel,
      yLabel: difference ? `${this.#yLabel} minus the baseline's` : this.#yLabel,
      names: ref ? [...this.#names, ref.label] : this.#names,
      data: data as ArrayLike<number | null | undefined>[],
      reference: ref ? this.#names.length : -1,
    });
  }

  /** Makes series i (0-based) stand out, as when the cursor is near it; null: none. */
  focus(i: number | null): void {
    this.#plot?.setSeries(i === null ? null : i + 1, { focus: true });
  }

  /** The chart as a PNG data URL that stands on its own: a white background, the title, the
   * chart and a legend of every series with its colour and pattern. */
  toPng(title: string): string | null {
    if (!this.#plot) return null;
    const chart = this.#plot.ctx.canvas;
    const scale = chart.width / Math.max(1, this.#plot.width); // device pixels
    const line = 22 * scale;
    const out = document.createElement('canvas');
    out.width = chart.width;
    out.height = chart.height + line * (2 + this.#names.length);
    const g = out.getContext('2d');
    if (!g) return null;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, out.width, out.height);
    g.fillStyle = '#111';
    g.font = `bold ${14 * scale}px sans-serif`;
    g.fillText(title, 10 * scale, 16 * scale);
    g.drawImage(chart, 0, line);
    g.font = `${12 * scale}px sans-serif`;
    this.#names.forEach((name, i) => {
      const y = chart.height + line * (1.6 + i);
      const { color, dash } = seriesStyle(i);
      g.strokeStyle = color;
      g.lineWidth = 2 * scale;
      g.setLineDash((dash ?? []).map((d) => d * scale));
      g.beginPath();
      g.moveTo(10 * scale, y - 4 * scale);
      g.lineTo(40 * scale, y - 4 * scale);
      g.stroke();
      g.fillStyle = '#111';
      g.fillText(name, 48 * scale, y);
    });
    return out.toDataURL('image/png');
  }
}
