// The package's files that are not its modules, found beside this one: the WebAssembly module
// and the parser workers' script. This file sits at the top of lib/ with them (README "Using
// bundlers"): Vite and webpack copy each file a `new URL('./name', import.meta.url)` names and
// rewrite the URL, and in a bundle that does not, import.meta.url is the bundle's, beside which
// a user copies onepass_wasm.wasm.

/** Where onepass_wasm.wasm is, when load() is given neither its bytes nor its URL. */
export function wasmFileUrl(): URL {
  return new URL('./onepass_wasm.wasm', import.meta.url);
}

/** Where the parser workers' script is: one bundled file (scripts/build.mjs), which bundlers
 * copy as an asset without following its imports. */
export function parserScriptUrl(): URL {
  return new URL('./parse_worker.bundle.js', import.meta.url);
}
