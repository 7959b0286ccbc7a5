// "Learned scales": any per-feature array a pipeline's stages expose (FS alpha and beta,
// z-score mean and sd, AS coefficients, BNS scores, LP curve ends, weights) as labelled bars;
// a multiclass learner's arrays of one kind (w0, w1, ...: one per class) as one table with a
// column per class.
import type { Snapshot } from 'onepass';
import uPlot from 'uplot';
import { ChartText, figure } from './chart_text';
import { el } from './dom';

export interface ScaleSource {
  pipeline: string;
  snapshot: Snapshot;
  /** A multiclass pipeline's classes, by index: its learner's arrays w0, w1, ... are theirs. */
  classes?: string[];
}

/** What can be shown: a per-feature array as bars, one such array per class as columns, or
 * one feature's shaping curve (LP). */
type View =
  | { label: string; values: Float64Array }
  | { label: string; columns: { name: string; values: Float64Array }[] }
  | { label: string; x: Float64Array; y: Float64Array };

/** A learner's arrays of one per class (name + class index: w0, w1, ...; one-vs-rest's copies
 * too), grouped by name: each a column headed by its class. Arrays of another width, or names
 * without every class, are left as they are. */
function perClass(
  arrays: Record<string, Float64Array>,
  classes: string[],
  dims: number,
): { groups: Map<string, Float64Array[]>; grouped: Set<string> } {
  const groups = new Map<string, Float64Array[]>();
  const grouped = new Set<string>();
  if (classes.length < 2) return { groups, grouped };
  const prefixes = new Set(
    Object.keys(arrays)
      .map((n) => /^(.*?)0$/.exec(n)?.[1])
      .filter((p): p is string => p !== undefined),
  );
  for (const prefix of prefixes) {
    const names = classes.map((_, k) => `${prefix}${k}`);
    if (names.every((n) => arrays[n]?.length === dims)) {
      groups.set(
        prefix,
        names.map((n) => arrays[n]),
      );
      for (const n of names) grouped.add(n);
    }
  }
  return { groups, grouped };
}

/** What a learner's array is called on the page: its weights by that word. */
const arrayName = (prefix: string): string => (prefix === 'w' ? 'weights' : prefix);

function viewsOf(s: Snapshot, features: string[], classes: string[] = []): View[] {
  const dims = features.length;
  const out: View[] = [];
  s.scalers.forEach((part, i) => {
    // Scalers see the numeric features only, which come first (categorical levels and words
    // after them reach the learner unscaled).
    for (const [name, v] of Object.entries(part.arrays))
      if (v.length > 0 && v.length <= dims && !name.startsWith('curve_'))
        out.push({ label: `scaler ${i + 1} (${part.name}): ${name}`, values: v });
    features.forEach((f, j) => {
      const x = part.arrays[`curve_x_${j}`];
      const y = part.arrays[`curve_y_${j}`];
      if (x && y && x.length)
        out.push({ label: `scaler ${i + 1} (${part.name}): shaping curve of ${f}`, x, y });
    });
  });
  const learner = `learner (${s.learner.name})`;
  const { groups, grouped } = perClass(s.learner.arrays, classes, dims);
  for (const [prefix, arrays] of groups)
    out.push({
      label: `${learner}: ${arrayName(prefix)} per class`,
      columns: arrays.map((values, k) => ({ name: classes[k], values })),
    });
  for (const [name, v] of Object.entries(s.learner.arrays))
    if (v.length === dims && !grouped.has(name))
      // A regression learner's one array w0 is its weights.
      out.push({
        label: `${learner}: ${name === 'w0' && !classes.length ? 'weights' : name}`,
        values: v,
      });
  return out;
}

/** A shaping curve in one line: the file's values it spans and the shaped values it gives
 * them, and whether it keeps their order. */
export function shapingSaid(label: string, x: ArrayLike<number>, y: ArrayLike<number>): string {
  const n = Math.min(x.length, y.length);
  if (n === 0) return `${label}: no point yet.`;
  let rising = true;
  let falling = true;
  for (let i = 1; i < n; i++) {
    if (y[i] < y[i - 1]) rising = false;
    if (y[i] > y[i - 1]) falling = false;
  }
  const order = rising ? 'rising' : falling ? 'falling' : 'neither rising nor falling';
  return (
    `${label}: the file's values ${figure(x[0])} to ${figure(x[n - 1])} are shaped to ` +
    `${figure(y[0])} to ${figure(y[n - 1])}, ${order}, at ${n} points.`
  );
}

export class ScalesView {
  readonly #pipeline: HTMLSelectElement;
  readonly #array: HTMLSelectElement;
  readonly #bars: HTMLTableElement;
  readonly #curve: HTMLElement;
  readonly #curveText: ChartText;
  #plot: uPlot | null = null;
  #sources: ScaleSource[] = [];
  #features: string[] = [];
  readonly #sort: HTMLInputElement | null;

