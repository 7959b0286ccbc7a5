// Panel 2, the pipelines: presets, the specs box, the builder from the registry's menus, the
// catalogue of what can be written, and the link that carries the setup (never the data).
// The list is locked while the worker works, so that a run's table is of the pipelines shown.
import { catalogue } from '../catalogue';
import { mountBuilder, presets } from '../compose';
import { find, findAll } from '../dom';
import { shareLink } from '../link';
import { type App, dataTask, type PageState } from '../state';
import { watch } from '../store';

const base = (): string => location.href.split('#')[0];

export function mountPipelinesPanel(root: HTMLElement, app: App): void {
  const { store, op } = app;
  const preset = find<HTMLSelectElement>(root, 'preset');
  const [applyPreset, share] = findAll<HTMLButtonElement>(root, 'apply-preset', 'share');
  const specs = find<HTMLTextAreaElement>(root, 'specs');
  const shareStatus = find<HTMLParagraphElement>(root, 'share-status');
  const presetNote = find<HTMLParagraphElement>(root, 'preset-note');
  // The presets of the data's task: a number offers only learners of a number.
  let offered = presets(store.get().defaults);
  // What to expect of the preset chosen, beside it, before it is used.
  const sayPreset = (): void => {
    const note = offered[preset.value]?.note ?? '';
    presetNote.textContent = note;
    presetNote.hidden = note === '';
  };
  watch(
    store,
    (s) => [dataTask(s.data), s.defaults] as const,
    ([task, defaults]) => {
      offered = presets(defaults, task);
      preset.replaceChildren(
        ...Object.entries(offered).map(
          ([key, p]) => new Option(`${p.title} (${p.specs.length})`, key),
        ),
      );
      sayPreset();
    },
  );
  const registry = op.registry();
  catalogue(find(root, 'catalogue'), registry);

  const setSpecs = (text: string): void => {
    if (!store.get().job)
      store.update((s) => ({ settings: { ...s.settings, specs: text }, specError: '' }));
  };
  const builder = mountBuilder(find(root, 'builder'), registry, (spec) => {
    const now = store.get().settings.specs.trim();
    setSpecs((now ? now + '\n' : '') + spec);
  });
  preset.addEventListener('change', sayPreset);
  applyPreset.addEventListener('click', () => {
    const chosen = offered[preset.value];
    if (chosen) setSpecs(chosen.specs.join('\n'));
  });
  specs.addEventListener('input', () => setSpecs(specs.value));
  share.addEventListener('click', async () => {
    const link = shareLink(store.get(), base());
    history.replaceState(null, '', link);
    const said = (status: string): void => store.update({ share: { link, status } });
    try {
      await navigator.clipboard.writeText(link);
      said('Link copied. It holds the setup, not the data.');
    } catch {
      said(`The address bar now holds the setup (not the data): ${link}`);
    }
  });

  watch(
    store,
    (s) => s.settings.specs,
    (text) => {
      if (specs.value !== text) specs.value = text;
    },
  );
  watch(
    store,
    (s) => s.job !== null,
    (locked) => {
      specs.readOnly = locked;
      specs.setAttribute('aria-readonly', String(locked));
      specs.title = locked ? 'The pipelines of the run under way: editable when it ends' : '';
      preset.disabled = locked;
      applyPreset.disabled = locked;
      builder.lock(locked);
    },
  );
  // What became of the link, while the setup is still the one it carries.
  const shareSaid = (s: PageState): string =>
    s.share.link && s.share.link === shareLink(s, base()) ? s.share.status : '';
  watch(store, shareSaid, (text) => (shareStatus.textContent = text));
}
