// A `.csv.gz` the user drops: the package reads it as its CSV (chunksOf and every source
// gunzip what starts as gzip does); the page and the worker read its head decompressed too.
import { chunksOf, isGzip } from 'onepass';

/** Whether a file's first bytes are gzip's (the package's isGzip). */
export async function isGzipFile(file: Blob): Promise<boolean> {
  return isGzip(new Uint8Array(await file.slice(0, 2).arrayBuffer()));
}

/** The first `bytes` bytes of a gzip-compressed file, decompressed, and whether that is all. */
export async function gunzippedHead(
  file: Blob,
  bytes: number,
): Promise<{ head: Uint8Array; complete: boolean }> {
  const head = new Uint8Array(bytes);
  let read = 0;
  for await (const chunk of chunksOf(file.stream())) {
    const part = chunk.subarray(0, bytes - read);
    head.set(part, read);
    read += part.length;
    if (read >= bytes) return { head, complete: false };
  }
  return { head: head.subarray(0, read), complete: true };
}
