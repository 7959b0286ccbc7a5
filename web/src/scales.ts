// "Learned scales": any per-feature array a pipeline's stages expose (FS alpha and beta,
// z-score mean and sd, AS coefficients, BNS scores, LP curve ends, weights) as labelled bars.
import type { Snapshot } from 'onepass';
import uPlot from 'uplot';
import { el } from './dom';

export interface ScaleSource {
  pipeline: string;
  snapshot: Snapshot;
}

/** What can be shown: a per-feature array as bars, or one feature's shaping curve (LP). */
type View =
  { label: string; values: Float64Array } | { label: string; x: Float64Array; y: Float64Array };

function viewsOf(s: Snapshot, features: string[]): View[] {
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
  for (const [name, v] of Object.entries(s.learner.arrays))
    if (v.length === dims) out.push({ label: `learner (${s.learner.name}): ${name}`, values: v });
  return out;
}

export class ScalesView {
  readonly #pipeline: HTMLSelectElement;
  readonly #array: HTMLSelectElement;
  readonly #bars: HTMLTableElement;
  readonly #curve: HTMLElement;
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
    const views = src ? viewsOf(src.snapshot, this.#features) : [];
    this.#array.replaceChildren(...views.map((v) => new Option(v.label, v.label)));
    if (views.some((v) => v.label === keep)) this.#array.value = keep;
    else {
      // Prefer the learned scales when there are any.
      const scale = views.find((v) => /: (alpha|beta|scale|bns|sd)$/.test(v.label));
      if (scale) this.#array.value = scale.label;
    }
    this.#draw();
  }

  #draw(): void {
    const src = this.#sources[Number(this.#pipeline.value)];
    const found = src
      ? viewsOf(src.snapshot, this.#features).find((v) => v.label === this.#array.value)
      : undefined;
    this.#plot?.destroy();
    this.#plot = null;
    this.#bars.replaceChildren();
    if (!found) return;
    if ('x' in found) {
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
}
