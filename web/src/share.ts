// The setup as a link: the pipelines and how the data is read, in the URL's
// fragment (never sent to a server), and never the data. A user's column name and class value
// are part of their data, so the link names them only for a sample (bundled or made by code);
// a link made with one's own file says so, and its recipient is asked for their file.

export interface Setup {
  specs: string;
  /** A sample's name (a bundled file's, or a generated one's), or 'own' for the sender's own
   * file (not in the link). */
  data: { sample: string; label?: string; positive?: string } | 'own';
  errors: string;
  order: string;
  seed: string;
  holdout: string;
  /** 'balanced' class weights; absent: none (so that a link without them reads as before). */
  weights?: string;
}

/** The fragment (without '#') that carries the setup. */
export function encodeSetup(s: Setup): string {
  const p = new URLSearchParams();
  p.set('p', s.specs.trim());
  if (s.data === 'own') {
    p.set('data', 'own');
  } else {
    p.set('sample', s.data.sample);
    if (s.data.label) p.set('label', s.data.label);
    if (s.data.positive) p.set('positive', s.data.positive);
  }
  for (const k of ['errors', 'order', 'seed', 'holdout'] as const) p.set(k, s[k]);
  if (s.weights) p.set('weights', s.weights);
  return p.toString();
}

/** The setup of a fragment, or null when it holds none. Values are as the link says: the page
 * keeps only those its menus offer. */
export function decodeSetup(fragment: string): (Partial<Setup> & { specs: string }) | null {
  const p = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!p.has('p')) return null;
  const get = (k: string): string | undefined => p.get(k) ?? undefined;
  const sample = get('sample');
  return {
    specs: p.get('p') ?? '',
    data:
      p.get('data') === 'own'
        ? 'own'
        : sample
          ? { sample, label: get('label'), positive: get('positive') }
          : undefined,
    errors: get('errors'),
    order: get('order'),
    seed: get('seed'),
    holdout: get('holdout'),
    weights: get('weights'),
  };
}
