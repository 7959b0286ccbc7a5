// Choosing data: a sample or the user's own file, its head read for the preview and the menus
// (label column, positive class, column roles) as a run would read it, and whether there is
// anything in it to learn. Actions on the store; nothing here touches the DOM.
import type { CsvPreview, Onepass } from 'onepass';
import { isEncodedFile, textHead } from './encoded';
import { previewTask, withPreviewDefault } from './tasks';
import type { Source } from './protocol';
import { specsForTask } from './compose';
import { generatedHead, generatedSample, generatedSource } from './streams';
import {
  type App,
  dataTask,
  emptyData,
  type DataState,
  type Head,
  type PageState,
  type Role,
  sourceName,
} from './state';

/** The bundled samples (data/, served beside the page). */
export const DATASETS = [
  { file: 'heart.csv', title: 'Statlog heart (270 rows, 13 features)' },
  { file: 'diabetes.csv', title: 'Pima diabetes (768 rows, 8 features)' },
  { file: 'diabetes_na.csv', title: 'Pima diabetes with missing cells (768 rows)' },
  { file: 'breast_cancer_wdbc.csv', title: 'Breast cancer, diagnostic (569 rows, 30 features)' },
  { file: 'breast_cancer_wisconsin.csv', title: 'Breast cancer, original (699 rows, 9 features)' },
  { file: 'ionosphere.csv', title: 'Ionosphere (351 rows, 34 features)' },
  { file: 'sonar.csv', title: 'Sonar, sorted by class (208 rows, 60 features)' },
  { file: 'liver.csv', title: 'BUPA liver (345 rows, 6 features)' },
];

// The head read for the preview: enough for the 1,000 rows a run samples to infer roles.
const PREVIEW_BYTES = 1024 * 1024;
const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;

/** A sample by its menu value: one made by code (streams.ts), or a bundled file by absolute
 * URL (the worker resolves relative URLs against its own). */
export function sample(name: string): Source {
  const generated = generatedSample(name);
  if (generated) return generatedSource(generated);
  return { kind: 'url', url: new URL(name, document.baseURI).href, name };
}

/** Whether the sample menu offers `name` (a link may name anything). */
export const isSample = (name: string): boolean =>
  DATASETS.some((d) => d.file === name) || generatedSample(name) !== undefined;

/**
 * A head's bytes as the run reads them: UTF-8. Blob.text() would decode UTF-16 from its byte
 * order mark, and the preview would then read a file that the run refuses; a mark that UTF-8
 * cannot carry is dropped instead, and the reader names UTF-16 by its other bytes (every
 * other one is 0), as the run does.
 */
function asTheRunReads(bytes: Uint8Array): string {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  return new TextDecoder().decode(utf16 ? bytes.subarray(2) : bytes);
}

async function headText(op: Onepass, src: Source, bytes: number): Promise<Head> {
  // A generated sample's head is made here, by the page's module; its rows are the run's.
  if (src.kind === 'generated') return generatedHead(op, src, bytes);
  if (src.kind === 'file') {
    // A .csv.gz or a Parquet file: its head as the run will read it, as text.
    if (await isEncodedFile(src.file)) {
      const { head, complete } = await textHead(src.file, bytes);
      return { text: asTheRunReads(head), complete };
    }
    const head = new Uint8Array(await src.file.slice(0, bytes).arrayBuffer());
    return { text: asTheRunReads(head), complete: src.file.size <= bytes };
  }
  const response = await fetch(src.url);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const text = await response.text();
  return { text: text.slice(0, bytes), complete: text.length <= bytes };
}

/** Why a head the reader could read has nothing to learn ('' when it has rows): only a header.
 * (The reader itself refuses an empty file, a binary one, one with no label column.) */
function nothingToLearn(head: Head, p: CsvPreview): string {
  return head.complete && p.headRows === 0
    ? 'the input has a header but no data rows: there is nothing to learn from'
    : '';
}

/** The head as a run would read it with this label column: the preview and the menus' values,
 * what is worth saying of it, and why it cannot run. */
