// The progress line of `onepass run` on a terminal.
import * as fs from 'node:fs';
import { encodedFile } from '../api/sources.js';

/** A progress line on a terminal: rows, MB, rows/s, and the share done and the time left when
 * the size is known; shown at the first chunk (so that a user sees at once that the run started,
 * and so that whether a line shows does not depend on the machine's speed), then at most 4 times
 * a second, cleared at the end. None when the stream is not a terminal (a pipe, a file, CI) or
 * the caller asked for quiet (`out` null). */
export function progressLine(
  out: NodeJS.WriteStream | null,
  file: string,
): { update(bytes: number, rows: () => number): void; done(): void } | null {
  if (!out?.isTTY) return null;
  let total = 0;
  try {
    // A gzip or Parquet file's size is not the bytes of text the run reads: no share done, no
    // time left.
    if (file !== '-' && !encodedFile(fs, file)) total = fs.statSync(file).size;
  } catch {
    total = 0;
  }
  const t0 = performance.now();
  let last = -Infinity;
  return {
    update(bytes, rowsNow) {
      const now = performance.now();
      if (now - last < 250) return;
      last = now;
      const rows = rowsNow();
      const seconds = (now - t0) / 1000;
      const rate = seconds > 0 ? rows / seconds : 0;
      let line = `${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB, ${Math.round(rate).toLocaleString('en')} rows/s`;
      if (total > 0 && bytes > 0) {
        const left = (seconds * (total - bytes)) / bytes;
        line += `, ${Math.min(100, (100 * bytes) / total).toFixed(0)}%, ${left.toFixed(0)} s left`;
      }
      out.write(`\r${line}\x1b[K`);
    },
    done() {
      if (last > -Infinity) out.write('\r\x1b[K');
    },
  };
}
