// Panel 1, the data: a sample or the user's own file (picked or dropped), the label column, the
// positive class, bad rows, row order and seed, and the preview with a role menu per column.
// Every control shows the state; changing one changes the state (data.ts).
import { chooseData, chooseLabel, choosePositive, chooseRole, DATASETS, sample } from '../data';
import { GENERATED, generatedSample } from '../streams';
import { find, findAll } from '../dom';
import { rovePreview, showPreview } from '../preview';
import { previewTask } from '../tasks';
import type { CsvPreview } from 'onepass';
import { type App, type DataState, dataTask, LINK_WAITS, type Role, type Settings } from '../state';
import { watch } from '../store';

function fillPositive(menu: HTMLSelectElement, p: CsvPreview | null): void {
  menu.replaceChildren();
  if (!p) return;
  const sampled = p.labelValues.reduce((n, v) => n + v.count, 0);
  const task = previewTask(p, '');
  if (task === 'regression') {
    menu.append(new Option('none: the label is a number to predict', ''));
    return;
  }
  // Classes are learned as they are; a class chosen is learned against all the others.
  if (task === 'multiclass')
    menu.append(
      new Option(
        `none: learn every class (${p.labelValues.length} in the first ${sampled} rows)`,
        '',
      ),
    );
  // The core's rule, as the run will read the labels.
  else if (p.numericLabels) menu.append(new Option('numeric: 1 is positive, 0 or -1 negative', ''));
  const against = task === 'multiclass' ? ' against the rest' : '';
  for (const v of p.labelValues)
    menu.append(
      new Option(`${v.value}${against} (${v.count} of the first ${sampled} rows)`, v.value),
    );
}

function describe(data: DataState): string {
  const s = data.source;
  if (s.kind === 'file')
    return [
      `${s.file.name}: ${(s.file.size / 1e6).toFixed(2)} MB, read in chunks in this browser`,
      ...readingNotes(data),
    ].join('. ');
  // A generated sample says what changes and when: its drift is what it is there for.
  const generated = s.kind === 'generated' ? generatedSample(s.name) : undefined;
  return generated
    ? `made by code in this browser, nothing downloaded (docs/algorithms.md 6.9). ${generated.change}`
    : `sample: ${s.name}`;
}

/** What the reader decided about how the file writes its values and said so (the core's
 * notices: a decimal comma), shown beside the file's name rather than found in the figures. */
function readingNotes(data: DataState): string[] {
  return (data.preview?.notices ?? []).filter((n) => n.startsWith('numbers are read with'));
}

