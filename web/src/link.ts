// The page's setup as a link (share.ts encodes it): the pipelines, the sample and how it is read,
// never the data; and a link's setup applied when the page opens with one.
import { chooseSource, refreshPreview } from './data';
import { DATASETS, page, sample, ui } from './page';
import { decodeSetup, encodeSetup, type Setup } from './share';

/** The page's setup as a link (share.ts). */
export function shareLink(): string {
  const data: Setup['data'] =
    page.source.kind === 'url'
      ? {
          sample: page.source.name,
          label: ui.label.selectedOptions[0]?.text,
          positive: ui.positive.value || undefined,
        }
      : 'own';
  const fragment = encodeSetup({
    specs: ui.specs.value,
    data,
    errors: ui.onError.value,
    order: ui.order.value,
    seed: ui.seed.value,
    holdout: ui.holdout.value,
  });
  return `${location.href.split('#')[0]}#${fragment}`;
}

/** The setup of a shared link, if the page was opened with one: 'run' it on its sample, or
 * 'wait' for the recipient's own file (the link was made with the sender's file, which it does
 * not carry); 'none' without a link. */
export async function applyLink(): Promise<'run' | 'wait' | 'none'> {
  const setup = decodeSetup(location.hash);
  if (!setup) return 'none';
  ui.specs.value = setup.specs;
  const data = setup.data;
  if (data && data !== 'own' && DATASETS.some((d) => d.file === data.sample)) {
    ui.dataset.value = data.sample;
    await chooseSource(sample(data.sample));
    const label = [...ui.label.options].find((o) => o.text === data.label);
    if (label) refreshPreview(label.value);
  }
  // Only values the menus offer are taken.
  const set = (s: HTMLSelectElement | HTMLInputElement, v: string | undefined) => {
    if (
      v !== undefined &&
      (!(s instanceof HTMLSelectElement) || [...s.options].some((o) => o.value === v))
    )
      s.value = v;
  };
  if (data && data !== 'own') set(ui.positive, data.positive);
  set(ui.onError, setup.errors);
  set(ui.order, setup.order);
  set(ui.seed, setup.seed);
  set(ui.holdout, setup.holdout);
  return data === 'own' ? 'wait' : 'run';
}
