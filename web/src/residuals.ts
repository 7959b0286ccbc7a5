// A regression pipeline's predictions of a sample of rows: each row's prediction against its
// true number (on the diagonal when right), and its residual (true minus predicted) against the
// prediction (around zero when right, with no pattern). Scatter plots drawn with uPlot.
import uPlot from 'uplot';
import type { PredictionSample } from './protocol';

/** The points sorted by x (uPlot draws x in order), with NaNs left out. */
function sorted(x: Float64Array, y: Float64Array): [number[], number[]] {
  const order = Array.from(x.keys())
    .filter((k) => Number.isFinite(x[k]) && Number.isFinite(y[k]))
    .sort((a, b) => x[a] - x[b]);
  return [order.map((k) => x[k]), order.map((k) => y[k])];
}

/** One scatter plot with a reference line (the diagonal, or zero). */
function scatter(
  host: HTMLElement,
  x: number[],
  y: number[],
  reference: number[],
  labels: { x: string; y: string; points: string; reference: string },
): uPlot {
  host.dataset.axes = `${labels.x} | ${labels.y}`;
  return new uPlot(
    {
      width: Math.max(280, Math.min(640, host.clientWidth)),
      height: 300,
      scales: { x: { time: false } },
      series: [
        { label: labels.x },
        {
          label: labels.points,
          stroke: '#1f77b4',
          width: 0,
          paths: () => null,
          points: { show: true, size: 5, fill: '#1f77b4' },
        },
        {
          label: labels.reference,
          stroke: '#888',
          width: 1,
          dash: [6, 4],
          points: { show: false },
        },
      ],
      axes: [{ label: labels.x }, { label: labels.y }],
    },
    [x, y, reference],
    host,
  );
}

/** Draws both plots of a sample (or clears them for none). */
export class ResidualPlots {
  readonly #against: HTMLElement;
  readonly #residuals: HTMLElement;
  #plots: uPlot[] = [];

  constructor(against: HTMLElement, residuals: HTMLElement) {
    this.#against = against;
    this.#residuals = residuals;
  }

  show(sample: PredictionSample | null): void {
    for (const p of this.#plots) p.destroy();
    this.#plots = [];
    for (const host of [this.#against, this.#residuals]) {
      host.dataset.points = '0';
      host.hidden = !sample; // no empty frames while there is nothing to draw
    }
    if (!sample) return;
    const [actual, predicted] = sorted(sample.actual, sample.predicted);
    this.#plots.push(
      scatter(this.#against, actual, predicted, actual, {
        x: 'true number',
        y: 'predicted number',
        points: 'a row',
        reference: 'right on (predicted = true)',
      }),
    );
    const [p, a] = sorted(sample.predicted, sample.actual);
    this.#plots.push(
      scatter(
        this.#residuals,
        p,
        a.map((v, k) => v - p[k]),
        p.map(() => 0),
        {
          x: 'predicted number',
          y: 'residual (true minus predicted)',
          points: 'a row',
          reference: 'no error',
        },
      ),
    );
    this.#against.dataset.points = String(actual.length);
    this.#residuals.dataset.points = String(p.length);
  }
}
