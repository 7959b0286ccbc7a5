// A `.csv.gz`, a `.csv.zst`, a Parquet file or an Arrow IPC file or stream the user drops: the
// package reads it as its CSV text (chunksOf and every source decompress what starts as gzip or
// zstd does and read a Parquet file's or an Arrow table's rows as CSV; docs/csv.md); the page
// and the worker read its head as that text too. A browser without zstd's DecompressionStream
// refuses a .csv.zst with the package's reason, which turns Run off.
import { chunksOf, isArrowFile, isArrowStream, isGzip, isParquet, isZstd, useArrow } from 'onepass';

// apache-arrow, a chunk of its own on the page's origin, loaded only when an Arrow file is read.
useArrow(() => import('apache-arrow'));

/** Whether a file holds its text encoded, told by its first bytes (the package's isGzip, isZstd,
 * isParquet, isArrowFile and isArrowStream): then its size says nothing of the text a run reads. */
export async function isEncodedFile(file: Blob): Promise<boolean> {
  const first = new Uint8Array(await file.slice(0, 6).arrayBuffer());
  return [isGzip, isZstd, isParquet, isArrowFile, isArrowStream].some((is) => is(first));
}

/** The first `bytes` bytes of an encoded file's text, and whether that is all. */
export async function textHead(
  file: Blob,
  bytes: number,
): Promise<{ head: Uint8Array; complete: boolean }> {
  const head = new Uint8Array(bytes);
  let read = 0;
  // The File itself: a Parquet file is read by ranges, its footer and first row group only.
  for await (const chunk of chunksOf(file)) {
    const part = chunk.subarray(0, bytes - read);
    head.set(part, read);
    read += part.length;
    if (read >= bytes) return { head, complete: false };
  }
  return { head: head.subarray(0, read), complete: true };
}
