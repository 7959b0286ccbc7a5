// What only Node has: whether this is Node, and its built-in modules, imported so that
// bundlers for browsers do not follow them.

export const isNode =
  typeof process !== 'undefined' &&
  typeof (process as { versions?: { node?: string } }).versions?.node === 'string';

/** Node's built-in modules, imported only in Node and hidden from bundlers (a literal
 * `import('node:fs')` in a browser bundle is an error or a warning). */
export async function nodeModule<T>(
  name: 'fs' | 'worker_threads' | 'os' | 'zlib' | 'stream',
): Promise<T> {
  const specifier = `node:${name}`;
  return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as T;
}
