// A regression pipeline's predictions of a sample of rows: each row's prediction against its
// true number (on the diagonal when right), and its residual (true minus predicted) against the
// prediction (around zero when right, with no pattern). Scatter plots drawn with uPlot.
import uPlot from 'uplot';
import type { PredictionSample } from './protocol';

/** One row of a sample: its line in the file, its true number, the prediction and the
 * residual (true minus predicted). */
export interface SampleRow {
  line: number;
  actual: number;
  predicted: number;
  residual: number;
}

/** The rows of a sample that have both numbers, in the file's order: what the plots draw and
 * the download holds. */
export function sampleRows(sample: PredictionSample): SampleRow[] {
  const rows: SampleRow[] = [];
  for (let k = 0; k < sample.actual.length; k++) {
    const [actual, predicted] = [sample.actual[k], sample.predicted[k]];
    if (Number.isFinite(actual) && Number.isFinite(predicted))
      rows.push({ line: sample.lines[k], actual, predicted, residual: actual - predicted });
  }
  return rows.sort((a, b) => a.line - b.line);
}

/** The rows as CSV: the file's line, the true number, the prediction, the residual. */
export function sampleCsv(sample: PredictionSample): Blob {
  const lines = sampleRows(sample).map((r) =>
    [r.line, r.actual, r.predicted, r.residual].join(','),
  );
  return new Blob([['line,true,predicted,residual', ...lines].join('\n') + '\n'], {
    type: 'text/csv',
  });
}

/** Columns of `rows` sorted by `x` (uPlot draws x in order). */
function byX(rows: SampleRow[], x: keyof SampleRow, ...ys: (keyof SampleRow)[]): number[][] {
  const order = [...rows].sort((a, b) => a[x] - b[x]);
  return [x, ...ys].map((key) => order.map((r) => r[key]));
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
    const rows = sampleRows(sample);
    const [actual, predicted] = byX(rows, 'actual', 'predicted');
    this.#plots.push(
      scatter(this.#against, actual, predicted, actual, {
        x: 'true number',
        y: 'predicted number',
        points: 'a row',
        reference: 'right on (predicted = true)',
      }),
    );
    const [p, residual] = byX(rows, 'predicted', 'residual');
    this.#plots.push(
      scatter(
        this.#residuals,
        p,
        residual,
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
