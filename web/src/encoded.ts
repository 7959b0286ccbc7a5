// A `.csv.gz` or a Parquet file the user drops: the package reads it as its CSV text (chunksOf
// and every source gunzip what starts as gzip does and read a Parquet file's rows as CSV;
// docs/csv.md); the page and the worker read its head as that text too.
import { chunksOf, isGzip, isParquet } from 'onepass';

/** Whether a file holds its text encoded, told by its first bytes (the package's isGzip and
 * isParquet): then its size says nothing of the text a run reads. */
export async function isEncodedFile(file: Blob): Promise<boolean> {
  const first = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return isGzip(first) || isParquet(first);
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
