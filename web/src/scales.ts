// "Learned scales": any per-feature array a pipeline's stages expose (FS alpha and beta,
// z-score mean and sd, AS coefficients, BNS scores, LP curve ends, weights) as labelled bars.
import type { Snapshot } from 'onepass';

export interface ScaleSource {
  pipeline: string;
  snapshot: Snapshot;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Every per-feature array of a snapshot, as (label, values). */
function arraysOf(s: Snapshot, dims: number): [string, Float64Array][] {
  const out: [string, Float64Array][] = [];
  s.scalers.forEach((part, i) => {
    for (const [name, v] of Object.entries(part.arrays))
      if (v.length === dims) out.push([`scaler ${i + 1} (${part.name}): ${name}`, v]);
  });
  for (const [name, v] of Object.entries(s.learner.arrays))
    if (v.length === dims) out.push([`learner (${s.learner.name}): ${name}`, v]);
  return out;
}

export class ScalesView {
  readonly #pipeline: HTMLSelectElement;
  readonly #array: HTMLSelectElement;
  readonly #bars: HTMLTableElement;
  #sources: ScaleSource[] = [];
  #features: string[] = [];

  constructor(pipeline: HTMLSelectElement, array: HTMLSelectElement, bars: HTMLTableElement) {
    this.#pipeline = pipeline;
    this.#array = array;
    this.#bars = bars;
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
    const arrays = src ? arraysOf(src.snapshot, this.#features.length) : [];
    this.#array.replaceChildren(...arrays.map(([label]) => new Option(label, label)));
    if (arrays.some(([l]) => l === keep)) this.#array.value = keep;
    else {
      // Prefer the learned scales when there are any.
      const scale = arrays.find(([l]) => /: (alpha|beta|scale|bns|sd)$/.test(l));
      if (scale) this.#array.value = scale[0];
    }
    this.#draw();
  }

  #draw(): void {
    const src = this.#sources[Number(this.#pipeline.value)];
    const found = src
      ? arraysOf(src.snapshot, this.#features.length).find(([l]) => l === this.#array.value)
      : undefined;
    if (!found) {
      this.#bars.replaceChildren();
      return;
    }
    const values = found[1];
    const max = Math.max(
      1e-300,
      ...Array.from(values, (v) => (Number.isFinite(v) ? Math.abs(v) : 0)),
    );
    const rows = this.#features.map((name, j) => {
      const tr = el('tr');
      const v = values[j];
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
