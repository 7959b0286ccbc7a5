// Arrow IPC files and streams, and Arrow tables in memory, read as the CSV text they hold (docs/
// design.md, "Arrow tables"), as Parquet files are (parquet.ts): a header line of the columns'
// names, then each record batch's rows, so that the CSV reader decides roles, the label, bounds and
// messages for Arrow as it does for CSV. A Table object is read as it is; IPC bytes need
// apache-arrow, an optional peer dependency imported only when they are seen.
import { fail } from '../shared/errors.js';
import { TextOutput } from './csv_text.js';

const ARROW_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]; // ARROW1
/** The IPC stream's first four bytes (a message's continuation marker, 0xFFFFFFFF), which no UTF-8
 * text starts with; the end-of-stream marker is that and a length of 0. */
const CONTINUATION = [0xff, 0xff, 0xff, 0xff];
const END_OF_STREAM = [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0];

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** Whether bytes start as an Arrow IPC file does (`ARROW1`, the Feather v2 format too). */
export function isArrowFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, ARROW_MAGIC);
}

/** Whether bytes start as an Arrow IPC stream does: its first message's continuation marker. */
export function isArrowStream(bytes: Uint8Array): boolean {
  return startsWith(bytes, CONTINUATION);
}

/** An Arrow table in memory as apache-arrow (any version) makes one: read through these members
 * only, so that reading it imports nothing. */
export interface ArrowTable {
  readonly schema: { readonly fields: readonly ArrowField[] };
  readonly batches: readonly ArrowBatch[];
}
/** A column of an Arrow table: its name and its type (apache-arrow's `Type` ids). */
export interface ArrowField {
  readonly name: string;
  readonly type: { readonly typeId: number; readonly precision?: number; readonly unit?: number };
}
/** A record batch of an Arrow table: its rows, a column at a time. */
export interface ArrowBatch {
  readonly numRows: number;
  getChildAt(index: number): { get(row: number): unknown } | null;
}

/** Whether a value is an Arrow table (apache-arrow's Table, by its members). */
export function isArrowTable(value: unknown): value is ArrowTable {
  const t = value as Partial<ArrowTable> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    Array.isArray(t.batches) &&
    Array.isArray(t.schema?.fields) &&
    !(value instanceof Uint8Array)
  );
}

// apache-arrow's Type ids (enum Type) of the columns written other than as their values are.
const FLOAT = 3;
const DATE = 8;
const TIMESTAMP = 10;
const SINGLE = 1; // Precision.SINGLE: a 32-bit float
const DAY = 0; // DateUnit.DAY

/** A value as the CSV cell a CSV writer writes: a date as its ISO 8601 day, a timestamp in full
 * (UTC); apache-arrow gives both as milliseconds since 1970. */
function valueOf(field: ArrowField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const t = field.type;
  // Older apache-arrow versions give a Date, newer ones its milliseconds.
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'bigint' ? Number(value) : value;
  if ((t.typeId === DATE || t.typeId === TIMESTAMP) && typeof ms === 'number') {
    const date = new Date(ms);
    if (t.typeId === DATE && (t.unit === DAY || ms % 86_400_000 === 0))
      return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
    return date;
  }
  return value;
}

/** The rows of record batches as CSV text, with the header line first. */
class BatchText {
  private readonly out: TextOutput;
  rows = 0;

  constructor(private readonly fields: readonly ArrowField[]) {
    this.out = new TextOutput(
      fields.map((f) => f.type.typeId === FLOAT && f.type.precision === SINGLE),
    );
  }

  header(): Generator<Uint8Array> {
    return this.out.line(this.fields.map((f) => f.name));
  }

  *batch(b: ArrowBatch): Generator<Uint8Array> {
    const columns = this.fields.map((_, j) => b.getChildAt(j));
    for (let i = 0; i < b.numRows; i++)
      yield* this.out.line(columns.map((c, j) => valueOf(this.fields[j], c?.get(i))));
    this.rows += b.numRows;
  }

  flush(): Generator<Uint8Array> {
    return this.out.flush();
  }
}

/** The CSV text of an Arrow table in memory. */
export async function* arrowTableCsv(table: ArrowTable): AsyncGenerator<Uint8Array> {
  const text = new BatchText(table.schema.fields);
  yield* text.header();
  for (const b of table.batches) yield* text.batch(b);
  yield* text.flush();
}

type ArrowModule = typeof import('apache-arrow');
let loadArrow: () => Promise<unknown> = () => {
  // By a name a bundler does not follow: apache-arrow is an optional peer dependency, and a
  // bundle without it must still build (a page bundles it through useArrow).
  const name = 'apache-arrow';
  return import(/* webpackIgnore: true */ /* @vite-ignore */ name);
};

/**
 * Where apache-arrow comes from to read Arrow IPC bytes. Node imports it by name; a page's bundle
 * passes `() => import('apache-arrow')`, which its bundler makes a chunk of its own that is loaded
 * only when an Arrow file is read.
 */
export function useArrow(load: () => Promise<unknown>): void {
  loadArrow = load;
}

async function arrowModule(): Promise<ArrowModule> {
  try {
    return (await loadArrow()) as ArrowModule;
  } catch (e) {
    fail(
      'the input is Arrow IPC, which is read with the apache-arrow package: npm install ' +
        `apache-arrow (${(e as Error).message})`,
    );
  }
}

/**
 * The CSV text of Arrow IPC bytes, a file (`ARROW1`) or a stream, a record batch at a time. A
 * stream cut short stops after the batches before the cut, which a run has learned by then; so
 * does a file without its footer when its body holds its schema (pyarrow writes it there, and
 * apache-arrow only in the footer: such a file is refused before any row).
 */
export async function* arrowCsv(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const arrow = await arrowModule();
  const file = isArrowFile(bytes);
  const whole = file ? startsWith(bytes, ARROW_MAGIC, bytes.length - 6) : endsWithEos(bytes);
  const what = file ? 'Arrow IPC file' : 'Arrow IPC stream';
  const cut = file
    ? `ends before its footer (${bytes.length} bytes, not ending as an Arrow file does, with ` +
      'ARROW1): it is truncated'
    : 'ends before its end-of-stream marker: it is truncated';
  let reader;
  try {
    // A file cut short is read as the stream its body is, up to the cut.
    reader = arrow.RecordBatchReader.from(file && !whole ? bytes.subarray(8) : bytes);
    reader.open();
  } catch (e) {
    if (!whole) fail(`the ${what} ${cut}, and without its footer no row can be found`);
    fail(`the ${what} cannot be read (${(e as Error).message})`);
  }
  if (!reader.schema) fail(`the ${what} ${cut}, and without its footer no row can be found`);
  const text = new BatchText(reader.schema.fields as unknown as ArrowField[]);
  yield* text.header();
  try {
    for (const b of reader) yield* text.batch(b as unknown as ArrowBatch);
  } catch (e) {
    yield* text.flush(); // the rows before the cut are learned before the error
    fail(
      `the ${what} cannot be read (${(e as Error).message})` +
        (whole ? '' : `; it ${cut}`) +
        `; the ${text.rows} rows before it were read`,
    );
  }
  yield* text.flush();
  if (!whole) fail(`the ${what} ${cut}; the ${text.rows} rows before the cut were read`);
}

function endsWithEos(bytes: Uint8Array): boolean {
  return startsWith(bytes, END_OF_STREAM, bytes.length - END_OF_STREAM.length);
}