  constructor(
    pipeline: HTMLSelectElement,
    array: HTMLSelectElement,
    bars: HTMLTableElement,
    curve: HTMLElement,
    sort: HTMLInputElement | null = null,
  ) {
    this.#sort = sort;
    sort?.addEventListener('change', () => this.#draw());
    this.#pipeline = pipeline;
    this.#array = array;
    this.#bars = bars;
    this.#curve = curve;
    this.#curveText = new ChartText(curve, 'curves');
    this.#curveText.hidden = true;
    pipeline.addEventListener('change', () => this.#fillArrays());
    array.addEventListener('change', () => this.#draw());
  }

  show(sources: ScaleSource[], features: string[]): void {
    const keep = this.#pipeline.value;
    this.#sources = sources;
    this.#features = features;
    this.#pipeline.replaceChildren(...sources.map((s, i) => new Option(s.pipeline, String(i))));
    if (keep && Number(keep) < sources.length) this.#pipeline.value = keep;
    this.#fillArrays();
  }

  #fillArrays(): void {
    const src = this.#sources[Number(this.#pipeline.value)];
    const keep = this.#array.value;
    const views = src ? viewsOf(src.snapshot, this.#features, src.classes) : [];
    this.#array.replaceChildren(...views.map((v) => new Option(v.label, v.label)));
    const perClassView = views.find((v) => 'columns' in v);
    if (views.some((v) => v.label === keep)) this.#array.value = keep;
    // A multiclass pipeline: its weights per class first, what it learned of each class.
    else if (perClassView) this.#array.value = perClassView.label;
    else {
      // The learner's weights first: what a pipeline learned of each column, read largest
      // first (the sort box is ticked from the start).
      const weights = views.find((v) => /^learner .*: (w|weights)$/.test(v.label));
      if (weights) this.#array.value = weights.label;
    }
    this.#draw();
  }

  #draw(): void {
    const src = this.#sources[Number(this.#pipeline.value)];
    const found = src
      ? viewsOf(src.snapshot, this.#features, src.classes).find(
          (v) => v.label === this.#array.value,
        )
      : undefined;
    this.#plot?.destroy();
    this.#plot = null;
    this.#bars.replaceChildren();
    this.#curveText.hidden = !(found && 'x' in found);
    if (!found) return;
    if ('x' in found) {
      this.#curveText.show({
        xLabel: 'value in the file',
        yLabel: 'shaped value',
        names: ['shaped value'],
        data: [found.x, found.y],
        reference: -1,
        say: shapingSaid(found.label, found.x, found.y),
      });
      this.#plot = new uPlot(
        {
          width: Math.max(280, Math.min(700, this.#curve.clientWidth)),
          height: 220,
          scales: { x: { time: false } },
          series: [
            { label: 'value' },
            { label: 'shaped', stroke: '#1f77b4', width: 2, points: { show: true } },
          ],
          axes: [{ label: 'value in the file' }, { label: 'shaped value' }],
        },
        [Array.from(found.x), Array.from(found.y)],
        this.#curve,
      );
      return;
    }
    if ('columns' in found) {
      this.#bars.replaceChildren(...this.#columns(found.columns));
      return;
    }
    const values = found.values;
    const max = Math.max(
      1e-300,
      ...Array.from(values, (v) => (Number.isFinite(v) ? Math.abs(v) : 0)),
    );
    const order = this.#features.slice(0, values.length).map((name, j) => ({ name, v: values[j] }));
    // Largest |value| first when asked (weights of hundreds of levels and words).
    if (this.#sort?.checked) order.sort((a, b) => (Math.abs(b.v) || 0) - (Math.abs(a.v) || 0));
    const rows = order.map(({ name, v }) => {
      const tr = el('tr');
      const bar = el('div');
      bar.className = `bar ${v < 0 ? 'neg' : 'pos'}`;
      bar.style.width = `${Number.isFinite(v) ? (100 * Math.abs(v)) / max : 0}%`;
      const cell = el('td');
      cell.className = 'bar-cell';
      cell.append(bar);
      tr.append(el('td', name), el('td', Number.isFinite(v) ? v.toPrecision(4) : String(v)), cell);
      return tr;
    });
    this.#bars.replaceChildren(...rows);
  }

  /** One row per feature, one column per class: each weight with a bar scaled to the largest
   * of them all, so that classes compare. */
  #columns(columns: { name: string; values: Float64Array }[]): HTMLElement[] {
    const size = (v: number): number => (Number.isFinite(v) ? Math.abs(v) : 0);
    const max = Math.max(1e-300, ...columns.flatMap((c) => Array.from(c.values, size)));
    const dims = columns[0]?.values.length ?? 0;
    const order = this.#features.slice(0, dims).map((name, j) => ({ name, j }));
    // Largest first: by the feature's largest weight over the classes.
    const top = (j: number): number => Math.max(...columns.map((c) => size(c.values[j])));
    if (this.#sort?.checked) order.sort((a, b) => top(b.j) - top(a.j));
    const head = el('tr');
    const feature = el('th', 'feature');
    feature.scope = 'col';
    head.append(feature);
    for (const c of columns) {
      const th = el('th', c.name);
      th.scope = 'col';
      th.className = 'class-weights';
      head.append(th);
    }
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    for (const { name, j } of order) {
      const tr = el('tr');
      tr.append(el('td', name));
      for (const c of columns) {
        const v = c.values[j];
        const cell = el('td');
        cell.className = 'class-weight';
        cell.dataset.class = c.name;
        const bar = el('div');
        bar.className = `bar ${v < 0 ? 'neg' : 'pos'}`;
        bar.style.width = `${(100 * size(v)) / max}%`;
        cell.append(el('span', Number.isFinite(v) ? v.toPrecision(3) : String(v)), bar);
        tr.append(cell);
      }
      tbody.append(tr);
    }
    return [thead, tbody];
  }
}
