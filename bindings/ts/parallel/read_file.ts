// A file read on this thread (Node, by its path): a run on one thread, and the rest of a file
// after a quote (stream.ts).
import { cannotRead } from '../shared/errors.js';
import { nodeModule } from '../shared/node.js';

/** Reads a file (Node, by its path) from `at` to its end on this thread, as a stream reads it (a
 * file that grows meanwhile is read on): one descriptor, blocks of up to the length of the view
 * `into` gives, each read into that view (taken just before the read) and handed to `take`, then
 * `progress` with the bytes read so far and a turn of the event loop, as a stream gives. */
export async function readFileFrom(
  file: string,
  at: number,
  into: () => Uint8Array,
  progress: (bytes: number) => void | Promise<void>,
  take: (bytes: Uint8Array) => void,
): Promise<void> {
  const fs = await nodeModule<typeof import('node:fs')>('fs');
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    cannotRead(file, e);
  }
  try {
    for (;;) {
      const view = into();
      let n: number;
      try {
        n = fs.readSync(fd, view, 0, view.length, at);
      } catch (e) {
        cannotRead(file, e);
      }
      if (n === 0) break;
      take(view.subarray(0, n));
      await progress((at += n));
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    fs.closeSync(fd);
  }
}
