// DecompressionStream as a platform that reads zstd has it (a browser with
// DecompressionStream('zstd')), made here with the zstd command, for the tests of that path on a
// Node without zstd of its own: a stream cut short fails as the command does.
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';

function zstdByCommand(children) {
  const child = spawn('zstd', ['-d', '-c', '-q']);
  children.add(child);
  child.on('close', () => children.delete(child));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.on('error', () => undefined); // the child gone: its exit code says why
  const exited = new Promise((resolve) => child.on('close', resolve));
  const out = child.stdout[Symbol.asyncIterator]();
  const readable = new ReadableStream({
    async pull(c) {
      const r = await out.next();
      if (!r.done) return c.enqueue(new Uint8Array(r.value));
      const code = await exited;
      if (code === 0) c.close();
      else c.error(new Error(stderr.trim() || `zstd exited with ${code}`));
    },
    cancel: () => void child.kill(),
  });
  return { readable, writable: Writable.toWeb(child.stdin) };
}

/** Makes DecompressionStream('zstd') decompress; returns the function that undoes it, which
 * also ends the commands of streams never finished (a probe of whether zstd is read, made and
 * dropped), whose open pipes would keep the test's process alive. */
export function installZstd() {
  const Platform = globalThis.DecompressionStream;
  const children = new Set();
  globalThis.DecompressionStream = function (format) {
    return format === 'zstd' ? zstdByCommand(children) : new Platform(format);
  };
  return () => {
    globalThis.DecompressionStream = Platform;
    for (const child of children) child.kill();
  };
}