export function mountDataPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const dataset = find<HTMLSelectElement>(root, 'dataset');
  const file = find<HTMLInputElement>(root, 'file');
  const drop = find<HTMLDivElement>(root, 'drop');
  const sourceName = find<HTMLParagraphElement>(root, 'source-name');
  const [label, positive, classWeight, onError, order] = findAll<HTMLSelectElement>(
    root,
    'label',
    'positive',
    'class-weight',
    'on-error',
    'order',
  );
  const seed = find<HTMLInputElement>(root, 'seed');
  const preview = find<HTMLTableElement>(root, 'preview');
  // While the user's own file is chosen, the sample menu says so instead of naming a sample.
  const own = new Option('', '', false, false);
  own.disabled = true;
  // The samples made by code follow the bundled files, as a group of their own.
  const generated = document.createElement('optgroup');
  generated.label = 'Made by code, with concept drift';
  generated.append(...GENERATED.map((g) => new Option(g.title, g.name)));
  dataset.replaceChildren(...DATASETS.map((d) => new Option(d.title, d.file)), generated);

  const settings = (fields: Partial<Settings>): void =>
    store.update((s) => ({ settings: { ...s.settings, ...fields } }));
  const takeFile = (f: File | undefined): void => {
    if (f && !store.get().job) void chooseData(app, { kind: 'file', file: f });
  };
  dataset.addEventListener('change', () => {
    if (dataset.value) void chooseData(app, sample(dataset.value));
  });
  // Picking the file chosen before is a choice too (its value is cleared before the picker).
  file.addEventListener('click', () => (file.value = ''));
  file.addEventListener('change', () => takeFile(file.files?.[0]));
  label.addEventListener('change', () => chooseLabel(app, label.value));
  positive.addEventListener('change', () => choosePositive(app, positive.value));
  classWeight.addEventListener('change', () =>
    settings({ classWeight: classWeight.value === 'balanced' ? 'balanced' : 'none' }),
  );
  onError.addEventListener('change', () =>
    settings({ onError: onError.value === 'skip' ? 'skip' : 'stop' }),
  );
  order.addEventListener('change', () => settings({ shuffleBuffer: Number(order.value) }));
  seed.addEventListener('input', () => settings({ seed: seed.value }));
  rovePreview(preview);
  preview.addEventListener('change', (e) => {
    const menu = e.target as HTMLSelectElement;
    if (menu.dataset.column !== undefined) chooseRole(app, menu.dataset.column, menu.value as Role);
  });
  // The zone is a button: Enter and Space (as a click or a tap) open the file picker; as on
  // a native button, Enter acts when pressed and Space when let go (its press scrolls nothing).
  const pick = (): void => {
    if (!store.get().job) file.click();
  };
  drop.addEventListener('click', pick);
  drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') e.preventDefault();
    if (e.key === 'Enter') pick();
  });
  drop.addEventListener('keyup', (e) => {
    if (e.key === ' ') pick();
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    takeFile(e.dataTransfer?.files[0]);
  });

  watch(
    store,
    (s) => [s.data.source, s.linkWaiting, s.data.preview],
    (_, s) => {
      const source = s.data.source;
      // A link of the sender's own file: no data is chosen until the user picks some.
      if (s.linkWaiting) {
        own.text = 'none yet: choose your file or a sample';
        dataset.prepend(own);
        dataset.value = '';
        own.selected = true;
        file.value = '';
        sourceName.textContent = `No data chosen: ${LINK_WAITS}.`;
        return;
      }
      if (source.kind === 'file') {
        own.text = `your own file: ${source.file.name}`;
        dataset.prepend(own);
        dataset.value = '';
        own.selected = true;
      } else {
        own.remove();
        dataset.value = source.name;
      }
      // The file input names only the file chosen (not one picked before a sample).
      if (source.kind !== 'file' || file.files?.[0] !== source.file) file.value = '';
      sourceName.textContent = describe(s.data);
    },
  );
  watch(
    store,
    (s) => s.data.preview,
    (p) => {
      label.replaceChildren(
        ...(p?.columns ?? []).map((c, i) => new Option(c.name || `column ${i + 1}`, String(i))),
      );
      fillPositive(positive, p);
      if (p) showPreview(preview, p);
      else preview.replaceChildren();
    },
  );
  watch(
    store,
    (s) => [s.data.preview, s.data.label, s.data.positive, s.data.roles, s.job === null],
    (_, s) => {
      const free = s.job === null;
      label.value = s.data.label;
      positive.value = s.data.positive;
      for (const menu of preview.querySelectorAll<HTMLSelectElement>('select[data-column]')) {
        const role = s.data.roles[menu.dataset.column ?? ''];
        if (role) menu.value = role;
        menu.disabled = !free;
      }
      // The data and how it is read are locked while the worker works: what the
      // results show is always the run of what the controls show.
      for (const c of [dataset, file, onError, order, seed]) c.disabled = !free;
      label.disabled = !free || !s.data.preview;
      positive.disabled = !free || !s.data.preview;
      // A number has no classes to weigh.
      const number = dataTask(s.data) === 'regression';
      classWeight.disabled = !free || number;
      classWeight.title = number ? 'A number to predict has no classes to weigh' : '';
      drop.setAttribute('aria-disabled', String(!free));
    },
  );
  watch(
    store,
    (s) => s.settings,
    (x) => {
      onError.value = x.onError;
      classWeight.value = x.classWeight;
      order.value = String(x.shuffleBuffer);
      if (seed.value !== x.seed) seed.value = x.seed;
    },
  );
}
