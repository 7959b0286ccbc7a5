// onepass/inline: the package with its WebAssembly module inside the JavaScript (base64), for
// pages and bundlers that cannot serve the .wasm file beside the code (esbuild or Rollup without
// an asset step, a single-file build); esbuild also takes it for 'onepass' itself
// (package.json "exports", the "module" condition). It costs a third more bytes than the .wasm
// file and cannot be compiled while it downloads (docs/js.md "Using bundlers" gives the figures).
import { load as loadModule, type LoadOptions, type Onepass } from './index.js';
import { wasmBase64 } from './onepass_wasm_inline.mjs';

export * from './index.js';

/** Loads the embedded WebAssembly module: nothing is fetched or read from disk. A `wasmUrl` or
 * `wasmBinary` given is loaded instead, as the file build loads it: a bundle whose 'onepass'
 * resolved to this build (esbuild's) still does what `load({ wasmUrl })` says. */
export async function load(options: LoadOptions = {}): Promise<Onepass> {
  if (options.wasmUrl !== undefined || options.wasmBinary !== undefined) return loadModule(options);
  const wasmBinary = Uint8Array.from(atob(wasmBase64), (c) => c.charCodeAt(0));
  return loadModule({ ...options, wasmBinary });
}
