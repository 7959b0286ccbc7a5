// A regression pipeline's predictions of a sample of rows: each row's prediction against its
// true number (on the diagonal when right), and its residual (true minus predicted) against the
// prediction (around zero when right, with no pattern). Scatter plots drawn with uPlot.
import uPlot from 'uplot';
import { ChartText, figure } from './chart_text';
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

/** The plots in one line each: how far the sampled predictions fall from the true numbers (the
 * mean absolute error and the largest miss, with its line), and where the residuals lie. */
export function sampleSaid(rows: SampleRow[]): { against: string; residuals: string } {
  const n = rows.length;
  const what = `${n} sampled ${n === 1 ? 'row' : 'rows'}`;
  if (n === 0) return { against: `No sampled row to draw.`, residuals: `No sampled row to draw.` };
  let worst = rows[0];
  let absolute = 0;
  let sum = 0;
  let [low, high] = [Infinity, -Infinity];
  for (const r of rows) {
    absolute += Math.abs(r.residual);
    sum += r.residual;
    low = Math.min(low, r.residual);
    high = Math.max(high, r.residual);
    if (Math.abs(r.residual) > Math.abs(worst.residual)) worst = r;
  }
  return {
    against:
      `Predicted against true number, ${what}: mean absolute error ${figure(absolute / n)}; ` +
      `the largest miss ${figure(Math.abs(worst.residual))} (line ${worst.line}: true ` +
      `${figure(worst.actual)}, predicted ${figure(worst.predicted)}).`,
    residuals:
      `Residuals (true minus predicted) against the prediction, ${what}: mean ` +
      `${figure(sum / n)} (0 when the predictions are not biased), from ${figure(low)} to ` +
      `${figure(high)}.`,
  };
}

/** Draws both plots of a sample (or clears them for none), each with its text alternative. */
export class ResidualPlots {
  readonly #against: HTMLElement;
  readonly #residuals: HTMLElement;
  readonly #againstText: ChartText;
  readonly #residualsText: ChartText;
  #plots: uPlot[] = [];

  constructor(against: HTMLElement, residuals: HTMLElement) {
    this.#against = against;
    this.#residuals = residuals;
    this.#againstText = new ChartText(against, 'curves');
    this.#residualsText = new ChartText(residuals, 'curves');
    this.#againstText.hidden = true;
    this.#residualsText.hidden = true;
  }

  show(sample: PredictionSample | null): void {
    for (const p of this.#plots) p.destroy();
    this.#plots = [];
    for (const host of [this.#against, this.#residuals]) {
      host.dataset.points = '0';
      host.hidden = !sample; // no empty frames while there is nothing to draw
    }
    this.#againstText.hidden = !sample;
    this.#residualsText.hidden = !sample;
    if (!sample) return;
    const rows = sampleRows(sample);
    const said = sampleSaid(rows);
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
    this.#againstText.show({
      xLabel: 'true number',
      yLabel: 'predicted number',
      names: ['predicted number'],
      data: [actual, predicted],
      reference: -1,
      say: said.against,
    });
    this.#residualsText.show({
      xLabel: 'predicted number',
      yLabel: 'residual',
      names: ['residual (true minus predicted)'],
      data: [p, residual],
      reference: -1,
      say: said.residuals,
    });
    this.#against.dataset.points = String(actual.length);
    this.#residuals.dataset.points = String(p.length);
  }
}
