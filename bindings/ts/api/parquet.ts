// Parquet files read as the CSV text they hold (docs/design.md, "Parquet files"): a header line of
// the columns' names, then each row group's rows, so that the CSV reader decides roles, the label,
// bounds and messages for Parquet as it does for CSV. hyparquet reads the file; it is imported only
// when a Parquet file is seen, so a run of CSV loads none of it.
import { fail } from '../shared/errors.js';
import { TextOutput } from './csv_text.js';

/** What a codec hyparquet lacks is told: the one it has is pandas' and pyarrow's default. */
const CODECS =
  '; Parquet compressed with Snappy, or not compressed, is read: write it so ' +
  "(compression='snappy' in pandas, pyarrow and Polars)";

/** Whether bytes start as a Parquet file does (its magic number, `PAR1`). */
export function isParquet(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x41 &&
    bytes[2] === 0x52 &&
    bytes[3] === 0x31
  );
}

/** A file read by byte ranges, as hyparquet reads one: bytes in memory (an ArrayBuffer is one), a
 * Blob's slices, a file's reads in Node. */
export interface RangedBytes {
  byteLength: number;
  slice(start: number, end: number): ArrayBuffer | Promise<ArrayBuffer>;
}

/** Bytes in memory as a file read by ranges. */
export function inMemory(bytes: Uint8Array): RangedBytes {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.slice().buffer as ArrayBuffer);
}

/** A Blob (a File) read by its slices: only the footer and a row group at a time are in memory. */
export function blobRanges(blob: Blob): RangedBytes {
  return { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
}

/**
 * The CSV text of a Parquet file, a row group at a time. The footer that says where the rows are
 * is at the file's end, so the file is read by ranges: the footer first, then each row group's
 * bytes. A file cut short has no footer and is refused before any row; a row group that cannot be
 * read stops the text after the row groups before it, which a run has learned by then.
 */
export async function* parquetCsv(file: RangedBytes): AsyncGenerator<Uint8Array> {
  const size = file.byteLength;
  const tail = size < 12 ? new Uint8Array(0) : new Uint8Array(await file.slice(size - 4, size));
  if (!isParquet(tail))
    fail(
      `the Parquet file ends before its footer (${size} bytes, not ending as Parquet ` +
        'does, with PAR1): it is truncated, and without its footer no row can be found',
    );
  const hyparquet = await import('hyparquet');
  let metadata;
  try {
    metadata = await hyparquet.parquetMetadataAsync(file);
  } catch (e) {
    fail(`the Parquet file's footer cannot be read (${(e as Error).message})`);
  }
  const columns = hyparquet.parquetSchema(metadata).children.map((c) => c.element);
  // A column of 32-bit floats is written with a float's digits, as a CSV writer writes it.
  const out = new TextOutput(columns.map((c) => c.type === 'FLOAT'));
  yield* out.line(columns.map((c) => c.name));
  const groups = metadata.row_groups;
  let rowStart = 0;
  for (const [g, group] of groups.entries()) {
    const rowEnd = rowStart + Number(group.num_rows);
    let rows: unknown[][] = [];
    try {
      await hyparquet.parquetRead({
        file,
        metadata,
        rowStart,
        rowEnd,
        onComplete: (r: unknown[][]) => (rows = r),
      });
    } catch (e) {
      yield* out.flush(); // the rows before this group are learned before the error
      const why = (e as Error).message;
      fail(
        `the Parquet file's row group ${g + 1} of ${groups.length} (rows ${rowStart + 1} to ` +
          `${rowEnd}) cannot be read (${why}); the ${rowStart} rows before it were read` +
          (/compression codec/.test(why) ? CODECS : ''),
      );
    }
    for (const row of rows) yield* out.line(row);
    rowStart = rowEnd;
  }
  yield* out.flush();
}
