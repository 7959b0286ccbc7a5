// The page's setup as a link (share.ts encodes it): the pipelines, the sample and how it is read,
// never the data; and a link's setup applied when the page opens with one.
import { chooseData, chooseLabel, choosePositive, isSample, sample } from './data';
import { type App, type DataState, type PageState, type Settings } from './state';
import { decodeSetup, encodeSetup, type Setup } from './share';

/** The label column's name as its menu shows it. */
function labelName(data: DataState): string | undefined {
  const i = data.label === '' ? -1 : Number(data.label);
  const c = data.preview?.columns[i];
  return c ? c.name || `column ${i + 1}` : undefined;
}

/** The setup as a link on `base` (the page's address without its fragment). */
export function shareLink(s: PageState, base: string): string {
  const { data, settings } = s;
  const linked: Setup['data'] =
    data.source.kind !== 'file'
      ? { sample: data.source.name, label: labelName(data), positive: data.positive || undefined }
      : 'own';
  const fragment = encodeSetup({
    specs: settings.specs,
    data: linked,
    errors: settings.onError,
    order: String(settings.shuffleBuffer),
    seed: settings.seed,
    holdout: String(settings.holdout),
    weights: settings.classWeight === 'balanced' ? 'balanced' : undefined,
  });
  return `${base}#${fragment}`;
}

// What the menus offer (web/index.html): a link's other values are left out.
const ORDERS = ['0', '10000', '100000'];
const HOLDOUTS = ['0', '0.2', '0.3'];

/** The setup of a shared link, if the page was opened with one, with its data chosen: 'run'
 * it on its sample, or 'wait' for the recipient's own file (the link was made with the sender's
 * file, which it does not carry); 'none' without a link (nothing is chosen). */
export async function applyLink(app: App): Promise<'run' | 'wait' | 'none'> {
  const { store } = app;
  const setup = decodeSetup(location.hash);
  if (!setup) return 'none';
  const settings: Partial<Settings> = { specs: setup.specs };
  if (setup.errors === 'stop' || setup.errors === 'skip') settings.onError = setup.errors;
  if (setup.order && ORDERS.includes(setup.order)) settings.shuffleBuffer = Number(setup.order);
  if (setup.seed && /^\d+$/.test(setup.seed)) settings.seed = setup.seed;
  if (setup.holdout && HOLDOUTS.includes(setup.holdout)) settings.holdout = Number(setup.holdout);
  if (setup.weights === 'balanced') settings.classWeight = 'balanced';
  store.update((s) => ({ settings: { ...s.settings, ...settings } }));
  const data = setup.data;
  // The sender's own file is not in the link: no data is chosen in its place (not even the
  // sample the page opens on), and the page says what the run needs.
  if (data === 'own') return 'wait';
  const linked = data && isSample(data.sample);
  await chooseData(app, linked ? sample(data.sample) : store.get().data.source);
  if (linked) {
    const columns = store.get().data.preview?.columns ?? [];
    const i = columns.findIndex((c, k) => (c.name || `column ${k + 1}`) === data.label);
    if (i >= 0) chooseLabel(app, String(i));
    // Only a class the menu offers is taken.
    const offered = store.get().data.preview?.labelValues.map((v) => v.value) ?? [];
    if (data.positive !== undefined && offered.includes(data.positive))
      choosePositive(app, data.positive);
  }
  return 'run';
}