export function readHead(
  op: Onepass,
  head: Head,
  label?: string,
): Pick<DataState, 'preview' | 'label' | 'positive' | 'roles' | 'problems' | 'blocker'> {
  let p: CsvPreview;
  try {
    p = op.previewCsv(head.text, { complete: head.complete, label, header: 'auto' });
  } catch (e) {
    // The run would read it so too: nothing can be learned from it.
    const message = (e as Error).message;
    return {
      preview: null,
      label: '',
      positive: '',
      roles: {},
      problems: [], // the status line says it, as why Run is off
      blocker: message,
    };
  }
  const labelAt = p.columns.findIndex((c) => c.role === 'label');
  const roles: Record<string, Role> = {};
  for (const c of p.columns) if (c.role !== 'label') roles[c.name] = c.role as Role;
  const blocker = nothingToLearn(head, p);
  return {
    preview: p,
    label: labelAt < 0 ? '' : String(labelAt),
    // Classes and numbers are learned as they are: no class is positive until one is chosen.
    positive: p.numericLabels || previewTask(p, '') !== 'binary' ? '' : p.positive,
    roles,
    problems: p.notices.filter((n) => /^(column|the first line is data)/.test(n)),
    blocker,
  };
}

/** The data with these fields replaced, and the pipelines for its task: the start preset of
 * another task becomes this one's (specsForTask), the user's own pipelines stay. */
function dataChange(fields: Partial<DataState>): (s: PageState) => Partial<PageState> {
  return (s) => {
    const data = { ...s.data, ...fields };
    const defaults = withPreviewDefault(s.defaults, data.preview);
    const specs = specsForTask(s.settings.specs, dataTask(data), defaults);
    return {
      data,
      defaults,
      settings: specs === s.settings.specs ? s.settings : { ...s.settings, specs },
    };
  };
}

/**
 * Chooses other data: what was shown of the data before (the run, its results, charts, models
 * and downloads, the cross-validation, the predictions) is cleared at once, then the head is
 * read. A choice made while the head is read wins: the older read is dropped.
 */
export async function chooseData(app: App, source: Source): Promise<void> {
  const { store, op } = app;
  const generation = store.get().data.generation + 1;
  store.update({
    data: { ...emptyData(generation, source), reading: true },
    run: null,
    crossValidation: null,
    predictions: null,
    linkWaiting: false,
    focus: null,
  });
  const current = (): boolean => store.get().data.generation === generation;
  const settle = (fields: Partial<DataState>): void => {
    if (current()) store.update(dataChange({ ...fields, reading: false }));
  };
  // Menus come from the 1,000 rows a run samples: a head of long rows is read further.
  let head: Head = { text: '', complete: true };
  for (let bytes = PREVIEW_BYTES; ; bytes *= 4) {
    try {
      head = await headText(op, source, bytes);
    } catch (e) {
      const why = (e as Error).message;
      // A sample that could not be downloaded may be there when Run asks again; the user's
      // own file (a .csv.gz that cannot be decompressed, a Parquet file cut short, a file gone
      // from the disk) reads no better a second time: nothing can run on it.
      return settle(
        source.kind === 'url'
          ? { problems: [`Cannot read ${sourceName(source)}: ${why}`] }
          : { blocker: `${sourceName(source)} cannot be read: ${why}` },
      );
    }
    if (!current()) return;
    if (head.complete || bytes >= MAX_PREVIEW_BYTES) break;
    const p = readHead(op, head).preview;
    if (!p || p.headRows >= p.sampleRows) break;
  }
  settle({ head, ...readHead(op, head) });
}

/** Another label column: the head read again with it (the roles and classes follow). */
export function chooseLabel(app: App, label: string): void {
  app.store.update((s) => dataChange(readHead(app.op, s.data.head, label))(s));
}

export function chooseRole(app: App, column: string, role: Role): void {
  app.store.update((s) => ({ data: { ...s.data, roles: { ...s.data.roles, [column]: role } } }));
}

export function choosePositive(app: App, positive: string): void {
  app.store.update(dataChange({ positive }));
}
