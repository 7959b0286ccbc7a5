// Chart axes that stay readable at any count: tick labels in compact numbers (120k, 1.2M), a y
// axis as wide as its widest label (so that the labels never run into the axis title), and room
// on the right for the last x label (so that it is never clipped).
import uPlot from 'uplot';

/** A number as a tick label: thousands as k, millions as M, billions as G, with `digits`
 * significant digits and no trailing zeros; small numbers as they are (0.25, 12, 9,500). */
export function compactNumber(v: number, digits = 3): string {
  const a = Math.abs(v);
  const short = (x: number): string => String(Number(x.toPrecision(digits)));
  if (a >= 1e9) return `${short(v / 1e9)}G`;
  if (a >= 1e6) return `${short(v / 1e6)}M`;
  if (a >= 1e4) return `${short(v / 1e3)}k`;
  return String(Number(v.toPrecision(Math.max(digits, 4))));
}

/** The tick labels of an axis: compact, with as many digits as keep neighbours apart. */
export function tickLabels(_u: uPlot, splits: number[]): string[] {
  for (let digits = 3; digits < 8; digits++) {
    const labels = splits.map((v) => compactNumber(v, digits));
    if (new Set(labels).size === labels.length) return labels;
  }
  return splits.map((v) => String(v));
}

/** The widest of these labels in the axis's font, in CSS pixels. */
function widest(u: uPlot, axis: number, labels: readonly string[]): number {
  const ctx = u.ctx;
  ctx.save();
  ctx.font = (u.axes[axis] as unknown as { font: [string, number] }).font[0];
  const w = Math.max(0, ...labels.map((t) => ctx.measureText(t).width));
  ctx.restore();
  return w / uPlot.pxRatio;
}

/** A y axis's size: its widest tick label, the tick, the gap, and a margin before the title. */
export function fitSize(u: uPlot, values: string[] | null, axis: number): number {
  const a = u.axes[axis];
  const tick = a.ticks?.size ?? 10;
  const gap = a.gap ?? 5;
  return Math.ceil(widest(u, axis, values ?? []) + tick + gap + 6);
}

/** The chart's right padding: half the last x label, so that it is drawn whole. */
export function rightPadding(u: uPlot): number {
  const values = (u.axes[0] as unknown as { _values?: string[] | null })._values ?? [];
  const last = values[values.length - 1];
  return Math.ceil((last ? widest(u, 0, [last]) / 2 : 0) + 8);
}

/** The axes of a chart of counts against rows, titled xLabel and yLabel. */
export function readableAxes(xLabel: string, yLabel: string): uPlot.Axis[] {
  return [
    { label: xLabel, values: tickLabels },
    { label: yLabel, values: tickLabels, size: fitSize },
  ];
}
